import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import BigNumber from 'bignumber.js';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { cashTxn, createCashier, createStaff, createTeller, staffUser, summary, TELLER_ROLE } from '../till/till-support.js';
import { accountFixture, activeClient, BANK_TRANSFER, CASH, corporateClient, deposit, openAccount, TODAY, withdraw } from './support.js';

/**
 * Group commit (issue 28, item 2): concurrent deposits or withdrawals on one account share a transaction
 * and its commit, each in its own savepoint. What a user sees must not change: every command is answered
 * with its own outcome, and what was refused left nothing behind.
 */
describe('concurrent money commands on one account share commits', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let products: { savings: number; current: number };
  const tellers: { session: TenantSession; tellerId: number; cashierId: number }[] = [];

  const batched = () => service.platform.db.batchStats();

  before(async () => {
    ({ service, t, branch, products } = await accountFixture());
    // Three tellers with funded tills: a batch locks their tills' rows in one order.
    for (let i = 0; i < 3; i++) {
      const staffId = await createStaff(t, branch);
      const { session } = await staffUser(t, [TELLER_ROLE], branch, staffId);
      const tellerId = await createTeller(t, branch);
      const cashierId = await createCashier(t, tellerId, staffId);
      assert.equal((await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(1_000_000, TODAY))).status, 200);
      tellers.push({ session, tellerId, cashierId });
    }
    // Above any amount used here: cash withdrawals execute rather than wait for a checker.
    assert.equal((await t.put('/configurations/3', { value: 1_000_000 })).status, 200);
  });
  after(async () => service.stop());

  test('36 cash deposits by three tellers at once: fewer commits than deposits, each answered with its own transaction; balance, running balances, journal, tills and events add up', async () => {
    const account = await openAccount(t, await corporateClient(t, branch), products.savings);
    const tillsBefore = await Promise.all(tellers.map((x) => summary(t, x.tellerId, x.cashierId)));
    const statsBefore = batched();
    const amounts = Array.from({ length: 36 }, (_, i) => new BigNumber(100).plus(i).plus('0.25'));
    const answers = await Promise.all(amounts.map((amount, i) => deposit(tellers[i % 3]!.session, account, amount.toFixed(2), CASH)));
    const statsAfter = batched();

    for (const answer of answers) assert.equal(answer.status, 200, answer.text);
    const ids = answers.map((a) => a.body.resourceId as number);
    assert.equal(new Set(ids).size, 36, 'every deposit has a transaction of its own');
    assert.equal(statsAfter.commands - statsBefore.commands, 36);
    assert.ok(statsAfter.batches - statsBefore.batches < 36, `36 deposits in ${statsAfter.batches - statsBefore.batches} transactions`);

    const total = amounts.reduce((sum, a) => sum.plus(a), new BigNumber(0));
    const state = (await t.get(`/savingsaccounts/${account}?associations=transactions`)).body;
    assert.equal(new BigNumber(state.summary.accountBalance).toFixed(2), total.toFixed(2));
    // Running balances chain in transaction order, whatever batch each was in.
    const chain = [...(state.transactions as { id: number; amount: number; runningBalance: number }[])].sort((a, b) => a.id - b.id);
    let running = new BigNumber(0);
    for (const txn of chain) {
      running = running.plus(txn.amount);
      assert.equal(new BigNumber(txn.runningBalance).toFixed(2), running.toFixed(2), `running balance of ${txn.id}`);
    }
    // Each deposit's journal: DR cash, CR the savings liability, its own amount.
    for (const [i, id] of ids.entries()) {
      const lines = (await t.get(`/journalentries?transactionId=S${id}`)).body.pageItems;
      assert.deepEqual((lines as { glAccountCode: string; entryType: { value: string }; amount: number }[]).map((e) => [e.glAccountCode, e.entryType.value, new BigNumber(e.amount).toFixed(2)]).sort(), [
        ['11101', 'DEBIT', amounts[i]!.toFixed(2)], ['21101', 'CREDIT', amounts[i]!.toFixed(2)],
      ]);
    }
    // Each till took in exactly its teller's deposits.
    const tillsAfter = await Promise.all(tellers.map((x) => summary(t, x.tellerId, x.cashierId)));
    tellers.forEach((_, k) => {
      const own = amounts.filter((_, i) => i % 3 === k).reduce((sum, a) => sum.plus(a), new BigNumber(0));
      assert.equal(new BigNumber(tillsAfter[k].sumInwardCash).minus(tillsBefore[k].sumInwardCash ?? 0).toFixed(2), own.toFixed(2), `till ${k}`);
    });
    // One account.credit event per deposit, each with the running balance its transaction wrote.
    const events = await service.platform.db.system((em) => em.execute<{ payload: { data: { transactionId: number; runningBalance: number } } }[]>(
      `select payload from kernel.outbox where event_type = 'account.credit' and (payload->'data'->>'accountId')::int = ?`, [account],
    ));
    const byTransaction = new Map(events.map((e) => [Number(e.payload.data.transactionId), e.payload.data]));
    assert.equal(byTransaction.size, 36);
    for (const txn of chain) assert.equal(new BigNumber(String(byTransaction.get(txn.id)!.runningBalance)).toFixed(2), new BigNumber(txn.runningBalance).toFixed(2));
  });

  test('a refusal inside a batch is its own: the others commit, and the refused deposit leaves no transaction, journal or event', async () => {
    // A tier-1 client's cumulative cap (300,000) is checked by the statement that moves the balance, after the
    // deposit's journal is posted: a deposit refused there must take its journal back with it.
    const clientId = await activeClient(t, branch);
    const account = await openAccount(t, clientId, products.savings);
    for (let i = 0; i < 5; i++) assert.equal((await deposit(t, account, 50000)).status, 200);
    const statsBefore = batched();
    const answers = await Promise.all(Array.from({ length: 20 }, () => deposit(t, account, 10000)));
    const statsAfter = batched();
    assert.deepEqual(answers.map((r) => r.status).sort(), [...Array(5).fill(200), ...Array(15).fill(403)], answers.map((r) => r.text).join('\n'));
    for (const refused of answers.filter((r) => r.status === 403)) {
      assert.equal(refused.body.errors[0].userMessageGlobalisationCode, 'error.msg.savingsaccount.kyc.tier.balance.limit.exceeded', refused.text);
    }
    assert.equal(statsAfter.commands - statsBefore.commands, 20);
    assert.ok(statsAfter.batches - statsBefore.batches < 20, `20 deposits in ${statsAfter.batches - statsBefore.batches} transactions`);

    const state = (await t.get(`/savingsaccounts/${account}?associations=transactions`)).body;
    assert.equal(state.summary.accountBalance, 300000);
    assert.equal(state.transactions.length, 10, 'five before and five of the twenty');
    const journal = await service.platform.db.system((em) => em.execute<{ lines: string; debits: string; credits: string }[]>(
      `select count(*) as lines, coalesce(sum(amount) filter (where entry_type = 2), 0) as debits, coalesce(sum(amount) filter (where entry_type = 1), 0) as credits
         from ledger.journal_entry where entity_type = 'SAVINGS' and entity_id = ?`, [account],
    ));
    assert.deepEqual(journal.map((j) => [Number(j.lines), new BigNumber(j.debits).toFixed(2), new BigNumber(j.credits).toFixed(2)]), [[20, '300000.00', '300000.00']]);
    const events = await service.platform.db.system((em) => em.execute<{ n: string }[]>(
      `select count(*) as n from kernel.outbox where event_type = 'account.credit' and (payload->'data'->>'accountId')::int = ?`, [account],
    ));
    assert.equal(Number(events[0]!.n), 10);
  });

  test('40 cash withdrawals of 100 at once from 1,000, by three tellers: exactly 10 pass, the rest are refused for the balance, and the tills paid out exactly 1,000', async () => {
    const account = await openAccount(t, await corporateClient(t, branch), products.savings);
    assert.equal((await deposit(t, account, 1000)).status, 200);
    const tillsBefore = await Promise.all(tellers.map((x) => summary(t, x.tellerId, x.cashierId)));
    const statsBefore = batched();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => withdraw(tellers[i % 3]!.session, account, 100, CASH)));
    const statsAfter = batched();
    assert.deepEqual(answers.map((r) => r.status).sort(), [...Array(10).fill(200), ...Array(30).fill(403)], answers.map((r) => r.text).join('\n'));
    for (const refused of answers.filter((r) => r.status === 403)) {
      assert.equal(refused.body.errors[0].userMessageGlobalisationCode, 'error.msg.savingsaccount.transaction.insufficient.account.balance', refused.text);
    }
    assert.equal(statsAfter.commands - statsBefore.commands, 40);
    assert.ok(statsAfter.batches - statsBefore.batches < 40, `40 withdrawals in ${statsAfter.batches - statsBefore.batches} transactions`);
    const state = (await t.get(`/savingsaccounts/${account}`)).body;
    assert.equal(state.summary.accountBalance, 0);
    const tillsAfter = await Promise.all(tellers.map((x) => summary(t, x.tellerId, x.cashierId)));
    const paid = tellers.reduce((sum, _, k) => sum.plus(tillsAfter[k].sumOutwardCash ?? 0).minus(tillsBefore[k].sumOutwardCash ?? 0), new BigNumber(0));
    assert.equal(paid.toFixed(2), '1000.00');
  });

  test('deposits each with its own Idempotency-Key share commits too; each key answers its own deposit again, and a key reused with another body is refused', async () => {
    const account = await openAccount(t, await corporateClient(t, branch), products.savings);
    const keys = Array.from({ length: 24 }, () => randomUUID());
    const body = (i: number) => ({ transactionDate: TODAY, transactionAmount: 10 + i, paymentTypeId: BANK_TRANSFER, dateFormat: 'yyyy-MM-dd', locale: 'en' });
    const send = (i: number, payload = body(i)) => t.post(`/savingsaccounts/${account}/transactions?command=deposit`, payload, { headers: { 'Idempotency-Key': keys[i]! } });
    const statsBefore = batched();
    const first = await Promise.all(keys.map((_, i) => send(i)));
    const statsAfter = batched();
    for (const answer of first) assert.equal(answer.status, 200, answer.text);
    assert.equal(new Set(first.map((a) => a.body.resourceId)).size, 24);
    assert.equal(statsAfter.commands - statsBefore.commands, 24, 'every keyed deposit queued in its account\'s lane');
    assert.ok(statsAfter.batches - statsBefore.batches < 24, `24 keyed deposits in ${statsAfter.batches - statsBefore.batches} transactions`);

    const again = await Promise.all(keys.map((_, i) => send(i)));
    assert.deepEqual(again.map((a) => [a.status, a.body.resourceId]), first.map((a) => [200, a.body.resourceId]), 'each key answers its own first deposit');
    assertError(await send(0, body(99)), 422, 'error.msg.idempotency.key.reused');
    const state = (await t.get(`/savingsaccounts/${account}?associations=transactions`)).body;
    assert.equal(state.transactions.length, 24, 'nothing was deposited twice');
    assert.equal(state.summary.accountBalance, keys.reduce((sum, _, i) => sum + 10 + i, 0));
  });

  test('a deposit alone is not held back: it runs in a transaction of its own at once', async () => {
    const account = await openAccount(t, await corporateClient(t, branch), products.savings);
    const statsBefore = batched();
    for (let i = 0; i < 3; i++) assert.equal((await deposit(t, account, 10)).status, 200);
    const statsAfter = batched();
    assert.deepEqual([statsAfter.batches - statsBefore.batches, statsAfter.commands - statsBefore.commands], [3, 3]);
  });
});
