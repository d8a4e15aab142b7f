import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { customer, PASSWORD, selfLogin } from '../self/support.js';

/**
 * Issue 33 point 5: PUT /self/user and selfChangePassword took the new password alone (REST without even
 * repeatPassword) and ended the owner's other sessions, so a stolen session key became a takeover. The
 * current password is now required, for customers and for staff changing their own.
 */
describe('hardening: a password change needs the current password', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  test('a customer: missing fields are 400, a wrong current password 401 and nothing changes', async () => {
    const carol = await customer(t);
    const res = await carol.session.put('/self/user', { password: 'Newpass123', repeatPassword: 'Newpass123' });
    assertError(res, 400, 'validation.msg.user.currentPassword.cannot.be.blank');
    assertError(await carol.session.put('/self/user', { currentPassword: PASSWORD, password: 'Newpass123' }), 400, 'validation.msg.user.repeatPassword.cannot.be.blank');
    assertError(await carol.session.put('/self/user', { currentPassword: PASSWORD, password: 'Newpass123', repeatPassword: 'Newpass124' }), 400, 'validation.msg.user.repeatPassword.not.equal.to.password');
    assertError(await carol.session.put('/self/user', { currentPassword: 'Wrong1234', password: 'Newpass123', repeatPassword: 'Newpass123' }), 401, 'error.msg.not.authenticated');
    const gql = await carol.session.graphql('mutation { selfChangePassword(password: "Newpass123", repeatPassword: "Newpass123") }');
    assert.equal(gql.body.errors?.[0]?.extensions?.code, 'validation.msg.validation.errors.exist', gql.text);
    // Nothing changed: the session lives on and the old password still logs in.
    assert.equal((await carol.session.get('/self/clients')).status, 200);
    assert.equal((await selfLogin(service, t.tenant, carol.username)).status, 200);
    assertError(await selfLogin(service, t.tenant, carol.username, 'Newpass123'), 401, 'error.msg.not.authenticated');
  });

  test('a customer: wrong current passwords are counted by the login throttle (429 after five)', async () => {
    const dan = await customer(t);
    for (let i = 0; i < 5; i++) {
      assertError(await dan.session.put('/self/user', { currentPassword: `Guess${i}abc`, password: 'Newpass123', repeatPassword: 'Newpass123' }), 401, 'error.msg.not.authenticated');
    }
    const blocked = await dan.session.put('/self/user', { currentPassword: PASSWORD, password: 'Newpass123', repeatPassword: 'Newpass123' });
    assertError(blocked, 429, 'error.msg.login.throttled');
    assert.ok(Number(blocked.headers['retry-after']) >= 1, JSON.stringify(blocked.headers));
    // The same count as the login's: the right password from this address waits too.
    assertError(await selfLogin(service, t.tenant, dan.username), 429, 'error.msg.login.throttled');
  });

  test('a customer: the right current password changes it over REST and GraphQL, and ends the other sessions', async () => {
    const erin = await customer(t);
    const other = (await selfLogin(service, t.tenant, erin.username)).body.base64EncodedAuthenticationKey as string;
    const changed = await erin.session.put('/self/user', { currentPassword: PASSWORD, password: 'Newpass123', repeatPassword: 'Newpass123' });
    assert.equal(changed.status, 200, changed.text);
    assertError(await service.request('GET', '/api/v1/self/clients', { tenant: t.tenant, auth: other }), 401, 'error.msg.not.authenticated');
    assertError(await selfLogin(service, t.tenant, erin.username), 401, 'error.msg.not.authenticated');
    const relogin = await selfLogin(service, t.tenant, erin.username, 'Newpass123');
    assert.equal(relogin.status, 200);
    const key = relogin.body.base64EncodedAuthenticationKey as string;
    const gql = await service.request('POST', '/graphql', {
      tenant: t.tenant, auth: key,
      body: { query: 'mutation($c: String) { selfChangePassword(currentPassword: $c, password: "Third1234", repeatPassword: "Third1234") }', variables: { c: 'Newpass123' } },
    });
    assert.equal(gql.body.errors, undefined, gql.text);
    assert.equal((await selfLogin(service, t.tenant, erin.username, 'Third1234')).status, 200);
  });

  test('staff changing their own password need the current one; an administrator changing another\'s does not', async () => {
    const username = `u${randomBytes(4).toString('hex')}`;
    const created = await t.post('/users', { username, firstname: 'S', lastname: 'U', officeId: 1, roles: [320017], password: 'Secret123', repeatPassword: 'Secret123' });
    assert.equal(created.status, 200, created.text);
    const id = created.body.resourceId as number;
    const login = await service.request('POST', '/api/v1/authentication', { tenant: t.tenant, body: { username, password: 'Secret123' } });
    const key = login.body.base64EncodedAuthenticationKey as string;
    const own = (body: Record<string, unknown>) => service.request('PUT', `/api/v1/users/${id}`, { tenant: t.tenant, auth: key, body });
    assertError(await own({ password: 'Mine12345', repeatPassword: 'Mine12345' }), 400, 'validation.msg.user.currentPassword.cannot.be.blank');
    assertError(await own({ currentPassword: 'Wrong1234', password: 'Mine12345', repeatPassword: 'Mine12345' }), 401, 'error.msg.not.authenticated');
    const gql = await service.request('POST', '/graphql', {
      tenant: t.tenant, auth: key,
      body: { query: 'mutation($id: Int!) { updateUser(id: $id, input: { password: "Mine12345", repeatPassword: "Mine12345" }) { user { id } } }', variables: { id } },
    });
    assert.equal(gql.body.errors?.[0]?.extensions?.code, 'validation.msg.validation.errors.exist', gql.text);
    assert.equal((await service.request('GET', '/api/v1/offices', { tenant: t.tenant, auth: `${username}:Secret123` })).status, 200, 'unchanged');
    const changed = await own({ currentPassword: 'Secret123', password: 'Mine12345', repeatPassword: 'Mine12345' });
    assert.equal(changed.status, 200, changed.text);
    assert.equal((await service.request('GET', '/api/v1/offices', { tenant: t.tenant, auth: `${username}:Mine12345` })).status, 200);
    // An administrator resetting another user's password needs no password of theirs.
    assert.equal((await t.put(`/users/${id}`, { password: 'Reset12345', repeatPassword: 'Reset12345' })).status, 200);
    assert.equal((await service.request('GET', '/api/v1/offices', { tenant: t.tenant, auth: `${username}:Reset12345` })).status, 200);
  });
});
