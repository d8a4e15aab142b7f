import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { activeClient, approvedLoan, DATE, savingsAccount, setBusinessDate } from '../loan/support.js';

/**
 * Commands take the bodies Fineract's own clients send with them: what Fineract reads is read, what it
 * ignores is accepted and ignored, and anything else is still refused by name.
 */
describe("command bodies as Fineract's clients send them", () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    await setBusinessDate(t, '2025-01-01');
    branch = await t.branch();
  });
  after(async () => service.stop());

  // SavingsAccountHelper.undoSavingsAccountTransaction and LoanTransactionHelper's reversal send this.
  const undoBody = { transactionAmount: '0', transactionDate: '2025-01-01', paymentTypeId: 2, locale: 'en', dateFormat: 'yyyy-MM-dd' };

  test('undo of a savings transaction with a transaction body', async () => {
    const account = await savingsAccount(t, await activeClient(t, branch));
    const deposit = await t.post(`/savingsaccounts/${account}/transactions?command=deposit`, { transactionDate: '2025-01-01', transactionAmount: 700, paymentTypeId: 2, ...DATE });
    assert.equal(deposit.status, 200, deposit.text);
    assertError(await t.post(`/savingsaccounts/${account}/transactions/${deposit.body.resourceId}?command=undo`, { ...undoBody, colour: 'red' }), 400, 'error.msg.parameter.unsupported');
    const undone = await t.post(`/savingsaccounts/${account}/transactions/${deposit.body.resourceId}?command=undo`, undoBody);
    assert.equal(undone.status, 200, undone.text);
    assert.equal((await t.get(`/savingsaccounts/${account}`)).body.summary.accountBalance, 0);
  });

  test('undo of a loan repayment with a transaction body', async () => {
    const client = await activeClient(t, branch);
    await savingsAccount(t, client);
    const loanId = await approvedLoan(t, client, 50000, 1, await t.userWithRoles([320007], branch));
    assert.equal((await t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE })).status, 200);
    const repaid = await t.post(`/loans/${loanId}/transactions?command=repayment`, { transactionDate: '2025-01-01', transactionAmount: 1000, paymentTypeId: 2, ...DATE });
    assert.equal(repaid.status, 200, repaid.text);
    const undone = await t.post(`/loans/${loanId}/transactions/${repaid.body.resourceId}?command=undo`, undoBody);
    assert.equal(undone.status, 200, undone.text);
    const transaction = await t.get(`/loans/${loanId}/transactions/${repaid.body.resourceId}`);
    assert.equal(transaction.body.manuallyReversed ?? transaction.body.reversed, true, transaction.text);
  });
});
