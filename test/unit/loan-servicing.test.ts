import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import BigNumber from 'bignumber.js';
import { annualRate, daysBetween, yearFraction } from '../../subgraphs/loan/domain/day-count.js';
import { payoffOn, type PayoffTerms, type ServicedPeriod } from '../../subgraphs/loan/domain/payoff.js';
import { recalculateAfterPrepayment } from '../../subgraphs/loan/domain/recalculation.js';
import { rescheduledPeriods } from '../../subgraphs/loan/domain/reschedule.js';
import { waiveInterest } from '../../subgraphs/loan/domain/waiver.js';
import { generateSchedule, methodOf, periodRate, type ScheduleTerms } from '../../subgraphs/loan/domain/schedule.js';

/** 100,000 at 2% a month (24% a year) over 12 monthly repayments, disbursed 1 January 2025 (as the seeded products). */
const terms = (interestType: number, amortizationType: number): ScheduleTerms => ({
  principal: '100000', numberOfRepayments: 12, repaymentEvery: 1, repaymentFrequencyType: 2, interestRatePerPeriod: '2', interestRateFrequencyType: 2,
  amortizationType, interestType, digits: 2, disbursementDate: '2025-01-01',
});
const serviced = (t: ScheduleTerms): ServicedPeriod[] => generateSchedule(t).periods.map((p) => ({
  period: p.period, fromDate: p.fromDate, dueDate: p.dueDate, principalDue: p.principal, interestDue: p.interest, principalPaid: '0', interestPaid: '0',
}));
const payoffTerms = (t: ScheduleTerms, daysInYearType: number, daysInMonthType: number, preClosure = 1): PayoffTerms => ({
  method: methodOf(t.interestType, t.amortizationType), annualRate: annualRate(t.interestRatePerPeriod, t.interestRateFrequencyType),
  dayCount: { daysInYearType, daysInMonthType }, preClosureInterestCalculationStrategy: preClosure, digits: 2,
});
const REDUCING = terms(0, 1);
const FLAT = terms(1, 1);
const DECLINING = terms(0, 0);
/** Period 1 of `periods` paid in full. */
const firstPaid = (periods: ServicedPeriod[]): ServicedPeriod[] => periods.map((p, i) => (i === 0 ? { ...p, principalPaid: p.principalDue, interestPaid: p.interestDue } : p));

describe('day counts', () => {
  test('30/360 counts every month as 30 days; actual counts the calendar', () => {
    assert.equal(daysBetween('2025-01-01', '2025-02-01', 30), 30);
    assert.equal(daysBetween('2025-01-31', '2025-02-28', 30), 28); // the 31st counts as the 30th
    assert.equal(daysBetween('2025-02-01', '2025-03-01', 30), 30);
    assert.equal(daysBetween('2025-02-01', '2025-03-01', 1), 28);
    assert.equal(daysBetween('2025-01-01', '2025-02-07', 30), 36);
  });
  test('year fractions: 360, 364, 365 divide; actual splits at 1 January (2024 is a leap year)', () => {
    assert.equal(yearFraction('2025-01-01', '2025-02-07', { daysInYearType: 360, daysInMonthType: 30 }).toFixed(), '0.1'); // 36/360
    assert.equal(yearFraction('2025-01-01', '2025-01-15', { daysInYearType: 364, daysInMonthType: 1 }).toFixed(), '0.0384615384615384615384615384615384615385'); // 14/364 = 1/26
    // 30 Dec 2024 to 3 Jan 2025: 2 days of 2024 over 366 plus 2 days of 2025 over 365.
    assert.equal(yearFraction('2024-12-30', '2025-01-03', { daysInYearType: 1, daysInMonthType: 1 }).toFixed(20), new BigNumber(2).div(366).plus(new BigNumber(2).div(365)).toFixed(20));
  });
});

