import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { ServiceProcess } from '../support/service-process.js';
import { TenantSession, TestService, type Requester } from '../support/service.js';

const ACCOUNTANT = 320004;
const ACCESS_ADMIN = 320017;
const KEY = /^cbs_[A-Za-z0-9_-]{43}$/;

/** A staff user with the given roles, logged in, and its id. */
async function staffUser<S extends Requester>(admin: TenantSession<S>, roles: number[]): Promise<{ session: TenantSession<S>; id: number }> {
  const username = `k${randomBytes(4).toString('hex')}`;
  const created = await admin.post('/users', { username, firstname: 'Key', lastname: 'Holder', officeId: 1, roles, password: 'Secret123', repeatPassword: 'Secret123' });
  assert.equal(created.status, 200, created.text);
  const login = await admin.service.request('POST', '/api/v1/authentication', { tenant: admin.tenant, body: { username, password: 'Secret123' } });
  assert.equal(login.status, 200, login.text);
  return { session: new TenantSession(admin.service, admin.tenant, login.body.base64EncodedAuthenticationKey), id: login.body.userId };
}

const withKey = (service: Requester, tenant: string, key: string, path = '/api/v1/glaccounts', header: 'bearer' | 'x-api-key' = 'bearer') =>
  service.request('GET', path, { tenant, auth: null, headers: header === 'bearer' ? { authorization: `Bearer ${key}` } : { 'X-API-Key': key } });

