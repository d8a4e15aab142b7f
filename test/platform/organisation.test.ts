import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService, type TenantSession } from '../support/service.js';

describe('offices, staff, users, roles, payment types', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  test('offices: create, hierarchy, nameDecorated, parentName, update and moves', async () => {
    const lagos = await t.post('/offices', { name: 'Lagos', parentId: 1, openingDate: '01 March 2024', dateFormat: 'dd MMMM yyyy', locale: 'en', externalId: 'LAG' });
    assert.equal(lagos.status, 200);
    assert.deepEqual(lagos.body, { officeId: 2, resourceId: 2 });
    const ikeja = await t.post('/offices', { name: 'Ikeja', parentId: 2, openingDate: '2024-04-01', dateFormat: 'yyyy-MM-dd', locale: 'en' });
    const office = (await t.get(`/offices/${ikeja.body.resourceId}`)).body;
    assert.deepEqual(office, { id: 3, name: 'Ikeja', nameDecorated: '........Ikeja', openingDate: [2024, 4, 1], hierarchy: '.2.3.', parentId: 2, parentName: 'Lagos' });

    const dup = await t.post('/offices', { name: 'lagos', parentId: 1 });
    assert.equal(dup.status, 403);
    assert.equal(dup.body.userMessageGlobalisationCode, 'error.msg.office.duplicate.name');

    const moved = await t.put('/offices/3', { parentId: 1, name: 'Ikeja Branch' });
    assert.equal(moved.status, 200);
    assert.deepEqual(moved.body.changes, { name: 'Ikeja Branch', parentId: 1 });
    assert.equal((await t.get('/offices/3')).body.hierarchy, '.3.');

    const blank = await t.post('/offices', { parentId: 1 });
    assert.equal(blank.status, 400);
    assert.equal(blank.body.errors[0].userMessageGlobalisationCode, 'validation.msg.office.name.cannot.be.blank');
  });

  test('staff: create, read with office name, update, filter by office', async () => {
    const branch = await t.branch();
    const created = await t.post('/staff', { officeId: branch, firstname: 'Ada', lastname: 'Obi', isLoanOfficer: true, joiningDate: '2024-02-01', dateFormat: 'yyyy-MM-dd', locale: 'en' });
    assert.equal(created.status, 200);
    const staff = (await t.get(`/staff/${created.body.resourceId}`)).body;
    assert.equal(staff.displayName, 'Obi, Ada');
    assert.equal(staff.isLoanOfficer, true);
    assert.deepEqual(staff.joiningDate, [2024, 2, 1]);
    const updated = await t.put(`/staff/${staff.id}`, { mobileNo: '08030000000' });
    assert.deepEqual(updated.body.changes, { mobileNo: '08030000000' });
    const list = (await t.get(`/staff?officeId=${branch}`)).body;
    assert.deepEqual(list.map((s: { id: number }) => s.id), [staff.id]);
  });

  test('users: roles by id, repeatPassword, password policy, duplicate username, delete', async () => {
    const base = { username: 'teller1', firstname: 'Tola', lastname: 'Ade', officeId: 1, roles: [320007], password: 'Branch123', repeatPassword: 'Branch123' };
    const created = await t.post('/users', base);
    assert.equal(created.status, 200);
    const user = (await t.get(`/users/${created.body.resourceId}`)).body;
    assert.deepEqual(user.selectedRoles.map((r: { id: number }) => r.id), [320007]);
    assert.equal(user.officeName, 'Head Office');
    assert.equal(user.passwordHash, undefined);

    const mismatch = await t.post('/users', { ...base, username: 'x1', repeatPassword: 'Other123' });
    assert.equal(mismatch.status, 400);
    assert.equal(mismatch.body.errors[0].userMessageGlobalisationCode, 'validation.msg.user.repeatPassword.not.equal.to.password');

    const weak = await t.post('/users', { ...base, username: 'x2', password: 'short', repeatPassword: 'short' });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.errors[0].userMessageGlobalisationCode, 'validation.msg.user.password.does.not.match.regexp');

    const dup = await t.post('/users', { ...base, username: 'TELLER1' });
    assert.equal(dup.status, 403);
    assert.equal(dup.body.userMessageGlobalisationCode, 'error.msg.user.duplicate.username');

    const unknownRole = await t.post('/users', { ...base, username: 'x3', roles: [999] });
    assert.equal(unknownRole.status, 404);

    const changed = await t.put(`/users/${user.id}`, { roles: [320004, 320007], firstname: 'Tolu' });
    assert.deepEqual(changed.body.changes, { firstname: 'Tolu', roles: ['320004', '320007'] });

    const login = await service.request('POST', '/api/v1/authentication', { tenant: t.tenant, body: { username: 'teller1', password: 'Branch123' } });
    assert.equal(login.status, 200);
    assert.ok(login.body.permissions.includes('CREATE_JOURNALENTRY'));

    assert.equal((await t.delete(`/users/${user.id}`)).status, 200);
    assert.equal((await t.get(`/users/${user.id}`)).status, 404);
    const after = await service.request('GET', '/api/v1/offices', { tenant: t.tenant, auth: login.body.base64EncodedAuthenticationKey });
    assert.equal(after.status, 401, 'a deleted user\'s session ends');
  });

  test('roles of interface 2.11 with their ids and names; permissions grouped', async () => {
    const roles = (await t.get('/roles')).body as { id: number; name: string }[];
    const byId = Object.fromEntries(roles.map((r) => [r.id, r.name]));
    assert.deepEqual(byId, {
      1: 'Super user', 2: 'Self Service User', 320003: 'Loan Officer', 320004: 'Accountant', 320007: 'Branch Manager', 320009: 'Bank Admin',
      320011: 'Head of Operations', 320013: 'Account Officer', 320016: 'Recovery Officer', 320017: 'System Access Control Admin',
      320018: 'Teller', 320019: 'Head Office Credit Risk', 320020: 'Executive Credit Committee',
    });
    const perms = (await t.get('/roles/320004/permissions')).body;
    const selected = perms.permissionUsageData.filter((p: { selected: boolean }) => p.selected).map((p: { code: string }) => p.code);
    assert.ok(selected.includes('CREATE_JOURNALENTRY'));
    assert.ok(!selected.includes('CREATE_OFFICE'));
    const grouping = perms.permissionUsageData.find((p: { code: string }) => p.code === 'CREATE_CLIENT').grouping;
    assert.equal(grouping, 'portfolio');
  });

  test('payment types Cash and Bank Transfer', async () => {
    const types = (await t.get('/paymenttypes')).body;
    assert.deepEqual(types.map((p: { name: string; isCashPayment: boolean }) => [p.name, p.isCashPayment]), [['Cash', true], ['Bank Transfer', false]]);
  });

  test('permission denied is 403 error.msg.not.authorized, over REST and GraphQL', async () => {
    const accountant = await t.userWithRoles([320004]);
    const res = await accountant.post('/offices', { name: 'Not allowed', parentId: 1 });
    assert.equal(res.status, 403);
    assert.equal(res.body.userMessageGlobalisationCode, 'error.msg.not.authorized');
    assert.equal((await accountant.get('/offices')).status, 200, 'READ_OFFICE is granted');
    assert.equal((await accountant.get('/users')).status, 403);
    const gql = await accountant.graphql('mutation { createOffice(input: { name: "x", parentId: 1 }) { id } }');
    assert.equal(gql.body.errors?.[0].extensions.code, 'error.msg.not.authorized');
    assert.equal(gql.body.errors?.[0].extensions.status, 403);
  });

  test('a branch user sees only its office subtree', async () => {
    const branch = await t.branch('Subtree Branch');
    const manager = await t.userWithRoles([320007], branch);
    const offices = (await manager.get('/offices')).body;
    assert.deepEqual(offices.map((o: { id: number }) => o.id), [branch]);
    assert.equal((await manager.get('/offices/1')).status, 404);
  });
});
