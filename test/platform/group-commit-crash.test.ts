import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import BigNumber from 'bignumber.js';
import pg from 'pg';
import { dropTestDatabase } from '../support/database.js';
import { ServiceProcess } from '../support/service-process.js';

const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };
const BANK_TRANSFER = 2;

/**
 * Group commit through a crash: sixteen clients deposit into one account (so the service batches them)
 * until the process is killed with SIGKILL, mid-batch. Every deposit that was answered must be there,
 * once, with its journal and its event; anything else is there whole (committed, its answer lost with the
 * process) or not at all.
 */
test('kill -9 while concurrent deposits into one account share commits: every answered deposit is there once, with its journal and event, and nothing is half there', async () => {
  const service = await ServiceProcess.start({ WORKERS: '1' }, { keepDatabase: true });
  const databaseUrl = service.databaseUrl;
  try {
    const admin = await service.admin();
    const today = (await admin.get('/businessdate/BUSINESS_DATE')).body.date.map((n: number) => String(n).padStart(2, '0')).join('-');
    const productId = ((await admin.get('/savingsproducts')).body as { id: number; accountType: string }[]).find((p) => p.accountType === 'SAVINGS')!.id;
    const branch = (await admin.post('/offices', { name: `Crash ${randomUUID().slice(0, 8)}`, parentId: 1, openingDate: '2024-01-01', ...iso })).body.resourceId;
    const client = await admin.post('/clients', {
      officeId: branch, legalFormId: 2, fullname: `Crash Co ${randomUUID().slice(0, 6)}`, active: true, activationDate: '2025-01-01', ...iso,
      clientNonPersonDetails: { constitutionId: 200202, mainBusinessLineId: 200221 },
    });
    assert.equal(client.status, 200, client.text);
    const account = (await admin.post('/savingsaccounts', { clientId: client.body.clientId, productId, submittedOnDate: today, ...iso })).body.savingsId;
    assert.equal((await admin.post(`/savingsaccounts/${account}?command=activate`, {})).status, 200);

    const answered = new Map<number, string>();
    let stopped = false;
    const depositor = async (k: number) => {
      for (let i = 0; !stopped; i++) {
        const amount = `${100 + k}.${String(i % 100).padStart(2, '0')}`;
        try {
          const res = await admin.post(`/savingsaccounts/${account}/transactions?command=deposit`, { transactionDate: today, transactionAmount: amount, paymentTypeId: BANK_TRANSFER, ...iso });
          if (res.status === 200) answered.set(res.body.resourceId as number, amount);
        } catch {
          // The connection died with the process: this deposit's outcome is unknown to its client.
        }
      }
    };
    const depositors = Array.from({ length: 16 }, (_, k) => depositor(k));
    const deadline = Date.now() + 60_000;
    while (answered.size < 60 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // The deposits share commits (the process's own count, on /metrics): the kill lands in a batch.
    const metrics = (await service.request('GET', '/metrics')).text;
    const counter = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(metrics)?.[1]);
    assert.ok(counter('db_batched_commands_total') > counter('db_commit_batches_total'), metrics.split('\n').filter((l) => l.startsWith('db_')).join('\n'));
    await service.kill();
    stopped = true;
    await Promise.all(depositors);
    assert.ok(answered.size >= 60, `only ${answered.size} deposits answered before the kill`);

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const txns = (await db.query<{ id: string; amount: string }>(`select id, amount from account.savings_transaction where account_id = $1 and not reversed`, [account])).rows;
      const written = new Map(txns.map((r) => [Number(r.id), new BigNumber(r.amount)]));
      for (const [id, amount] of answered) assert.equal(written.get(id)?.toFixed(2), new BigNumber(amount).toFixed(2), `answered deposit ${id}`);
      const total = txns.reduce((sum, r) => sum.plus(r.amount), new BigNumber(0));
      const balance = (await db.query<{ account_balance: string }>(`select account_balance from account.savings_account where id = $1`, [account])).rows[0]!.account_balance;
      assert.equal(new BigNumber(balance).toFixed(2), total.toFixed(2), 'the balance is the sum of the written transactions');

      // Each written deposit has its balanced journal, and no journal exists without its deposit.
      const journal = (await db.query<{ transaction_id: string; debits: string; credits: string }>(
        `select transaction_id, sum(amount) filter (where entry_type = 2) as debits, sum(amount) filter (where entry_type = 1) as credits
           from ledger.journal_entry where entity_type = 'SAVINGS' and entity_id = $1 group by transaction_id`, [account],
      )).rows;
      assert.deepEqual(journal.map((j) => j.transaction_id).sort(), [...written.keys()].map((id) => `S${id}`).sort());
      for (const j of journal) {
        const amount = written.get(Number(j.transaction_id.slice(1)))!.toFixed(2);
        assert.deepEqual([new BigNumber(j.debits).toFixed(2), new BigNumber(j.credits).toFixed(2)], [amount, amount], j.transaction_id);
      }
      // One account.credit event per written deposit, none for any other.
      const events = (await db.query<{ transaction_id: string }>(
        `select payload->'data'->>'transactionId' as transaction_id from kernel.outbox where event_type = 'account.credit' and (payload->'data'->>'accountId')::int = $1`, [account],
      )).rows.map((e) => Number(e.transaction_id));
      assert.deepEqual(events.sort((a, b) => a - b), [...written.keys()].sort((a, b) => a - b));
    } finally {
      await db.end();
    }

    // The restarted service reads the same balance and takes the next deposit.
    const restarted = await ServiceProcess.start({ WORKERS: '1' }, { databaseUrl });
    try {
      const again = await restarted.admin();
      const before = new BigNumber((await again.get(`/savingsaccounts/${account}`)).body.summary.accountBalance);
      const res = await again.post(`/savingsaccounts/${account}/transactions?command=deposit`, { transactionDate: today, transactionAmount: '1.01', paymentTypeId: BANK_TRANSFER, ...iso });
      assert.equal(res.status, 200, res.text);
      const after = new BigNumber((await again.get(`/savingsaccounts/${account}`)).body.summary.accountBalance);
      assert.equal(after.minus(before).toFixed(2), '1.01');
    } finally {
      await restarted.stop();
    }
  } finally {
    await service.stop();
    await dropTestDatabase(databaseUrl);
  }
});
