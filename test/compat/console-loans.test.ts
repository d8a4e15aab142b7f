import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { activeClient, application, DATE, savingsAccount, setBusinessDate } from '../loan/support.js';

/**
 * The staff console's loan actions (issue 41 item 1), with the requests the web app sends: approve reads
 * GET /loans/{id}/template?templateType=approval, disburse and make-repayment read
 * GET /loans/{id}/transactions/template?command=disburse|repayment. A loan of 12,000 on the flat product (2),
 * 2% a month, 12 monthly instalments from 1 January 2025: each instalment is 1,000 principal + 240 interest = 1,240.
 */
describe('Fineract compat: the console\'s loan approve, disburse and repay forms', () => {
  let service: TestService;
  let t: TenantSession;
  let manager: TenantSession;
  let loanId: number;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    const branch = await t.branch();
    await setBusinessDate(t, '2025-01-01');
    manager = await t.userWithRoles([320007]);
    const clientId = await activeClient(t, branch);
    await savingsAccount(t, clientId);
    const created = await t.post('/loans', application(clientId, 2, 12000));
    assert.equal(created.status, 200, created.text);
    loanId = created.body.loanId as number;
  });
  after(async () => service.stop());

  test('approve: GET /loans/{id}/template?templateType=approval answers the amount applied for, the business date and the expected disbursement', async () => {
    const res = await t.get(`/loans/${loanId}/template?templateType=approval`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.approvalAmount, 12000);
    assert.equal(res.body.netDisbursalAmount, 12000);
    assert.deepEqual(res.body.approvalDate, [2025, 1, 1]);
    assert.deepEqual(res.body.expectedDisbursementDate, [2025, 1, 1]);
    assert.equal(res.body.currency.code, 'NGN');
    assert.equal(res.body.currency.decimalPlaces, 2);
    // Another tenant's loan is not found.
    const other = await service.tenant();
    assertError(await other.get(`/loans/${loanId}/template?templateType=approval`), 404, 'error.msg.loan.id.invalid');
  });

  test('disburse: after approval of 10,000, the template proposes 10,000 on the expected date with the payment types', async () => {
    const approved = await manager.post(`/loans/${loanId}?command=approve`, { approvedOnDate: '2025-01-01', approvedLoanAmount: 10000, expectedDisbursementDate: '2025-01-01', note: '', ...DATE });
    assert.equal(approved.status, 200, approved.text);
    assert.deepEqual([approved.body.changes.status.id, approved.body.changes.status.waitingForDisbursal, approved.body.changes.status.pendingApproval], [200, true, false]);
    const res = await t.get(`/loans/${loanId}/transactions/template?command=disburse`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.amount, 10000);
    assert.equal(res.body.netDisbursalAmount, 10000);
    assert.deepEqual(res.body.date, [2025, 1, 1]);
    assert.equal(res.body.type.code, 'loanTransactionType.disbursement');
    assert.equal(res.body.currency.code, 'NGN');
    assert.ok(res.body.paymentTypeOptions.length > 0 && typeof res.body.paymentTypeOptions[0].name === 'string');
    // Approving 10,000 of the 12,000 applied for leaves the approval template on the amount applied for, as Fineract.
    assert.equal((await t.get(`/loans/${loanId}/template?templateType=approval`)).body.approvalAmount, 12000);
  });

  test('repayment: the earliest instalment still owed, dated its due date; a part payment leaves the rest of it', async () => {
    // Before disbursement, repayment is refused as for any command on a loan not active.
    assert.equal((await t.get(`/loans/${loanId}/transactions/template?command=repayment`)).status, 403);
    const disbursed = await t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', transactionAmount: 10000, ...DATE });
    assert.equal(disbursed.status, 200, disbursed.text);
    // 10,000 flat at 2% a month over 12: 10,000 / 12 = 833.33 principal (the last takes 833.37) and 200 interest.
    const first = await t.get(`/loans/${loanId}/transactions/template?command=repayment`);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.type.code, 'loanTransactionType.repayment');
    assert.deepEqual(first.body.date, [2025, 2, 1]);
    assert.deepEqual(
      [first.body.amount, first.body.principalPortion, first.body.interestPortion, first.body.feeChargesPortion, first.body.penaltyChargesPortion],
      [1033.33, 833.33, 200, 0, 0],
    );
    assert.ok(first.body.paymentTypeOptions.length > 0);
    assert.equal(first.body.currency.code, 'NGN');

    // 1,000 paid on 1 February: interest 200 first, then 800 of principal; 33.33 of principal is left on the first instalment.
    await setBusinessDate(t, '2025-02-01');
    const paid = await t.post(`/loans/${loanId}/transactions?command=repayment`, { transactionDate: '2025-02-01', transactionAmount: '1000', paymentTypeId: 2, note: '', ...DATE });
    assert.equal(paid.status, 200, paid.text);
    const rest = await t.get(`/loans/${loanId}/transactions/template?command=repayment`);
    assert.deepEqual([rest.body.amount, rest.body.principalPortion, rest.body.interestPortion, rest.body.date], [33.33, 33.33, 0, [2025, 2, 1]]);
  });

  test('loan product form: GET /loanproducts/template carries the blank currency, the schedule kind and the features off', async () => {
    const res = await t.get('/loanproducts/template');
    assert.equal(res.status, 200, res.text);
    const b = res.body;
    assert.equal(b.currency.code, '');
    assert.ok(b.currencyOptions.some((c: { code: string }) => c.code === 'NGN'));
    assert.deepEqual([b.repaymentStartDateType.id, b.loanScheduleType.code, b.loanScheduleProcessingType.code, b.chargeOffBehaviour.id], [1, 'CUMULATIVE', 'HORIZONTAL', 'REGULAR']);
    assert.deepEqual([b.amortizationType.id, b.interestType.id, b.daysInYearType.id, b.daysInMonthType.id], [1, 0, 1, 1]);
    assert.deepEqual(b.principalVariationsForBorrowerCycle, []);
    assert.deepEqual(b.advancedPaymentAllocationTypes, []);
    assert.deepEqual(b.preClosureInterestCalculationStrategyOptions.map((o: { id: number }) => o.id), [1, 2]);
    assert.equal(b.isInterestRecalculationEnabled, false);
    assert.equal(b.multiDisburseLoan, false);
  });

  test('loan application form: GET /loans/template with the product carries product.allowAttributeOverrides and the schedule kind', async () => {
    const clientId = (await t.get(`/loans/${loanId}`)).body.clientId as number;
    const bare = await t.get(`/loans/template?activeOnly=true&staffInSelectedOfficeOnly=true&clientId=${clientId}&templateType=individual`);
    assert.equal(bare.status, 200, bare.text);
    assert.ok(bare.body.productOptions.some((p: { id: number }) => p.id === 2));
    assert.equal(bare.body.product, undefined);
    const res = await t.get(`/loans/template?activeOnly=true&staffInSelectedOfficeOnly=true&productId=2&clientId=${clientId}&templateType=individual`);
    assert.equal(res.status, 200, res.text);
    const b = res.body;
    assert.equal(b.product.id, 2);
    assert.equal(b.product.allowAttributeOverrides.repaymentEvery, true);
    assert.equal(b.product.allowAttributeOverrides.interestType, true);
    assert.equal(b.product.enableDownPayment, false);
    assert.equal(b.loanScheduleType.code, 'CUMULATIVE');
    assert.equal(b.currency.code, 'NGN');
    assert.equal(b.interestType.id, 1);
    assert.deepEqual(b.datatables, []);
    assert.deepEqual(b.overdueCharges, []);
  });

  test('status objects carry Fineract\'s flags for staff: loans, savings (and a savings approval\'s changes), clients', async () => {
    const loan = await t.get(`/loans/${loanId}`);
    assert.equal(loan.status, 200, loan.text);
    assert.deepEqual(
      [loan.body.status.id, loan.body.status.active, loan.body.status.pendingApproval, loan.body.status.closedWrittenOff, loan.body.status.closedRescheduled, loan.body.status.overpaid, loan.body.status.closed],
      [300, true, false, false, false, false, false],
    );
    const clientId = loan.body.clientId as number;
    const listed = await t.get(`/loans?clientId=${clientId}`);
    assert.equal(listed.body.pageItems[0].status.active, true);
    assert.equal(listed.body.pageItems[0].status.overpaid, false);

    const products = await t.get('/savingsproducts');
    const productId = products.body.find((p: { name: string }) => p.name === 'Primary Savings').id;
    const created = await t.post('/savingsaccounts', { clientId, productId, submittedOnDate: '2025-02-01', ...DATE });
    assert.equal(created.status, 200, created.text);
    const savingsId = created.body.savingsId as number;
    const pending = await t.get(`/savingsaccounts/${savingsId}`);
    assert.deepEqual([pending.body.status.submittedAndPendingApproval, pending.body.status.approved, pending.body.status.active, pending.body.status.matured], [true, false, false, false]);
    const approved = await manager.post(`/savingsaccounts/${savingsId}?command=approve`, { approvedOnDate: '2025-02-01', ...DATE });
    assert.equal(approved.status, 200, approved.text);
    assert.deepEqual(
      [approved.body.changes.status.id, approved.body.changes.status.code, approved.body.changes.status.approved, approved.body.changes.status.submittedAndPendingApproval],
      [200, 'savingsAccountStatusType.approved', true, false],
    );
    const savingsList = await t.get(`/savingsaccounts?clientId=${clientId}`);
    const mine = savingsList.body.pageItems.find((a: { id: number }) => a.id === savingsId);
    assert.deepEqual([mine.status.approved, mine.status.prematureClosed, mine.status.transferInProgress], [true, false, false]);

    const accounts = await t.get(`/clients/${clientId}/accounts`);
    assert.equal(accounts.body.savingsAccounts.find((a: { id: number }) => a.id === savingsId).status.approved, true);
    const client = await t.get(`/clients/${clientId}`);
    assert.deepEqual([client.body.status.id, client.body.status.active, client.body.status.pending, client.body.status.closed], [300, true, false, false]);
    const clients = await t.get('/clients');
    assert.equal(clients.body.pageItems.find((c: { id: number }) => c.id === clientId).status.active, true);
  });

  test('an unknown command is still a 400', async () => {
    assertError(await t.get(`/loans/${loanId}/transactions/template?command=bogus`), 400, 'error.msg.command.unsupported');
  });
});
