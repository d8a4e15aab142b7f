import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService } from '../support/service.js';

describe('health, login and sessions over HTTPS', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start();
  });
  after(async () => service.stop());

  test('health answers UP on both paths', async () => {
    for (const path of ['/actuator/health', '/fineract-provider/actuator/health']) {
      const res = await service.request('GET', path);
      assert.equal(res.status, 200);
      assert.equal(res.body.status, 'UP');
    }
  });

  test('admin login returns the Fineract login response', async () => {
    const res = await service.request('POST', '/api/v1/authentication?tenantIdentifier=default', { body: { username: 'admin', password: 'password' } });
    assert.equal(res.status, 200);
    assert.equal(res.body.authenticated, true);
    assert.equal(res.body.username, 'admin');
    assert.equal(res.body.userId, 1);
    assert.equal(res.body.officeId, 1);
    assert.equal(res.body.officeName, 'Head Office');
    assert.deepEqual(res.body.permissions, ['ALL_FUNCTIONS']);
    assert.deepEqual(res.body.roles.map((r: { id: number; name: string }) => [r.id, r.name]), [[1, 'Super user']]);
    assert.equal(res.body.shouldRenewPassword, false);
    assert.equal(res.body.isTwoFactorAuthenticationRequired, false);
    assert.match(res.body.base64EncodedAuthenticationKey, /^[A-Za-z0-9_-]{40,}$/);
  });

  test('the session key then reads offices, also under /fineract-provider', async () => {
    const login = await service.request('POST', '/api/v1/authentication', { tenant: 'default', body: { username: 'admin', password: 'password' } });
    const key = login.body.base64EncodedAuthenticationKey;
    for (const prefix of ['/api/v1', '/fineract-provider/api/v1']) {
      const res = await service.request('GET', `${prefix}/offices`, { tenant: 'default', auth: key });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body[0], { id: 1, name: 'Head Office', nameDecorated: 'Head Office', openingDate: [2000, 1, 1], hierarchy: '.' });
    }
  });

  test('a wrong password is 401 with error.msg.not.authenticated', async () => {
    const res = await service.request('POST', '/api/v1/authentication', { tenant: 'default', body: { username: 'admin', password: 'wrong' } });
    assert.equal(res.status, 401);
    assert.equal(res.body.httpStatusCode, '401');
    assert.equal(res.body.userMessageGlobalisationCode, 'error.msg.not.authenticated');
  });

  test('a login body without username or password is 400 naming both', async () => {
    const res = await service.request('POST', '/api/v1/authentication', { tenant: 'default', body: {} });
    assert.equal(res.status, 400);
    assert.equal(res.body.userMessageGlobalisationCode, 'validation.msg.validation.errors.exist');
    assert.deepEqual(res.body.errors.map((e: { parameterName: string }) => e.parameterName), ['username', 'password']);
  });

  test('raw Basic base64(username:password) is accepted on every call', async () => {
    const res = await service.request('GET', '/api/v1/offices', { tenant: 'default', auth: 'admin:password' });
    assert.equal(res.status, 200);
    const bad = await service.request('GET', '/api/v1/offices', { tenant: 'default', auth: 'admin:nope' });
    assert.equal(bad.status, 401);
  });

  test('a missing tenant is 400; an unknown one answers like wrong credentials (401); Fineract header alias works', async () => {
    const missing = await service.request('GET', '/api/v1/offices', { auth: 'admin:password' });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.userMessageGlobalisationCode, 'error.msg.tenant.identifier.missing');
    const unknown = await service.request('GET', '/api/v1/offices', { tenant: 'nosuchbank', auth: 'admin:password' });
    // Issue 7 point 8: an unknown tenant must not be told apart from wrong credentials.
    assert.equal(unknown.status, 401);
    assert.equal(unknown.body.userMessageGlobalisationCode, 'error.msg.not.authenticated');
    const alias = await service.request('GET', '/api/v1/offices', { auth: 'admin:password', headers: { 'Fineract-Platform-TenantId': 'default' } });
    assert.equal(alias.status, 200);
  });

  test('no credentials is 401 on a protected path', async () => {
    const res = await service.request('GET', '/api/v1/offices', { tenant: 'default' });
    assert.equal(res.status, 401);
    assert.equal(res.body.userMessageGlobalisationCode, 'error.msg.not.authenticated');
  });

  test('logout revokes the session key', async () => {
    const t = await service.tenant();
    assert.equal((await t.get('/offices')).status, 200);
    const out = await t.post('/authentication/logout');
    assert.equal(out.status, 200);
    assert.equal(out.body.loggedOut, true);
    const after = await t.get('/offices');
    assert.equal(after.status, 401);
  });

  test('five wrong passwords throttle that username from that address for a while (429 + Retry-After), even against the right password', async () => {
    const t = await service.tenant('lock');
    const login = (password: string) => service.request('POST', '/api/v1/authentication', { tenant: t.tenant, body: { username: 'admin', password } });
    for (let i = 0; i < 5; i++) assert.equal((await login('wrong')).status, 401);
    const locked = await login('password');
    // Issue 7 point 6: throttling is 429 with Retry-After (was 401); the locked code stays in errors[].
    assert.equal(locked.status, 429);
    assert.equal(locked.body.userMessageGlobalisationCode, 'error.msg.login.throttled');
    assert.ok(locked.body.errors.some((e: { userMessageGlobalisationCode: string }) => e.userMessageGlobalisationCode === 'error.msg.user.login.temporarily.locked'));
    assert.ok(Number(locked.headers['retry-after']) >= 1);
    const basic = await service.request('GET', '/api/v1/offices', { tenant: t.tenant, auth: 'admin:password' });
    assert.equal(basic.status, 401, 'raw Basic credentials are locked out too');
    assert.equal((await t.get('/offices')).status, 200, 'an existing session keeps working');
    const elsewhere = await service.request('POST', '/api/v1/authentication', { tenant: 'default', body: { username: 'admin', password: 'password' } });
    assert.equal(elsewhere.status, 200, 'the same username in another tenant is unaffected');
  });

  test('a session of one tenant is 401 on another tenant', async () => {
    const a = await service.tenant('a');
    const b = await service.tenant('b');
    const res = await service.request('GET', '/api/v1/offices', { tenant: b.tenant, auth: a.key });
    assert.equal(res.status, 401);
    const gql = await service.request('POST', '/graphql', { tenant: b.tenant, auth: a.key, body: { query: '{ offices { id } }' } });
    assert.equal(gql.status, 401);
  });
});
