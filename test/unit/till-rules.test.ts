import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Money } from '../../subgraphs/kernel/money.js';
import {
  datesOverlap, maySettle, netCash, planSettlement, tellerOpen, tillEffect, transferLines, TXN_ALLOCATE, TXN_CASH_IN, TXN_CASH_OUT, TXN_SETTLE, validTime,
} from '../../subgraphs/till/domain/till-rules.js';

/** Branch Manager and Head of Operations, as the composition root wires them. */
const SETTLING = [320007, 320011];
const m = (v: string | number) => new Money(v);

describe('till rules', () => {
  test('netCash = allocations + cash in - cash out - settlements', () => {
    assert.equal(netCash({ sumCashAllocation: m('1000.10'), sumInwardCash: m(250), sumOutwardCash: m('300.05'), sumCashSettlement: m(100) }).toFixed(), '850.05');
    assert.equal(tillEffect(TXN_ALLOCATE, m(5)).toFixed(), '5');
    assert.equal(tillEffect(TXN_CASH_IN, m(5)).toFixed(), '5');
    assert.equal(tillEffect(TXN_CASH_OUT, m(5)).toFixed(), '-5');
    assert.equal(tillEffect(TXN_SETTLE, m(5)).toFixed(), '-5');
  });

  test('allocation is DR 11101 CR 11102; settlement the reverse', () => {
    assert.deepEqual(transferLines(TXN_ALLOCATE, '10'), [{ glCode: '11101', debit: '10' }, { glCode: '11102', credit: '10' }]);
    assert.deepEqual(transferLines(TXN_SETTLE, '10'), [{ glCode: '11102', debit: '10' }, { glCode: '11101', credit: '10' }]);
  });

  test('settlement: shortage, overage and exact count all leave the till at zero', () => {
    for (const [system, counted, variance] of [['1000', '950.5', '-49.5'], ['1000', '1020', '20'], ['1000', '1000', '0'], ['0', '0', '0'], ['10', '0', '-10']] as const) {
      const plan = planSettlement(m(system), m(counted));
      assert.equal(plan.variance, variance);
      let till = m(system);
      let gl11101 = m(system);
      for (const step of plan.steps) {
        till = till.plus(tillEffect(step.type, m(step.amount)));
        assert.ok(!till.isNegative(), 'never below zero');
        for (const line of step.lines) if (line.glCode === '11101') gl11101 = line.debit ? gl11101.plus(line.debit) : gl11101.minus(line.credit!);
        const debits = step.lines.reduce((s, l) => s.plus(l.debit ?? 0), m(0));
        const credits = step.lines.reduce((s, l) => s.plus(l.credit ?? 0), m(0));
        assert.ok(debits.eq(credits), 'balanced');
      }
      assert.ok(till.isZero(), `${system}/${counted}`);
      assert.ok(gl11101.isZero());
    }
    const short = planSettlement(m(100), m(90));
    assert.deepEqual(short.steps[0]!.lines, [{ glCode: '53101', debit: '10' }, { glCode: '11101', credit: '10' }]);
    const over = planSettlement(m(100), m(110));
    assert.deepEqual(over.steps[0]!.lines, [{ glCode: '11101', debit: '10' }, { glCode: '53101', credit: '10' }]);
    assert.equal(over.steps[1]!.type, TXN_SETTLE);
    assert.throws(() => planSettlement(m(1), m(-1)), RangeError);
  });

  test('date ranges overlap inclusively; open ends overlap everything after', () => {
    assert.ok(datesOverlap('2026-03-01', '2026-03-31', '2026-03-31', '2026-04-30'));
    assert.ok(!datesOverlap('2026-03-01', '2026-03-31', '2026-04-01', '2026-04-30'));
    assert.ok(datesOverlap('2026-03-01', null, '2027-01-01', '2027-01-02'));
    assert.ok(!datesOverlap('2026-03-01', '2026-03-02', '2025-01-01', '2026-02-28'));
  });

  test('a teller is open while active and not ended; times are HH:mm', () => {
    assert.ok(tellerOpen({ status: 300, endDate: null }, '2026-03-02'));
    assert.ok(tellerOpen({ status: 300, endDate: '2026-03-02' }, '2026-03-02'));
    assert.ok(!tellerOpen({ status: 300, endDate: '2026-03-01' }, '2026-03-02'));
    assert.ok(!tellerOpen({ status: 400, endDate: null }, '2026-03-02'));
    assert.ok(validTime('08:30') && validTime('23:59') && !validTime('24:00') && !validTime('8h'));
  });

  test('the cashier themself, a Branch Manager, Head of Operations or a super user may settle', () => {
    const caller = (roleIds: number[], staffId: number | null, permissions: string[] = []) => ({ roleIds, staffId, permissions });
    assert.ok(maySettle(caller([320018], 7), 7, SETTLING));
    assert.ok(!maySettle(caller([320018], 8), 7, SETTLING));
    assert.ok(!maySettle(caller([320018], null), 7, SETTLING));
    assert.ok(maySettle(caller([320007], null), 7, SETTLING));
    assert.ok(maySettle(caller([320011], null), 7, SETTLING));
    assert.ok(maySettle(caller([1], null, ['ALL_FUNCTIONS']), 7, SETTLING));
  });
});
