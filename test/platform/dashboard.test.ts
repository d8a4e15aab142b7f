import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { dropTestDatabase } from '../support/database.js';
import { freePort } from '../support/ports.js';
import { TenantSession, TestService } from '../support/service.js';
import { cashTxn, createCashier, createStaff, createTeller } from '../till/till-support.js';
import { DATE, savingsAccount } from '../loan/support.js';

/** Debian's Chromium (.ci/run installs it when missing). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots kept for CI to show (not committed). */
const ARTIFACTS = join(process.cwd(), 'test-artifacts');

/** The live transactions dashboard at /dashboard, driven in headless Chromium as a branch supervisor would. */
describe('live transactions dashboard', { skip: existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM} (.ci/run installs Debian's chromium)` }, () => {
  let service: TestService;
  let t: TenantSession;
  let browser: Browser;
  let page: Page;
  let port: number;
  let branch: number;
  let accountId: number;
  let username: string;

  before(async () => {
    port = await freePort();
    service = await TestService.start({ keepDatabase: true, env: { PORT: String(port) } });
    t = await service.tenant();
    await t.post('/businessdate', { type: 'BUSINESS_DATE', date: '2025-01-01', ...DATE });
    branch = await t.branch('Dashboard Branch');
    const client = await t.post('/clients', { officeId: branch, legalFormId: 1, firstname: 'Live', lastname: 'Client', active: true, activationDate: '2024-06-01', ...DATE });
    accountId = await savingsAccount(t, client.body.clientId);
    const staffId = await createStaff(t, branch);
    const tellerId = await createTeller(t, branch, { name: 'Front counter' });
    const cashierId = await createCashier(t, tellerId, staffId);
    assert.equal((await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn('250000', '2025-01-01'))).status, 200);
    username = `sup${Date.now() % 100000}`;
    const user = await t.post('/users', { username, firstname: 'Branch', lastname: 'Supervisor', officeId: branch, roles: [320007], password: 'Secret123', repeatPassword: 'Secret123' });
    assert.equal(user.status, 200, user.text);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await (await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1200, height: 900 } })).newPage();
  });
  after(async () => {
    await browser?.close();
    const url = service.databaseUrl;
    await service.stop();
    if (url) await dropTestDatabase(url);
  });

  const deposit = (amount: string) =>
    t.post(`/savingsaccounts/${accountId}/transactions?command=deposit`, { transactionDate: '2025-01-01', transactionAmount: amount, paymentTypeId: 2, ...DATE });

  /** Deposits until one shows, so the socket is known to be live before anything is timed. */
  async function untilLive(): Promise<void> {
    for (let i = 0; i < 60; i++) {
      const probe = await deposit('1');
      if (await page.locator(`tr[data-transaction="${probe.body.resourceId}"]`).waitFor({ timeout: 1_000 }).then(() => true, () => false)) return;
    }
    assert.fail('the dashboard never showed a transaction');
  }

  test('opens on the day so far, then shows a deposit made over REST within 2 s, with the chart and the till positions', async () => {
    // Booked before the page opens: the dashboard must show it from the database, not wait for the stream.
    const earlier = await deposit('45000.50');
    assert.equal(earlier.status, 200, earlier.text);
    await page.goto(`https://localhost:${port}/dashboard`);
    await page.fill('#tenant', t.tenant);
    await page.fill('#username', username);
    await page.fill('#password', 'Secret123');
    await page.click('#sign-in');
    await page.selectOption('#office', String(branch));
    await page.locator('#status.live').waitFor({ timeout: 30_000 });
    const opened = page.locator(`tr[data-transaction="${earlier.body.resourceId}"]`);
    await opened.waitFor({ timeout: 30_000 });
    // Each line: the time it was booked, the client, the account, the type, the amount with separators.
    assert.match(await opened.innerText(), /\d{1,2}:\d{2}:\d{2}[\s\S]*Live Client[\s\S]*\d{10}[\s\S]*Deposit[\s\S]*\+45,000\.50 NGN[\s\S]*45,000\.50/);
    assert.match(await page.locator('#totals').innerText(), /Credits today · NGN\s*45,000\.50[\s\S]*Transactions · 2025-01-01\s*1\b/i);
    await untilLive();

    const res = await deposit('12345.67');
    assert.equal(res.status, 200, res.text);
    const row = page.locator(`tr[data-transaction="${res.body.resourceId}"]`);
    await row.waitFor({ timeout: 2_000 });
    assert.match(await row.innerText(), /Live Client[\s\S]*\+12,345\.67 NGN/);
    assert.ok((await page.locator('#chart rect').count()) >= 2, 'the per-minute chart is drawn');
    await page.locator('#tills').waitFor({ timeout: 30_000 });
    assert.match(await page.locator('#tills').innerText(), /Front counter[\s\S]*250,000\.00[\s\S]*open/);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard.png'), fullPage: true });
  });

  test('reconnects after the service restarts and carries on streaming', async () => {
    const url = service.databaseUrl!;
    await service.stop();
    await page.locator('#status.down').waitFor({ timeout: 30_000 });
    service = await TestService.start({ databaseUrl: url, keepDatabase: true, env: { PORT: String(port) } });
    t = new TenantSession(service, t.tenant, t.key);
    await page.locator('#status.live').waitFor({ timeout: 30_000 });
    await untilLive();
    const res = await deposit('77.01');
    await page.locator(`tr[data-transaction="${res.body.resourceId}"]`).waitFor({ timeout: 2_000 });
  });

  test('the page is served with a strict content security policy and holds no data', async () => {
    const res = await t.request('GET', '/dashboard');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-security-policy']), /script-src 'self'; style-src 'self'; connect-src 'self'/);
    assert.ok(!res.text.includes(t.tenant));
    const script = await t.request('GET', '/dashboard/app.js', { auth: null });
    assert.equal(script.status, 200);
    assert.match(String(script.headers['content-type']), /javascript/);
  });
});
