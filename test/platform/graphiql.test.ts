import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { TestService, type TenantSession } from '../support/service.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(process.cwd(), 'test-artifacts');

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
      // GraphiQL's code names web pages in its messages; what it may load is the CSP's to say (this origin only).
      if (asset.endsWith('.css')) assert.doesNotMatch(res.text, /url\(\s*['"]?https?:/, `${asset} loads nothing from elsewhere`);
    }
    // An API client's GET is still the API's.
    const api = await admin.request('GET', '/graphql?query=%7B%20offices%20%7B%20id%20%7D%20%7D');
    assert.equal(api.status, 200, api.text);
    assert.deepEqual(api.body.data.offices[0], { id: 1 });
  });

  /** GraphiQL in headless Chromium, with the tenant and key in the URL fragment (never sent to a server). */
  async function openGraphiQL(browser: Browser): Promise<{ page: Page; blocked: string[] }> {
    const page = await (await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 } })).newPage();
    // Whatever the CSP refuses is reported on the console: nothing the page needs may be.
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto(`${service.edge.url}/graphql#tenant=${admin.tenant}&key=${encodeURIComponent(admin.key)}`);
    await page.locator('.graphiql-container').waitFor({ timeout: 30_000 });
    return { page, blocked };
  }

  test('headless Chromium loads GraphiQL, runs { offices { id name } } with the tenant and key, and shows the result', { skip: !existsSync(CHROMIUM) && `no ${CHROMIUM}` }, async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'] });
    try {
      const { page, blocked } = await openGraphiQL(browser);
      // The default query is { offices { id name } }; run it as a user would.
      await page.locator('.graphiql-execute-button').click();
      const result = page.locator('.result-window');
      await result.getByText('Head Office').waitFor({ timeout: 30_000 });
      const shown = JSON.parse(await page.evaluate(() => (document.querySelector('.result-window .CodeMirror') as unknown as { CodeMirror: { getValue(): string } }).CodeMirror.getValue()));
      assert.deepEqual(shown.data.offices, [{ id: 1, name: 'Head Office' }]);
      assert.deepEqual(blocked, [], 'nothing the page needs is refused by its CSP');
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'graphiql.png') });
    } finally {
      await browser.close();
    }
  });

  test('the documentation explorer introspects for a staff session', { skip: !existsSync(CHROMIUM) && `no ${CHROMIUM}` }, async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'] });
    try {
      const { page } = await openGraphiQL(browser);
      await page.locator('button[aria-label="Show Documentation Explorer"]').click();
      const explorer = page.locator('.graphiql-doc-explorer');
      await explorer.getByText('Query', { exact: true }).first().click({ timeout: 30_000 });
      await explorer.getByText('offices', { exact: true }).first().waitFor({ timeout: 30_000 });
    } finally {
      await browser.close();
    }
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
