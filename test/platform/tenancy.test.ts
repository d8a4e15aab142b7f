import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { APP_ROLE, TENANT_SETTING } from '../../subgraphs/kernel/tx.js';
import { TestService } from '../support/service.js';

describe('tenant isolation', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start();
  });
  after(async () => service.stop());

  test('two tenants get the same ids and never see each other\'s rows (REST and GraphQL)', async () => {
    const a = await service.tenant('a');
    const b = await service.tenant('b');
    const officeA = await a.post('/offices', { name: 'Alpha Ikeja', parentId: 1 });
    const officeB = await b.post('/offices', { name: 'Beta Kano', parentId: 1 });
    assert.equal(officeA.body.resourceId, 2);
    assert.equal(officeB.body.resourceId, 2);

    assert.equal((await a.get('/offices/2')).body.name, 'Alpha Ikeja');
    assert.equal((await b.get('/offices/2')).body.name, 'Beta Kano');
    assert.deepEqual((await a.get('/offices')).body.map((o: { name: string }) => o.name), ['Head Office', 'Alpha Ikeja']);

    const gqlA = await a.graphql('{ offices { id name } }');
    assert.deepEqual(gqlA.body.data?.offices, [{ id: 1, name: 'Head Office' }, { id: 2, name: 'Alpha Ikeja' }]);
    const gqlB = await b.graphql('query($id: Int!) { office(id: $id) { name } }', { id: 2 });
    assert.equal(gqlB.body.data?.office.name, 'Beta Kano');

    // An id that exists only in the other tenant is "not found", never data.
    await a.post('/offices', { name: 'Alpha Yaba', parentId: 1 });
    const missing = await b.get('/offices/3');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.errors[0].userMessageGlobalisationCode, 'error.msg.office.id.invalid');
  });

  test('row-level security: as the application role without a tenant setting, queries see no rows', async () => {
    if (service.platform.db.kind !== 'postgresql') return;
    await service.tenant();
    const counts = await service.platform.db.system(async (em) => {
      const owner = await em.execute<{ n: string }[]>('select count(*) as n from organisation.office');
      await em.execute(`select set_config('role', ?, true)`, [APP_ROLE]);
      const unscoped = await em.execute<{ n: string }[]>('select count(*) as n from organisation.office');
      await em.execute(`select set_config(?, 'default', true)`, [TENANT_SETTING]);
      const scoped = await em.execute<{ n: string }[]>('select count(*) as n from organisation.office');
      return { owner: Number(owner[0]!.n), unscoped: Number(unscoped[0]!.n), scoped: Number(scoped[0]!.n) };
    });
    assert.ok(counts.owner >= 2, 'the owner sees every tenant');
    assert.equal(counts.unscoped, 0);
    assert.equal(counts.scoped, 1);
  });

  test('row-level security refuses writing a row for another tenant', async () => {
    const a = await service.tenant('a');
    const b = await service.tenant('b');
    await assert.rejects(
      service.platform.db.tx(a.tenant, (tx) =>
        tx.em.execute(`insert into organisation.payment_type (tenant_id, id, name) values (?, 99, 'Smuggled')`, [b.tenant]),
      ),
      /row-level security/,
    );
  });

  test('two instances provisioning the same tenant at once create it once', async () => {
    const tenants = service.services.organisation.tenants;
    const results = await Promise.all([1, 2, 3].map(() => tenants.provision('raced', { adminPassword: 'password' })));
    assert.equal(results.filter((r) => r.created).length, 1);
    const login = await service.request('POST', '/api/v1/authentication', { tenant: 'raced', body: { username: 'admin', password: 'password' } });
    assert.equal(login.status, 200);
    const roles = await service.request('GET', '/api/v1/roles', { tenant: 'raced', auth: login.body.base64EncodedAuthenticationKey });
    assert.equal(roles.body.length, 13);
  });

  test('the tenant filter is fail-closed: an entity query outside a tenant transaction throws', async () => {
    const { Office } = await import('../../subgraphs/organisation/office.entity.js');
    await assert.rejects(service.platform.db.system((em) => em.find(Office, {})), /tenant/);
  });
});
