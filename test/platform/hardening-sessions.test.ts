import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { TenantSession, TestService } from '../support/service.js';

/**
 * Issue 7 point 4: after a password change the old session keys still worked, and raw Basic credentials
 * worked for 30 s after the user was deleted. Each request below runs right after the change, on the
 * same instance, with the edge's cache warmed first.
 */
describe('hardening: sessions end when the user changes', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  async function user(roles = [320004]): Promise<{ id: number; username: string; key: string; basic: string }> {
    const username = `u${randomBytes(4).toString('hex')}`;
    const created = await t.post('/users', { username, firstname: 'S', lastname: 'U', officeId: 1, roles, password: 'Secret123', repeatPassword: 'Secret123' });
    assert.equal(created.status, 200, created.text);
    const login = await service.request('POST', '/api/v1/authentication', { tenant: t.tenant, body: { username, password: 'Secret123' } });
    assert.equal(login.status, 200, login.text);
    return { id: login.body.userId, username, key: login.body.base64EncodedAuthenticationKey, basic: `${username}:Secret123` };
  }
  const offices = (auth: string) => service.request('GET', '/api/v1/offices', { tenant: t.tenant, auth });

  test('a password change by an administrator revokes the sessions and the old Basic credentials at once', async () => {
    const u = await user();
    assert.equal((await offices(u.key)).status, 200);
    assert.equal((await offices(u.basic)).status, 200, 'cached now');
    const changed = await t.put(`/users/${u.id}`, { password: 'Changed123', repeatPassword: 'Changed123' });
    assert.equal(changed.status, 200, changed.text);
    assert.equal((await offices(u.key)).status, 401, 'old session key');
    assert.equal((await offices(u.basic)).status, 401, 'old Basic credentials');
    assert.equal((await offices(`${u.username}:Changed123`)).status, 200, 'the new password works');
  });

  test('Basic credentials holding a NUL (as a revoked session key may decode to) are 401, not a server error', async () => {
    const credential = Buffer.from('ad\u0000min:password').toString('base64');
    assert.equal((await offices(credential)).status, 401);
  });

  test('changing one\'s own password ends one\'s other sessions too', async () => {
    const u = await user([320017]);
    const second = await service.request('POST', '/api/v1/authentication', { tenant: t.tenant, body: { username: u.username, password: 'Secret123' } });
    const otherKey = second.body.base64EncodedAuthenticationKey as string;
    assert.equal((await offices(otherKey)).status, 200);
    const changed = await service.request('PUT', `/api/v1/users/${u.id}`, { tenant: t.tenant, auth: u.key, body: { currentPassword: 'Secret123', password: 'Mine12345', repeatPassword: 'Mine12345' } });
    assert.equal(changed.status, 200, changed.text);
    assert.equal((await offices(otherKey)).status, 401);
  });

  test('a role change revokes the sessions', async () => {
    const u = await user();
    const journal = () => service.request('GET', '/api/v1/journalentries', { tenant: t.tenant, auth: u.key });
    assert.equal((await journal()).status, 200);
    assert.equal((await t.put(`/users/${u.id}`, { roles: [320003] })).status, 200);
    assert.equal((await journal()).status, 401);
    const relogin = await service.request('POST', '/api/v1/authentication', { tenant: t.tenant, body: { username: u.username, password: 'Secret123' } });
    assert.deepEqual(relogin.body.roles.map((r: { id: number }) => r.id), [320003]);
  });

  test('a deleted user\'s session key and Basic credentials are refused immediately', async () => {
    const u = await user();
    assert.equal((await offices(u.key)).status, 200);
    assert.equal((await offices(u.basic)).status, 200);
    assert.equal((await t.delete(`/users/${u.id}`)).status, 200);
    assert.equal((await offices(u.key)).status, 401);
    assert.equal((await offices(u.basic)).status, 401);
  });

  test('a role losing a permission takes effect at once for its holders', async () => {
    const u = await user([320004]);
    const read = () => service.request('GET', '/api/v1/journalentries', { tenant: t.tenant, auth: u.key });
    assert.equal((await read()).status, 200);
    assert.equal((await t.put('/roles/320004/permissions', { permissions: { READ_JOURNALENTRY: false } })).status, 200);
    assert.equal((await read()).status, 403);
    assert.equal((await t.put('/roles/320004/permissions', { permissions: { READ_JOURNALENTRY: true } })).status, 200);
  });
});

describe('hardening: with REDIS_URL, a revocation reaches other instances at once', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start({ env: { REDIS_URL: 'redis://127.0.0.1:6379' } });
  });
  after(async () => service.stop());

  test("another instance's cached session is dropped when the password changes here", async () => {
    const { AuthService } = await import('../../subgraphs/organisation/auth.service.js');
    const { shareCredentialRevocations } = await import('../../subgraphs/organisation/credential-revocations.js');
    const { createBus } = await import('../../subgraphs/platform/bus.js');
    const t = await service.tenant();
    const username = `u${randomBytes(4).toString('hex')}`;
    const created = await t.post('/users', { username, firstname: 'S', lastname: 'U', officeId: 1, roles: [320004], password: 'Secret123', repeatPassword: 'Secret123' });
    const login = await service.request('POST', '/api/v1/authentication', { tenant: t.tenant, body: { username, password: 'Secret123' } });
    const key = login.body.base64EncodedAuthenticationKey as string;
    // A second instance: its own auth service and cache, sharing the database and Redis.
    const other = new AuthService(service.platform.db, service.services.organisation.roles, 3600);
    const bus = createBus('redis://127.0.0.1:6379');
    shareCredentialRevocations(bus, other);
    try {
      await new Promise((r) => setTimeout(r, 200)); // the subscription is in place
      assert.ok(await other.authenticate(t.tenant, key), 'authenticated and now cached on the other instance');
      assert.equal((await t.put(`/users/${created.body.resourceId}`, { password: 'Changed123', repeatPassword: 'Changed123' })).status, 200);
      let revoked = false;
      for (let i = 0; i < 40 && !revoked; i++) {
        revoked = (await other.authenticate(t.tenant, key)) === null;
        if (!revoked) await new Promise((r) => setTimeout(r, 25));
      }
      assert.ok(revoked, 'the other instance no longer serves the old session');
    } finally {
      bus.close();
    }
  });
});