describe('payoff on a date: reducing balance (equal instalments, 9,455.96)', () => {
  const periods = serviced(REDUCING);
  test('day 5 (6 January), actual/365: 100,000 x 24% x 5/365 = 328.767... -> 328.77', () => {
    const p = payoffOn(periods, '2025-01-06', payoffTerms(REDUCING, 365, 1));
    assert.deepEqual([p.principal, p.interest, p.fee, p.penalty, p.total], ['100000.00', '328.77', '0.00', '0.00', '100328.77']);
    // Only period 1 earned anything; the later periods owe no interest when the loan closes that day.
    assert.deepEqual(p.interestByPeriod.slice(0, 3), [{ period: 1, interestDue: '328.77' }, { period: 2, interestDue: '0.00' }, { period: 3, interestDue: '0.00' }]);
  });
  test('day 5, 30/360: 100,000 x 24% x 5/360 = 333.33; 364 days: x 5/364 = 329.67; actual (2025 has 365) = 328.77', () => {
    assert.equal(payoffOn(periods, '2025-01-06', payoffTerms(REDUCING, 360, 30)).total, '100333.33');
    assert.equal(payoffOn(periods, '2025-01-06', payoffTerms(REDUCING, 364, 1)).interest, '329.67');
    assert.equal(payoffOn(periods, '2025-01-06', payoffTerms(REDUCING, 1, 1)).interest, '328.77');
  });
  test('day 37 (7 February), period 1 unpaid: its 2,000.00 whole, plus 100,000 x 24% x 6/365 = 394.52', () => {
    const p = payoffOn(periods, '2025-02-07', payoffTerms(REDUCING, 365, 1));
    assert.deepEqual([p.principal, p.interest, p.total], ['100000.00', '2394.52', '102394.52']);
  });
  test('day 37, period 1 paid: 92,544.04 x 24% x 6/365 = 365.105... -> 365.11; 30/360: x 6/360 = 370.18', () => {
    const paid = firstPaid(periods);
    assert.deepEqual([payoffOn(paid, '2025-02-07', payoffTerms(REDUCING, 365, 1)).interest, payoffOn(paid, '2025-02-07', payoffTerms(REDUCING, 365, 1)).total], ['365.11', '92909.15']);
    assert.equal(payoffOn(paid, '2025-02-07', payoffTerms(REDUCING, 360, 30)).interest, '370.18');
  });
  test('the last day (1 January 2026): every instalment whole, 100,000 + 13,471.53', () => {
    assert.equal(payoffOn(periods, '2026-01-01', payoffTerms(REDUCING, 365, 1)).total, '113471.53');
  });
  test('a period day-count interest never exceeds what the period was scheduled to earn (31 days x 24%/365 > 2%)', () => {
    // 31 January is one day before period 1 ends: 100,000 x 24% x 30/365 = 1,972.60, under 2,000.00.
    assert.equal(payoffOn(periods, '2025-01-31', payoffTerms(REDUCING, 365, 1)).interest, '1972.60');
    // 30/360 with a 364-day year: 30 days x 24% / 364 = 1,978.02; on 1 February the period is due whole: 2,000.00.
    assert.equal(payoffOn(periods, '2025-02-01', payoffTerms(REDUCING, 364, 30)).interest, '2000.00');
  });
});

describe('payoff on a date: flat (2,000.00 interest every period)', () => {
  const periods = serviced(FLAT);
  test('day 5, strategy 1 (to the date), actual days: 2,000 x 5/31 = 322.58; 30-day months: 2,000 x 5/30 = 333.33', () => {
    assert.equal(payoffOn(periods, '2025-01-06', payoffTerms(FLAT, 365, 1, 1)).total, '100322.58');
    assert.equal(payoffOn(periods, '2025-01-06', payoffTerms(FLAT, 360, 30, 1)).total, '100333.33');
  });
  test('day 5, strategy 2 (to the end of the period): the whole 2,000.00', () => {
    assert.equal(payoffOn(periods, '2025-01-06', payoffTerms(FLAT, 365, 1, 2)).total, '102000.00');
  });
  test('day 37, strategy 1: 2,000.00 + 2,000 x 6/28 (February) = 428.57', () => {
    assert.deepEqual([payoffOn(periods, '2025-02-07', payoffTerms(FLAT, 365, 1, 1)).interest], ['2428.57']);
  });
  test('the last day: 100,000 + 12 x 2,000 = 124,000.00', () => {
    assert.equal(payoffOn(periods, '2026-01-01', payoffTerms(FLAT, 365, 1, 1)).total, '124000.00');
  });
});

