import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import BigNumber from 'bignumber.js';
import { ageLoan, rangeFor, type DelinquencyRange } from '../../subgraphs/loan/domain/aging.js';
import { allocate } from '../../subgraphs/loan/domain/allocation.js';
import { addMonths } from '../../subgraphs/loan/domain/dates.js';
import { generateSchedule, periodRate, type ScheduleTerms } from '../../subgraphs/loan/domain/schedule.js';
import { roleToRecord, stillNeeded, tierFor, tierProblem, type Tier } from '../../subgraphs/loan/domain/tiers.js';

/** 100,000 at 2% a month over 12 monthly repayments, disbursed 1 January 2025. */
const terms = (interestType: number, amortizationType: number, extra: Partial<ScheduleTerms> = {}): ScheduleTerms => ({
  principal: '100000', numberOfRepayments: 12, repaymentEvery: 1, repaymentFrequencyType: 2, interestRatePerPeriod: '2', interestRateFrequencyType: 2,
  amortizationType, interestType, digits: 2, disbursementDate: '2025-01-01', ...extra,
});

const sum = (values: string[]) => values.reduce((s, v) => s.plus(v), new BigNumber(0)).toFixed(2);

describe('schedule: reducing balance (equal instalments)', () => {
  const s = generateSchedule(terms(0, 1));
  test('instalments of 9,455.96, interest on the outstanding balance', () => {
    assert.equal(s.method, 'reducing-balance');
    assert.equal(s.periods.length, 12);
    for (const p of s.periods.slice(0, 11)) assert.equal(p.total, '9455.96');
    // Period 1: interest 100,000 x 2% = 2,000.00; principal 7,455.96.
    assert.deepEqual([s.periods[0]!.interest, s.periods[0]!.principal, s.periods[0]!.outstanding], ['2000.00', '7455.96', '92544.04']);
    // Period 2: 92,544.04 x 2% = 1,850.8808 -> 1,850.88; principal 7,605.08.
    assert.deepEqual([s.periods[1]!.interest, s.periods[1]!.principal, s.periods[1]!.outstanding], ['1850.88', '7605.08', '84938.96']);
  });
  test('the last instalment takes the remaining principal; principal sums exactly', () => {
    assert.equal(sum(s.periods.map((p) => p.principal)), '100000.00');
    assert.equal(s.periods[11]!.outstanding, '0.00');
    assert.equal(s.totalInterest, sum(s.periods.map((p) => p.interest)));
  });
  test('due dates follow the disbursement month by month', () => {
    assert.equal(s.periods[0]!.dueDate, '2025-02-01');
    assert.equal(s.periods[11]!.dueDate, '2026-01-01');
    assert.equal(s.periods[0]!.fromDate, '2025-01-01');
  });
});

describe('schedule: flat', () => {
  const s = generateSchedule(terms(1, 1));
  test('instalments of 10,333.33 (8,333.33 principal + 2,000 interest); the last absorbs the cents', () => {
    assert.equal(s.method, 'flat');
    for (const p of s.periods.slice(0, 11)) assert.deepEqual([p.principal, p.interest, p.total], ['8333.33', '2000.00', '10333.33']);
    assert.deepEqual([s.periods[11]!.principal, s.periods[11]!.interest, s.periods[11]!.total], ['8333.37', '2000.00', '10333.37']);
    assert.equal(s.totalInterest, '24000.00');
    assert.equal(sum(s.periods.map((p) => p.principal)), '100000.00');
  });
});

describe('schedule: declining balance (equal principal)', () => {
  const s = generateSchedule(terms(0, 0));
  test('equal principal 8,333.33 plus interest on the outstanding balance; falling instalments', () => {
    assert.equal(s.method, 'declining-balance');
    assert.deepEqual([s.periods[0]!.principal, s.periods[0]!.interest, s.periods[0]!.total], ['8333.33', '2000.00', '10333.33']);
    // 91,666.67 x 2% = 1,833.3334 -> 1,833.33
    assert.deepEqual([s.periods[1]!.principal, s.periods[1]!.interest, s.periods[1]!.total], ['8333.33', '1833.33', '10166.66']);
    // Last: 100,000 - 11 x 8,333.33 = 8,333.37; interest 8,333.37 x 2% = 166.6674 -> 166.67
    assert.deepEqual([s.periods[11]!.principal, s.periods[11]!.interest, s.periods[11]!.total], ['8333.37', '166.67', '8500.04']);
    for (let i = 1; i < 12; i++) assert.ok(new BigNumber(s.periods[i]!.total).lt(s.periods[i - 1]!.total));
    assert.equal(sum(s.periods.map((p) => p.principal)), '100000.00');
  });
});

