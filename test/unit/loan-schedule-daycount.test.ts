import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import BigNumber from 'bignumber.js';
import { generateSchedule, periodRate, type ScheduleTerms } from '../../subgraphs/loan/domain/schedule.js';

/**
 * Day counts in new schedules: a part period (here a first due date of 16 February for a loan disbursed on
 * 1 January, repaid monthly) earns interest for its days by the product's convention; whole periods keep the
 * period rate; with daily interest calculation every period is counted by its days.
 */

const ACTUAL_365 = { daysInYearType: 1, daysInMonthType: 1 };
const THIRTY_360 = { daysInYearType: 360, daysInMonthType: 30 };

/** 100,000 at 2% a month (24% a year) over 12 monthly repayments, disbursed 1 January 2025, first due 16 February. */
const terms = (interestType: number, amortizationType: number, extra: Partial<ScheduleTerms> = {}): ScheduleTerms => ({
  principal: '100000', numberOfRepayments: 12, repaymentEvery: 1, repaymentFrequencyType: 2, interestRatePerPeriod: '2', interestRateFrequencyType: 2,
  amortizationType, interestType, digits: 2, disbursementDate: '2025-01-01', repaymentsStartingFromDate: '2025-02-16', interestCalculationPeriodType: 1, ...extra,
});
const sum = (values: string[]) => values.reduce((s, v) => s.plus(v), new BigNumber(0)).toFixed(2);
const row = (s: ReturnType<typeof generateSchedule>, i: number) => [s.periods[i]!.principal, s.periods[i]!.interest, s.periods[i]!.outstanding];

describe('day counts: a part first period (1 January to 16 February) on a reducing balance loan', () => {
  test('actual/365: 46 days, 100,000 x 24% x 46/365 = 3,024.657... -> 3,024.66; principal 9,455.96 - 3,024.66 = 6,431.30', () => {
    const s = generateSchedule(terms(0, 1, { dayCount: ACTUAL_365 }));
    assert.deepEqual(row(s, 0), ['6431.30', '3024.66', '93568.70']);
    // Period 2 is whole (16 February to 16 March): 93,568.70 x 2% = 1,871.374 -> 1,871.37.
    assert.deepEqual(row(s, 1), ['7584.59', '1871.37', '85984.11']);
    assert.equal(s.periods[11]!.outstanding, '0.00');
    assert.equal(sum(s.periods.map((p) => p.principal)), '100000.00');
  });
  test('30/360: 30 + 15 = 45 days, 100,000 x 24% x 45/360 = 3,000.00; principal 6,455.96', () => {
    const s = generateSchedule(terms(0, 1, { dayCount: THIRTY_360 }));
    assert.deepEqual(row(s, 0), ['6455.96', '3000.00', '93544.04']);
  });
  test('the other years: 364 days x 46/364 = 3,032.97; 360 with actual days 46/360 = 3,066.67; 365 with 30-day months 45/365 = 2,958.90', () => {
    assert.equal(generateSchedule(terms(0, 1, { dayCount: { daysInYearType: 364, daysInMonthType: 1 } })).periods[0]!.interest, '3032.97');
    assert.equal(generateSchedule(terms(0, 1, { dayCount: { daysInYearType: 360, daysInMonthType: 1 } })).periods[0]!.interest, '3066.67');
    assert.equal(generateSchedule(terms(0, 1, { dayCount: { daysInYearType: 365, daysInMonthType: 30 } })).periods[0]!.interest, '2958.90');
  });
  test('without a day count (schedules as before) the part period earns one whole period: 2,000.00', () => {
    assert.equal(generateSchedule(terms(0, 1)).periods[0]!.interest, '2000.00');
  });
  test('a whole first period is unchanged by any convention: 2,000.00', () => {
    const whole = { repaymentsStartingFromDate: null };
    assert.equal(generateSchedule(terms(0, 1, { ...whole, dayCount: ACTUAL_365 })).periods[0]!.interest, '2000.00');
    assert.equal(generateSchedule(terms(0, 1, { ...whole, dayCount: THIRTY_360 })).periods[0]!.interest, '2000.00');
  });
});