describe('payoff on a date: declining balance (equal principal 8,333.33)', () => {
  const periods = serviced(DECLINING);
  test('day 5: 328.77 (actual/365), 333.33 (30/360)', () => {
    assert.equal(payoffOn(periods, '2025-01-06', payoffTerms(DECLINING, 365, 1)).interest, '328.77');
    assert.equal(payoffOn(periods, '2025-01-06', payoffTerms(DECLINING, 360, 30)).interest, '333.33');
  });
  test('day 37, period 1 paid: 91,666.67 x 24% x 6/365 = 361.64', () => {
    assert.equal(payoffOn(firstPaid(periods), '2025-02-07', payoffTerms(DECLINING, 365, 1)).total, '92028.31');
  });
  test('the last day: interest 2,000.00 + 1,833.33 + 1,666.67 + 1,500.00 + 1,333.33 + 1,166.67 + 1,000.00 + 833.33 + 666.67 + 500.00 + 333.33 + 166.67 = 13,000.00', () => {
    assert.equal(payoffOn(periods, '2026-01-01', payoffTerms(DECLINING, 365, 1)).total, '113000.00');
  });
});

describe('interest recalculation after a part prepayment of 20,000 on 1 February (period 1 paid, 30/360)', () => {
  const recalc = (t: ScheduleTerms, strategy: number) =>
    recalculateAfterPrepayment(firstPaid(serviced(t)), '2025-02-01', '20000', { ...payoffTerms(t, 360, 30), periodRate: periodRate(t), rescheduleStrategyMethod: strategy });
  const row = (p: ServicedPeriod) => [p.period, p.dueDate, p.principalDue, p.interestDue, p.principalPaid];

  test('declining, 3 reduce EMI: 71,666.67 over the 11 instalments left, 6,515.15 each, the last 6,515.17', () => {
    const s = recalc(DECLINING, 3);
    assert.equal(s.length, 12);
    assert.deepEqual(row(s[0]!), [1, '2025-02-01', '8333.33', '2000.00', '8333.33']); // untouched
    // Period 2: 71,666.67 x 24% x 30/360 = 1,433.33; the 20,000 recorded due and paid in it.
    assert.deepEqual(row(s[1]!), [2, '2025-03-01', '26515.15', '1433.33', '20000.00']);
    // Period 3: (71,666.67 - 6,515.15 = 65,151.52) x 2% = 1,303.03.
    assert.deepEqual(row(s[2]!), [3, '2025-04-01', '6515.15', '1303.03', '0.00']);
    // 71,666.67 - 10 x 6,515.15 = 6,515.17; its interest 6,515.17 x 2% = 130.30.
    assert.deepEqual(row(s[11]!), [12, '2026-01-01', '6515.17', '130.30', '0.00']);
  });
  test('declining, 2 reduce the number of instalments: 8,333.33 kept, 9 instalments left instead of 11', () => {
    const s = recalc(DECLINING, 2);
    assert.equal(s.length, 10);
    assert.deepEqual(row(s[1]!), [2, '2025-03-01', '28333.33', '1433.33', '20000.00']);
    // Period 3: 63,333.34 x 2% = 1,266.67.
    assert.deepEqual(row(s[2]!), [3, '2025-04-01', '8333.33', '1266.67', '0.00']);
    // 71,666.67 - 8 x 8,333.33 = 5,000.03, interest 100.00.
    assert.deepEqual(row(s[9]!), [10, '2025-11-01', '5000.03', '100.00', '0.00']);
  });
  test('declining, 1 reschedule next repayments: 20,000 pays periods 2 and 3 and 3,333.34 of period 4 in advance; interest falls', () => {
    const s = recalc(DECLINING, 1);
    assert.equal(s.length, 12);
    assert.deepEqual(row(s[1]!), [2, '2025-03-01', '8333.33', '1433.33', '8333.33']);
    assert.deepEqual(row(s[2]!), [3, '2025-04-01', '8333.33', '1433.33', '8333.33']);
    assert.deepEqual(row(s[3]!), [4, '2025-05-01', '8333.33', '1433.33', '3333.34']);
    // After period 4's remaining 4,999.99 is paid: 66,666.68 x 2% = 1,333.33.
    assert.deepEqual(row(s[4]!), [5, '2025-06-01', '8333.33', '1333.33', '0.00']);
  });
  test('reducing, 3 reduce EMI: 72,544.04 over 11 at 2%: 72,544.04 x 0.02 x 1.02^11 / (1.02^11 - 1) = 7,412.40', () => {
    const s = recalc(REDUCING, 3);
    // Period 2: 72,544.04 x 2% = 1,450.88; principal 7,412.40 - 1,450.88 = 5,961.52 (+ the 20,000).
    assert.deepEqual(row(s[1]!), [2, '2025-03-01', '25961.52', '1450.88', '20000.00']);
    // Period 3: 66,582.52 x 2% = 1,331.65; principal 7,412.40 - 1,331.65 = 6,080.75.
    assert.deepEqual(row(s[2]!), [3, '2025-04-01', '6080.75', '1331.65', '0.00']);
    const principal = s.slice(1).reduce((t, p) => t.plus(p.principalDue), new BigNumber(0));
    assert.equal(principal.toFixed(2), '92544.04', 'the principal still sums to what was owed');
  });
  test('a prepayment of the whole balance is a payoff, not a recalculation', () => {
    assert.throws(() => recalculateAfterPrepayment(firstPaid(serviced(DECLINING)), '2025-02-01', '91666.67', { ...payoffTerms(DECLINING, 360, 30), periodRate: periodRate(DECLINING), rescheduleStrategyMethod: 3 }), RangeError);
  });
});

