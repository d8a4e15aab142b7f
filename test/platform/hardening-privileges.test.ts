import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TenantSession, TestService } from '../support/service.js';

const SUPER_USER = 1;
const ACCOUNTANT = 320004;
const BANK_ADMIN = 320009;
const ACCESS_ADMIN = 320017;

/** A user with the given roles, logged in, and its id. */
async function staffUser(admin: TenantSession, roles: number[]): Promise<{ session: TenantSession; id: number; username: string }> {
  const username = `u${randomBytes(4).toString('hex')}`;
  const created = await admin.post('/users', { username, firstname: 'Test', lastname: 'User', officeId: 1, roles, password: 'Secret123', repeatPassword: 'Secret123' });
  assert.equal(created.status, 200, created.text);
  const login = await admin.service.request('POST', '/api/v1/authentication', { tenant: admin.tenant, body: { username, password: 'Secret123' } });
  assert.equal(login.status, 200, login.text);
  return { session: new TenantSession(admin.service, admin.tenant, login.body.base64EncodedAuthenticationKey), id: login.body.userId, username };
}

async function outbox(service: TestService, tenant: string, eventType: string): Promise<{ payload: { data: Record<string, unknown> } }[]> {
  return service.platform.db.system((em) => em.execute(`select payload from kernel.outbox where tenant_id = ? and event_type = ? order by id`, [tenant, eventType]));
}

/**
 * Issue 7 point 3: a user with role 320017 ran PUT /users/{own id} {"roles":[1,320017]}, then created a
 * super user and changed admin's password.
 */
describe('hardening: privilege containment for users and roles', () => {
  let service: TestService;
  let t: TenantSession;
  let accessAdmin: { session: TenantSession; id: number };
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    accessAdmin = await staffUser(t, [ACCESS_ADMIN]);
  });
  after(async () => service.stop());

  test('nobody changes their own roles', async () => {
    const res = await accessAdmin.session.put(`/users/${accessAdmin.id}`, { roles: [SUPER_USER, ACCESS_ADMIN] });
    assertError(res, 403, 'error.msg.user.cannot.change.own.roles');
    const admin = await t.put('/users/1', { roles: [SUPER_USER, ACCOUNTANT] });
    assertError(admin, 403, 'error.msg.user.cannot.change.own.roles');
    const me = await t.get(`/users/${accessAdmin.id}`);
    assert.deepEqual(me.body.selectedRoles.map((r: { id: number }) => r.id), [ACCESS_ADMIN]);
  });

  test('only a super user grants Super user, on create and on update', async () => {
    const other = await staffUser(t, [ACCESS_ADMIN]);
    const grant = await accessAdmin.session.put(`/users/${other.id}`, { roles: [SUPER_USER] });
    assertError(grant, 403, 'error.msg.user.cannot.grant.unheld.permissions');
    const create = await accessAdmin.session.post('/users', {
      username: `su${randomBytes(3).toString('hex')}`, firstname: 'S', lastname: 'U', officeId: 1, roles: [SUPER_USER], password: 'Secret123', repeatPassword: 'Secret123',
    });
    assertError(create, 403, 'error.msg.user.cannot.grant.unheld.permissions');
  });

  test('a role whose permissions the granter lacks is refused; one within its own is allowed', async () => {
    const other = await staffUser(t, [ACCESS_ADMIN]);
    assertError(await accessAdmin.session.put(`/users/${other.id}`, { roles: [ACCOUNTANT] }), 403, 'error.msg.user.cannot.grant.unheld.permissions');
    assertError(await accessAdmin.session.put(`/users/${other.id}`, { roles: [BANK_ADMIN] }), 403, 'error.msg.user.cannot.grant.unheld.permissions');
    const created = await accessAdmin.session.post('/users', {
      username: `ok${randomBytes(3).toString('hex')}`, firstname: 'O', lastname: 'K', officeId: 1, roles: [ACCESS_ADMIN], password: 'Secret123', repeatPassword: 'Secret123',
    });
    assert.equal(created.status, 200, created.text);
  });

  test("another user's password: only over users holding nothing more than the actor", async () => {
    const res = await accessAdmin.session.put('/users/1', { password: 'Takeover123', repeatPassword: 'Takeover123' });
    assertError(res, 403, 'error.msg.user.cannot.grant.unheld.permissions');
    const login = await service.request('POST', '/api/v1/authentication', { tenant: t.tenant, body: { username: 'admin', password: 'password' } });
    assert.equal(login.status, 200, 'admin password unchanged');
    const peer = await staffUser(t, [ACCESS_ADMIN]);
    assert.equal((await accessAdmin.session.put(`/users/${peer.id}`, { password: 'NewSecret123', repeatPassword: 'NewSecret123' })).status, 200);
    const bankAdmin = await staffUser(t, [BANK_ADMIN]);
    assertError(await bankAdmin.session.put(`/users/${peer.id}`, { password: 'Other12345', repeatPassword: 'Other12345' }), 403, 'error.msg.not.authorized');
  });

  test('the super user still can, and every role change is audited', async () => {
    const other = await staffUser(t, [ACCESS_ADMIN]);
    const res = await t.put(`/users/${other.id}`, { roles: [SUPER_USER, ACCOUNTANT] });
    assert.equal(res.status, 200, res.text);
    const events = (await outbox(service, t.tenant, 'user.roles.changed')).map((r) => r.payload.data).filter((d) => d.userId === other.id);
    assert.deepEqual(events.at(-1), { ...events.at(-1), userId: other.id, previousRoleIds: [ACCESS_ADMIN], roleIds: [SUPER_USER, ACCOUNTANT], changedBy: 1, changedByUsername: 'admin' });
    assert.ok(typeof events.at(-1)!.changedAt === 'string');
    assert.ok(events.length >= 2, 'the grant at creation is audited too');
  });

  test('role permissions: PUT /roles/{id}/permissions is contained and audited', async () => {
    const escalate = await accessAdmin.session.put(`/roles/${ACCESS_ADMIN}/permissions`, { permissions: { ALL_FUNCTIONS: true } });
    assertError(escalate, 403, 'error.msg.role.cannot.change.unheld.permissions');
    const journal = await accessAdmin.session.put(`/roles/${ACCESS_ADMIN}/permissions`, { permissions: { CREATE_JOURNALENTRY: true } });
    assertError(journal, 403, 'error.msg.role.cannot.change.unheld.permissions');
    const unknown = await t.put(`/roles/${ACCOUNTANT}/permissions`, { permissions: { NO_SUCH_CODE: true } });
    assertError(unknown, 400, 'validation.msg.role.permissions.invalid');
    const ok = await t.put(`/roles/${ACCOUNTANT}/permissions`, { permissions: { READ_CLIENT: true, CREATE_JOURNALENTRY: false } });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(ok.body, { resourceId: ACCOUNTANT, changes: { permissions: { READ_CLIENT: true, CREATE_JOURNALENTRY: false } } });
    const listed = await t.get(`/roles/${ACCOUNTANT}/permissions`);
    const selected = new Map(listed.body.permissionUsageData.map((p: { code: string; selected: boolean }) => [p.code, p.selected]));
    assert.equal(selected.get('READ_CLIENT'), true);
    assert.equal(selected.get('CREATE_JOURNALENTRY'), false);
    const events = (await outbox(service, t.tenant, 'role.permissions.changed')).map((r) => r.payload.data);
    assert.deepEqual(events.at(-1), { ...events.at(-1), roleId: ACCOUNTANT, changes: { READ_CLIENT: true, CREATE_JOURNALENTRY: false }, changedBy: 1 });
  });
});
