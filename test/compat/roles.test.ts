import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TenantSession, TestService } from '../support/service.js';

const ACCESS_ADMIN = 320017;
const ACCOUNTANT = 320004;

/** The Mifos X console's System > Roles screens: create a role, rename it, then grant it permissions. */
describe('Fineract compat: POST /roles and PUT /roles/{id}', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  test('a new role has a name, a description and no permissions; names are unique regardless of case', async () => {
    const created = await t.post('/roles', { name: 'Field auditor', description: 'Reads loans in the field' });
    assert.equal(created.status, 200, created.text);
    assert.deepEqual(Object.keys(created.body), ['resourceId']);
    const id = created.body.resourceId as number;
    assert.ok(id > 320020, 'above the seeded catalogue');
    assert.deepEqual((await t.get(`/roles/${id}`)).body, { id, name: 'Field auditor', description: 'Reads loans in the field', disabled: false });
    const permissions = (await t.get(`/roles/${id}/permissions`)).body.permissionUsageData as { selected: boolean }[];
    assert.ok(permissions.length > 50);
    assert.equal(permissions.filter((p) => p.selected).length, 0);
    assert.ok(((await t.get('/roles')).body as { id: number }[]).some((r) => r.id === id));

    assertError(await t.post('/roles', { name: 'field AUDITOR', description: 'Again' }), 403, 'error.msg.role.duplicate.name');
    assertError(await t.post('/roles', { name: 'No description' }), 400, 'validation.msg.role.description.cannot.be.blank');
    assertError(await t.post('/roles', { name: 'x'.repeat(101), description: 'Too long' }), 400, 'validation.msg.role.name.exceeds.max.length');
    assertError(await t.post('/roles', { name: 'Extra', description: 'Unknown key', colour: 'red' }), 400, 'error.msg.parameter.unsupported');

    const renamed = await t.put(`/roles/${id}`, { name: 'Field auditor (north)', description: 'Reads loans in the field' });
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual(renamed.body, { resourceId: id, changes: { name: 'Field auditor (north)' } });
    assertError(await t.put('/roles/999999', { name: 'Ghost' }), 404, 'error.msg.role.id.invalid');
    assertError(await t.put(`/roles/${id}`, { name: 'Super user' }), 403, 'error.msg.role.duplicate.name');

    const granted = await t.put(`/roles/${id}/permissions`, { permissions: { READ_LOAN: true } });
    assert.equal(granted.status, 200, granted.text);
    const now = (await t.get(`/roles/${id}/permissions`)).body.permissionUsageData as { code: string; selected: boolean }[];
    assert.deepEqual(now.filter((p) => p.selected).map((p) => p.code), ['READ_LOAN']);
  });

  test('creating and renaming roles needs CREATE_ROLE and UPDATE_ROLE; a new role never carries more than its granter holds', async () => {
    const username = `r${randomBytes(4).toString('hex')}`;
    assert.equal((await t.post('/users', { username, firstname: 'A', lastname: 'C', officeId: 1, roles: [ACCOUNTANT], password: 'Secret123', repeatPassword: 'Secret123' })).status, 200);
    const login = await service.request('POST', '/api/v1/authentication', { tenant: t.tenant, body: { username, password: 'Secret123' } });
    const accountant = new TenantSession(service, t.tenant, login.body.base64EncodedAuthenticationKey);
    assertError(await accountant.post('/roles', { name: 'Mine', description: 'Self-made' }), 403, 'error.msg.not.authorized');

    const adminName = `a${randomBytes(4).toString('hex')}`;
    assert.equal((await t.post('/users', { username: adminName, firstname: 'A', lastname: 'A', officeId: 1, roles: [ACCESS_ADMIN], password: 'Secret123', repeatPassword: 'Secret123' })).status, 200);
    const adminLogin = await service.request('POST', '/api/v1/authentication', { tenant: t.tenant, body: { username: adminName, password: 'Secret123' } });
    const accessAdmin = new TenantSession(service, t.tenant, adminLogin.body.base64EncodedAuthenticationKey);
    const role = await accessAdmin.post('/roles', { name: `Made by access admin ${randomBytes(2).toString('hex')}`, description: 'Empty' });
    assert.equal(role.status, 200, role.text);
    assertError(await accessAdmin.put(`/roles/${role.body.resourceId}/permissions`, { permissions: { ALL_FUNCTIONS: true } }), 403, 'error.msg.role.cannot.change.unheld.permissions');
  });
});
