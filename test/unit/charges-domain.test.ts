import assert from 'node:assert/strict';
import BigNumber from 'bignumber.js';
import { describe, test } from 'node:test';
import { chargeAmount, outstandingOf } from '../../subgraphs/charges/domain/amount.js';
import { CALCULATION_TYPE, TIME_TYPE } from '../../subgraphs/charges/domain/charge-kinds.js';
import { firstRecurringDueDate, instalmentContaining, nextRecurringDueDate, parseMonthDay, recurringDueDatesThrough } from '../../subgraphs/charges/domain/due-dates.js';
import { chargesOnSchedule, overduePenalty, penaltyDateOf, periodTotals } from '../../subgraphs/charges/domain/loan-schedule-charges.js';

const FLAT = CALCULATION_TYPE.flat.id;
const PCT_AMOUNT = CALCULATION_TYPE.percentOfAmount.id;
const PCT_AMOUNT_INTEREST = CALCULATION_TYPE.percentOfAmountAndInterest.id;
const PCT_INTEREST = CALCULATION_TYPE.percentOfInterest.id;

describe('charges: amounts', () => {
  test('flat: the amount, to the currency decimals', () => {
    assert.equal(chargeAmount({ calculationTypeId: FLAT, amount: '500', digits: 2 }), '500.00');
    assert.equal(chargeAmount({ calculationTypeId: FLAT, amount: '50.5', digits: 2 }), '50.50');
  });

  test('% of amount: 1% of 100,000.00 is 1,000.00', () => {
    assert.equal(chargeAmount({ calculationTypeId: PCT_AMOUNT, amount: '1', principal: '100000', digits: 2 }), '1000.00');
  });

  test('% of amount and interest: 2% of (10,000 + 1,200) = 224.00', () => {
    assert.equal(chargeAmount({ calculationTypeId: PCT_AMOUNT_INTEREST, amount: '2', principal: '10000', interest: '1200', digits: 2 }), '224.00');
  });

  test('% of interest: 10% of 1,234.56 = 123.456, rounded to 123.46', () => {
    assert.equal(chargeAmount({ calculationTypeId: PCT_INTEREST, amount: '10', principal: '99999', interest: '1234.56', digits: 2 }), '123.46');
  });

  test('ties round half-even: 0.5% of 1,001 = 5.005 -> 5.00; 0.5% of 1,003 = 5.015 -> 5.02', () => {
    assert.equal(chargeAmount({ calculationTypeId: PCT_AMOUNT, amount: '0.5', principal: '1001', digits: 2 }), '5.00');
    assert.equal(chargeAmount({ calculationTypeId: PCT_AMOUNT, amount: '0.5', principal: '1003', digits: 2 }), '5.02');
  });

  test('a currency without decimals: 1% of 12,345 = 123.45 -> 123', () => {
    assert.equal(chargeAmount({ calculationTypeId: PCT_AMOUNT, amount: '1', principal: '12345', digits: 0 }), '123');
  });

  test('caps: 1% of 1,000 = 10 raised to minCap 25; 1% of 100,000 = 1,000 lowered to maxCap 500', () => {
    assert.equal(chargeAmount({ calculationTypeId: PCT_AMOUNT, amount: '1', principal: '1000', minCap: '25', maxCap: '500', digits: 2 }), '25.00');
    assert.equal(chargeAmount({ calculationTypeId: PCT_AMOUNT, amount: '1', principal: '100000', minCap: '25', maxCap: '500', digits: 2 }), '500.00');
    assert.equal(chargeAmount({ calculationTypeId: PCT_AMOUNT, amount: '1', principal: '30000', minCap: '25', maxCap: '500', digits: 2 }), '300.00');
  });

  test('outstanding = amount - paid - waived, never negative', () => {
    assert.equal(outstandingOf('170.00', '100', '20'), '50');
    assert.throws(() => outstandingOf('10', '8', '3'), RangeError);
  });
});

