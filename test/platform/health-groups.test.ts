import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService } from '../support/service.js';
import { SUBGRAPHS } from '../../subgraphs/kernel/config.js';

describe('actuator health groups and info (subgraphs in process)', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start({ transport: 'in-process' });
  });
  after(async () => service.stop());

  test('/actuator/health shows the database and every subgraph, UP', async () => {
    for (const prefix of ['', '/fineract-provider']) {
      const res = await service.request('GET', `${prefix}/actuator/health`);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.status, 'UP');
      assert.equal(res.body.components.db.status, 'UP');
      assert.equal(res.body.components.redis, undefined, 'no Redis configured, no Redis component');
      assert.equal(res.body.components.subgraphs.status, 'UP');
      assert.deepEqual(Object.keys(res.body.components.subgraphs.components).sort(), [...SUBGRAPHS].sort());
      for (const name of SUBGRAPHS) assert.deepEqual(res.body.components.subgraphs.components[name], { status: 'UP', details: { transport: 'in-process' } });
      assert.deepEqual(res.body.groups, ['liveness', 'readiness']);
    }
  });

  test('liveness and readiness are UP once started; an unknown group is 404', async () => {
    const live = await service.request('GET', '/actuator/health/liveness');
    assert.equal(live.status, 200);
    assert.deepEqual(live.body, { status: 'UP' });
    const ready = await service.request('GET', '/fineract-provider/actuator/health/readiness');
    assert.equal(ready.status, 200);
    assert.equal(ready.body.status, 'UP');
    const unknown = await service.request('GET', '/actuator/health/startup');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.userMessageGlobalisationCode, 'error.msg.resource.not.found');
  });

  test('/actuator/info gives the build: name, version, time', async () => {
    const res = await service.request('GET', '/actuator/info');
    assert.equal(res.status, 200);
    assert.equal(res.body.build.name, 'open-core-banking');
    assert.match(res.body.build.version, /^\d+\.\d+\.\d+/);
    assert.ok(!Number.isNaN(Date.parse(res.body.build.time)), res.text);
  });

  test('readiness is OUT_OF_SERVICE (503) from the moment shutdown begins, liveness stays UP; draining closes subscriptions (1001) and the listener', async () => {
    // Last test of the file: draining closes the listener (the after hook's stop() copes with that).
    const admin = await service.tenant('drain');
    const client = service.subscriptionClient(admin.tenant, admin.key, { lazy: true });
    const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
    const closed = new Promise<number>((resolve) => client.on('closed', (event) => resolve((event as { code: number }).code)));
    client.subscribe({ query: 'subscription { officeCreated { id } }' }, { next: () => undefined, error: () => undefined, complete: () => undefined });
    await connected;
    service.edge.lifecycle.stopping();
    const ready = await service.request('GET', '/actuator/health/readiness');
    assert.equal(ready.status, 503);
    assert.deepEqual(ready.body, { status: 'OUT_OF_SERVICE' });
    const health = await service.request('GET', '/actuator/health');
    assert.equal(health.status, 503);
    assert.equal(health.body.status, 'OUT_OF_SERVICE');
    assert.equal((await service.request('GET', '/actuator/health/liveness')).status, 200);
    assert.equal(await service.edge.drain(5000), true, 'nothing was in flight, so draining finished within the grace period');
    assert.equal(await closed, 1001, 'subscribers are told the server is going away');
    await assert.rejects(service.request('GET', '/actuator/health/liveness', { freshConnection: true }), /ECONNREFUSED/, 'the listener is closed');
  });
});

describe('actuator health with subgraphs over HTTP and Redis', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start({ transport: 'http', env: { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' } });
  });
  after(async () => service.stop());

  test('a stopped subgraph is DOWN: health and readiness 503, liveness 200', async () => {
    const up = await service.request('GET', '/actuator/health');
    assert.equal(up.status, 200, up.text);
    assert.deepEqual(up.body.components.subgraphs.components.ledger, { status: 'UP', details: { transport: 'http' } });
    assert.deepEqual(up.body.components.redis, { status: 'UP' }, 'REDIS_URL is set: Redis is a component');
    await service.stopSubgraph('ledger');
    const down = await service.request('GET', '/actuator/health');
    assert.equal(down.status, 503);
    assert.equal(down.body.status, 'DOWN');
    assert.equal(down.body.components.db.status, 'UP');
    assert.equal(down.body.components.subgraphs.status, 'DOWN');
    assert.equal(down.body.components.subgraphs.components.ledger.status, 'DOWN');
    assert.equal(down.body.components.subgraphs.components.account.status, 'UP');
    const ready = await service.request('GET', '/actuator/health/readiness');
    assert.equal(ready.status, 503);
    assert.equal((await service.request('GET', '/actuator/health/liveness')).status, 200);
  });
});
