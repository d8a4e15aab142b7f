import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService } from '../support/service.js';
import {
  BRANCH_MANAGER_ROLE, cashAtCounter, cashTxn, createCashier, createStaff, createTeller, errorCode, glNets, HEAD_OF_OPERATIONS_ROLE, setBusinessDate, staffUser,
  summary, TELLER_ROLE, tellerSetup,
} from './till-support.js';

const DAY = '2026-03-02';
const FMT = { dateFormat: 'yyyy-MM-dd', locale: 'en' };

describe('till: end-of-day settlement, scope and tenancy', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start();
  });
  after(async () => service.stop());

  test('a shortage posts the variance to 53101, the till ends at zero and the settled day refuses cash, allocation and settling', async () => {
    const t = await service.tenant('se');
    const { branch, tellerId, cashierId, user, userId } = await tellerSetup(t, DAY);
    assert.equal((await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(10000, DAY))).status, 200);
    await cashAtCounter(service, t.tenant, { userId, officeId: branch, direction: 'in', amount: '500', date: DAY });
    await cashAtCounter(service, t.tenant, { userId, officeId: branch, direction: 'out', amount: '200', date: DAY });

    // The cashier settles their own till (the Teller role), counting 50 less than the system holds.
    const settled = await user.post(`/cashiers/${cashierId}/settle`, { endDate: '02 March 2026', countedAmount: 10250, dateFormat: 'dd MMMM yyyy', locale: 'en' });
    assert.equal(settled.status, 200, settled.text);
    assert.equal(settled.body.cashierId, cashierId);
    assert.deepEqual(settled.body.date, [2026, 3, 2]);
    assert.equal(settled.body.systemBalance, 10300);
    assert.equal(settled.body.countedAmount, 10250);
    assert.equal(settled.body.variance, -50);

    const gl = await glNets(t, branch);
    assert.equal(gl.get('11101') ?? 0n, 0n, 'till cash back to zero');
    assert.equal(gl.get('53101'), 50_00n, 'shortage debited to cash over/short');
    assert.equal(gl.get('11102'), -10000_00n + 10250_00n, 'counted cash back in the vault');

    const s = await summary(t, tellerId, cashierId, `?date=${DAY}`);
    assert.equal(s.netCash, 0);
    assert.equal(s.sumCashSettlement, 10250);
    const till = await t.get(`/cashiers/${cashierId}/till?date=${DAY}`);
    assert.equal(till.status, 200, till.text);
    assert.equal(till.body.balance, 0);
    assert.equal(till.body.settled, true);
    assert.equal(till.body.open, false);

    await assert.rejects(cashAtCounter(service, t.tenant, { userId, officeId: branch, direction: 'in', amount: '1', date: DAY }), (e) => errorCode(e) === 'error.msg.cashier.no.open.till');
    assertError(await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(100, DAY)), 403, 'error.msg.cashier.already.settled');
    assertError(await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/settle`, cashTxn(1, DAY)), 403, 'error.msg.cashier.already.settled');
    assertError(await t.post(`/cashiers/${cashierId}/settle`, { endDate: DAY, ...FMT }), 403, 'error.msg.cashier.already.settled');

    const records = await t.get(`/cashiers/${cashierId}/settlements`);
    assert.equal(records.status, 200, records.text);
    assert.equal(records.body.length, 1);
    assert.equal(records.body[0].variance, -50);
    assert.equal(records.body[0].settledByUserId, userId);
    assert.ok(records.body[0].settledAt);

    // Allocation and settlement events were written with their changes.
    const events = await service.platform.db.system((em) =>
      em.execute<{ event_type: string }[]>(`select event_type from kernel.outbox where tenant_id = ? and event_type like 'cashier.%' order by id`, [t.tenant]),
    );
    assert.deepEqual(events.map((e) => e.event_type), ['cashier.cash.allocated', 'cashier.settled']);

    // The next business day is a new till.
    await setBusinessDate(t, '2026-03-03');
    assert.equal((await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(100, '2026-03-03'))).status, 200);
    await cashAtCounter(service, t.tenant, { userId, officeId: branch, direction: 'out', amount: '100', date: '2026-03-03' });
  });

  test('an overage posts DR 11101 CR 53101; countedAmount defaults to the system balance', async () => {
    const t = await service.tenant('so');
    const { branch, tellerId, cashierId } = await tellerSetup(t, DAY);
    assert.equal((await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(1000, DAY))).status, 200);
    const over = await t.post(`/cashiers/${cashierId}/settle`, { endDate: DAY, countedAmount: '1100.75', ...FMT });
    assert.equal(over.status, 200, over.text);
    assert.equal(over.body.variance, 100.75);
    const gl = await glNets(t, branch);
    assert.equal(gl.get('11101') ?? 0n, 0n);
    assert.equal(gl.get('53101'), -100_75n);

    const staff2 = await createStaff(t, branch);
    const cashier2 = await createCashier(t, tellerId, staff2);
    assert.equal((await t.post(`/tellers/${tellerId}/cashiers/${cashier2}/allocate`, cashTxn(400, DAY))).status, 200);
    const exact = await t.post(`/cashiers/${cashier2}/settle`, { endDate: DAY, ...FMT });
    assert.equal(exact.status, 200, exact.text);
    assert.equal(exact.body.systemBalance, 400);
    assert.equal(exact.body.countedAmount, 400);
    assert.equal(exact.body.variance, 0);

    assertError(await t.post(`/cashiers/${cashier2}/settle`, { ...FMT }), 400, 'validation.msg.cashier.endDate.cannot.be.blank');
    assertError(await t.post(`/cashiers/${cashier2}/settle`, { endDate: '2026-03-09', ...FMT }), 403, 'error.msg.cashier.settlement.date.in.future');
  });

  test('only the cashier, a Branch Manager, the Head of Operations or a super user may settle', async () => {
    const t = await service.tenant('sw');
    const { branch, tellerId, cashierId } = await tellerSetup(t, DAY);
    assert.equal((await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(10, DAY))).status, 200);
    const colleague = await createStaff(t, branch);
    const { session: otherTeller } = await staffUser(t, [TELLER_ROLE], branch, colleague);
    assertError(await otherTeller.post(`/cashiers/${cashierId}/settle`, { endDate: DAY, ...FMT }), 403, 'error.msg.not.authorized');
    // The other teller may not allocate or create tellers either.
    assertError(await otherTeller.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(10, DAY)), 403, 'error.msg.not.authorized');
    assertError(await otherTeller.post('/tellers', { officeId: branch, name: 'Mine', startDate: DAY, status: 300, ...FMT }), 403, 'error.msg.not.authorized');

    const { session: manager } = await staffUser(t, [BRANCH_MANAGER_ROLE], branch, null);
    assert.equal((await manager.post(`/cashiers/${cashierId}/settle`, { endDate: DAY, ...FMT })).status, 200);

    const staff2 = await createStaff(t, branch);
    const cashier2 = await createCashier(t, tellerId, staff2);
    assert.equal((await t.post(`/tellers/${tellerId}/cashiers/${cashier2}/allocate`, cashTxn(10, DAY))).status, 200);
    const { session: headOps } = await staffUser(t, [HEAD_OF_OPERATIONS_ROLE], 1, null);
    assert.equal((await headOps.post(`/cashiers/${cashier2}/settle`, { endDate: DAY, countedAmount: 10, ...FMT })).status, 200);
  });

  test("another tenant's teller is 404; a branch user sees only its office subtree's tellers", async () => {
    const a = await service.tenant('sa');
    const { branch, tellerId, cashierId } = await tellerSetup(a, DAY);
    const b = await service.tenant('sb');
    assertError(await b.get(`/tellers/${tellerId}`), 404, 'error.msg.teller.not.found');
    assertError(await b.get(`/tellers/${tellerId}/cashiers/${cashierId}`), 404, 'error.msg.resource.not.found');
    assertError(await b.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(10, DAY)), 404, 'error.msg.resource.not.found');
    assertError(await b.post(`/cashiers/${cashierId}/settle`, { endDate: DAY, ...FMT }), 404, 'error.msg.cashier.not.found');
    assert.deepEqual((await b.get('/tellers')).body, []);

    const otherBranch = await a.branch();
    const otherTeller = await createTeller(a, otherBranch);
    const { session: manager } = await staffUser(a, [BRANCH_MANAGER_ROLE], otherBranch, null);
    const visible = await manager.get('/tellers');
    assert.equal(visible.status, 200, visible.text);
    assert.deepEqual(visible.body.map((x: { id: number }) => x.id), [otherTeller]);
    assertError(await manager.get(`/tellers/${tellerId}`), 404, 'error.msg.teller.not.found');
    assertError(await manager.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(10, DAY)), 404, 'error.msg.resource.not.found');
    assertError(await manager.post(`/cashiers/${cashierId}/settle`, { endDate: DAY, ...FMT }), 404, 'error.msg.cashier.not.found');
    assertError(await manager.post('/tellers', { officeId: branch, name: 'Not mine', startDate: DAY, status: 300, ...FMT }), 404, 'error.msg.office.id.invalid');
  });

  test('GraphQL: Cashier with its federated staff and today\'s till; teller transactions paged', async () => {
    const t = await service.tenant('sg');
    const { tellerId, cashierId, staffId } = await tellerSetup(t, DAY);
    for (const amount of [100, 200, 300]) assert.equal((await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(amount, DAY))).status, 200);
    const res = await t.graphql<{ cashier: { id: number; staff: { id: number; displayName: string; officeId: number }; till: { balance: string; open: boolean; date: string; transactions: { txnAmount: string }[] } } }>(
      `query($id: Int!) { cashier(id: $id) { id staff { id displayName officeId } till { balance open date transactions { txnAmount } } } }`,
      { id: cashierId },
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.errors, undefined, res.text);
    const cashier = res.body.data!.cashier;
    assert.equal(cashier.staff.id, staffId);
    assert.ok(cashier.staff.displayName.startsWith('Cashier'));
    assert.equal(cashier.till.balance, '600');
    assert.equal(cashier.till.open, true);
    assert.equal(cashier.till.date, DAY);
    assert.equal(cashier.till.transactions.length, 3);

    const created = await t.graphql<{ createTeller: { id: number; status: { id: number } } }>(
      `mutation($input: CreateTellerInput!) { createTeller(input: $input) { id status { id } } }`,
      { input: { officeId: cashier.staff.officeId, name: 'GraphQL counter', startDate: DAY, status: 400 } },
    );
    assert.equal(created.body.errors, undefined, created.text);
    assert.equal(created.body.data!.createTeller.status.id, 400);
    const duplicate = await t.graphql(`mutation($input: CreateTellerInput!) { createTeller(input: $input) { id } }`, { input: { officeId: cashier.staff.officeId, name: 'graphql COUNTER', startDate: DAY, status: 300 } });
    assert.equal(duplicate.body.errors?.[0]?.extensions?.code, 'error.msg.teller.duplicate.name', duplicate.text);
    assertError(await service.request('GET', '/api/v1/tellers', { tenant: t.tenant, auth: null }), 401, 'error.msg.not.authenticated');

    const page = await t.get(`/tellers/${tellerId}/transactions?offset=1&limit=1`);
    assert.equal(page.status, 200, page.text);
    assert.equal(page.body.totalFilteredRecords, 3);
    assert.equal(page.body.pageItems.length, 1);
    assert.equal(page.body.pageItems[0].txnAmount, 200);
    assert.deepEqual(page.body.pageItems[0].txnDate, [2026, 3, 2]);
  });
});
