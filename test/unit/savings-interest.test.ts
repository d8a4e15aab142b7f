import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  currentPostingPeriod, endedPostingPeriods, periodEnd, periodInterest, periodInterestUnrounded, type BalanceMove, type InterestSettings,
} from '../../subgraphs/account/domain/savings-interest.js';

const base: InterestSettings = { rate: '10', calculationType: 1, compoundingType: 4, postingType: 4, daysInYear: 365, minBalance: '0', digits: 2 };
const move = (date: string, amount: string, interestPosting = false): BalanceMove => ({ date, amount, interestPosting });
/** Deposits on days 1, 10 and 20 of November 2026 (30 days). */
const november = [move('2026-11-01', '100000'), move('2026-11-10', '50000'), move('2026-11-20', '30000')];

describe('savings interest: periods', () => {
  test('period ends: calendar month, quarter, half and year', () => {
    assert.equal(periodEnd('2026-02-10', 4), '2026-02-28');
    assert.equal(periodEnd('2028-02-10', 4), '2028-02-29');
    assert.equal(periodEnd('2026-11-10', 5), '2026-12-31');
    assert.equal(periodEnd('2026-04-01', 5), '2026-06-30');
    assert.equal(periodEnd('2026-04-01', 6), '2026-06-30');
    assert.equal(periodEnd('2026-07-01', 6), '2026-12-31');
    assert.equal(periodEnd('2026-03-05', 7), '2026-12-31');
    assert.equal(periodEnd('2026-03-05', 1), '2026-03-05');
  });

  test('posting periods start at activation and end at each calendar end; the one in progress is not ended', () => {
    assert.deepEqual(endedPostingPeriods('2026-10-15', '2026-12-30', 4), [{ start: '2026-10-15', end: '2026-10-31' }, { start: '2026-11-01', end: '2026-11-30' }]);
    assert.deepEqual(endedPostingPeriods('2026-10-15', '2026-12-31', 5), [{ start: '2026-10-15', end: '2026-12-31' }]);
    assert.deepEqual(currentPostingPeriod('2026-10-15', '2026-12-10', 4), { start: '2026-12-01', end: '2026-12-10' });
    assert.equal(currentPostingPeriod('2026-10-15', '2026-10-01', 4), null);
  });
});

describe('savings interest: amounts', () => {
  test('daily balance, 10%, 365 days: 100,000 x 9 days + 150,000 x 10 + 180,000 x 11 = 4,380,000 balance-days x 0.1 / 365 = 1,200.00', () => {
    assert.equal(periodInterest(base, november, { start: '2026-11-01', end: '2026-11-30' }), '1200.00');
  });

  test('a 360-day year: 4,380,000 x 0.1 / 360 = 1,216.666... -> 1,216.67', () => {
    assert.equal(periodInterest({ ...base, daysInYear: 360 }, november, { start: '2026-11-01', end: '2026-11-30' }), '1216.67');
  });

  test('interest is kept unrounded per balance run (scale 9) and rounded once, at posting', () => {
    // 100,000 x 9 days x 0.1 / 365 = 246.575342465753... kept at scale 9.
    assert.equal(periodInterestUnrounded(base, november, { start: '2026-11-01', end: '2026-11-09' }).toFixed(), '246.575342466');
    assert.equal(periodInterest(base, november, { start: '2026-11-01', end: '2026-11-09' }), '246.58');
  });

  test('below the minimum balance for interest a day earns nothing: only the 150,000 and 180,000 days earn', () => {
    // (1,500,000 + 1,980,000) x 0.1 / 365 = 953.424657... -> 953.42
    assert.equal(periodInterest({ ...base, minBalance: '150000' }, november, { start: '2026-11-01', end: '2026-11-30' }), '953.42');
  });

  test('average daily balance, quarterly: 12,160,000 balance-days over 92 days, x 0.1 x 92 / 365 = 3,331.51', () => {
    // Oct 1 - Nov 9: 40 x 100,000; Nov 10 - Dec 19: 40 x 150,000; Dec 20 - 31: 12 x 180,000.
    const moves = [move('2026-10-01', '100000'), move('2026-11-10', '50000'), move('2026-12-20', '30000')];
    const settings = { ...base, calculationType: 2, compoundingType: 5, postingType: 5 };
    assert.equal(periodInterest(settings, moves, { start: '2026-10-01', end: '2026-12-31' }), '3331.51');
  });

  test('monthly compounding inside a quarterly posting: October\'s interest earns in November and December', () => {
    // Oct: 100,000 x 31 x 0.1/365 = 849.315068493; Nov: 100,849.315068493 x 30 x 0.1/365 = 828.898480...;
    // Dec: (100,849.315068493 + 828.898480...) x 31 x 0.1/365 = 863.568...; total 2,541.78 (vs 2,520.55 simple).
    const settings = { ...base, compoundingType: 4, postingType: 5 };
    assert.equal(periodInterest(settings, [move('2026-10-01', '100000')], { start: '2026-10-01', end: '2026-12-31' }), '2541.78');
  });

  test('daily compounding: 100,000 x ((1 + 0.1/365)^30 - 1) = 825.19', () => {
    assert.equal(periodInterest({ ...base, compoundingType: 1 }, [move('2026-11-01', '100000')], { start: '2026-11-01', end: '2026-11-30' }), '825.19');
  });

  test('an interest posting dated the period end joins the balance the next day', () => {
    // November's 1,200.00 posted on Nov 30 earns from Dec 1: 181,200 x 31 x 0.1 / 365 = 1,538.96
    const moves = [...november, move('2026-11-30', '1200', true)];
    assert.equal(periodInterest(base, moves, { start: '2026-11-01', end: '2026-11-30' }), '1200.00');
    assert.equal(periodInterest(base, moves, { start: '2026-12-01', end: '2026-12-31' }), '1538.96');
  });
});
