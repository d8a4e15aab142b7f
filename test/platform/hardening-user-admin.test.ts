import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TenantSession, TestService } from '../support/service.js';
import { cashTxn, createCashier, createStaff, createTeller, setBusinessDate, staffUser, TELLER_ROLE, BRANCH_MANAGER_ROLE } from '../till/till-support.js';

const ACCESS_ADMIN = 320017;
const DAY = '2026-03-02';

/** A user with the given roles at `officeId`, logged in, with its id and username. */
async function user(admin: TenantSession, roles: number[], officeId = 1, extra: Record<string, unknown> = {}): Promise<{ session: TenantSession; id: number; username: string }> {
  const username = `u${randomBytes(4).toString('hex')}`;
  const created = await admin.post('/users', { username, firstname: 'Test', lastname: 'User', officeId, roles, password: 'Secret123', repeatPassword: 'Secret123', ...extra });
  assert.equal(created.status, 200, created.text);
  const login = await admin.service.request('POST', '/api/v1/authentication', { tenant: admin.tenant, body: { username, password: 'Secret123' } });
  assert.equal(login.status, 200, login.text);
  return { session: new TenantSession(admin.service, admin.tenant, login.body.base64EncodedAuthenticationKey), id: login.body.userId, username };
}

/**
 * Issue 27 point 3: a System Access Control Admin (320017) renamed the super user and moved it to a
 * branch, moved a Branch Manager to the head office, re-linked a teller's user to another cashier's staff
 * record, and changed other users' usernames and emails. Every field of PUT /users/{id} now needs the
 * power to grant all of the user's roles, within the caller's office subtree.
 */
describe('hardening: user administration stays within what the administrator could grant', () => {
  let service: TestService;
  let t: TenantSession;
  let accessAdmin: { session: TenantSession; id: number };
  let branchA: number;
  let branchB: number;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    accessAdmin = await user(t, [ACCESS_ADMIN]);
    branchA = await t.branch();
    branchB = await t.branch();
  });
  after(async () => service.stop());

  test('the super user: no field of it changes, and admin still logs in at the head office', async () => {
    for (const body of [{ username: 'hijacked' }, { officeId: branchA }, { email: 'attacker@example.com' }, { firstname: 'Mallory' }, { lastname: 'Mallory' }, { staffId: await createStaff(t, 1) }]) {
      assertError(await accessAdmin.session.put('/users/1', body), 403, 'error.msg.user.cannot.grant.unheld.permissions');
    }
    const admin = await t.get('/users/1');
    assert.equal(admin.body.username, 'admin');
    assert.equal(admin.body.officeId, 1);
    assert.equal(admin.body.email, undefined);
    assert.equal(admin.body.staffId, undefined);
    const login = await service.request('POST', '/api/v1/authentication', { tenant: t.tenant, body: { username: 'admin', password: 'password' } });
    assert.equal(login.status, 200, login.text);
  });

  test('a Branch Manager in another branch is not moved to the head office, nor renamed', async () => {
    const manager = await user(t, [BRANCH_MANAGER_ROLE], branchB);
    assertError(await accessAdmin.session.put(`/users/${manager.id}`, { officeId: 1 }), 403, 'error.msg.user.cannot.grant.unheld.permissions');
    assertError(await accessAdmin.session.put(`/users/${manager.id}`, { username: `${manager.username}x`, email: 'bm@example.com' }), 403, 'error.msg.user.cannot.grant.unheld.permissions');
    const stored = await t.get(`/users/${manager.id}`);
    assert.equal(stored.body.officeId, branchB);
    assert.equal(stored.body.username, manager.username);
  });

  test("a teller's user is not re-linked to another staff record", async () => {
    const tellerStaff = await createStaff(t, branchA);
    const teller = await staffUser(t, [TELLER_ROLE], branchA, tellerStaff);
    const otherStaff = await createStaff(t, branchA);
    assertError(await accessAdmin.session.put(`/users/${teller.userId}`, { staffId: otherStaff }), 403, 'error.msg.user.cannot.grant.unheld.permissions');
    assertError(await accessAdmin.session.put(`/users/${teller.userId}`, { email: 'teller@example.com' }), 403, 'error.msg.user.cannot.grant.unheld.permissions');
    assert.equal((await t.get(`/users/${teller.userId}`)).body.staffId, tellerStaff);
  });

  test('a peer holding only what the administrator holds may still be edited, field by field', async () => {
    const peer = await user(t, [ACCESS_ADMIN]);
    const res = await accessAdmin.session.put(`/users/${peer.id}`, { username: `${peer.username}r`, email: 'peer@example.com', firstname: 'Renamed', officeId: branchA });
    assert.equal(res.status, 200, res.text);
    const stored = await t.get(`/users/${peer.id}`);
    assert.deepEqual([stored.body.username, stored.body.email, stored.body.firstname, stored.body.officeId], [`${peer.username}r`, 'peer@example.com', 'Renamed', branchA]);
  });

  test("within the caller's office subtree only: the user, the target office and the staff record", async () => {
    const branchAdmin = await user(t, [ACCESS_ADMIN], branchA);
    const peerInA = await user(t, [ACCESS_ADMIN], branchA);
    const peerInB = await user(t, [ACCESS_ADMIN], branchB);
    assertError(await branchAdmin.session.put(`/users/${peerInB.id}`, { email: 'b@example.com' }), 404, 'error.msg.user.id.invalid');
    assertError(await branchAdmin.session.put(`/users/${peerInA.id}`, { officeId: 1 }), 404, 'error.msg.office.id.invalid');
    assertError(await branchAdmin.session.put(`/users/${peerInA.id}`, { officeId: branchB }), 404, 'error.msg.office.id.invalid');
    assertError(await branchAdmin.session.put(`/users/${peerInA.id}`, { staffId: await createStaff(t, branchB) }), 404, 'error.msg.staff.id.invalid');
    assertError(await branchAdmin.session.put(`/users/${branchAdmin.id}`, { officeId: 1 }), 404, 'error.msg.office.id.invalid');
    const stored = await t.get(`/users/${peerInA.id}`);
    assert.equal(stored.body.officeId, branchA);
    assert.equal(stored.body.staffId, undefined);
    const ok = await branchAdmin.session.put(`/users/${peerInA.id}`, { staffId: await createStaff(t, branchA) });
    assert.equal(ok.status, 200, ok.text);
  });

  test('nobody, not even the super user, links a user to a staff record whose cashier has an open till', async () => {
    await setBusinessDate(t, DAY);
    const cashierStaff = await createStaff(t, branchA);
    const tellerId = await createTeller(t, branchA);
    const cashierId = await createCashier(t, tellerId, cashierStaff);
    const teller = await staffUser(t, [TELLER_ROLE], branchA, await createStaff(t, branchA));
    const idleStaff = await createStaff(t, branchA);
    // Assigned but no cash allocated yet: no till is open, the link is allowed (and undone).
    assert.equal((await t.put(`/users/${teller.userId}`, { staffId: cashierStaff })).status, 200);
    assert.equal((await t.put(`/users/${teller.userId}`, { staffId: idleStaff })).status, 200);
    const allocated = await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(50000, DAY));
    assert.equal(allocated.status, 200, allocated.text);
    assertError(await t.put(`/users/${teller.userId}`, { staffId: cashierStaff }), 403, 'error.msg.user.staff.has.open.till');
    assert.equal((await t.get(`/users/${teller.userId}`)).body.staffId, idleStaff, 'nothing written');
  });
});
