import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { createTestDatabase } from '../support/database.js';
import { TestService } from '../support/service.js';

const run = promisify(execFile);

describe('npm run tenants and session expiry', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => database.drop());

  test('tenants create provisions a tenant whose admin can log in; create again changes nothing', async () => {
    const env = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
    const first = await run(process.execPath, ['dist/scripts/tenants.js', 'create', 'acme', '--name', 'Acme Microfinance'], { env });
    assert.match(first.stdout, /tenant acme created/);
    const again = await run(process.execPath, ['dist/scripts/tenants.js', 'create', 'acme'], { env });
    assert.match(again.stdout, /already exists/);
    const list = await run(process.execPath, ['dist/scripts/tenants.js', 'list'], { env });
    assert.match(list.stdout, /acme\tAcme Microfinance/);

    const service = await TestService.start({ env: { DATABASE_URL: database.url, TENANTS: 'default' } });
    try {
      const login = await service.request('POST', '/api/v1/authentication', { tenant: 'acme', body: { username: 'admin', password: 'password' } });
      assert.equal(login.status, 200);
      const types = await service.request('GET', '/api/v1/paymenttypes', { tenant: 'acme', auth: login.body.base64EncodedAuthenticationKey });
      assert.deepEqual(types.body.map((p: { name: string }) => p.name), ['Cash', 'Bank Transfer']);
    } finally {
      await service.stop();
    }
  });

  test('a session key stops working when it expires', async () => {
    const service = await TestService.start({ env: { SESSION_TTL_SECONDS: '1' } });
    try {
      const login = await service.request('POST', '/api/v1/authentication', { tenant: 'default', body: { username: 'admin', password: 'password' } });
      const key = login.body.base64EncodedAuthenticationKey;
      assert.equal((await service.request('GET', '/api/v1/offices', { tenant: 'default', auth: key })).status, 200);
      await new Promise((r) => setTimeout(r, 1200));
      const expired = await service.request('GET', '/api/v1/offices', { tenant: 'default', auth: key });
      assert.equal(expired.status, 401);
    } finally {
      await service.stop();
    }
  });
});
