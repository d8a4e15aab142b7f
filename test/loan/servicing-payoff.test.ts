import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { assertSchemas } from '../payments/support.js';
import { customer } from '../self/support.js';
import { activeClient, application, DATE, journal, savingsAccount, setBusinessDate } from './support.js';

/**
 * Early payoff (issue 36): the prepayLoan / foreclosure templates answer interest earned to the date only, and paying
 * that total closes the loan with no unearned interest charged or posted. Loans of 100,000 at 2% a month (24% a year),
 * 12 monthly repayments, disbursed 1 January 2025.
 */
describe('loans: early payoff with interest to the day', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let manager: TenantSession;
  /** A declining-balance (equal principal) product counting 30-day months in a 360-day year. */
  let thirty360: number;
  /** A flat product whose payoff charges the current period's interest whole (preClosureInterestCalculationStrategy 2). */
  let flatToPeriodEnd: number;

  /** The loan's events of a type, as stored, checked against their JSON Schema in docs/events first. */
  const outbox = async (eventType: string, loanId: number) => {
    const rows = await service.platform.db.system((em) => em.execute<{ event_type: string; raw: string }[]>(
      `select event_type, payload::text as raw from kernel.outbox where tenant_id = ? and event_type = ? and (payload->'data'->>'loanId')::int = ? order by id`, [t.tenant, eventType, loanId],
    ));
    assertSchemas(rows);
    return rows.map((r) => ({ payload: JSON.parse(r.raw) as { data: Record<string, unknown> } }));
  };
  const template = (loanId: number, date: string, command = 'prepayLoan') => t.get(`/loans/${loanId}/transactions/template?command=${command}&transactionDate=${date}&dateFormat=yyyy-MM-dd&locale=en`);
  const repay = (loanId: number, date: string, amount: number | string) =>
    t.post(`/loans/${loanId}/transactions?command=repayment`, { transactionDate: date, transactionAmount: amount, paymentTypeId: 2, ...DATE });
  const schedule = async (loanId: number) =>
    (await t.get(`/loans/${loanId}?associations=repaymentSchedule`)).body.repaymentSchedule.periods.filter((p: { period?: number }) => p.period != null)
      .map((p: Record<string, number>) => [p.period, p.interestDue, p.interestPaid, p.principalPaid]);

  /** A disbursed loan of 100,000 on `productId` (interestType / amortizationType as the product's), to a new client or `clientId`. */
  async function disbursedLoan(productId: number, interestType: number, amortizationType: number, clientId?: number): Promise<number> {
    await setBusinessDate(t, '2025-01-01');
    let client = clientId;
    if (client === undefined) {
      client = await activeClient(t, branch);
      await savingsAccount(t, client);
    }
    const created = await t.post('/loans', application(client, productId, 100000, { interestType, amortizationType }));
    assert.equal(created.status, 200, created.text);
    const loanId = created.body.loanId as number;
    assert.equal((await manager.post(`/loans/${loanId}?command=approve`, { approvedOnDate: '2025-01-01', ...DATE })).status, 200);
    const disbursed = await t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE });
    assert.equal(disbursed.status, 200, disbursed.text);
    return loanId;
  }

  const product = async (name: string, extra: Record<string, unknown>) => {
    const res = await t.post('/loanproducts', {
      name, shortName: name.slice(0, 4), currencyCode: 'NGN', digitsAfterDecimal: 2, principal: 100000, minPrincipal: 1000, maxPrincipal: 1000000,
      numberOfRepayments: 12, repaymentEvery: 1, repaymentFrequencyType: 2, interestRatePerPeriod: 2, interestRateFrequencyType: 2, interestCalculationPeriodType: 1,
      transactionProcessingStrategyCode: 'mifos-standard-strategy', accountingRule: 2, locale: 'en', ...extra,
    });
    assert.equal(res.status, 200, res.text);
    return res.body.resourceId as number;
  };

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    branch = await t.branch();
    await setBusinessDate(t, '2025-01-01');
    // At head office: it approves the self-service customers' loans too, whatever their branch.
    manager = await t.userWithRoles([320007]);
    thirty360 = await product('Declining 30-360', { amortizationType: 0, interestType: 0, daysInYearType: 360, daysInMonthType: 30 });
    flatToPeriodEnd = await product('Flat to period end', { amortizationType: 1, interestType: 1, daysInYearType: 365, daysInMonthType: 1, preClosureInterestCalculationStrategy: 2 });
  });
  after(async () => service.stop());

  test('day 5, reducing balance, actual/365: 100,000 x 24% x 5/365 = 328.77 closes it; the unearned 13,142.76 is never charged; undo restores the schedule', async () => {
    const loanId = await disbursedLoan(1, 0, 1);
    await setBusinessDate(t, '2025-01-06');
    const tpl = await template(loanId, '2025-01-06');
    assert.equal(tpl.status, 200, tpl.text);
    assert.deepEqual(
      [tpl.body.amount, tpl.body.principalPortion, tpl.body.interestPortion, tpl.body.feeChargesPortion, tpl.body.penaltyChargesPortion, tpl.body.date, tpl.body.type.id],
      [100328.77, 100000, 328.77, 0, 0, [2025, 1, 6], 2],
    );
    // A kobo more than the payoff is refused, and nothing is written.
    assertError(await repay(loanId, '2025-01-06', '100328.78'), 403, 'error.msg.loan.transaction.amount.greater.than.outstanding');
    const paid = await repay(loanId, '2025-01-06', '100328.77');
    assert.equal(paid.status, 200, paid.text);
    assert.equal(paid.body.changes.status.id, 600);
    assert.deepEqual(await journal(t, `L${paid.body.resourceId}`), [['11201', 'DEBIT', 100328.77], ['13101', 'CREDIT', 100000], ['41101', 'CREDIT', 328.77]]);
    const loan = (await t.get(`/loans/${loanId}`)).body;
    assert.deepEqual([loan.status.id, loan.summary.interestCharged, loan.summary.interestPaid, loan.summary.totalOutstanding], [600, 328.77, 328.77, 0]);
    const periods = await schedule(loanId);
    assert.deepEqual(periods[0], [1, 328.77, 328.77, 7455.96]);
    assert.deepEqual(periods[11].slice(1, 3), [0, 0]);
    const [event] = (await outbox('loan.repayment', loanId)).map((r) => r.payload.data);
    assert.deepEqual([event!.amount, event!.interestPortion, event!.principalPortion, event!.closed, event!.reason], [100328.77, 328.77, 100000, true, 'prepayment']);

    // Undone: the loan is active again with its whole contractual schedule (13,471.53 of interest).
    const undone = await t.post(`/loans/${loanId}/transactions/${paid.body.resourceId}?command=undo`, {});
    assert.equal(undone.status, 200, undone.text);
    const reopened = (await t.get(`/loans/${loanId}`)).body;
    assert.deepEqual([reopened.status.id, reopened.summary.interestCharged, reopened.summary.principalOutstanding], [300, 13471.53, 100000]);
    assert.deepEqual((await schedule(loanId))[0], [1, 2000, 0, 0]);
  });

  test('day 37, declining balance, 30/360, period 1 paid: 91,666.67 x 24% x 6/360 = 366.67; foreclosure with Fineract\'s body closes it', async () => {
    const loanId = await disbursedLoan(thirty360, 0, 0);
    await setBusinessDate(t, '2025-02-07');
    // Period 1: 8,333.33 principal + 2,000.00 interest.
    assert.equal((await repay(loanId, '2025-02-01', '10333.33')).status, 200);
    const tpl = await template(loanId, '2025-02-07', 'foreclosure');
    assert.equal(tpl.status, 200, tpl.text);
    assert.deepEqual([tpl.body.amount, tpl.body.principalPortion, tpl.body.interestPortion], [92033.34, 91666.67, 366.67]);
    const res = await t.post(`/loans/${loanId}/transactions?command=foreclosure`, { transactionDate: '2025-02-07', note: 'negotiated exit', ...DATE });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.changes.status.id, 600);
    assert.deepEqual(await journal(t, `L${res.body.resourceId}`), [['11201', 'DEBIT', 92033.34], ['13101', 'CREDIT', 91666.67], ['41101', 'CREDIT', 366.67]]);
    const loan = (await t.get(`/loans/${loanId}`)).body;
    // 2,000.00 for period 1 and 366.67 for the six days of period 2.
    assert.deepEqual([loan.status.id, loan.summary.interestCharged, loan.summary.totalOutstanding], [600, 2366.67, 0]);
    assert.deepEqual((await schedule(loanId)).slice(0, 3), [[1, 2000, 2000, 8333.33], [2, 366.67, 366.67, 8333.33], [3, 0, 0, 8333.33]]);
  });

  test('day 5, flat: strategy 1 pro rata 2,000 x 5/31 = 322.58; strategy 2 the whole period 2,000.00', async () => {
    const proRata = await disbursedLoan(2, 1, 1);
    const whole = await disbursedLoan(flatToPeriodEnd, 1, 1);
    await setBusinessDate(t, '2025-01-06');
    assert.equal((await template(proRata, '2025-01-06')).body.amount, 100322.58);
    assert.equal((await template(whole, '2025-01-06')).body.amount, 102000);
    const res = await repay(whole, '2025-01-06', 102000);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(await journal(t, `L${res.body.resourceId}`), [['11201', 'DEBIT', 102000], ['13101', 'CREDIT', 100000], ['41101', 'CREDIT', 2000]]);
  });

  test('the last day: every instalment due, 100,000 + 13,471.53; the closing repayment is a plain repayment', async () => {
    const loanId = await disbursedLoan(1, 0, 1);
    await setBusinessDate(t, '2026-01-01');
    assert.equal((await template(loanId, '2026-01-01')).body.amount, 113471.53);
    const res = await repay(loanId, '2026-01-01', '113471.53');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(await journal(t, `L${res.body.resourceId}`), [['11201', 'DEBIT', 113471.53], ['13101', 'CREDIT', 100000], ['41101', 'CREDIT', 13471.53]]);
    const [event] = (await outbox('loan.repayment', loanId)).map((r) => r.payload.data);
    assert.deepEqual([event!.closed, event!.reason], [true, 'repayment']);
  });

  test('the template before the disbursement is 400; another tenant\'s loan is 404; an unknown command is 400', async () => {
    const loanId = await disbursedLoan(1, 0, 1);
    assertError(await template(loanId, '2024-12-31'), 400, 'validation.msg.loan.transaction.transactionDate.cannot.be.before.disbursement.date');
    const other = await service.tenant();
    assertError(await other.get(`/loans/${loanId}/transactions/template?command=prepayLoan`), 404, 'error.msg.loan.id.invalid');
    assertError(await other.post(`/loans/${loanId}/transactions?command=foreclosure`, { transactionDate: '2025-01-01', ...DATE }), 404, 'error.msg.loan.id.invalid');
    assertError(await t.get(`/loans/${loanId}/transactions/template?command=nonsense`), 400, 'error.msg.command.unsupported');
  });

  test('self-service: a customer sees the payoff of their own loan ("to close your loan today, pay N"); another customer\'s is 404', async () => {
    await setBusinessDate(t, '2025-01-01');
    const ada = await customer(t);
    const bola = await customer(t);
    const loanId = await disbursedLoan(1, 0, 1, ada.clientId);
    await setBusinessDate(t, '2025-01-06');
    const own = await ada.session.get(`/self/loans/${loanId}/transactions/template?command=prepayLoan`);
    assert.equal(own.status, 200, own.text);
    assert.deepEqual([own.body.date, own.body.amount, own.body.principalPortion, own.body.interestPortion, own.body.currency.code], [[2025, 1, 6], 100328.77, 100000, 328.77, 'NGN']);
    const gql = await ada.session.graphql(`query { me { loanPayoff(loanId: ${loanId}, transactionDate: "2025-02-07") { amount interestPortion } } }`);
    // 2,000.00 for January and 100,000 x 24% x 6/365 = 394.52 for February's first six days.
    assert.deepEqual(gql.body.data.me.loanPayoff, { amount: '102394.52', interestPortion: '2394.52' });
    assertError(await bola.session.get(`/self/loans/${loanId}/transactions/template?command=prepayLoan`), 404, 'error.msg.loan.id.invalid');
    assertError(await t.get(`/self/loans/${loanId}/transactions/template?command=prepayLoan`), 403, 'error.msg.not.authorized');
    assertError(await ada.session.get(`/loans/${loanId}/transactions/template?command=prepayLoan`), 403, 'error.msg.not.authorized');
  });
});
