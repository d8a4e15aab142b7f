import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { activeClient, application, DATE, journal, savingsAccount, setBusinessDate } from '../loan/support.js';
import { assertSchemas, outbox } from '../payments/support.js';

const FLAT_PRODUCT = 2;
const BANK_TRANSFER = 2;

interface Period { period: number | null; dueDate: number[]; feeChargesDue: number; feeChargesPaid: number; feeChargesOutstanding: number; penaltyChargesDue: number; penaltyChargesPaid: number; principalDue: number; interestDue: number; complete: boolean }
interface Charge { id: number; chargeId: number; name: string; amount: number; amountPaid: number; amountWaived: number; amountOutstanding: number; penalty: boolean; installmentChargeData: { installmentNumber: number; dueDate: number[]; amount: number; amountPaid: number; amountWaived: number }[] }

/**
 * Loan charges over HTTPS on PostgreSQL, with the worked example on a flat loan of 100,000 at 2% a month
 * over 12 months (8,333.33 principal and 2,000.00 interest an instalment; the last 8,333.37): a 1% disbursement
 * fee deducted from what is paid out, a 500 instalment fee on each instalment and a 2% penalty on an overdue
 * instalment's principal and interest, paid late, waived in part, then paid off.
 */
describe('loan charges', () => {
  let service: TestService;
  let t: TenantSession;
  let manager: TenantSession;
  let branch: number;
  let disbursementFee: number;
  let instalmentFee: number;
  let overduePenalty: number;

  const defineCharge = async (body: Record<string, unknown>) => {
    const res = await t.post('/charges', { currencyCode: 'NGN', chargeAppliesTo: 1, active: true, chargePaymentMode: 0, locale: 'en', ...body });
    assert.equal(res.status, 200, res.text);
    return res.body.resourceId as number;
  };
  const charges = async (loanId: number) => {
    const res = await t.get(`/loans/${loanId}/charges`);
    assert.equal(res.status, 200, res.text);
    return res.body as Charge[];
  };
  const loan = async (loanId: number) => (await t.get(`/loans/${loanId}?associations=repaymentSchedule,transactions`)).body;
  const periods = async (loanId: number) => ((await loan(loanId)).repaymentSchedule.periods as Period[]).filter((p) => typeof p.period === 'number');
  const repay = (loanId: number, date: string, amount: number | string) =>
    t.post(`/loans/${loanId}/transactions?command=repayment`, { transactionDate: date, transactionAmount: amount, paymentTypeId: BANK_TRANSFER, ...DATE });
  // Job 2 is the close of business's overdue-penalty step (APPLY_CHARGE_TO_OVERDUE_LOAN_INSTALLMENT).
  const runDailyJob = async (date: string) => {
    await setBusinessDate(t, date);
    const res = await t.post('/jobs/2?command=executeJob', {});
    assert.equal(res.status, 200, res.text);
  };
  const events = async (loanId: number) => {
    const rows = (await outbox(service, t.tenant, ['loan.charge.added', 'loan.charge.waived', 'loan.repayment'])).filter((e) => e.payload.data.loanId === loanId);
    assertSchemas(rows);
    return rows.map((e) => ({ type: e.event_type, ...e.payload.data }) as Record<string, unknown>);
  };
  const journalCount = async () =>
    (await service.platform.db.system((em) => em.execute<{ n: number }[]>(`select count(*)::int as n from ledger.journal_entry where tenant_id = ?`, [t.tenant])))[0]!.n;
  const submit = async (clientId: number, extra: Record<string, unknown>) => {
    const created = await t.post('/loans', application(clientId, FLAT_PRODUCT, 100000, extra));
    assert.equal(created.status, 200, created.text);
    return created.body.loanId as number;
  };
  const approveAndDisburse = async (loanId: number) => {
    assert.equal((await manager.post(`/loans/${loanId}?command=approve`, { approvedOnDate: '2025-01-01', ...DATE })).status, 200);
    const res = await t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE });
    assert.equal(res.status, 200, res.text);
    return res.body.resourceId as number;
  };

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    branch = await t.branch();
    manager = await t.userWithRoles([320007], branch);
    await setBusinessDate(t, '2025-01-01');
    disbursementFee = await defineCharge({ name: 'Processing fee', chargeTimeType: 1, chargeCalculationType: 2, amount: 1 });
    instalmentFee = await defineCharge({ name: 'Insurance', chargeTimeType: 8, chargeCalculationType: 1, amount: 500 });
    overduePenalty = await defineCharge({ name: 'Late payment', chargeTimeType: 9, chargeCalculationType: 3, amount: 2, penalty: true });
  });
  after(async () => service.stop());

  test('worked example: 1% deducted at disbursement, 500 an instalment, a 2% penalty paid late, a fee waived, then paid off', async () => {
    const clientId = await activeClient(t, branch);
    const savingsId = await savingsAccount(t, clientId);
    const loanId = await submit(clientId, { charges: [{ chargeId: disbursementFee }, { chargeId: instalmentFee }, { chargeId: overduePenalty }] });

    // At application: 1% of 100,000 = 1,000.00; 12 x 500 = 6,000.00; the penalty owes nothing until an instalment is overdue.
    let listed = await charges(loanId);
    assert.deepEqual(listed.map((c) => [c.chargeId, c.amount, c.penalty, c.installmentChargeData.length]), [[disbursementFee, 1000, false, 0], [instalmentFee, 6000, false, 12], [overduePenalty, 0, true, 0]]);

    // Disbursed: the account gets 100,000 - 1,000 = 99,000; the fee is income of 42101 in the same journal.
    const disbursalId = await approveAndDisburse(loanId);
    assert.equal((await t.get(`/savingsaccounts/${savingsId}`)).body.summary.accountBalance, 99000);
    assert.deepEqual(await journal(t, `L${disbursalId}`), [['13101', 'DEBIT', 100000], ['21101', 'CREDIT', 99000], ['42101', 'CREDIT', 1000]]);
    listed = await charges(loanId);
    assert.deepEqual([listed[0]!.amountPaid, listed[0]!.amountOutstanding], [1000, 0]);

    // Every instalment owes 500 of fees on top of 8,333.33 + 2,000.00; the schedule's totals are the parts' sums.
    let schedule = await periods(loanId);
    assert.equal(schedule.length, 12);
    assert.ok(schedule.every((p) => p.feeChargesDue === 500 && p.penaltyChargesDue === 0 && p.interestDue === 2000));
    let body = await loan(loanId);
    assert.deepEqual([body.repaymentSchedule.totalFeeChargesCharged, body.repaymentSchedule.totalRepaymentExpected], [6000, 130000]);
    assert.deepEqual([body.summary.feeChargesCharged, body.summary.feeChargesOutstanding, body.summary.totalExpectedRepayment], [6000, 6000, 130000]);

    // Instalment 1 falls due on 2025-02-01 unpaid: on 2025-02-02 its penalty is 2% of 8,333.33 + 2,000.00 = 206.6666 -> 206.67
    // (half-even to kobo). The next day's run applies nothing more for that instalment.
    await runDailyJob('2025-02-05');
    await runDailyJob('2025-02-06');
    listed = await charges(loanId);
    const penalty = listed.find((c) => c.chargeId === overduePenalty)!;
    assert.deepEqual([penalty.amount, penalty.installmentChargeData.map((p) => [p.installmentNumber, p.dueDate, p.amount])], [206.67, [[1, [2025, 2, 2], 206.67]]]);
    schedule = await periods(loanId);
    assert.deepEqual([schedule[0]!.penaltyChargesDue, schedule[1]!.penaltyChargesDue], [206.67, 0]);

    // Paid late: 206.67 + 500 + 2,000.00 + 8,333.33 = 11,040.00, allocated penalties, fees, interest, principal.
    const late = await repay(loanId, '2025-02-06', 11040);
    assert.equal(late.status, 200, late.text);
    assert.deepEqual(await journal(t, `L${late.body.resourceId}`), [['11201', 'DEBIT', 11040], ['13101', 'CREDIT', 8333.33], ['41101', 'CREDIT', 2000], ['42101', 'CREDIT', 500], ['42201', 'CREDIT', 206.67]]);
    const txn = (await t.get(`/loans/${loanId}/transactions/${late.body.resourceId}`)).body;
    assert.deepEqual([txn.principalPortion, txn.interestPortion, txn.feeChargesPortion, txn.penaltyChargesPortion], [8333.33, 2000, 500, 206.67]);
    schedule = await periods(loanId);
    assert.deepEqual([schedule[0]!.complete, schedule[0]!.feeChargesPaid, schedule[0]!.penaltyChargesPaid, schedule[0]!.feeChargesOutstanding], [true, 500, 206.67, 0]);

    // Instalment 2's fee waived: no longer due, nothing posted.
    const journalBefore = await journalCount();
    const waived = await t.post(`/loans/${loanId}/charges/${listed[1]!.id}?command=waive`, { installmentNumber: 2 });
    assert.equal(waived.status, 200, waived.text);
    assert.deepEqual([waived.body.loanId, waived.body.resourceId, waived.body.changes.amount], [loanId, listed[1]!.id, 500]);
    assert.equal(await journalCount(), journalBefore);
    schedule = await periods(loanId);
    assert.deepEqual([schedule[1]!.feeChargesDue, schedule[2]!.feeChargesDue], [0, 500]);
    assertError(await t.post(`/loans/${loanId}/charges/${listed[1]!.id}?command=waive`, { installmentNumber: 2 }), 403, 'error.msg.loan.charge.already.waived');

    // Paid off on 2025-02-10: principal 100,000 - 8,333.33 = 91,666.67; flat interest of period 2 pro rata
    // 2,000 x 9/28 = 642.857 -> 642.86; fees of instalments 3 to 12, 10 x 500 = 5,000.00. Total 97,309.53.
    await setBusinessDate(t, '2025-02-10');
    const tpl = await t.get(`/loans/${loanId}/transactions/template?command=prepayLoan&transactionDate=2025-02-10&dateFormat=yyyy-MM-dd&locale=en`);
    assert.equal(tpl.status, 200, tpl.text);
    assert.equal(tpl.body.amount, 97309.53);
    const payoff = await repay(loanId, '2025-02-10', '97309.53');
    assert.equal(payoff.status, 200, payoff.text);
    assert.deepEqual(await journal(t, `L${payoff.body.resourceId}`), [['11201', 'DEBIT', 97309.53], ['13101', 'CREDIT', 91666.67], ['41101', 'CREDIT', 642.86], ['42101', 'CREDIT', 5000]]);
    body = await loan(loanId);
    assert.equal(body.status.id, 600);
    // Fees charged net of the waiver: 6,000 - 500 = 5,500, all paid; the penalty 206.67 paid.
    assert.deepEqual([body.summary.feeChargesCharged, body.summary.feeChargesPaid, body.summary.penaltyChargesPaid, body.summary.totalOutstanding], [5500, 5500, 206.67, 0]);
    listed = await charges(loanId);
    assert.deepEqual(listed.map((c) => [c.amount, c.amountPaid, c.amountWaived, c.amountOutstanding]), [[1000, 1000, 0, 0], [6000, 5500, 500, 0], [206.67, 206.67, 0, 0]]);

    // The web app's loan view reads them with the loan (associations=all or charges).
    assert.deepEqual(((await t.get(`/loans/${loanId}?associations=charges`)).body.charges as Charge[]).map((c) => c.amountOutstanding), [0, 0, 0]);

    // GraphQL: the loan's charges ride on the Loan (the charges subgraph extends it), exact decimals.
    const gql = await t.graphql<{ loan: { charges: { name: string; amountPaid: string; amountWaived: string }[] } }>('query($id: Int!) { loan(id: $id) { charges { name amountPaid amountWaived } } }', { id: loanId });
    assert.deepEqual(gql.body.errors, undefined);
    assert.deepEqual(gql.body.data!.loan.charges.map((c) => [c.name, Number(c.amountPaid), Number(c.amountWaived)]), [['Processing fee', 1000, 0], ['Insurance', 5500, 500], ['Late payment', 206.67, 0]]);

    // The events of each step, with exact amounts and their published schemas.
    const seen = (await events(loanId)).map((e) => [e.type, e.name ?? null, e.amount, e.installmentNumber ?? null, e.feeChargesPortion ?? null, e.penaltyChargesPortion ?? null]);
    assert.deepEqual(seen, [
      ['loan.charge.added', 'Processing fee', 1000, null, null, null],
      ['loan.charge.added', 'Insurance', 6000, null, null, null],
      ['loan.charge.added', 'Late payment', 0, null, null, null],
      ['loan.charge.added', 'Late payment', 206.67, 1, null, null],
      ['loan.repayment', null, 11040, null, 500, 206.67],
      ['loan.charge.waived', 'Insurance', 500, 2, null, null],
      ['loan.repayment', null, 97309.53, null, 5000, 0],
    ]);
  });

  test('a specified-due-date charge falls into the instalment holding its date; pending loans\' charges change and go; bad input is refused', async () => {
    const clientId = await activeClient(t, branch);
    await savingsAccount(t, clientId);
    const documentFee = await defineCharge({ name: 'Document fee', chargeTimeType: 2, chargeCalculationType: 1, amount: 750 });
    const loanId = await submit(clientId, { charges: [] });
    assert.deepEqual(await charges(loanId), []);

    const tpl = await t.get(`/loans/${loanId}/charges/template`);
    assert.equal(tpl.status, 200, tpl.text);
    assert.ok((tpl.body.chargeOptions as { id: number }[]).some((c) => c.id === documentFee));

    // 2025-03-15 lies in instalment 3 (2025-03-01, 2025-04-01].
    const added = await t.post(`/loans/${loanId}/charges`, { chargeId: documentFee, amount: 800, dueDate: '2025-03-15', ...DATE });
    assert.equal(added.status, 200, added.text);
    assert.deepEqual(added.body, { loanId, resourceId: added.body.resourceId });
    const one = (await t.get(`/loans/${loanId}/charges/${added.body.resourceId}`)).body as Charge;
    assert.deepEqual([one.amount, one.installmentChargeData.map((p) => p.installmentNumber)], [800, [3]]);
    assert.deepEqual((await periods(loanId)).map((p) => p.feeChargesDue).slice(0, 4), [0, 0, 800, 0]);

    // Moved to 2025-01-20 (instalment 1) before approval.
    const moved = await t.put(`/loans/${loanId}/charges/${added.body.resourceId}`, { dueDate: '2025-01-20', ...DATE });
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual((await periods(loanId)).map((p) => p.feeChargesDue).slice(0, 4), [800, 0, 0, 0]);

    assertError(await t.post(`/loans/${loanId}/charges`, { chargeId: overduePenalty, ...DATE }), 403, 'error.msg.loanCharge.overdue.charge');
    assertError(await t.post(`/loans/${loanId}/charges`, { chargeId: documentFee, dueDate: '2027-01-01', ...DATE }), 403, 'error.msg.loanCharge.due.date.outside.schedule');
    assertError(await t.post(`/loans/${loanId}/charges`, { chargeId: documentFee, ...DATE }), 400, 'validation.msg.loanCharge.dueDate.cannot.be.blank');
    assertError(await t.post(`/loans/${loanId}/charges`, { chargeId: 999999, ...DATE }), 404, 'error.msg.charge.id.invalid');
    assertError(await t.get(`/loans/${loanId}/charges/999999`), 404, 'error.msg.loanCharge.id.invalid');
    const other = await service.tenant();
    assertError(await other.get(`/loans/${loanId}/charges`), 404, 'error.msg.loan.id.invalid');

    const deleted = await t.delete(`/loans/${loanId}/charges/${added.body.resourceId}`);
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual(await charges(loanId), []);
    assert.ok((await periods(loanId)).every((p) => p.feeChargesDue === 0));
  });

  test('undoing a disbursement gives the deducted fee back: DR 21101 99,000, DR 42101 1,000, CR 13101 100,000; the fees stay on the schedule', async () => {
    await setBusinessDate(t, '2025-01-01');
    const clientId = await activeClient(t, branch);
    const savingsId = await savingsAccount(t, clientId);
    const loanId = await submit(clientId, { charges: [{ chargeId: disbursementFee }, { chargeId: instalmentFee }] });
    await approveAndDisburse(loanId);
    const undone = await t.post(`/loans/${loanId}?command=undoDisbursal`, {});
    assert.equal(undone.status, 200, undone.text);
    assert.equal((await t.get(`/savingsaccounts/${savingsId}`)).body.summary.accountBalance, 0);
    // Disbursed DR 13101 100,000 / CR 21101 99,000 / CR 42101 1,000; undone, every account nets to zero.
    const entries = (await t.get(`/journalentries?loanId=${loanId}`)).body.pageItems as { glAccountCode: string; entryType: { value: string }; amount: number }[];
    const net = (code: string) => entries.filter((e) => e.glAccountCode === code).reduce((n, e) => n + (e.entryType.value === 'DEBIT' ? e.amount : -e.amount), 0);
    assert.deepEqual([entries.length, net('13101'), net('21101'), net('42101')], [6, 0, 0, 0]);
    assert.deepEqual((await charges(loanId)).map((c) => [c.amount, c.amountPaid]), [[1000, 0], [6000, 0]]);
    assert.ok((await periods(loanId)).every((p) => p.feeChargesDue === 500));

    // Disbursed again, instalment 1 repaid (500 + 2,000.00 + 8,333.33 = 10,833.33) and the repayment undone: the fee is owed again.
    await t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE });
    await setBusinessDate(t, '2025-02-01');
    const paid = await repay(loanId, '2025-02-01', '10833.33');
    assert.equal(paid.status, 200, paid.text);
    assert.deepEqual(await journal(t, `L${paid.body.resourceId}`), [['11201', 'DEBIT', 10833.33], ['13101', 'CREDIT', 8333.33], ['41101', 'CREDIT', 2000], ['42101', 'CREDIT', 500]]);
    const undoRepayment = await t.post(`/loans/${loanId}/transactions/${paid.body.resourceId}?command=undo`, {});
    assert.equal(undoRepayment.status, 200, undoRepayment.text);
    assert.deepEqual((await charges(loanId)).map((c) => [c.amountPaid, c.amountOutstanding]), [[1000, 0], [0, 6000]]);
    assert.deepEqual([(await periods(loanId))[0]!.feeChargesPaid, (await periods(loanId))[0]!.feeChargesOutstanding], [0, 500]);
  });

  test('a product\'s charges go to each loan opened on it that lists none; a listed amount overrides the definition\'s', async () => {
    const product = await t.post('/loanproducts', {
      name: 'Charged Flat Loan', shortName: 'CFL', currencyCode: 'NGN', digitsAfterDecimal: 2, principal: 100000, numberOfRepayments: 12, repaymentEvery: 1,
      repaymentFrequencyType: 2, interestRatePerPeriod: 2, interestRateFrequencyType: 2, amortizationType: 1, interestType: 1, interestCalculationPeriodType: 1,
      transactionProcessingStrategyCode: 'mifos-standard-strategy', daysInYearType: 1, daysInMonthType: 1, accountingRule: 2,
      charges: [{ id: instalmentFee }, { id: overduePenalty }], locale: 'en',
    });
    assert.equal(product.status, 200, product.text);
    const productId = product.body.resourceId as number;
    assert.deepEqual((await t.get(`/loanproducts/${productId}`)).body.charges, [{ id: instalmentFee }, { id: overduePenalty }]);
    assertError(await t.put(`/loanproducts/${productId}`, { charges: [{ id: 999999 }] }), 404, 'error.msg.charge.id.invalid');

    const clientId = await activeClient(t, branch);
    // The web app's application reads them from the loan template: the options in the product's currency and the product's own.
    const tpl = (await t.get(`/loans/template?templateType=individual&clientId=${clientId}&productId=${productId}`)).body;
    assert.ok((tpl.chargeOptions as { id: number }[]).some((c) => c.id === disbursementFee));
    assert.deepEqual((tpl.charges as { chargeId: number; amountOrPercentage: number }[]).map((c) => [c.chargeId, c.amountOrPercentage]), [[instalmentFee, 500], [overduePenalty, 2]]);
    const fromProduct = await t.post('/loans', application(clientId, productId, 100000));
    assert.equal(fromProduct.status, 200, fromProduct.text);
    assert.deepEqual((await charges(fromProduct.body.loanId)).map((c) => [c.chargeId, c.amount]), [[instalmentFee, 6000], [overduePenalty, 0]]);
    // 12 x 450 = 5,400.00 when the application says 450.
    const overridden = await t.post('/loans', application(clientId, productId, 100000, { charges: [{ chargeId: instalmentFee, amount: 450 }] }));
    assert.equal(overridden.status, 200, overridden.text);
    assert.deepEqual((await charges(overridden.body.loanId)).map((c) => [c.chargeId, c.amount]), [[instalmentFee, 5400]]);
    // A charge a product carries is in use: its kind cannot change.
    assertError(await t.put(`/charges/${overduePenalty}`, { chargeTimeType: 8, penalty: false }), 403, 'error.msg.charge.cannot.be.updated.it.is.used.in.loan');
  });
});