describe('charges: due dates', () => {
  test('monthly fee on the 15th, every month, account activated 20 March 2026: first due 15 April', () => {
    const fee = { kind: 'monthly' as const, month: 1, day: 15, interval: 1 };
    assert.equal(firstRecurringDueDate(fee, '2026-03-20'), '2026-04-15');
    assert.equal(firstRecurringDueDate(fee, '2026-03-15'), '2026-03-15', 'due on the activation day itself');
    assert.deepEqual(recurringDueDatesThrough(fee, '2026-04-15', '2026-07-15', 100), ['2026-04-15', '2026-05-15', '2026-06-15', '2026-07-15']);
    assert.deepEqual(recurringDueDatesThrough(fee, '2026-04-15', '2027-12-31', 3), ['2026-04-15', '2026-05-15', '2026-06-15'], 'bounded');
  });

  test('monthly fee on the 31st: the last day of shorter months, back to the 31st after', () => {
    const fee = { kind: 'monthly' as const, month: 1, day: 31, interval: 1 };
    assert.equal(firstRecurringDueDate(fee, '2026-02-01'), '2026-02-28');
    assert.equal(nextRecurringDueDate(fee, '2026-02-28'), '2026-03-31');
    assert.equal(nextRecurringDueDate(fee, '2026-03-31'), '2026-04-30');
  });

  test('every 3 months from 10 November: activation 5 January 2026 -> 10 November 2026, then 10 February 2027', () => {
    const fee = { kind: 'monthly' as const, month: 11, day: 10, interval: 3 };
    assert.equal(firstRecurringDueDate(fee, '2026-01-05'), '2026-11-10');
    assert.equal(nextRecurringDueDate(fee, '2026-11-10'), '2027-02-10');
  });

  test('annual fee on 29 February: 28 February in common years', () => {
    const fee = { kind: 'annual' as const, month: 2, day: 29, interval: 1 };
    assert.equal(firstRecurringDueDate(fee, '2026-03-01'), '2027-02-28');
    assert.equal(nextRecurringDueDate(fee, '2027-02-28'), '2028-02-29');
  });

  test('feeOnMonthDay as "dd MMM" or "--MM-dd"', () => {
    assert.deepEqual(parseMonthDay('15 January'), { month: 1, day: 15 });
    assert.deepEqual(parseMonthDay('29 Feb'), { month: 2, day: 29 });
    assert.deepEqual(parseMonthDay('--04-15'), { month: 4, day: 15 });
    assert.equal(parseMonthDay('30 Feb'), null);
    assert.equal(parseMonthDay('15 Janvier'), null);
    assert.equal(parseMonthDay('15'), null);
  });

  test('a specified due date falls into the period (from, due]; the first period also holds its first day', () => {
    const periods = [
      { period: 1, fromDate: '2026-01-01', dueDate: '2026-02-01' },
      { period: 2, fromDate: '2026-02-01', dueDate: '2026-03-01' },
    ];
    assert.equal(instalmentContaining(periods, '2026-01-01'), 1);
    assert.equal(instalmentContaining(periods, '2026-02-01'), 1);
    assert.equal(instalmentContaining(periods, '2026-02-02'), 2);
    assert.equal(instalmentContaining(periods, '2026-03-01'), 2);
    assert.equal(instalmentContaining(periods, '2026-03-02'), null);
    assert.equal(instalmentContaining(periods, '2025-12-31'), null);
  });

  test('an overdue penalty applies the day after due date + grace', () => {
    assert.equal(penaltyDateOf('2026-02-01', 0), '2026-02-02');
    assert.equal(penaltyDateOf('2026-02-28', 3), '2026-03-04');
  });
});

describe('charges: on a loan schedule', () => {
  // 100,000 over 12 monthly instalments, flat 12% a year: 8,333.33 principal (8,333.37 last) and 1,000.00 interest each.
  const periods = Array.from({ length: 12 }, (_, i) => ({
    period: i + 1,
    fromDate: `2026-${String(i + 1).padStart(2, '0')}-01`,
    dueDate: i === 11 ? '2027-01-01' : `2026-${String(i + 2).padStart(2, '0')}-01`,
    principal: i === 11 ? '8333.37' : '8333.33',
    interest: '1000.00',
  }));

  test('a 500 instalment fee in each of 12 periods: 6,000.00 of fees, 500.00 per period', () => {
    const charges = chargesOnSchedule(periods, [{ id: 1, timeTypeId: TIME_TYPE.instalmentFee.id, calculationTypeId: FLAT, amount: '500', penalty: false }], 2);
    assert.equal(charges.length, 12);
    const totals = periodTotals(periods, charges);
    assert.ok(totals.every((t) => t.feeChargesDue === '500' && t.penaltyChargesDue === '0'));
    assert.equal(charges.reduce((s, c) => s.plus(c.amount), new BigNumber(0)).toFixed(2), '6000.00');
  });

  test('a 1% instalment fee of principal + interest: 1% of 9,333.33 = 93.33, the last 1% of 9,333.37 = 93.33', () => {
    const charges = chargesOnSchedule(periods, [{ id: 2, timeTypeId: TIME_TYPE.instalmentFee.id, calculationTypeId: PCT_AMOUNT_INTEREST, amount: '1', penalty: false }], 2);
    assert.deepEqual(charges.map((c) => c.amount), Array(12).fill('93.33'));
  });

  test('a specified-due-date charge of 2% of the principal lands in its period; disbursement charges in none', () => {
    const charges = chargesOnSchedule(periods, [
      { id: 3, timeTypeId: TIME_TYPE.specifiedDueDate.id, calculationTypeId: PCT_AMOUNT, amount: '2', penalty: true, dueDate: '2026-03-15' },
      { id: 4, timeTypeId: TIME_TYPE.disbursement.id, calculationTypeId: PCT_AMOUNT, amount: '1', penalty: false },
      { id: 5, timeTypeId: TIME_TYPE.specifiedDueDate.id, calculationTypeId: FLAT, amount: '10', penalty: false, dueDate: '2030-01-01' },
    ], 2);
    // 2% of 100,000.00 (11 x 8,333.33 + 8,333.37) = 2,000.00, in period 3 (1 March, 1 April].
    assert.deepEqual(charges, [{ chargeId: 3, period: 3, dueDate: '2026-03-15', amount: '2000.00', penalty: true }]);
    assert.deepEqual(periodTotals(periods, charges)[2], { period: 3, feeChargesDue: '0', penaltyChargesDue: '2000' });
  });

  test('a 2% overdue penalty of an instalment of 8,333.33 principal and 1,000.00 interest: 186.67', () => {
    // 2% of 9,333.33 = 186.6666 -> 186.67
    assert.equal(overduePenalty({ calculationTypeId: PCT_AMOUNT_INTEREST, amount: '2' }, { principal: '8333.33', interest: '1000.00' }, 2), '186.67');
    // 2% of 8,333.33 = 166.6666 -> 166.67
    assert.equal(overduePenalty({ calculationTypeId: PCT_AMOUNT, amount: '2' }, { principal: '8333.33', interest: '1000.00' }, 2), '166.67');
  });
});
