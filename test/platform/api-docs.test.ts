import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { TestService } from '../support/service.js';

const run = promisify(execFile);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PATHS = ['/api/docs', '/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css', '/api/docs/init.js'];

/** Headless Chromium as Debian ships it, in a throwaway profile: the DOM once the page's scripts have run. */
async function renderedDom(url: string): Promise<string> {
  const profile = mkdtempSync(join(tmpdir(), 'cbs-chromium-'));
  try {
    const { stdout } = await run(
      CHROMIUM,
      ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--ignore-certificate-errors', `--user-data-dir=${profile}`, '--virtual-time-budget=15000', '--dump-dom', url],
      { timeout: 120_000, maxBuffer: 32 * 1024 * 1024 },
    );
    return stdout;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

describe('the REST reference page at /api/docs', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start();
  });
  after(async () => service.stop());

  test('the page and Swagger UI\'s assets come from the service itself, without credentials, under a same-origin CSP', async () => {
    const page = await service.request('GET', '/api/docs', { tenant: null, auth: null });
    assert.equal(page.status, 200, page.text);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(String(page.headers['content-security-policy']), /script-src 'self'; style-src 'self'; connect-src 'self'/);
    assert.doesNotMatch(page.text, /https?:\/\//, 'nothing from another origin');
    for (const path of PATHS.slice(1)) assert.ok(page.text.includes(path), path);

    const bundle = await service.request('GET', '/api/docs/swagger-ui-bundle.js', { tenant: null, auth: null });
    assert.equal(bundle.status, 200);
    assert.match(String(bundle.headers['content-type']), /^text\/javascript/);
    assert.match(bundle.text, /SwaggerUIBundle/);
    const style = await service.request('GET', '/api/docs/swagger-ui.css', { tenant: null, auth: null });
    assert.match(String(style.headers['content-type']), /^text\/css/);
    assert.match(style.text, /\.swagger-ui/);
    const init = await service.request('GET', '/api/docs/init.js', { tenant: null, auth: null });
    assert.match(init.text, /url: "\/api\/v1\/openapi\.json"/);
  });

  test('headless Chromium renders the service\'s OpenAPI document', { skip: !existsSync(CHROMIUM) && `no ${CHROMIUM}` }, async () => {
    const dom = await renderedDom(`${service.edge.url}/api/docs`);
    assert.match(dom, /Open core banking: Fineract-compatible REST API/);
    // Operations from the document (the list is virtual: the first ones are in the DOM), and its servers.
    assert.match(dom, /data-path="\/authentication"/);
    assert.match(dom, /<option value="\/fineract-provider\/api\/v1">/);
  });
});

describe('the REST reference page is never served in production', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start({ env: { NODE_ENV: 'production', ADMIN_PASSWORD: 'Not-the-default-1', INTERNAL_SIGNING_KEY: 'production-test-key', PAYMENT_SWITCH_KEY: 'production-switch-key', METRICS_PORT: '0' } });
  });
  after(async () => service.stop());

  test('its page and assets are 404, the OpenAPI document stays public', async () => {
    for (const path of PATHS) assert.equal((await service.request('GET', path, { tenant: null, auth: null })).status, 404, path);
    assert.equal((await service.request('GET', '/api/v1/openapi.json', { tenant: null, auth: null })).status, 200);
  });
});