describe('API keys for administrators', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  test('issued once (cbs_ + 32 random bytes), listed without the secret, usable as Bearer or X-API-Key with the user\'s permissions, audited', async () => {
    const accountant = await staffUser(t, [ACCOUNTANT]);
    const issued = await t.post(`/users/${accountant.id}/apikeys`, { name: 'nightly export', expiresOn: '31 December 2099', dateFormat: 'dd MMMM yyyy', locale: 'en' });
    assert.equal(issued.status, 200, issued.text);
    assert.match(issued.body.key, KEY);
    const listed = await t.get(`/users/${accountant.id}/apikeys`);
    assert.equal(listed.status, 200, listed.text);
    assert.equal(listed.body.length, 1);
    assert.equal(listed.body[0].name, 'nightly export');
    assert.deepEqual(listed.body[0].expiresOn, [2099, 12, 31]);
    assert.ok(!listed.text.includes(issued.body.key), 'the secret is never listed');
    assert.equal(listed.body[0].lastUsedAt, undefined);

    assert.equal((await withKey(service, t.tenant, issued.body.key)).status, 200);
    assert.equal((await withKey(service, t.tenant, issued.body.key, '/api/v1/glaccounts', 'x-api-key')).status, 200);
    // Just used as a key, the same text sent as a Basic credential is not a user's password: refused, not
    // answered from the key's cached identity.
    const asBasic = await service.request('GET', '/api/v1/glaccounts', { tenant: t.tenant, auth: null, headers: { authorization: `Basic ${issued.body.key}` } });
    assert.equal(asBasic.status, 401, asBasic.text.slice(0, 200));
    // The accountant reads the ledger, not users: the key acts with exactly the user's permissions.
    assertError(await withKey(service, t.tenant, issued.body.key, '/api/v1/users'), 403, 'error.msg.not.authorized');
    assert.equal(typeof (await t.get(`/users/${accountant.id}/apikeys`)).body[0].lastUsedAt, 'string');

    const stored = await service.platform.db.system((em) => em.execute<{ key_hash: string }[]>(`select key_hash from organisation.api_key where tenant_id = ?`, [t.tenant]));
    assert.ok(stored.every((r) => r.key_hash.length === 64 && !issued.text.includes(r.key_hash)), 'only a hash is stored');
    const events = await service.platform.db.system((em) => em.execute<{ payload: { data: Record<string, unknown> } }[]>(`select payload from kernel.outbox where tenant_id = ? and event_type = 'user.apikey.created'`, [t.tenant]));
    assert.equal(events.length, 1);
    assert.deepEqual({ ...events[0]!.payload.data, at: undefined }, { userId: accountant.id, keyId: issued.body.resourceId, name: 'nightly export', keyPrefix: issued.body.key.slice(0, 12), expiresOn: '2099-12-31', by: 1, byUsername: 'admin', at: undefined });
    assert.ok(!JSON.stringify(events).includes(issued.body.key));
  });

  test('revocation is immediate; refused in another tenant, when expired, and when the user is deleted', async () => {
    const accountant = await staffUser(t, [ACCOUNTANT]);
    const key = (await t.post(`/users/${accountant.id}/apikeys`, { name: 'a' })).body.key as string;
    assert.equal((await withKey(service, t.tenant, key)).status, 200);
    const other = await service.tenant();
    assertError(await withKey(service, other.tenant, key), 401, 'error.msg.not.authenticated');
    const keyId = (await t.get(`/users/${accountant.id}/apikeys`)).body[0].id;
    const revoked = await t.delete(`/users/${accountant.id}/apikeys/${keyId}`);
    assert.equal(revoked.status, 200, revoked.text);
    assertError(await withKey(service, t.tenant, key), 401, 'error.msg.not.authenticated');
    assertError(await t.delete(`/users/${accountant.id}/apikeys/${keyId}`), 404, 'error.msg.apikey.id.invalid');
    const revokedEvents = await service.platform.db.system((em) => em.execute<unknown[]>(`select 1 from kernel.outbox where tenant_id = ? and event_type = 'user.apikey.revoked'`, [t.tenant]));
    assert.equal(revokedEvents.length, 1);

    const expiring = (await t.post(`/users/${accountant.id}/apikeys`, { name: 'b' })).body.key as string;
    await service.platform.db.system((em) => em.execute(`update organisation.api_key set expires_on = current_date - 1 where tenant_id = ? and name = 'b'`, [t.tenant]));
    assertError(await withKey(service, t.tenant, expiring), 401, 'error.msg.not.authenticated');

    const leaving = (await t.post(`/users/${accountant.id}/apikeys`, { name: 'c' })).body.key as string;
    assert.equal((await t.delete(`/users/${accountant.id}`)).status, 200);
    assertError(await withKey(service, t.tenant, leaving), 401, 'error.msg.not.authenticated');
    assertError(await t.post('/users/1/apikeys', { name: 'past', expiresOn: '2001-01-01', dateFormat: 'yyyy-MM-dd', locale: 'en' }), 400, 'validation.msg.apikey.expiresOn.cannot.be.in.the.past');
  });

  test('only CREATE_APIKEY holders issue, and only for users whose roles they could grant; the key is never kept for replay', async () => {
    const accountant = await staffUser(t, [ACCOUNTANT]);
    assertError(await accountant.session.post(`/users/${accountant.id}/apikeys`, { name: 'mine' }), 403, 'error.msg.not.authorized');
    assert.equal((await t.put(`/roles/${ACCESS_ADMIN}/permissions`, { permissions: { CREATE_APIKEY: true, READ_APIKEY: true } })).status, 200);
    const accessAdmin = await staffUser(t, [ACCESS_ADMIN]);
    const peer = await staffUser(t, [ACCESS_ADMIN]);
    assert.equal((await accessAdmin.session.post(`/users/${peer.id}/apikeys`, { name: 'peer' })).status, 200);
    assertError(await accessAdmin.session.post(`/users/${accountant.id}/apikeys`, { name: 'escalate' }), 403, 'error.msg.user.cannot.grant.unheld.permissions');
    assertError(await accessAdmin.session.post('/users/1/apikeys', { name: 'super' }), 403, 'error.msg.user.cannot.grant.unheld.permissions');
    const replayable = await t.service.request('POST', `/api/v1/users/${peer.id}/apikeys`, { tenant: t.tenant, auth: t.key, body: { name: 'replay' }, headers: { 'Idempotency-Key': 'k-1' } });
    assertError(replayable, 400, 'error.msg.apikey.idempotency.not.supported');
  });

  test('failed key attempts are throttled like logins (429 with Retry-After)', async () => {
    let last = await withKey(service, t.tenant, `cbs_${'A'.repeat(43)}`);
    for (let i = 0; i < 30 && last.status !== 429; i++) last = await withKey(service, t.tenant, `cbs_${randomBytes(32).toString('base64url')}`);
    assert.equal(last.status, 429, last.text);
    assert.ok(Number(last.headers['retry-after']) > 0);
  });
});

describe('API keys across two workers', () => {
  let service: ServiceProcess;
  let admin: TenantSession<ServiceProcess>;
  before(async () => {
    service = await ServiceProcess.start({ WORKERS: '2' });
    admin = await service.admin();
  });
  after(async () => service?.stop());

  test('a key works on both workers and its revocation is immediate on both', async () => {
    const accountant = await staffUser(admin, [ACCOUNTANT]);
    const issued = await admin.post(`/users/${accountant.id}/apikeys`, { name: 'two workers' });
    assert.equal(issued.status, 200, issued.text);
    // Fresh connections alternate between the workers: each caches the verified key.
    for (let i = 0; i < 6; i++) assert.equal((await withKey(service, admin.tenant, issued.body.key)).status, 200);
    assert.equal((await admin.delete(`/users/${accountant.id}/apikeys/${issued.body.resourceId}`)).status, 200);
    // Fewer than the five failures an address may make before it is throttled (429).
    for (let i = 0; i < 4; i++) assertError(await withKey(service, admin.tenant, issued.body.key), 401, 'error.msg.not.authenticated');
  });
});
