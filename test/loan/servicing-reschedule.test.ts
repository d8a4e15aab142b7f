import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { assertSchemas } from '../payments/support.js';
import { activeClient, application, DATE, journal, savingsAccount, setBusinessDate } from './support.js';

/**
 * Rescheduling (Fineract's /rescheduleloans, issue 36) and day counts in new schedules. The loan: 100,000 on the
 * reducing balance product (2% a month, 12 monthly instalments of 9,455.96, actual/365), disbursed 1 January 2025;
 * instalment 1 (2,000.00 interest, 7,455.96 principal) paid on 1 February, leaving 92,544.04.
 */
describe('loans: rescheduling and day counts', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let manager: TenantSession;
  /** A second person who may approve reschedules (four eyes). */
  let checker: TenantSession;
  let reasonId: number;

  const schedule = async (loanId: number) =>
    (await t.get(`/loans/${loanId}?associations=repaymentSchedule`)).body.repaymentSchedule.periods.filter((p: { period?: number }) => p.period != null)
      .map((p: { period: number; dueDate: number[]; principalDue: number; interestDue: number }) => [p.period, p.dueDate.join('-'), p.principalDue, p.interestDue]);
  const journalCount = async (loanId: number) => (await t.get(`/journalentries?loanId=${loanId}&limit=200`)).body.pageItems.length as number;
  const reschedule = (loanId: number, body: Record<string, unknown>, as = t) =>
    as.post('/rescheduleloans?command=reschedule', { loanId, rescheduleFromDate: '2025-03-01', rescheduleReasonId: reasonId, submittedOnDate: '2025-02-10', ...DATE, ...body });

  async function disbursedLoan(productId = 1, extra: Record<string, unknown> = {}): Promise<number> {
    await setBusinessDate(t, '2025-01-01');
    const client = await activeClient(t, branch);
    await savingsAccount(t, client);
    const created = await t.post('/loans', application(client, productId, 100000, extra));
    assert.equal(created.status, 200, created.text);
    const loanId = created.body.loanId as number;
    assert.equal((await manager.post(`/loans/${loanId}?command=approve`, { approvedOnDate: '2025-01-01', ...DATE })).status, 200);
    const disbursed = await t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE });
    assert.equal(disbursed.status, 200, disbursed.text);
    return loanId;
  }

  /** The loan with instalment 1 paid on 1 February; business date 10 February. */
  async function paidOnce(): Promise<number> {
    const loanId = await disbursedLoan();
    await setBusinessDate(t, '2025-02-10');
    const paid = await t.post(`/loans/${loanId}/transactions?command=repayment`, { transactionDate: '2025-02-01', transactionAmount: '9455.96', paymentTypeId: 2, ...DATE });
    assert.equal(paid.status, 200, paid.text);
    return loanId;
  }

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    branch = await t.branch();
    await setBusinessDate(t, '2025-01-01');
    manager = await t.userWithRoles([320007], branch);
    checker = await t.userWithRoles([1], branch);
    const reasons = (await t.get('/rescheduleloans/template')).body.rescheduleReasons as { id: number; name: string }[];
    reasonId = reasons.find((r) => r.name === 'Borrower hardship')!.id;
  });
  after(async () => service.stop());

  test('the template offers the seeded LoanRescheduleReason values', async () => {
    const res = await t.get('/rescheduleloans/template');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.rescheduleReasons.map((r: { name: string }) => r.name), ['Borrower hardship', 'Natural disaster', 'Business seasonality']);
  });

  test('2 extra terms at 1.5% from 1 March: 92,544.04 over 13 instalments of 7,888.49 (the last 7,888.46); approved by a second person; the old schedule kept', async () => {
    const loanId = await paidOnce();
    const before = await schedule(loanId);
    const journalBefore = await journalCount(loanId);
    const created = await reschedule(loanId, { extraTerms: 2, newInterestRate: 1.5, rescheduleReasonComment: 'Harvest failed' });
    assert.equal(created.status, 200, created.text);
    const id = created.body.resourceId as number;
    assert.equal(created.body.loanId, loanId);

    const pending = (await t.get(`/rescheduleloans/${id}`)).body;
    assert.deepEqual([pending.statusEnum.id, pending.statusEnum.pendingApproval, pending.rescheduleFromInstallment, pending.rescheduleFromDate], [100, true, 2, [2025, 3, 1]]);
    assert.deepEqual(pending.loanTermVariationsData.map((v: { termType: { id: number }; decimalValue: number }) => [v.termType.id, v.decimalValue]), [[9, 2], [10, 1.5]]);
    assert.deepEqual([pending.rescheduleReasonCodeValue.name, pending.rescheduleReasonComment], ['Borrower hardship', 'Harvest failed']);
    assert.deepEqual(await schedule(loanId), before, 'nothing changes before approval');

    // Four eyes: the submitter cannot approve his own request.
    assertError(await t.post(`/rescheduleloans/${id}?command=approve`, { approvedOnDate: '2025-02-10', ...DATE }), 403, 'error.msg.rescheduleloan.approval.by.submitter.not.allowed');
    const approved = await checker.post(`/rescheduleloans/${id}?command=approve`, { approvedOnDate: '2025-02-10', ...DATE });
    assert.equal(approved.status, 200, approved.text);
    assertError(await checker.post(`/rescheduleloans/${id}?command=approve`, { approvedOnDate: '2025-02-10', ...DATE }), 400, 'validation.msg.rescheduleloan.request.is.not.in.submitted.and.pending.state');

    // EMI = 92,544.04 x 0.015 x 1.015^13 / (1.015^13 - 1) = 7,888.487... -> 7,888.49.
    // Instalment 2: interest 92,544.04 x 1.5% = 1,388.16, principal 7,888.49 - 1,388.16 = 6,500.33, leaving 86,043.71;
    // instalment 3: 86,043.71 x 1.5% = 1,290.66, principal 6,597.83; ... the last takes the 7,771.88 left and 116.58 interest.
    const after = await schedule(loanId);
    assert.equal(after.length, 14);
    assert.deepEqual(after[0], before[0], 'the paid instalment stays');
    assert.deepEqual(after[1], [2, '2025-3-1', 6500.33, 1388.16]);
    assert.deepEqual(after[2], [3, '2025-4-1', 6597.83, 1290.66]);
    assert.deepEqual(after[13], [14, '2026-3-1', 7771.88, 116.58]);
    assert.equal(Math.round(after.slice(1).reduce((s: number, p: number[]) => s + p[2]!, 0) * 100) / 100, 92544.04);
    const loan = (await t.get(`/loans/${loanId}`)).body;
    // Interest: 2,000.00 paid + 1,388.16 + 1,290.66 + ... + 116.58 = 2,000.00 + 10,006.30.
    assert.deepEqual([loan.summary.principalOutstanding, loan.summary.interestCharged, loan.numberOfRepayments, loan.interestRatePerPeriod], [92544.04, 12006.3, 14, 1.5]);
    assert.equal(await journalCount(loanId), journalBefore, 'a reschedule posts nothing (cash accounting)');

    // loan.rescheduled, checked against its JSON Schema in docs/events.
    const events = await service.platform.db.system((em) => em.execute<{ event_type: string; raw: string }[]>(
      `select event_type, payload::text as raw from kernel.outbox where tenant_id = ? and event_type = 'loan.rescheduled' and (payload->'data'->>'loanId')::int = ?`, [t.tenant, loanId],
    ));
    assertSchemas(events);
    assert.deepEqual(events.map((e) => JSON.parse(e.raw).data), [{
      loanId, accountNo: loan.accountNo, clientId: loan.clientId, officeId: branch, rescheduleId: id, rescheduleFromDate: '2025-03-01', approvedOn: '2025-02-10',
      numberOfRepayments: 14, interestRatePerPeriod: 1.5, totalInterest: 12006.3, currency: 'NGN',
    }]);

    const listed = (await t.get(`/rescheduleloans?loanId=${loanId}`)).body;
    assert.deepEqual(listed.map((r: { id: number; statusEnum: { id: number; approved: boolean } }) => [r.id, r.statusEnum.id, r.statusEnum.approved]), [[id, 200, true]]);
    assert.equal(listed[0].timeline.approvedByUserId !== listed[0].timeline.submittedByUserId, true);
    // The replaced schedule: 12 instalments, the second with 7,605.08 principal and 1,850.88 interest.
    assert.equal(listed[0].previousSchedule.length, 12);
    assert.deepEqual([listed[0].previousSchedule[1].principalDue, listed[0].previousSchedule[1].interestDue], [7605.08, 1850.88]);
    assert.deepEqual((await t.get(`/rescheduleloans?loanId=${loanId}&command=pending`)).body, []);

    // The new instalment is repaid as scheduled: DR 11201 7,888.49 / CR 13101 6,500.33, CR 41101 1,388.16.
    await setBusinessDate(t, '2025-03-01');
    const paid = await t.post(`/loans/${loanId}/transactions?command=repayment`, { transactionDate: '2025-03-01', transactionAmount: '7888.49', paymentTypeId: 2, ...DATE });
    assert.equal(paid.status, 200, paid.text);
    assert.deepEqual(await journal(t, `L${paid.body.resourceId}`), [['11201', 'DEBIT', 7888.49], ['13101', 'CREDIT', 6500.33], ['41101', 'CREDIT', 1388.16]]);
  });

  test('an adjusted due date makes a part period priced by the day count: 1 February to 16 March, 92,544.04 x 24% x 43/365 = 2,616.59', async () => {
    const loanId = await paidOnce();
    const created = await reschedule(loanId, { adjustedDueDate: '2025-03-16' });
    assert.equal(created.status, 200, created.text);
    assert.equal((await checker.post(`/rescheduleloans/${created.body.resourceId}?command=approve`, { ...DATE })).status, 200);
    // Instalment 9,455.96 over the 11 left at 2% is unchanged; principal 9,455.96 - 2,616.59 = 6,839.37, leaving 85,704.67;
    // then whole months: 85,704.67 x 2% = 1,714.09.
    const after = await schedule(loanId);
    assert.equal(after.length, 12);
    assert.deepEqual(after[1], [2, '2025-3-16', 6839.37, 2616.59]);
    assert.deepEqual(after[2], [3, '2025-4-16', 7741.87, 1714.09]);
  });

  test('a rejected request changes nothing; one pending request at a time', async () => {
    const loanId = await paidOnce();
    const before = await schedule(loanId);
    const created = await reschedule(loanId, { extraTerms: 1 });
    assert.equal(created.status, 200, created.text);
    assertError(await reschedule(loanId, { extraTerms: 3 }), 403, 'error.msg.rescheduleloan.loan.has.pending.request');
    const rejected = await checker.post(`/rescheduleloans/${created.body.resourceId}?command=reject`, { rejectedOnDate: '2025-02-10', ...DATE });
    assert.equal(rejected.status, 200, rejected.text);
    const request = (await t.get(`/rescheduleloans/${created.body.resourceId}`)).body;
    assert.deepEqual([request.statusEnum.id, request.statusEnum.rejected, request.timeline.rejectedOnDate, request.previousSchedule], [500, true, [2025, 2, 10], []]);
    assert.deepEqual(await schedule(loanId), before);
    assert.deepEqual((await t.get(`/rescheduleloans?loanId=${loanId}&command=reject`)).body.map((r: { id: number }) => r.id), [created.body.resourceId]);
  });

  test('bad requests are 400 with Fineract\'s codes and write nothing', async () => {
    const loanId = await paidOnce();
    assertError(await reschedule(loanId, { rescheduleFromDate: '2025-03-02', extraTerms: 1 }), 400, 'validation.msg.rescheduleloan.rescheduleFromDate.repayment.schedule.installment.does.not.exist');
    assertError(await reschedule(loanId, { rescheduleFromDate: '2025-02-01', extraTerms: 1 }), 400, 'validation.msg.rescheduleloan.rescheduleFromDate.repayment.schedule.installment.obligation.met');
    assertError(await reschedule(loanId, {}), 400, 'validation.msg.rescheduleloan.rescheduleFromDate.no.change');
    assertError(await reschedule(loanId, { extraTerms: 0 }), 400, 'validation.msg.rescheduleloan.extraTerms.not.greater.than.zero');
    assertError(await reschedule(loanId, { newInterestRate: -1 }), 400, 'validation.msg.rescheduleloan.newInterestRate.not.greater.than.zero');
    assertError(await reschedule(loanId, { extraTerms: 1, rescheduleReasonId: 999999 }), 400, 'validation.msg.rescheduleloan.rescheduleReasonId.invalid');
    assertError(await reschedule(loanId, { extraTerms: 1, submittedOnDate: '2024-12-31' }), 400, 'validation.msg.rescheduleloan.submittedOnDate.before.loan.disbursement.date');
    assertError(await reschedule(loanId, { adjustedDueDate: '2025-02-20' }), 400, 'validation.msg.rescheduleloan.rescheduleFromDate.adjustedDueDate.before.rescheduleFromDate');
    assertError(await reschedule(loanId, { rescheduleFromDate: '2025-12-01', graceOnPrincipal: 2 }), 400, 'validation.msg.rescheduleloan.graceOnPrincipal.is.not.within.expected.range');
    assertError(await t.post('/rescheduleloans?command=reschedule', { loanId, rescheduleFromDate: '2025-03-01', extraTerms: 1, ...DATE }), 400, 'validation.msg.rescheduleloan.rescheduleReasonId.cannot.be.blank');
    assert.deepEqual((await t.get(`/rescheduleloans?loanId=${loanId}`)).body, []);
  });

  test('another tenant\'s loan and request are 404; a teller without CREATE_RESCHEDULELOAN is 403', async () => {
    const loanId = await paidOnce();
    const created = await reschedule(loanId, { extraTerms: 1 });
    assert.equal(created.status, 200, created.text);
    const other = await service.tenant();
    await setBusinessDate(other, '2025-02-10');
    assert.equal((await other.post('/rescheduleloans?command=reschedule', { loanId, rescheduleFromDate: '2025-03-01', rescheduleReasonId: reasonId, extraTerms: 1, ...DATE })).status, 404);
    assert.equal((await other.get(`/rescheduleloans/${created.body.resourceId}`)).status, 404);
    assert.equal((await other.post(`/rescheduleloans/${created.body.resourceId}?command=approve`, { ...DATE })).status, 404);
    assert.deepEqual((await other.get(`/rescheduleloans?command=pending`)).body, []);
    const teller = await t.userWithRoles([320018], branch);
    assert.equal((await reschedule(loanId, { extraTerms: 1 }, teller)).status, 403);
  });

  test('day counts in a new schedule: a first due date of 16 February makes a 46-day first period', async () => {
    const product = async (name: string, extra: Record<string, unknown>) => {
      const res = await t.post('/loanproducts', {
        name, shortName: name.slice(0, 4), currencyCode: 'NGN', digitsAfterDecimal: 2, principal: 100000, minPrincipal: 1000, maxPrincipal: 1000000,
        numberOfRepayments: 12, repaymentEvery: 1, repaymentFrequencyType: 2, interestRatePerPeriod: 2, interestRateFrequencyType: 2, interestCalculationPeriodType: 1,
        transactionProcessingStrategyCode: 'mifos-standard-strategy', accountingRule: 2, amortizationType: 1, interestType: 0, locale: 'en', ...extra,
      });
      assert.equal(res.status, 200, res.text);
      return res.body.resourceId as number;
    };
    const thirty = await product('Thirty360', { daysInYearType: 360, daysInMonthType: 30 });
    // 30/360: 1 January to 16 February is 30 + 15 = 45 days; 100,000 x 24% x 45/360 = 3,000.00; principal 9,455.96 - 3,000.00 = 6,455.96; then 93,544.04 x 2% = 1,870.88.
    const loan30 = await disbursedLoan(thirty, { repaymentsStartingFromDate: '2025-02-16' });
    assert.deepEqual((await schedule(loan30)).slice(0, 2), [[1, '2025-2-16', 6455.96, 3000], [2, '2025-3-16', 7585.08, 1870.88]]);
    // Actual/365 (product 1): 46 days, 100,000 x 24% x 46/365 = 3,024.66; principal 6,431.30; then 93,568.70 x 2% = 1,871.37.
    const loanActual = await disbursedLoan(1, { repaymentsStartingFromDate: '2025-02-16' });
    assert.deepEqual((await schedule(loanActual)).slice(0, 2), [[1, '2025-2-16', 6431.3, 3024.66], [2, '2025-3-16', 7584.59, 1871.37]]);
  });
});
