import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { createTestDatabase } from '../support/database.js';
import { TenantSession, TestService } from '../support/service.js';

const run = promisify(execFile);
const CLIENTS = 20;
const DAYS = 10;

interface Loan {
  status: { id: number };
  inArrears: boolean;
  delinquencyRange: { classification: string } | null;
}

describe('npm run seed -- demo loads a small bank into a tenant, once', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let service: TestService;
  let bank: TenantSession;
  let firstRun: { stdout: string; stderr: string };
  const seed = () => run(process.execPath, ['dist/scripts/seed.js', 'demo', '--tenant', 'demo', '--clients', String(CLIENTS), '--days', String(DAYS)], { env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' } });

  /** What a staff user of the demo tenant sees: counts of clients, accounts, transactions and loans. */
  async function snapshot() {
    const clients = await bank.get('/clients?limit=1000');
    const accounts = await bank.get('/savingsaccounts?limit=1000');
    let transactions = 0;
    const dates = new Set<string>();
    for (const a of accounts.body.pageItems as { id: number }[]) {
      const page = await bank.get(`/savingsaccounts/${a.id}/transactions?limit=1000`);
      assert.equal(page.status, 200, page.text);
      transactions += page.body.totalFilteredRecords as number;
      for (const t of page.body.pageItems as { date: number[] }[]) dates.add(t.date.join('-'));
    }
    const loans = await bank.get('/loans?limit=1000');
    return { clients: clients.body, accounts: accounts.body, transactions, dates, loans: loans.body.pageItems as Loan[] };
  }

  before(async () => {
    database = await createTestDatabase();
    firstRun = await seed();
    service = await TestService.start({ env: { DATABASE_URL: database.url, TENANTS: 'default' } });
    const login = await service.request('POST', '/api/v1/authentication', { tenant: 'demo', body: { username: 'admin', password: 'password' } });
    assert.equal(login.status, 200, login.text);
    bank = new TenantSession(service, 'demo', login.body.base64EncodedAuthenticationKey as string);
  });
  after(async () => {
    await service?.stop();
    await database.drop();
  });

  test('branches with tellers and funded tills, clients across KYC tiers, savings with daily history, loans in every state, aged', async () => {
    assert.match(firstRun.stdout, new RegExp(`tenant demo: ${CLIENTS} clients, \\d+ savings transactions, \\d+ loans over ${DAYS} days`));
    // stderr is a pipe here, not a terminal: the bar, which redraws itself with carriage returns, stays off.
    assert.doesNotMatch(firstRun.stderr, /\[#/, 'no progress bar into a pipe');

    const offices = (await bank.get('/offices')).body as { name: string }[];
    assert.deepEqual(offices.map((o) => o.name).filter((n) => n.endsWith('Branch')).sort(), ['Ikeja Branch', 'Kano Branch', 'Yaba Branch']);
    const tellers = (await bank.get('/tellers')).body as { id: number }[];
    assert.equal(tellers.length, 3);
    const cashiers = (await bank.get(`/tellers/${tellers[0]!.id}/cashiers`)).body.cashiers as { id: number }[];
    assert.equal(cashiers.length, 1);
    const summary = await bank.get(`/tellers/${tellers[0]!.id}/cashiers/${cashiers[0]!.id}/summaryandtransactions?currencyCode=NGN`);
    assert.equal(summary.status, 200, summary.text);
    assert.equal(summary.body.sumCashAllocation, 500000);

    const seen = await snapshot();
    assert.equal(seen.clients.totalFilteredRecords, CLIENTS);
    const tiers = new Set((seen.clients.pageItems as { kycTier: number }[]).map((c) => c.kycTier));
    assert.deepEqual([...tiers].sort(), [1, 2, 3]);
    assert.equal(seen.accounts.totalFilteredRecords, CLIENTS);
    // Opening deposits, then deposits, withdrawals and transfers on later business dates, up to today.
    assert.ok(seen.transactions > CLIENTS, `${seen.transactions} transactions`);
    assert.ok(seen.dates.size >= DAYS / 2, `transactions on ${seen.dates.size} dates`);
    const today = new Date().toISOString().slice(0, 10);
    const businessDate = (await bank.get('/businessdate/BUSINESS_DATE')).body.date as number[];
    assert.equal(businessDate.map((n) => String(n).padStart(2, '0')).join('-'), today);

    const statuses = new Set(seen.loans.map((l) => l.status.id));
    assert.deepEqual([...statuses].sort(), [100, 200, 300, 400, 500, 600]);
    const aged = seen.loans.filter((l) => l.inArrears);
    assert.ok(aged.length > 0, 'some loans in arrears');
    assert.ok(aged.every((l) => l.status.id === 300 && l.delinquencyRange?.classification === '1-30'), JSON.stringify(aged));
  });

  test('a second run adds nothing', async () => {
    const before = await snapshot();
    const again = await seed();
    assert.match(again.stdout, /tenant demo already holds the demo bank: nothing added/);
    const after = await snapshot();
    assert.deepEqual([after.clients.totalFilteredRecords, after.accounts.totalFilteredRecords, after.transactions, after.loans.length], [before.clients.totalFilteredRecords, before.accounts.totalFilteredRecords, before.transactions, before.loans.length]);
  });
});
