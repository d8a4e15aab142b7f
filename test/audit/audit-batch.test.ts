import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { TestService, type TenantSession } from '../support/service.js';
import { accountFixture, corporateClient, deposit, openAccount, withdraw } from '../account/support.js';

interface AuditItem {
  id: number;
  actionName: string;
  processingResult: string;
  errorCode?: string;
  commandAsJson: string;
}

/**
 * The audit entries of commands that share a transaction (group commit) and of idempotent requests: each
 * command has exactly one entry, written in the transaction that carries its effect.
 */
describe('audit trail under group commit and Idempotency-Key', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let products: { savings: number; current: number };

  const entries = async (query: string) => {
    const res = await t.get(`/audits?${query}&limit=200`);
    assert.equal(res.status, 200, res.text);
    return (res.body as { pageItems: AuditItem[] }).pageItems;
  };
  const noteOf = (entry: AuditItem) => (JSON.parse(entry.commandAsJson) as { input: { note?: string } }).input.note;

  before(async () => {
    ({ service, t, branch, products } = await accountFixture());
  });
  after(async () => service.stop());

  test('concurrent deposits and refused withdrawals on one account: one entry each, the deposits\' in their shared transactions', async () => {
    const account = await openAccount(t, await corporateClient(t, branch), products.savings);
    const batchesBefore = service.platform.db.batchStats();
    const deposits = Array.from({ length: 24 }, (_, i) => deposit(t, account, 10 + i, undefined, { note: `d${i}` }));
    const refused = Array.from({ length: 4 }, (_, i) => withdraw(t, account, 1_000_000 + i, undefined, { note: `w${i}` }));
    const answers = await Promise.all([...deposits, ...refused]);
    const batchesAfter = service.platform.db.batchStats();
    answers.slice(0, 24).forEach((a) => assert.equal(a.status, 200, a.text));
    answers.slice(24).forEach((a) => assert.equal(a.status, 403, a.text));
    assert.ok(batchesAfter.batches - batchesBefore.batches < batchesAfter.commands - batchesBefore.commands, 'some commands shared a transaction');

    const made = await entries(`actionName=DEPOSIT&resourceId=${account}`);
    assert.deepEqual(made.map(noteOf).sort(), Array.from({ length: 24 }, (_, i) => `d${i}`).sort(), 'one entry per deposit');
    assert.ok(made.every((e) => e.processingResult === 'processed'));
    const failed = await entries(`actionName=WITHDRAWAL&resourceId=${account}`);
    assert.deepEqual(failed.map(noteOf).sort(), ['w0', 'w1', 'w2', 'w3'], JSON.stringify(failed));
    assert.ok(failed.every((e) => e.processingResult === 'error' && e.errorCode === 'error.msg.savingsaccount.transaction.insufficient.account.balance'));

    // An entry is written by the transaction of its effect: the batched deposits' entries came in fewer transactions than 24.
    const admin = new pg.Client({ connectionString: service.databaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ transactions: number; deposits: number }>(
        `select count(distinct e.txid)::int as transactions, count(*)::int as deposits from audit.entry e where e.tenant_id = $1 and e.action_name = 'DEPOSIT' and e.resource_id = $2`,
        [t.tenant, account],
      );
      assert.equal(rows[0]!.deposits, 24);
      assert.ok(rows[0]!.transactions < 24, `24 entries in ${rows[0]!.transactions} transactions`);
    } finally {
      await admin.end();
    }
  });

  test('an idempotent deposit replayed has one entry; a refused one replayed is refused again, each refusal recorded', async () => {
    const account = await openAccount(t, await corporateClient(t, branch), products.savings);
    const key = randomUUID();
    assert.equal((await deposit(t, account, 75)).status, 200);
    const keyed = () => t.post(`/savingsaccounts/${account}/transactions?command=deposit`, { transactionDate: '2026-01-15', transactionAmount: 30, paymentTypeId: 2, note: 'keyed', dateFormat: 'yyyy-MM-dd', locale: 'en' }, { headers: { 'idempotency-key': key } });
    const a = await keyed();
    assert.equal(a.status, 200, a.text);
    const b = await keyed();
    assert.equal(b.status, 200, b.text);
    assert.equal(b.headers['x-served-from-cache'], 'true');
    const keyedEntries = (await entries(`actionName=DEPOSIT&resourceId=${account}`)).filter((e) => noteOf(e) === 'keyed');
    assert.equal(keyedEntries.length, 1, 'the replay did nothing, and recorded nothing');

    const refusedKey = randomUUID();
    const overdraw = () => t.post(`/savingsaccounts/${account}/transactions?command=withdrawal`, { transactionDate: '2026-01-15', transactionAmount: 1_000_000, paymentTypeId: 2, note: 'keyed-refused', dateFormat: 'yyyy-MM-dd', locale: 'en' }, { headers: { 'idempotency-key': refusedKey } });
    assert.equal((await overdraw()).status, 403);
    assert.equal((await overdraw()).status, 403);
    const refusals = (await entries(`actionName=WITHDRAWAL&resourceId=${account}`)).filter((e) => noteOf(e) === 'keyed-refused');
    assert.equal(refusals.length, 2, 'a refusal keeps no key: each attempt ran, and each is recorded');
    assert.ok(refusals.every((e) => e.processingResult === 'error'));
  });
});
