import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { ADMIN_DATABASE_URL } from '../support/database.js';
import { TestService } from '../support/service.js';

/*
 * Every wait here is bounded: this file once hung for 300 s inside the full suite (it passed alone). On a
 * loaded machine an administrative statement or a request could wait without end (a pg client has no
 * connect or query timeout, an HTTPS request none either), so each has its own, and the test and its hooks
 * a deadline: a stuck step fails with its name instead of holding the suite.
 */
const STEP_MS = 20_000;
const HOOK_MS = 120_000;

describe('health when the database does not answer', () => {
  let service: TestService;
  let dbName: string;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL, connectionTimeoutMillis: STEP_MS, query_timeout: STEP_MS, statement_timeout: STEP_MS });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const health = (path: string) => service.request('GET', path, { timeoutMs: STEP_MS });
  before(async () => {
    service = await TestService.start();
    dbName = new URL(service.platform.config.databaseUrl!).pathname.slice(1);
  }, { timeout: HOOK_MS });
  after(async () => {
    await admin(`alter database ${dbName} allow_connections true`);
    await service.stop();
  }, { timeout: HOOK_MS });

  test('503 DOWN while connections are refused, UP again once they are allowed', { timeout: HOOK_MS }, async () => {
    assert.equal((await health('/actuator/health')).body.status, 'UP');
    await admin(`alter database ${dbName} allow_connections false`);
    await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}' and pid <> pg_backend_pid()`);
    const down = await health('/actuator/health');
    assert.equal(down.status, 503);
    assert.equal(down.body.status, 'DOWN');
    assert.equal(down.body.components.db.status, 'DOWN');
    const ready = await health('/actuator/health/readiness');
    assert.equal(ready.status, 503);
    assert.equal((await health('/actuator/health/liveness')).status, 200, 'a sick database is no reason to restart the process');
    const alias = await health('/fineract-provider/actuator/health');
    assert.equal(alias.status, 503);
    await admin(`alter database ${dbName} allow_connections true`);
    let up = await health('/actuator/health');
    for (let i = 0; i < 10 && up.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      up = await health('/actuator/health');
    }
    assert.equal(up.status, 200);
    assert.equal(up.body.status, 'UP');
  });
});
