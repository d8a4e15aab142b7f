import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { ADMIN_DATABASE_URL } from '../support/database.js';
import { TestService } from '../support/service.js';

describe('health when the database does not answer', () => {
  let service: TestService;
  let dbName: string;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  before(async () => {
    service = await TestService.start();
    dbName = new URL(service.platform.config.databaseUrl!).pathname.slice(1);
  });
  after(async () => {
    await admin(`alter database ${dbName} allow_connections true`);
    await service.stop();
  });

  test('503 DOWN while connections are refused, UP again once they are allowed', async () => {
    assert.equal((await service.request('GET', '/actuator/health')).body.status, 'UP');
    await admin(`alter database ${dbName} allow_connections false`);
    await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}' and pid <> pg_backend_pid()`);
    const down = await service.request('GET', '/actuator/health');
    assert.equal(down.status, 503);
    assert.equal(down.body.status, 'DOWN');
    assert.equal(down.body.components.db.status, 'DOWN');
    const ready = await service.request('GET', '/actuator/health/readiness');
    assert.equal(ready.status, 503);
    assert.equal((await service.request('GET', '/actuator/health/liveness')).status, 200, 'a sick database is no reason to restart the process');
    const alias = await service.request('GET', '/fineract-provider/actuator/health');
    assert.equal(alias.status, 503);
    await admin(`alter database ${dbName} allow_connections true`);
    let up = await service.request('GET', '/actuator/health');
    for (let i = 0; i < 10 && up.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      up = await service.request('GET', '/actuator/health');
    }
    assert.equal(up.status, 200);
    assert.equal(up.body.status, 'UP');
  });
});
