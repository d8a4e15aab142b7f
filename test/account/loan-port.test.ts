import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Tx } from '../../subgraphs/kernel/tx.js';
import { PlatformError } from '../../subgraphs/kernel/errors.js';
import { TestService, type TenantSession } from '../support/service.js';
import { accountFixture, activeClient, balance, deposit, openAccount, TODAY } from './support.js';

/** The SavingsForLoans port the loan module calls in its own transaction (no HTTP surface of its own). */
describe('savings for loans (the loan module port)', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let products: { savings: number; current: number };

  before(async () => {
    ({ service, t, branch, products } = await accountFixture());
  });
  after(async () => service.stop());

  const inTx = <T>(fn: (tx: Tx) => Promise<T>) => service.platform.db.tx(t.tenant, fn);
  const code = (error: unknown) => (error instanceof PlatformError ? error.extensions.errors[0]?.code : String(error));

  test('operating account, a KYC-exempt disbursement credit, a repayment debit and their reversal; events but no journal', async () => {
    const port = service.services.account.forLoans;
    const clientId = await activeClient(t, branch);
    await assert.rejects(inTx((tx) => port.operatingAccount(tx, clientId)), (e) => code(e) === 'error.msg.savingsaccount.operating.account.not.unique');
    const id = await openAccount(t, clientId, products.savings);
    const operating = await inTx((tx) => port.operatingAccount(tx, clientId));
    assert.equal(operating.id, id);
    assert.equal(operating.liabilityGlCode, '21101');

    // 400,000 is above tier 1's caps: disbursements are exempt.
    const credit = await inTx((tx) => port.creditFromLoan(tx, { accountId: id, amount: '400000', date: TODAY, loanId: 7, loanTransactionId: 70, userId: null }));
    assert.equal(credit.runningBalance, '400000');
    const debit = await inTx((tx) => port.debitForLoan(tx, { accountId: id, amount: '1500.5', date: TODAY, loanId: 7, loanTransactionId: 71, userId: null }));
    assert.equal(debit.runningBalance, '398499.5');
    await assert.rejects(inTx((tx) => port.debitForLoan(tx, { accountId: id, amount: '500000', date: TODAY, loanId: 7, loanTransactionId: 72, userId: null })), (e) => code(e) === 'error.msg.savingsaccount.transaction.insufficient.account.balance');
    assert.equal((await t.get(`/journalentries?savingsId=${id}`)).body.totalFilteredRecords, 0);

    await inTx((tx) => port.reverseForLoan(tx, debit.savingsTransactionId, null));
    assert.deepEqual(await balance(t, id), { accountBalance: 400000, availableBalance: 400000 });
    await assert.rejects(inTx((tx) => port.reverseForLoan(tx, debit.savingsTransactionId, null)), (e) => code(e) === 'error.msg.savingsaccount.transaction.already.reversed');
    // A customer's own deposit still meets the cap; loan legs cannot be undone through the account.
    assert.equal((await deposit(t, id, 10)).status, 403);
    assert.equal((await t.post(`/savingsaccounts/${id}/transactions/${credit.savingsTransactionId}?command=undo`)).status, 403);
    const events = await service.platform.db.system((em) => em.execute<{ event_type: string }[]>(`select event_type from kernel.outbox where tenant_id = ? and event_type in ('account.credit', 'account.debit') and (payload->'data'->>'accountId')::int = ? order by id`, [t.tenant, id]));
    assert.deepEqual(events.map((e) => e.event_type), ['account.credit', 'account.debit', 'account.credit']);
  });
});