describe('reschedule: from 1 March, 2 extra terms at 1.5% a month (declining, period 1 paid)', () => {
  const change = { rescheduleFromDate: '2025-03-01', extraTerms: 2, newInterestRate: '1.5' };
  const s = rescheduledPeriods(firstPaid(serviced(DECLINING)), change, { ...DECLINING });
  test('91,666.67 spread over 13 instalments of 7,051.28 (the last 7,051.31), interest at 1.5% on the balance', () => {
    assert.equal(s.length, 14);
    assert.deepEqual([s[0]!.period, s[0]!.principalPaid], [1, '8333.33']);
    // 91,666.67 / 13 = 7,051.28; 91,666.67 x 1.5% = 1,375.00.
    assert.deepEqual([s[1]!.period, s[1]!.fromDate, s[1]!.dueDate, s[1]!.principalDue, s[1]!.interestDue], [2, '2025-02-01', '2025-03-01', '7051.28', '1375.00']);
    // 91,666.67 - 12 x 7,051.28 = 7,051.31, due 1 March 2026; interest 7,051.31 x 1.5% = 105.77.
    assert.deepEqual([s[13]!.period, s[13]!.dueDate, s[13]!.principalDue, s[13]!.interestDue], [14, '2026-03-01', '7051.31', '105.77']);
  });
  test('an adjusted due date moves the first new instalment; grace on principal defers it', () => {
    const moved = rescheduledPeriods(firstPaid(serviced(DECLINING)), { rescheduleFromDate: '2025-03-01', adjustedDueDate: '2025-03-15', graceOnPrincipal: 1 }, { ...DECLINING });
    assert.deepEqual([moved[1]!.dueDate, moved[1]!.principalDue, moved[2]!.dueDate], ['2025-03-15', '0.00', '2025-04-15']);
    // 91,666.67 over the 10 instalments after the grace: 9,166.67.
    assert.equal(moved[2]!.principalDue, '9166.67');
  });
  test('a date with no instalment due is refused', () => {
    assert.throws(() => rescheduledPeriods(serviced(DECLINING), { rescheduleFromDate: '2025-03-02' }, { ...DECLINING }), RangeError);
  });
});

describe('interest waiver: the earliest unpaid interest first', () => {
  test('2,500 waived on the reducing loan: period 1 2,000.00 -> 0, period 2 1,850.88 -> 1,350.88; more than the unpaid interest is refused', () => {
    const periods = serviced(REDUCING);
    assert.deepEqual(waiveInterest(periods, '2500', 2), [{ period: 1, interestDue: '0.00' }, { period: 2, interestDue: '1350.88' }]);
    // Period 1 paid: the waiver starts at period 2.
    assert.deepEqual(waiveInterest(firstPaid(periods), '100', 2), [{ period: 2, interestDue: '1750.88' }]);
    assert.equal(waiveInterest(periods, '13471.54', 2), null);
  });
});
