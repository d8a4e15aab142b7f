import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { TestService, type TenantSession } from '../support/service.js';

const run = promisify(execFile);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Chromium as Debian ships it (.ci/run installs it when missing), in a throwaway profile. */
async function chromium(args: string[]): Promise<string> {
  const profile = mkdtempSync(join(tmpdir(), 'cbs-chromium-'));
  try {
    const { stdout } = await run(
      CHROMIUM,
      ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--ignore-certificate-errors', `--user-data-dir=${profile}`, ...args],
      { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
    );
    return stdout;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

describe('GraphiQL on a browser GET of /graphql', () => {
  let service: TestService;
  let admin: TenantSession;
  before(async () => {
    service = await TestService.start();
    admin = await service.tenant('ide');
  });
  after(async () => service.stop());

  test('the page and its assets come from the service itself, under a CSP that admits only this origin', async () => {
    const page = await service.request('GET', '/graphql', { headers: { accept: 'text/html,application/xhtml+xml' } });
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /connect-src 'self'/);
    assert.doesNotMatch(page.text, /https?:\/\//, 'no CDN: nothing loaded from elsewhere');
    assert.doesNotMatch(page.text, /<script>/, 'no inline script, which the CSP would block');
    for (const asset of ['/graphql/ide.js', '/graphql/ide.css']) {
      const res = await service.request('GET', asset);
      assert.equal(res.status, 200, asset);
      assert.doesNotMatch(res.text, /https?:\/\//, `${asset} loads nothing from elsewhere`);
    }
    // An API client's GET is still the API's.
    const api = await admin.request('GET', '/graphql?query=%7B%20offices%20%7B%20id%20%7D%20%7D');
    assert.equal(api.status, 200, api.text);
    assert.deepEqual(api.body.data.offices[0], { id: 1 });
  });

  test('headless Chromium loads the page, runs { offices { id name } } with the tenant and key, and shows the result', { skip: !existsSync(CHROMIUM) && `no ${CHROMIUM}` }, async () => {
    const query = '{ offices { id name } }';
    // The fragment (tenant, key, run) never leaves the browser; the page sends them as headers.
    const url = `${service.edge.url}/graphql?query=${encodeURIComponent(query)}#tenant=${admin.tenant}&key=${encodeURIComponent(admin.key)}&run`;
    const dom = await chromium(['--virtual-time-budget=15000', '--dump-dom', url]);
    const result = /<pre id="result"[^>]*>([\s\S]*?)<\/pre>/.exec(dom)?.[1];
    assert.ok(result, dom.slice(0, 2000));
    const shown = JSON.parse(result.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as { data: { offices: { id: number; name: string }[] } };
    assert.deepEqual(shown.data.offices, [{ id: 1, name: 'Head Office' }]);
    assert.match(/<pre id="status"[^>]*>([\s\S]*?)<\/pre>/.exec(dom)?.[1] ?? '', /^200 /);
    if (process.env.GRAPHIQL_SCREENSHOT) await chromium(['--virtual-time-budget=15000', '--window-size=1280,800', `--screenshot=${process.env.GRAPHIQL_SCREENSHOT}`, url]);
  });

  test('the schema view introspects for a staff session', { skip: !existsSync(CHROMIUM) && `no ${CHROMIUM}` }, async () => {
    const dom = await chromium(['--virtual-time-budget=15000', '--dump-dom', `${service.edge.url}/graphql#tenant=${admin.tenant}&key=${encodeURIComponent(admin.key)}&schema`]);
    const shown = /<pre id="result"[^>]*>([\s\S]*?)<\/pre>/.exec(dom)?.[1] ?? '';
    assert.match(shown, /^# Query$/m, dom.slice(0, 2000));
    assert.match(shown, /^offices\b/m);
    assert.match(shown, /^# Mutation$/m);
    assert.match(shown, /^depositToSavingsAccount\b/m);
  });
});

describe('GraphiQL is never served in production', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start({ env: { NODE_ENV: 'production', ADMIN_PASSWORD: 'Not-the-default-1', INTERNAL_SIGNING_KEY: 'production-test-key', PAYMENT_SWITCH_KEY: 'production-switch-key', METRICS_PORT: '0' } });
  });
  after(async () => service.stop());

  test('a browser GET of /graphql gets no page, and the assets do not exist', async () => {
    const page = await service.request('GET', '/graphql', { headers: { accept: 'text/html' }, tenant: 'default' });
    assert.doesNotMatch(String(page.headers['content-type']), /text\/html/);
    assert.doesNotMatch(page.text, /GraphiQL/);
    assert.equal((await service.request('GET', '/graphql/ide.js')).status, 404);
  });
});
