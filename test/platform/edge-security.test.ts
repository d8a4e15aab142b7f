import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { IDENTITY_HEADER, SIGNATURE_HEADER, signIdentity } from '../../subgraphs/kernel/identity.js';
import { TestService } from '../support/service.js';

describe('edge: signed identity, audit fields, request logs', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start({ transport: 'http', captureLogs: true });
  });
  after(async () => service.stop());

  const BODY = JSON.stringify({ query: '{ offices { id name } }' });
  const callSubgraph = (headers: Record<string, string>) =>
    fetch(service.platform.config.subgraphUrls.organisation, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: BODY,
    });

  test('a subgraph refuses calls without a valid signed identity', async () => {
    const unsigned = await callSubgraph({});
    assert.equal(unsigned.status, 401);
    const forged = signIdentity({ kind: 'staff', tenantId: 'default', userId: 1, username: 'admin', officeId: 1, officeHierarchy: '.', staffId: null, roleIds: [1], permissions: ['ALL_FUNCTIONS'] }, 'not-the-key', 'organisation', BODY);
    const wrongKey = await callSubgraph({ [IDENTITY_HEADER]: forged.identity, [SIGNATURE_HEADER]: forged.signature });
    assert.equal(wrongKey.status, 401);
    const good = signIdentity({ kind: 'staff', tenantId: 'default', userId: 1, username: 'admin', officeId: 1, officeHierarchy: '.', staffId: null, roleIds: [1], permissions: ['ALL_FUNCTIONS'] }, service.platform.config.internalSigningKey, 'organisation', BODY);
    const tampered = await callSubgraph({ [IDENTITY_HEADER]: good.identity.slice(0, -2) + 'AA', [SIGNATURE_HEADER]: good.signature });
    assert.equal(tampered.status, 401);
    const stale = signIdentity({ kind: 'anonymous', tenantId: 'default' }, service.platform.config.internalSigningKey, 'organisation', BODY, Date.now() - 60 * 1000);
    assert.equal((await callSubgraph({ [IDENTITY_HEADER]: stale.identity, [SIGNATURE_HEADER]: stale.signature })).status, 401);
    const ok = await callSubgraph({ [IDENTITY_HEADER]: good.identity, [SIGNATURE_HEADER]: good.signature });
    assert.equal(ok.status, 200);
  });

  test('records carry who created and changed them, and when', async () => {
    const t = await service.tenant();
    const branch = await t.branch('Audited');
    const clerk = await t.userWithRoles([320009]);
    await clerk.put(`/offices/${branch}`, { name: 'Audited Branch' });
    const [row] = await service.platform.db.tx(t.tenant, (tx) =>
      tx.em.execute<{ created_by: number; updated_by: number; created_at: Date; updated_at: Date }[]>(
        'select created_by, updated_by, created_at, updated_at from organisation.office where id = ?',
        [branch],
      ),
    );
    assert.equal(row!.created_by, 1);
    assert.notEqual(row!.updated_by, 1, 'the bank admin who renamed it');
    assert.ok(row!.updated_at >= row!.created_at);
  });

  test('one JSON log line per request with tenant, user, route, status and duration, and no secrets', async () => {
    const login = await service.request('POST', '/api/v1/authentication', { tenant: 'default', body: { username: 'admin', password: 'password' } });
    const key = login.body.base64EncodedAuthenticationKey as string;
    await service.request('GET', '/api/v1/offices/1', { tenant: 'default', auth: key });
    await new Promise((r) => setTimeout(r, 50));
    const line = service.logs.find((l) => l.msg === 'request' && l.route === 'GET /offices/{officeId}');
    assert.ok(line, 'request line present');
    assert.equal(line.tenant, 'default');
    assert.equal(line.user, 1);
    assert.equal(line.status, 200);
    assert.equal(typeof line.durationMs, 'number');
    const all = JSON.stringify(service.logs);
    assert.ok(!all.includes(key), 'session keys are not logged');
    assert.ok(!all.includes('"password"'), 'passwords are not logged');
  });
});
