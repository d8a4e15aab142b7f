import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { preferUnixSocket } from '../../subgraphs/platform/local-socket.js';
import { ADMIN_DATABASE_URL } from '../support/database.js';
import { TestService } from '../support/service.js';

const url = new URL(ADMIN_DATABASE_URL);
const socketHere = ['127.0.0.1', 'localhost'].includes(url.hostname) && !url.searchParams.has('host') && existsSync(`/var/run/postgresql/.s.PGSQL.${url.port || '5432'}`);

/** How the service's own connections to its database arrived: 'socket' (no client address) or the TCP address. */
async function connectionsOf(service: TestService): Promise<string[]> {
  const database = new URL(service.platform.config.databaseUrl!).pathname.slice(1);
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    // A read makes sure the pool holds at least one connection.
    await service.tenant();
    const rows = await admin.query<{ addr: string | null }>(
      `select host(client_addr) as addr from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      [database],
    );
    return [...new Set(rows.rows.map((r) => r.addr ?? 'socket'))];
  } finally {
    await admin.end();
  }
}

describe('DATABASE_URL on this host goes through the Unix socket unless DATABASE_UNIX_SOCKET=off', { skip: !socketHere && 'no PostgreSQL socket on this machine' }, () => {
  const services: TestService[] = [];
  after(async () => {
    for (const s of services) await s.stop();
  });

  test('a 127.0.0.1 URL is served over the socket: no connection of the service has a TCP address', async () => {
    const service = await TestService.start();
    services.push(service);
    assert.deepEqual(await connectionsOf(service), ['socket']);
  });

  test('DATABASE_UNIX_SOCKET=off keeps TCP', async () => {
    const service = await TestService.start({ env: { DATABASE_UNIX_SOCKET: 'off' } });
    services.push(service);
    assert.deepEqual(await connectionsOf(service), ['127.0.0.1']);
  });

  test('a URL naming a socket, another host or a port without a socket is kept; a socket that refuses (TLS required) falls back to TCP', async () => {
    const named = `${ADMIN_DATABASE_URL}?host=/tmp`;
    assert.equal(await preferUnixSocket(named), named);
    assert.equal(await preferUnixSocket('postgres://postgres@db.example.internal:5432/postgres'), 'postgres://postgres@db.example.internal:5432/postgres');
    assert.equal(await preferUnixSocket('postgres://postgres@127.0.0.1:1/postgres'), 'postgres://postgres@127.0.0.1:1/postgres');
    const tls = `${ADMIN_DATABASE_URL}?sslmode=require`;
    assert.equal(await preferUnixSocket(tls), tls);
    assert.match(await preferUnixSocket(ADMIN_DATABASE_URL), /[?&]host=%2Fvar%2Frun%2Fpostgresql/);
  });
});
