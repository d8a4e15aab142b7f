import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { activeClient, approvedLoan, DATE, journal, savingsAccount, setBusinessDate } from './support.js';

/**
 * Interest waivers (issue 36): a reducing-balance loan of 100,000 at 2% a month, disbursed 1 January 2025 (interest
 * 2,000.00 in instalment 1, 1,850.88 in instalment 2, 13,471.53 in all). The waiver takes the earliest unpaid interest first.
 */
describe('loans: interest waiver', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let loanId: number;
  const schedule = async () =>
    (await t.get(`/loans/${loanId}?associations=repaymentSchedule`)).body.repaymentSchedule.periods.filter((p: { period?: number }) => p.period != null)
      .map((p: Record<string, number>) => [p.period, p.interestDue]);

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    branch = await t.branch();
    await setBusinessDate(t, '2025-01-01');
    const client = await activeClient(t, branch);
    await savingsAccount(t, client);
    loanId = await approvedLoan(t, client, 100000, 1, await t.userWithRoles([320007], branch));
    assert.equal((await t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE })).status, 200);
    await setBusinessDate(t, '2025-02-15');
  });
  after(async () => service.stop());

  test('2,500 waived: instalment 1 owes no interest, instalment 2 1,350.88; nothing posted; the undo restores it', async () => {
    // 13,471.53 is all the interest there is: a kobo more is refused.
    assertError(await t.post(`/loans/${loanId}/transactions?command=waiveinterest`, { transactionDate: '2025-02-15', transactionAmount: '13471.54', ...DATE }), 403, 'error.msg.loan.transaction.amount.greater.than.outstanding');
    const res = await t.post(`/loans/${loanId}/transactions?command=waiveinterest`, { transactionDate: '2025-02-15', transactionAmount: '2500', note: 'hardship', ...DATE });
    assert.equal(res.status, 200, res.text);
    // Instalment 3 untouched: 84,938.96 x 2% = 1,698.78.
    assert.deepEqual((await schedule()).slice(0, 3), [[1, 0], [2, 1350.88], [3, 1698.78]]);
    const loan = (await t.get(`/loans/${loanId}?associations=transactions`)).body;
    // 13,471.53 - 2,500 = 10,971.53; the principal is untouched.
    assert.deepEqual([loan.summary.interestCharged, loan.summary.principalOutstanding, loan.summary.totalOutstanding], [10971.53, 100000, 110971.53]);
    const waiver = loan.transactions.find((x: { id: number }) => x.id === res.body.resourceId);
    assert.deepEqual([waiver.type.id, waiver.type.code, waiver.type.waiveInterest, waiver.amount, waiver.interestPortion, waiver.principalPortion], [4, 'loanTransactionType.waiver', true, 2500, 2500, 0]);
    assert.deepEqual(await journal(t, `L${res.body.resourceId}`), [], 'cash accounting never booked the interest: nothing to post');

    const undone = await t.post(`/loans/${loanId}/transactions/${res.body.resourceId}?command=undo`, {});
    assert.equal(undone.status, 200, undone.text);
    assert.deepEqual((await schedule()).slice(0, 2), [[1, 2000], [2, 1850.88]]);
    assert.equal((await t.get(`/loans/${loanId}`)).body.summary.interestCharged, 13471.53);
  });

  test('above loan-interest-waiver-ceiling (1,000) a waiver waits for a second person; below it is made at once; a rejected one changes nothing', async () => {
    assert.equal((await t.put('/configurations/21', { enabled: true, value: 1000 })).status, 200);
    const waive = (amount: string) => t.post(`/loans/${loanId}/transactions?command=waiveinterest`, { transactionDate: '2025-02-15', transactionAmount: amount, ...DATE });
    const held = await waive('1500');
    assert.equal(held.status, 200, held.text);
    assert.equal(held.body.changes.status.code, 'waiverStatusType.pending.approval');
    const requestId = held.body.resourceId as number;
    assert.deepEqual((await schedule()).slice(0, 2), [[1, 2000], [2, 1850.88]], 'nothing waived yet');
    assert.equal((await waive('900')).status, 200);
    assert.deepEqual((await schedule()).slice(0, 2), [[1, 1100], [2, 1850.88]], '900 is below the ceiling: made at once');

    assertError(await t.post(`/loans/${loanId}/waiverrequests/${requestId}?command=approve`), 403, 'error.msg.loan.waiveinterest.approval.by.maker.not.allowed');
    const checker = await t.userWithRoles([1], branch);
    const approved = await checker.post(`/loans/${loanId}/waiverrequests/${requestId}?command=approve`);
    assert.equal(approved.status, 200, approved.text);
    // 1,500: instalment 1's remaining 1,100 and 400 of instalment 2 (1,850.88 - 400 = 1,450.88).
    assert.deepEqual((await schedule()).slice(0, 2), [[1, 0], [2, 1450.88]]);
    assertError(await checker.post(`/loans/${loanId}/waiverrequests/${requestId}?command=approve`), 403, 'error.msg.loan.waiveinterest.request.not.pending');

    const second = await waive('1200');
    assert.equal(second.status, 200, second.text);
    assert.equal((await checker.post(`/loans/${loanId}/waiverrequests/${second.body.resourceId}?command=reject`)).status, 200);
    assert.deepEqual((await schedule()).slice(0, 2), [[1, 0], [2, 1450.88]]);
    const requests = (await t.get(`/loans/${loanId}/waiverrequests`)).body as { id: number; statusId: number; transactionAmount: number; transactionId: number | null }[];
    assert.deepEqual(requests.map((r) => [r.id, r.statusId, r.transactionAmount]), [[second.body.resourceId, 500, 1200], [requestId, 200, 1500]]);
    assert.equal(requests[1]!.transactionId, approved.body.resourceId);
    assert.equal((await t.put('/configurations/21', { enabled: false })).status, 200);
  });

  test('another tenant\'s loan is 404; a teller may not waive', async () => {
    const other = await service.tenant();
    assertError(await other.post(`/loans/${loanId}/transactions?command=waiveinterest`, { transactionAmount: 1, ...DATE }), 404, 'error.msg.loan.id.invalid');
    const teller = await t.userWithRoles([320018], branch);
    assertError(await teller.post(`/loans/${loanId}/transactions?command=waiveinterest`, { transactionAmount: 1, ...DATE }), 403, 'error.msg.not.authorized');
  });
});
