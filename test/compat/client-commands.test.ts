import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StaffIdentity } from '../../subgraphs/kernel/identity.js';
import { ClientLifecycleService } from '../../subgraphs/customer/client-lifecycle.service.js';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { clientBody, codeValues, DATE_FORMAT, fineractDate, FineractClient } from './fineract-client.js';

const today = fineractDate();
const tomorrow = fineractDate(new Date(Date.now() + 86_400_000));

describe('Fineract compat: client commands (ClientHelper style)', () => {
  let service: TestService;
  let t: TenantSession;
  let api: FineractClient;
  let office: number;
  let closure: number;
  let rejection: number;
  let withdrawal: number;
  let gender: number;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    api = new FineractClient(service, t.tenant);
    office = await t.branch();
    closure = (await codeValues(api, 'ClientClosureReason'))[0]!.id;
    rejection = (await codeValues(api, 'ClientRejectReason'))[0]!.id;
    withdrawal = (await codeValues(api, 'ClientWithdrawReason'))[0]!.id;
    gender = (await codeValues(api, 'Gender'))[0]!.id;
  });
  after(async () => service.stop());

  const activeClient = async () => (await api.post('/clients', clientBody(office))).body.clientId as number;
  const pendingClient = async () => (await api.post('/clients', clientBody(office, { active: 'false', activationDate: undefined }))).body.clientId as number;
  const status = async (clientId: number) => (await api.get(`/clients/${clientId}`)).body.status;

  test('assignStaff and unassignStaff {staffId}', async () => {
    const clientId = await activeClient();
    const staff = await api.post('/staff', { officeId: String(office), firstname: 'Kemi', lastname: 'Ade', isLoanOfficer: 'true', isActive: 'true' });
    const staffId = staff.body.resourceId as number;

    const assigned = await api.post(`/clients/${clientId}?command=assignStaff`, { staffId: String(staffId) });
    assert.equal(assigned.status, 200, assigned.text);
    assert.deepEqual(assigned.body, { officeId: office, clientId, resourceId: clientId, changes: { staffId } });
    const got = await api.get(`/clients/${clientId}`);
    assert.equal(got.body.staffId, staffId);
    assert.ok(got.body.staffName.includes('Kemi'), got.text);

    assertError(await api.post(`/clients/${clientId}?command=unassignStaff`, { staffId: String(staffId + 1000) }), 403, 'error.msg.client.staff.not.assigned');
    const unassigned = await api.post(`/clients/${clientId}?command=unassignStaff`, { staffId: String(staffId) });
    assert.equal(unassigned.status, 200, unassigned.text);
    assert.deepEqual(unassigned.body.changes, { staffId: null });
    assert.equal((await api.get(`/clients/${clientId}`)).body.staffId, undefined);
    assertError(await api.post(`/clients/${clientId}?command=unassignStaff`, { staffId: String(staffId) }), 403, 'error.msg.client.has.no.staff');

    assertError(await api.post(`/clients/${clientId}?command=assignStaff`, {}), 400, 'validation.msg.client.staffId.cannot.be.blank');
    assertError(await api.post(`/clients/${clientId}?command=assignStaff`, { staffId: '99999' }), 404, 'error.msg.staff.id.invalid');
  });

  test('close {closureDate, closureReasonId}: active -> 600 Closed, reason shown; reactivate -> 100 Pending', async () => {
    const clientId = await activeClient();
    const closed = await api.post(`/clients/${clientId}?command=close`, { closureDate: today, closureReasonId: String(closure), ...DATE_FORMAT });
    assert.equal(closed.status, 200, closed.text);
    assert.equal(closed.body.clientId, clientId);
    assert.equal(closed.body.resourceId, clientId);
    assert.equal(closed.body.officeId, office);
    const got = await api.get(`/clients/${clientId}`);
    assert.deepEqual(got.body.status, { id: 600, code: 'clientStatusType.closed', value: 'Closed', pending: false, active: false, closed: true });
    assert.equal(got.body.active, false);
    assert.equal(got.body.closureReason.id, closure);
    const now = new Date();
    assert.deepEqual(got.body.timeline.closedOnDate, [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()]);

    assertError(await api.post(`/clients/${clientId}?command=close`, { closureDate: today, closureReasonId: String(closure), ...DATE_FORMAT }), 403, 'error.msg.client.close.on.nonactive.account');
    assertError(await api.post(`/clients/${clientId}?command=activate`, { activationDate: today, ...DATE_FORMAT }), 403, 'error.msg.client.is.closed');

    const reactivated = await api.post(`/clients/${clientId}?command=reactivate`, { reactivationDate: today, ...DATE_FORMAT });
    assert.equal(reactivated.status, 200, reactivated.text);
    assert.deepEqual(await status(clientId), { id: 100, code: 'clientStatusType.pending', value: 'Pending', pending: true, active: false, closed: false });
    const reopened = (await api.get(`/clients/${clientId}`)).body;
    assert.equal(reopened.closureReason, undefined, 'the closure is cleared');
    assert.equal(reopened.timeline.closedOnDate, undefined);
    assert.deepEqual(reopened.timeline.reactivatedOnDate, [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()]);
    assertError(await api.post(`/clients/${clientId}?command=reactivate`, { reactivationDate: today, ...DATE_FORMAT }), 403, 'error.msg.client.reactivation.on.nonclosed.account');
    const again = await api.post(`/clients/${clientId}?command=activate`, { activationDate: today, ...DATE_FORMAT });
    assert.equal(again.status, 200, again.text);
    assert.equal((await status(clientId)).id, 300);
  });

  test('close refuses: pending client, wrong reason, missing fields, future date, date before activation', async () => {
    const pending = await pendingClient();
    assertError(await api.post(`/clients/${pending}?command=close`, { closureDate: today, closureReasonId: String(closure), ...DATE_FORMAT }), 403, 'error.msg.client.close.on.nonactive.account');
    const clientId = await activeClient();
    // A value of another code (Gender) is no closure reason.
    assertError(await api.post(`/clients/${clientId}?command=close`, { closureDate: today, closureReasonId: String(gender), ...DATE_FORMAT }), 404, 'error.msg.codevalue.id.invalid');
    assertError(await api.post(`/clients/${clientId}?command=close`, { closureDate: today, closureReasonId: '99999', ...DATE_FORMAT }), 404, 'error.msg.codevalue.id.invalid');
    const missing = await api.post(`/clients/${clientId}?command=close`, {});
    assertError(missing, 400, 'validation.msg.client.closureDate.cannot.be.blank');
    assertError(missing, 400, 'validation.msg.client.closureReasonId.cannot.be.blank');
    assertError(await api.post(`/clients/${clientId}?command=close`, { closureDate: tomorrow, closureReasonId: String(closure), ...DATE_FORMAT }), 400, 'validation.msg.client.closureDate.cannot.be.a.future.date');
    assertError(await api.post(`/clients/${clientId}?command=close`, { closureDate: '31 December 2024', closureReasonId: String(closure), ...DATE_FORMAT }), 403, 'error.msg.client.close.date.cannot.before.client.actived');
    assert.equal((await status(clientId)).id, 300, 'nothing changed');
  });

  test('reject {rejectionDate, rejectionReasonId}: pending only -> 700; undoRejection {reopenedDate} -> 100', async () => {
    const active = await activeClient();
    assertError(await api.post(`/clients/${active}?command=reject`, { rejectionDate: today, rejectionReasonId: String(rejection), ...DATE_FORMAT }), 403, 'error.msg.client.rejection.on.nonpending.account');
    const clientId = await pendingClient();
    assertError(await api.post(`/clients/${clientId}?command=reject`, { rejectionDate: today, rejectionReasonId: String(closure), ...DATE_FORMAT }), 404, 'error.msg.codevalue.id.invalid');
    const rejected = await api.post(`/clients/${clientId}?command=reject`, { rejectionDate: today, rejectionReasonId: String(rejection), ...DATE_FORMAT });
    assert.equal(rejected.status, 200, rejected.text);
    assert.deepEqual(Object.keys(rejected.body).sort(), ['changes', 'clientId', 'officeId', 'resourceId']);
    assert.deepEqual(await status(clientId), { id: 700, code: 'clientStatusType.rejected', value: 'Rejected', pending: false, active: false, closed: false });
    assert.equal((await api.get('/clients?status=rejected')).body.pageItems.some((c: { id: number }) => c.id === clientId), true);

    assertError(await api.post(`/clients/${clientId}?command=undoWithdrawal`, { reopenedDate: today, ...DATE_FORMAT }), 403, 'error.msg.client.undowithdrawal.on.nonwithdrawn.account');
    const reopened = await api.post(`/clients/${clientId}?command=undoRejection`, { reopenedDate: today, ...DATE_FORMAT });
    assert.equal(reopened.status, 200, reopened.text);
    assert.equal((await status(clientId)).id, 100);
  });

  test('withdraw {withdrawalDate, withdrawalReasonId}: pending only -> 400; undoWithdrawal {reopenedDate} -> 100', async () => {
    const active = await activeClient();
    assertError(await api.post(`/clients/${active}?command=withdraw`, { withdrawalDate: today, withdrawalReasonId: String(withdrawal), ...DATE_FORMAT }), 403, 'error.msg.client.withdrawal.on.nonpending.account');
    const clientId = await pendingClient();
    const withdrawn = await api.post(`/clients/${clientId}?command=withdraw`, { withdrawalDate: today, withdrawalReasonId: String(withdrawal), ...DATE_FORMAT });
    assert.equal(withdrawn.status, 200, withdrawn.text);
    // Issue 33 point 6: Fineract's ClientStatus.WITHDRAWN is 800 `clientStatusType.withdraw` (was 400 here).
    assert.deepEqual(await status(clientId), { id: 800, code: 'clientStatusType.withdraw', value: 'Withdrawn', pending: false, active: false, closed: false });
    assertError(await api.post(`/clients/${clientId}?command=activate`, { activationDate: today, ...DATE_FORMAT }), 403, 'error.msg.client.activate.on.nonpending.account');
    assertError(await api.post(`/clients/${clientId}?command=undoWithdrawal`, { reopenedDate: '01 January 2020', ...DATE_FORMAT }), 403, 'error.msg.client.undowithdrawal.date.cannot.before.client.withdrawn');
    const reopened = await api.post(`/clients/${clientId}?command=undoWithdrawal`, { reopenedDate: today, ...DATE_FORMAT });
    assert.equal(reopened.status, 200, reopened.text);
    assert.equal((await status(clientId)).id, 100);
  });

  test('concurrent commands on one client: the row lock lets exactly one transition win', async () => {
    const clientId = await pendingClient();
    const results = await Promise.all([
      api.post(`/clients/${clientId}?command=reject`, { rejectionDate: today, rejectionReasonId: String(rejection), ...DATE_FORMAT }),
      api.post(`/clients/${clientId}?command=withdraw`, { withdrawalDate: today, withdrawalReasonId: String(withdrawal), ...DATE_FORMAT }),
      api.post(`/clients/${clientId}?command=activate`, { activationDate: today, ...DATE_FORMAT }),
      api.post(`/clients/${clientId}?command=reject`, { rejectionDate: today, rejectionReasonId: String(rejection), ...DATE_FORMAT }),
    ]);
    assert.equal(results.filter((r) => r.status === 200).length, 1, results.map((r) => r.text).join('\n'));
    assert.ok(results.every((r) => r.status === 200 || r.status === 403), results.map((r) => r.text).join('\n'));
    const final = (await status(clientId)).id;
    const winner = results.findIndex((r) => r.status === 200);
    assert.equal(final, [700, 400, 300, 700][winner]);
  });

  test('commands need their permission and respect scope', async () => {
    const clientId = await activeClient();
    const loanOfficer = await t.userWithRoles([320003], office);
    assertError(await loanOfficer.post(`/clients/${clientId}?command=close`, { closureDate: today, closureReasonId: closure, ...DATE_FORMAT }), 403, 'error.msg.not.authorized');
    const other = await t.branch();
    const otherAdmin = await t.userWithRoles([1], other);
    assertError(await otherAdmin.post(`/clients/${clientId}?command=close`, { closureDate: today, closureReasonId: closure, ...DATE_FORMAT }), 404, 'error.msg.client.id.invalid');
    const otherTenant = new FineractClient(service, (await service.tenant()).tenant);
    assertError(await otherTenant.post(`/clients/${clientId}?command=close`, { closureDate: today, closureReasonId: String(closure), ...DATE_FORMAT }), 404, 'error.msg.client.id.invalid');
    assert.equal((await status(clientId)).id, 300);
  });

  test('closing is refused while a registered check reports open accounts or loans (403 non.closed.savings.account)', async () => {
    const clientId = await activeClient();
    const { organisation, customer } = service.services;
    const withOpenAccount = new ClientLifecycleService(service.platform.db, customer.clients, {
      codeValueValid: async (tx, codeName, valueId) => (await organisation.codes.valueOfCode(tx, codeName, valueId)) !== null,
      cutOffSelfService: async () => undefined,
    });
    withOpenAccount.addOpenProductsCheck(async (_tx, id) => (id === clientId ? 1 : 0));
    const admin: StaffIdentity = { kind: 'staff', tenantId: t.tenant, userId: 1, username: 'admin', officeId: 1, officeHierarchy: '.', staffId: null, roleIds: [1], permissions: ['ALL_FUNCTIONS'] };
    await assert.rejects(
      withOpenAccount.changeStatus(admin, clientId, 'close', { date: new Date().toISOString().slice(0, 10), reasonId: closure }),
      (error: { extensions: { status: number; errors: { code: string }[] } }) =>
        error.extensions.status === 403 && error.extensions.errors[0]!.code === 'error.msg.client.close.non.closed.savings.account',
    );
    assert.equal((await status(clientId)).id, 300, 'nothing written');
  });
});