describe('day counts: a part first period on declining (equal principal) and flat loans', () => {
  test('declining, actual/365: equal principal 8,333.33, interest 3,024.66 then 91,666.67 x 2% = 1,833.33', () => {
    const s = generateSchedule(terms(0, 0, { dayCount: ACTUAL_365 }));
    assert.deepEqual(row(s, 0), ['8333.33', '3024.66', '91666.67']);
    assert.deepEqual(row(s, 1), ['8333.33', '1833.33', '83333.34']);
  });
  test('declining, 30/360: 3,000.00 for the 45 days', () => {
    assert.equal(generateSchedule(terms(0, 0, { dayCount: THIRTY_360 })).periods[0]!.interest, '3000.00');
  });
  test('flat, 30/360: total 100,000 x (45/360 x 24% + 11 x 2%) = 25,000.00; 3,000.00 in the part period, 2,000.00 in each other', () => {
    const s = generateSchedule(terms(1, 1, { dayCount: THIRTY_360 }));
    assert.equal(s.totalInterest, '25000.00');
    assert.deepEqual(s.periods.map((p) => p.interest), ['3000.00', ...Array(11).fill('2000.00')]);
  });
  test('flat, actual/365: total 100,000 x (46/365 x 24% + 0.22) = 25,024.657... -> 25,024.66; 3,024.66 then 2,000.00 each', () => {
    const s = generateSchedule(terms(1, 1, { dayCount: ACTUAL_365 }));
    assert.equal(s.totalInterest, '25024.66');
    // 25,024.66 x 0.030246575.../0.250246575... = 3,024.6599... -> 3,024.66; 25,024.66 x 0.02/0.250246575... = 2,000.0000... -> 2,000.00.
    assert.deepEqual(s.periods.map((p) => p.interest), ['3024.66', ...Array(11).fill('2000.00')]);
  });
});

describe('day counts: daily interest calculation counts every period', () => {
  /** 30,000 at 2% a month, equal principal over three months from 1 January 2025: 31, 28 and 31 days. */
  const daily = (dayCount: { daysInYearType: number; daysInMonthType: number }) =>
    generateSchedule(terms(0, 0, { principal: '30000', numberOfRepayments: 3, repaymentsStartingFromDate: null, interestCalculationPeriodType: 0, dayCount }));
  test('actual/365: 30,000 x 24% x 31/365 = 611.51; 20,000 x 24% x 28/365 = 368.22; 10,000 x 24% x 31/365 = 203.84', () => {
    assert.deepEqual(daily(ACTUAL_365).periods.map((p) => p.interest), ['611.51', '368.22', '203.84']);
  });
  test('30/360: every month is 30 days of a 360-day year, 2%: 600.00, 400.00, 200.00', () => {
    assert.deepEqual(daily(THIRTY_360).periods.map((p) => p.interest), ['600.00', '400.00', '200.00']);
  });
  test('actual year across a leap year: 30,000 x 24% x 31/366 = 609.84 in January 2024', () => {
    const s = generateSchedule(terms(0, 0, { principal: '30000', numberOfRepayments: 3, repaymentsStartingFromDate: null, interestCalculationPeriodType: 0, dayCount: ACTUAL_365, disbursementDate: '2024-01-01' }));
    assert.equal(s.periods[0]!.interest, '609.84');
  });
});

describe('day counts: daily repayments on a fixed year', () => {
  test('24% a year repaid every 30 days: 24% x 30/360 = 2% on a 360-day year; 24% x 30/365 on the actual year', () => {
    const base = { interestRatePerPeriod: '24', interestRateFrequencyType: 3, repaymentEvery: 30, repaymentFrequencyType: 0 };
    assert.equal(periodRate({ ...base, dayCount: THIRTY_360 }).toFixed(), '0.02');
    assert.equal(periodRate({ ...base, dayCount: ACTUAL_365 }).toFixed(10), '0.0197260274');
  });
});
