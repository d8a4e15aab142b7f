import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService } from '../support/service.js';
import { cashAtCounter, cashTxn, cents, errorCode, glNets, summary, tellerSetup } from './till-support.js';

const DAY = '2026-03-02';
const amount = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

describe('till: concurrency', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start();
  });
  after(async () => service.stop());

  test('200 random concurrent cash operations: balance = allocations + in - out - settlements, never below zero, GL 11101 moves alike', async () => {
    const t = await service.tenant('cc');
    const { branch, tellerId, cashierId, userId } = await tellerSetup(t, DAY);
    assert.equal((await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn('5000.00', DAY))).status, 200);
    const done = { alloc: 5000_00n, in: 0n, out: 0n, settle: 0n };
    let refused = 0;

    let seed = 20261122;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    // Cash out dominates and is large against the till, so many operations race for too little cash:
    // without the till row lock two of them would both pass the balance check.
    const operations = Array.from({ length: 200 }, () => {
      const roll = random();
      const c = BigInt(1 + Math.floor(random() * 150_000));
      if (roll < 0.45) {
        return cashAtCounter(service, t.tenant, { userId, officeId: branch, direction: 'out', amount: amount(c), date: DAY }).then(
          () => void (done.out += c),
          (e) => {
            assert.equal(errorCode(e), 'error.msg.cashier.insufficient.till.balance', String(e));
            refused++;
          },
        );
      }
      if (roll < 0.8) return cashAtCounter(service, t.tenant, { userId, officeId: branch, direction: 'in', amount: amount(c), date: DAY }).then(() => void (done.in += c));
      if (roll < 0.9) {
        return t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(amount(c), DAY)).then((res) => {
          assert.equal(res.status, 200, res.text);
          done.alloc += c;
        });
      }
      return t.post(`/tellers/${tellerId}/cashiers/${cashierId}/settle`, cashTxn(amount(c), DAY)).then((res) => {
        if (res.status === 200) done.settle += c;
        else {
          assert.equal(res.body.errors?.[0]?.userMessageGlobalisationCode, 'error.msg.cashier.insufficient.amount', res.text);
          refused++;
        }
      });
    });
    await Promise.all(operations);
    assert.ok(refused > 0, 'some operations found too little cash');
    assert.ok(done.out > 0n && done.in > 0n);

    const expected = done.alloc + done.in - done.out - done.settle;
    assert.ok(expected >= 0n);
    const s = await summary(t, tellerId, cashierId, `?date=${DAY}&limit=1`);
    assert.equal(cents(s.sumCashAllocation), done.alloc);
    assert.equal(cents(s.sumInwardCash), done.in);
    assert.equal(cents(s.sumOutwardCash), done.out);
    assert.equal(cents(s.sumCashSettlement), done.settle);
    assert.equal(cents(s.netCash), expected);
    assert.equal(s.cashierTransactions.totalFilteredRecords, 201 - refused);

    const till = await t.get(`/cashiers/${cashierId}/till`);
    assert.equal(till.status, 200, till.text);
    assert.equal(cents(till.body.balance), expected);
    assert.equal((await glNets(t, branch)).get('11101'), expected, 'GL 11101 at the branch equals the till');
  });
});
