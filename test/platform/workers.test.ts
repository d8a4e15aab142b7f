import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import BigNumber from 'bignumber.js';
import pg from 'pg';
import { ServiceProcess } from '../support/service-process.js';
import type { TenantSession } from '../support/service.js';

const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };
const CASH = 1;
const BANK_TRANSFER = 2;

/** Trial balance's net credit of one GL account (credit minus debit). */
async function netCredit(t: TenantSession<ServiceProcess>, glCode: string): Promise<BigNumber> {
  const res = await t.get(`/runreports/${encodeURIComponent('Trial Balance')}?R_officeId=1&R_startDate=2020-01-01&R_endDate=2099-12-31`);
  assert.equal(res.status, 200, res.text);
  const row = res.body.data.find((r: any) => r.row[0] === glCode);
  return row ? new BigNumber(row.row[3] ?? 0).minus(row.row[2] ?? 0) : new BigNumber(0);
}

describe('npm start on PostgreSQL with two workers sharing the port', () => {
  let service: ServiceProcess;
  let admin: TenantSession<ServiceProcess>;
  before(async () => {
    service = await ServiceProcess.start({ WORKERS: '2' });
    admin = await service.admin();
  });
  after(async () => service?.stop());

  test('deposits for a few seconds across both workers: every balance matches its deposits and the ledger', async () => {
    const workers = execFileSync('pgrep', ['-P', String(service.pid)]).toString().trim().split('\n');
    assert.equal(workers.length, 2, 'the primary runs two workers');

    const today = (await admin.get('/businessdate/BUSINESS_DATE')).body.date.map((n: number) => String(n).padStart(2, '0')).join('-');
    const branch = (await admin.post('/offices', { name: `Workers ${randomUUID().slice(0, 8)}`, parentId: 1, openingDate: '2024-01-01', ...iso })).body.resourceId;
    // A teller with an open, funded till: cash deposits go through the till, the KYC cap, the ledger and the outbox.
    const staffId = (await admin.post('/staff', { officeId: branch, firstname: 'Tola', lastname: 'Teller', isActive: true })).body.resourceId;
    const teller = await admin.userWithRoles([320018], branch, { staffId });
    const counter = (await admin.post('/tellers', { officeId: branch, name: 'Counter 1', startDate: '2024-01-01', status: 300, ...iso })).body.resourceId;
    const cashier = (await admin.post(`/tellers/${counter}/cashiers`, { staffId, startDate: '2024-01-01', endDate: '2099-12-31', isFullDay: true, ...iso })).body.subResourceId;
    assert.equal((await admin.post(`/tellers/${counter}/cashiers/${cashier}/allocate`, { txnAmount: 1_000_000, txnDate: today, currencyCode: 'NGN', ...iso })).status, 200);

    const productId = (await admin.get('/savingsproducts')).body.find((p: any) => p.accountType === 'SAVINGS').id;
    const accounts: number[] = [];
    for (let i = 0; i < 6; i++) {
      const client = await admin.post('/clients', { officeId: branch, legalFormId: 2, fullname: `Workers Co ${i} ${randomUUID().slice(0, 6)}`, active: true, activationDate: '2025-01-01', ...iso, clientNonPersonDetails: { constitutionId: 200202, mainBusinessLineId: 200221 } });
      assert.equal(client.status, 200, client.text);
      const id = (await admin.post('/savingsaccounts', { clientId: client.body.clientId, productId, submittedOnDate: today, ...iso })).body.savingsId;
      assert.equal((await admin.post(`/savingsaccounts/${id}?command=activate`, {})).status, 200);
      accounts.push(id);
    }
    const control = await netCredit(admin, '21101');
    // Two live subscribers: round robin puts one on each worker, and only one worker runs the outbox relay.
    const seen = [new Set<number>(), new Set<number>()];
    const subscribers = seen.map((ids) => {
      const client = service.subscriptionClient(admin.tenant, admin.key);
      client.subscribe(
        { query: `subscription { accountTransactions(officeId: ${branch}) { transactionId } }` },
        { next: (v) => ids.add(Number((v.data as any).accountTransactions.transactionId)), error: () => undefined, complete: () => undefined },
      );
      return client;
    });
    await new Promise((r) => setTimeout(r, 500));

    // Eight writers for three seconds: cash through the till and bank transfers, on random accounts.
    const expected = new Map<number, BigNumber>(accounts.map((a) => [a, new BigNumber(0)]));
    let done = 0;
    const until = Date.now() + 3000;
    await Promise.all(Array.from({ length: 8 }, async (_, writer) => {
      while (Date.now() < until) {
        const account = accounts[Math.floor(Math.random() * accounts.length)]!;
        const cash = writer % 2 === 0;
        const amount = cash ? '10.05' : '7.3';
        const res = await (cash ? teller : admin).post(`/savingsaccounts/${account}/transactions?command=deposit`, { transactionDate: today, transactionAmount: amount, paymentTypeId: cash ? CASH : BANK_TRANSFER, ...iso });
        assert.equal(res.status, 200, res.text);
        expected.set(account, expected.get(account)!.plus(amount));
        done++;
      }
    }));
    assert.ok(done > 16, `some load ran (${done} deposits)`);
    const db = new pg.Client({ connectionString: service.databaseUrl });
    await db.connect();
    try {
      const names = await db.query(`select distinct application_name from pg_stat_activity where datname = current_database() and application_name like 'cbs-worker-%'`);
      assert.deepEqual(names.rows.map((r) => r.application_name).sort(), ['cbs-worker-1', 'cbs-worker-2'], 'both workers served deposits');
    } finally {
      await db.end();
    }

    let total = new BigNumber(0);
    for (const account of accounts) {
      const res = await admin.get(`/savingsaccounts/${account}`);
      assert.equal(new BigNumber(res.body.summary.accountBalance).toFixed(2), expected.get(account)!.toFixed(2), `account ${account}`);
      total = total.plus(res.body.summary.accountBalance);
    }
    assert.equal((await netCredit(admin, '21101')).minus(control).toFixed(2), total.toFixed(2), 'the savings control account moved by exactly the deposits');
    // Every committed deposit reaches both subscribers, whichever worker each is connected to.
    const deadline = Date.now() + 15_000;
    while (seen.some((ids) => ids.size < done) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(seen.map((ids) => ids.size), [done, done]);
    await Promise.all(subscribers.map((c) => c.dispose()));
  });

  test('a session and an idempotency key hold across workers', async () => {
    // Round robin spreads consecutive connections over the workers: the same key, many times, one effect.
    const branch = (await admin.post('/offices', { name: `Idem ${randomUUID().slice(0, 8)}`, parentId: 1, openingDate: '2024-01-01', ...iso })).body.resourceId;
    const key = randomUUID();
    const body = { officeId: branch, legalFormId: 1, firstname: 'Once', lastname: 'Only', active: true, activationDate: '2025-01-01', ...iso };
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await admin.post('/clients', body, { headers: { 'Idempotency-Key': key } }));
    assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([200]));
    assert.equal(new Set(answers.map((a) => a.body.clientId)).size, 1, 'every replay answers the first effect');
    const clients = await admin.get(`/clients?officeId=${branch}`);
    assert.equal(clients.body.totalFilteredRecords, 1);
  });

  test('a worker that dies is replaced, and the service answers as before', async () => {
    const workers = () => execFileSync('pgrep', ['-P', String(service.pid)]).toString().trim().split('\n').map(Number);
    // One reading of the primary's children that holds twice in a row (a child being reaped or forked shows in one only).
    const settled = async (done: (pids: number[]) => boolean): Promise<number[]> => {
      const deadline = Date.now() + 60_000;
      for (let last = ''; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
        const pids = workers();
        if (done(pids) && JSON.stringify(pids) === last) return pids;
        last = JSON.stringify(pids);
      }
      return workers();
    };
    const [victim] = await settled((pids) => pids.length === 2);
    process.kill(victim!, 'SIGKILL');
    // (A connection handed to the worker at the instant it died is lost with it, as with any crashed process.)
    const now = await settled((pids) => pids.length === 2 && !pids.includes(victim!));
    assert.equal(now.length, 2, 'two workers again');
    assert.ok(!now.includes(victim!), 'the dead one was replaced');
    for (let i = 0; i < 6; i++) assert.equal((await admin.get('/offices')).status, 200, 'the session still works on both');
  });
});
