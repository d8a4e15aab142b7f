import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CashMovement } from '../../subgraphs/kernel/ports.js';
import { assertError } from '../support/assertions.js';
import { TestService } from '../support/service.js';
import { cashTxn, createCashier, createStaff, createTeller, FMT, glNets, setBusinessDate, staffUser, summary, TELLER_ROLE, tellerSetup } from './till-support.js';

const DAY = '2026-03-02';

describe('till: tellers, cashiers, allocation and the open-till rule', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start();
  });
  after(async () => service.stop());

  /** recordCash as the account module calls it: inside the caller's transaction. */
  const recordCash = (tenant: string, movement: Omit<CashMovement, 'currency' | 'source'> & { currency?: string }) =>
    service.platform.db.tx(tenant, (tx) =>
      service.services.till.recordCash(tx, { currency: 'NGN', source: { entityType: 'SAVINGS', entityId: 1, transactionId: 'S1' }, ...movement }),
    );

  test('tellers: create, read, update, duplicate name 403, list by office, delete', async () => {
    const t = await service.tenant('tl');
    const branch = await t.branch();
    const created = await t.post('/tellers', { officeId: branch, name: 'Counter 1', description: 'front', startDate: '01 March 2026', status: 300, dateFormat: 'dd MMMM yyyy', locale: 'en' });
    assert.equal(created.status, 200, created.text);
    assert.equal(created.body.officeId, branch);
    const id = created.body.resourceId as number;

    const read = await t.get(`/tellers/${id}`);
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.name, 'Counter 1');
    assert.equal(read.body.officeId, branch);
    assert.ok(read.body.officeName);
    assert.deepEqual(read.body.startDate, [2026, 3, 1]);
    assert.equal(read.body.endDate, undefined);
    assert.equal(read.body.status.id, 300);

    assertError(await t.post('/tellers', { officeId: branch, name: 'counter 1', startDate: '2026-03-01', status: 300, ...FMT }), 403, 'error.msg.teller.duplicate.name');
    // The same name at another office is fine.
    const other = await t.branch();
    assert.equal((await t.post('/tellers', { officeId: other, name: 'Counter 1', startDate: '2026-03-01', status: 300, ...FMT })).status, 200);

    const updated = await t.put(`/tellers/${id}`, { name: 'Counter A', status: 400, endDate: '2026-12-31', ...FMT });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(updated.body.changes, { name: 'Counter A', endDate: '2026-12-31', status: 400, ...FMT });

    const listed = await t.get(`/tellers?officeId=${branch}`);
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(listed.body.map((x: { name: string }) => x.name), ['Counter A']);

    assertError(await t.post('/tellers', { officeId: branch, startDate: '2026-03-01', ...FMT }), 400, 'validation.msg.teller.name.cannot.be.blank');
    assertError(await t.post('/tellers', { officeId: branch, name: 'X', status: 300 }), 400, 'validation.msg.teller.startDate.cannot.be.blank');
    assertError(await t.post('/tellers', { officeId: branch, name: 'Y', startDate: '01 March 2026', status: 300 }), 400, 'validation.msg.missing.dateFormat.parameter');

    const deleted = await t.delete(`/tellers/${id}`);
    assert.equal(deleted.status, 200, deleted.text);
    assertError(await t.get(`/tellers/${id}`), 404, 'error.msg.teller.not.found');
  });

  test('cashiers: staff of the teller office only, one overlapping assignment, template, inactive teller', async () => {
    const t = await service.tenant('tc');
    await setBusinessDate(t, DAY);
    const branch = await t.branch();
    const elsewhere = await t.branch();
    const staffId = await createStaff(t, branch);
    const outsider = await createStaff(t, elsewhere);
    const inactive = await createStaff(t, branch, { isActive: false });
    const tellerId = await createTeller(t, branch);

    const created = await t.post(`/tellers/${tellerId}/cashiers`, { staffId, startDate: '2026-03-01', endDate: '2026-03-31', isFullDay: true, description: 'March', ...FMT });
    assert.equal(created.status, 200, created.text);
    assert.equal(created.body.resourceId, tellerId);
    const cashierId = created.body.subResourceId as number;

    const read = await t.get(`/tellers/${tellerId}/cashiers/${cashierId}`);
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.staffId, staffId);
    assert.equal(read.body.tellerId, tellerId);
    assert.ok(read.body.staffName);
    assert.deepEqual(read.body.startDate, [2026, 3, 1]);
    assert.equal(read.body.isFullDay, true);

    const list = await t.get(`/tellers/${tellerId}/cashiers`);
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.tellerId, tellerId);
    assert.deepEqual(list.body.cashiers.map((c: { id: number }) => c.id), [cashierId]);

    const template = await t.get(`/tellers/${tellerId}/cashiers/template`);
    assert.equal(template.status, 200, template.text);
    const options = template.body.staffOptions.map((s: { id: number }) => s.id);
    assert.ok(options.includes(staffId));
    assert.ok(!options.includes(outsider) && !options.includes(inactive));

    const body = { startDate: '2026-03-15', endDate: '2026-04-15', isFullDay: true, ...FMT };
    assertError(await t.post(`/tellers/${tellerId}/cashiers`, { staffId: outsider, ...body }), 403, 'error.msg.cashier.staff.not.in.teller.office');
    assertError(await t.post(`/tellers/${tellerId}/cashiers`, { staffId: inactive, ...body }), 403, 'error.msg.cashier.staff.not.in.teller.office');
    // Overlapping dates, even at another teller of the office.
    const second = await createTeller(t, branch);
    assertError(await t.post(`/tellers/${second}/cashiers`, { staffId, ...body }), 403, 'error.msg.cashier.already.allocated');
    assert.equal((await t.post(`/tellers/${second}/cashiers`, { staffId, startDate: '2026-04-01', endDate: '2026-04-30', isFullDay: true, ...FMT })).status, 200);
    assertError(await t.post(`/tellers/${tellerId}/cashiers`, { staffId, startDate: '2026-03-01', endDate: '2026-03-31', isFullDay: false, ...FMT }), 400, 'validation.msg.cashier.startTime.cannot.be.blank');

    const staff2 = await createStaff(t, branch);
    const partDay = await t.post(`/tellers/${tellerId}/cashiers`, { staffId: staff2, startDate: '2026-03-01', endDate: '2026-03-31', isFullDay: false, startTime: '08:00', endTime: '12:30', ...FMT });
    assert.equal(partDay.status, 200, partDay.text);
    const moved = await t.put(`/tellers/${tellerId}/cashiers/${partDay.body.subResourceId}`, { endDate: '2026-03-20', ...FMT });
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual(moved.body.changes, { endDate: '2026-03-20', ...FMT });
    assert.equal((await t.delete(`/tellers/${tellerId}/cashiers/${partDay.body.subResourceId}`)).status, 200);

    // Fineract's web app sends its time pickers as hours and minutes, also for a full day (then ignored).
    const staff4 = await createStaff(t, branch);
    const picked = await t.post(`/tellers/${tellerId}/cashiers`, { staffId: staff4, startDate: '2026-03-01', endDate: '2026-03-10', isFullDay: false, hourStartTime: 8, minStartTime: 0, hourEndTime: 17, minEndTime: 30, ...FMT });
    assert.equal(picked.status, 200, picked.text);
    const pickedRead = await t.get(`/tellers/${tellerId}/cashiers/${picked.body.subResourceId}`);
    assert.equal(pickedRead.body.startTime, '08:00');
    assert.equal(pickedRead.body.endTime, '17:30');
    const fullDay = await t.post(`/tellers/${tellerId}/cashiers`, { staffId: staff4, startDate: '2026-03-11', endDate: '2026-03-20', isFullDay: true, hourStartTime: 0, minStartTime: 0, hourEndTime: 0, minEndTime: 0, ...FMT });
    assert.equal(fullDay.status, 200, fullDay.text);

    // An inactive teller takes no new cashiers.
    assert.equal((await t.put(`/tellers/${second}`, { status: 400 })).status, 200);
    const staff3 = await createStaff(t, branch);
    assertError(await t.post(`/tellers/${second}/cashiers`, { staffId: staff3, ...body }), 403, 'error.msg.teller.inactive');
  });

  test('allocation posts DR 11101 CR 11102 at the teller office; Fineract settle reverses and refuses more than the till holds', async () => {
    const t = await service.tenant('ta');
    const { branch, tellerId, cashierId } = await tellerSetup(t, DAY);
    const allocated = await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(100000, DAY));
    assert.equal(allocated.status, 200, allocated.text);
    assert.equal(allocated.body.resourceId, cashierId);
    assert.ok(allocated.body.subResourceId);

    let gl = await glNets(t, branch);
    assert.equal(gl.get('11101'), 100000_00n);
    assert.equal(gl.get('11102'), -100000_00n);

    const settled = await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/settle`, cashTxn('30000.50', DAY));
    assert.equal(settled.status, 200, settled.text);
    assertError(await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/settle`, cashTxn(70000, DAY)), 403, 'error.msg.cashier.insufficient.amount');
    gl = await glNets(t, branch);
    assert.equal(gl.get('11101'), 69999_50n);
    assert.equal(gl.get('11102'), -69999_50n);

    const s = await summary(t, tellerId, cashierId);
    assert.equal(s.sumCashAllocation, 100000);
    assert.equal(s.sumCashSettlement, 30000.5);
    assert.equal(s.sumInwardCash, 0);
    assert.equal(s.netCash, 69999.5);
    assert.equal(s.cashierTransactions.totalFilteredRecords, 2);
    assert.deepEqual(s.cashierTransactions.pageItems.map((p: { txnType: { id: number } }) => p.txnType.id), [102, 101]);
    assert.equal(s.cashierTransactions.pageItems[0].journalTransactionId, `T${s.cashierTransactions.pageItems[0].id}`);
    const journal = await t.get(`/journalentries?transactionId=${s.cashierTransactions.pageItems[1].journalTransactionId}`);
    assert.equal(journal.status, 200, journal.text);
    assert.deepEqual(
      journal.body.pageItems.map((e: { glAccountCode: string; entryType: { value: string }; amount: number; officeId: number }) => [e.glAccountCode, e.entryType.value, e.amount, e.officeId]).sort(),
      [['11101', 'DEBIT', 100000, branch], ['11102', 'CREDIT', 100000, branch]],
    );
    const plain = await t.get(`/tellers/${tellerId}/cashiers/${cashierId}/transactions`);
    assert.equal(plain.status, 200, plain.text);
    assert.deepEqual(plain.body.map((p: { txnAmount: number }) => p.txnAmount), [30000.5, 100000]);

    assertError(await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(0, DAY)), 400, 'validation.msg.cashiertxn.txnAmount.not.greater.than.zero');
    assertError(await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, { txnAmount: 5, txnDate: DAY, ...FMT }), 400, 'validation.msg.cashiertxn.currencyCode.cannot.be.blank');
  });

  test('recordCash: the open till takes cash in and out; no staff, no assignment, no allocation or an overdraw are refused', async () => {
    const t = await service.tenant('tr');
    const { branch, tellerId, cashierId, userId, staffId } = await tellerSetup(t, DAY);
    const noTill = (res: Promise<unknown>) => assert.rejects(res, (e: { extensions?: { errors?: { code: string }[] } }) => e.extensions?.errors?.[0]?.code === 'error.msg.cashier.no.open.till');

    // Assigned but nothing allocated today.
    await noTill(recordCash(t.tenant, { userId, officeId: branch, direction: 'in', amount: '10' }));
    assert.equal((await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(500, DAY))).status, 200);

    const inward = await recordCash(t.tenant, { userId, officeId: branch, direction: 'in', amount: '250.25' });
    assert.equal(inward.cashierId, cashierId);
    const out = await recordCash(t.tenant, { userId, officeId: branch, direction: 'out', amount: '700.25' });
    assert.ok(out.cashierTransactionId > inward.cashierTransactionId);
    await assert.rejects(recordCash(t.tenant, { userId, officeId: branch, direction: 'out', amount: '50.01' }), (e: { extensions?: { errors?: { code: string }[]; status?: number } }) =>
      e.extensions?.errors?.[0]?.code === 'error.msg.cashier.insufficient.till.balance' && e.extensions.status === 403);

    const s = await summary(t, tellerId, cashierId, `?date=${DAY}`);
    assert.equal(s.sumInwardCash, 250.25);
    assert.equal(s.sumOutwardCash, 700.25);
    assert.equal(s.netCash, 50);

    // Another office than the assignment's.
    const other = await t.branch();
    await noTill(recordCash(t.tenant, { userId, officeId: other, direction: 'in', amount: '10' }));
    // A user without a staff record.
    const { userId: plainUser } = await staffUser(t, [TELLER_ROLE], branch, null);
    await noTill(recordCash(t.tenant, { userId: plainUser, officeId: branch, direction: 'in', amount: '10' }));
    // A staff member with no assignment.
    const idle = await createStaff(t, branch);
    const { userId: idleUser } = await staffUser(t, [TELLER_ROLE], branch, idle);
    await noTill(recordCash(t.tenant, { userId: idleUser, officeId: branch, direction: 'in', amount: '10' }));
    // Outside the assignment's dates.
    await setBusinessDate(t, '2027-01-05');
    await noTill(recordCash(t.tenant, { userId, officeId: branch, direction: 'in', amount: '10' }));
    void staffId;
    void createCashier;
  });
});
