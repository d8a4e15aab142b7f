import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService } from '../support/service.js';

describe('smoke run on the embedded database (PGlite)', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start({ embedded: true });
  });
  after(async () => service.stop());

  test('health, login, offices over REST and GraphQL', async () => {
    assert.equal(service.platform.db.kind, 'pglite');
    assert.deepEqual((await service.request('GET', '/actuator/health')).body, { status: 'UP' });
    const t = await service.tenant();
    const created = await t.post('/offices', { name: 'Embedded Branch', parentId: 1 });
    assert.equal(created.status, 200);
    const offices = await t.graphql('{ offices { id name hierarchy } }');
    assert.deepEqual(offices.body.data?.offices, [{ id: 1, name: 'Head Office', hierarchy: '.' }, { id: 2, name: 'Embedded Branch', hierarchy: '.2.' }]);
    const other = await service.tenant();
    assert.equal((await other.get('/offices/2')).status, 404, 'the tenant filter isolates tenants even without RLS');
  });
});