describe('schedule: periods and rates', () => {
  test('a yearly rate on monthly repayments is a twelfth; weekly repayments step 7 days', () => {
    assert.equal(periodRate({ interestRatePerPeriod: '24', interestRateFrequencyType: 3, repaymentEvery: 1, repaymentFrequencyType: 2 }).toFixed(), '0.02');
    const weekly = generateSchedule(terms(1, 1, { repaymentFrequencyType: 1, numberOfRepayments: 4 }));
    assert.deepEqual(weekly.periods.map((p) => p.dueDate), ['2025-01-08', '2025-01-15', '2025-01-22', '2025-01-29']);
  });
  test('repaymentsStartingFromDate moves the first due date; month ends clamp', () => {
    const s = generateSchedule(terms(0, 1, { repaymentsStartingFromDate: '2025-01-31', numberOfRepayments: 3 }));
    assert.deepEqual(s.periods.map((p) => p.dueDate), ['2025-01-31', '2025-02-28', '2025-03-31']);
    assert.equal(addMonths('2024-01-31', 1), '2024-02-29');
  });
  test('grace on principal: interest only first, principal over the rest', () => {
    const s = generateSchedule(terms(0, 0, { graceOnPrincipalPayment: 2 }));
    assert.deepEqual([s.periods[0]!.principal, s.periods[1]!.principal, s.periods[2]!.principal], ['0.00', '0.00', '10000.00']);
    assert.equal(sum(s.periods.map((p) => p.principal)), '100000.00');
  });
  test('a currency without decimals rounds to whole units', () => {
    const s = generateSchedule(terms(0, 1, { digits: 0 }));
    assert.equal(s.periods[0]!.total, '9456');
    assert.equal(sum(s.periods.map((p) => p.principal)), '100000.00');
  });
  test('360 monthly periods still sum to the principal exactly', () => {
    const s = generateSchedule(terms(0, 1, { numberOfRepayments: 360, interestRatePerPeriod: '1' }));
    assert.equal(sum(s.periods.map((p) => p.principal)), '100000.00');
    assert.equal(s.periods[359]!.outstanding, '0.00');
  });
});

describe('allocation: mifos-standard-strategy', () => {
  const inst = (period: number, principalDue: string, interestDue: string, principalPaid = '0', interestPaid = '0') => ({
    period, principalDue, interestDue, feeDue: '0', penaltyDue: '0', principalPaid, interestPaid, feePaid: '0', penaltyPaid: '0',
  });
  test('interest before principal, oldest instalment first', () => {
    const a = allocate([inst(2, '8000', '1800'), inst(1, '8000', '2000')], '11000')!;
    assert.deepEqual([a.interest, a.principal], ['3000', '8000']);
    assert.deepEqual(a.periods, [
      { period: 1, principal: '8000', interest: '2000', fee: '0', penalty: '0' },
      { period: 2, principal: '0', interest: '1000', fee: '0', penalty: '0' },
    ]);
  });
  test('an overpayment is refused', () => {
    assert.equal(allocate([inst(1, '100', '10', '50', '10')], '50.01'), null);
    assert.equal(allocate([inst(1, '100', '10', '50', '10')], '50')!.principal, '50');
  });
});

describe('approval tiers', () => {
  const tiers: Tier[] = [
    { minAmount: '0', maxAmount: '1000000', approvals: [{ roleId: 320007, count: 1 }] },
    { minAmount: '1000000', maxAmount: '5000000', approvals: [{ roleId: 320007, count: 1 }, { roleId: 320019, count: 1 }] },
    { minAmount: '5000000', maxAmount: null, approvals: [{ roleId: 320020, count: 2 }] },
  ];
  test('boundaries are exact and inclusive at the top', () => {
    assert.equal(tierFor(tiers, '1000000')!.index, 0);
    assert.equal(tierFor(tiers, '1000000.01')!.index, 1);
    assert.equal(tierFor(tiers, '5000000')!.index, 1);
    assert.equal(tierFor(tiers, '5000000.000001')!.index, 2);
    assert.equal(tierFor(tiers, '0')!.index, 0);
  });
  test('counting approvals per role', () => {
    assert.deepEqual(stillNeeded(tiers[2]!, [{ userId: 1, roleId: 320020 }]), [{ roleId: 320020, count: 1 }]);
    assert.equal(roleToRecord(tiers[1]!, [{ userId: 1, roleId: 320007 }], [320007], false), null);
    assert.equal(roleToRecord(tiers[1]!, [{ userId: 1, roleId: 320007 }], [320019], false), 320019);
    assert.equal(roleToRecord(tiers[1]!, [], [], true), 320007);
  });
  test('policy shape checks', () => {
    assert.equal(tierProblem(tiers), null);
    assert.match(tierProblem([{ minAmount: '0', maxAmount: '10', approvals: [{ roleId: 1, count: 1 }] }, { minAmount: '11', maxAmount: null, approvals: [{ roleId: 1, count: 1 }] }])!, /previous tier/);
    assert.match(tierProblem([])!, /at least one tier/);
  });
});

describe('aging', () => {
  const ranges: DelinquencyRange[] = [
    { id: 1, classification: '1-30', minimumAgeDays: 1, maximumAgeDays: 30 },
    { id: 2, classification: '31-60', minimumAgeDays: 31, maximumAgeDays: 60 },
    { id: 3, classification: '61-90', minimumAgeDays: 61, maximumAgeDays: 90 },
    { id: 4, classification: 'Over 90', minimumAgeDays: 91, maximumAgeDays: null },
  ];
  const schedule = [{ dueDate: '2025-02-01', unpaid: '9455.96' }, { dueDate: '2025-03-01', unpaid: '9455.96' }, { dueDate: '2025-04-01', unpaid: '9455.96' }];
  test('the due date is day 0; age counts from the oldest unpaid instalment', () => {
    assert.deepEqual(ageLoan(schedule, '2025-02-01'), { delinquentDays: 0, delinquentAmount: '0', delinquentDate: null });
    assert.deepEqual(ageLoan(schedule, '2025-03-08'), { delinquentDays: 35, delinquentAmount: '18911.92', delinquentDate: '2025-02-01' });
    assert.equal(rangeFor(ranges, 35)!.classification, '31-60');
    assert.equal(rangeFor(ranges, 65)!.classification, '61-90');
    assert.equal(rangeFor(ranges, 95)!.classification, 'Over 90');
    assert.equal(rangeFor(ranges, 0), null);
  });
});
