import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { openDatabase } from '../../subgraphs/platform/database.js';
import { nodeTooOld } from '../../subgraphs/platform/node-version.js';
import { DATABASE_MODULES } from '../../subgraphs/registry.js';
import { SUBGRAPHS } from '../../subgraphs/kernel/config.js';
import { freePort } from '../support/ports.js';
import { createTestDatabase } from '../support/database.js';
import pg from 'pg';

const run = promisify(execFile);

/** Runs a compiled entry point and returns its exit code and output, whatever the code. */
async function runEntry(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('startup hazards: a held embedded database, an old Node, a taken port', () => {
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cbs-hazard-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('a second process cannot open the embedded database the service holds', async () => {
    const held = await openDatabase({ databaseUrl: null, dataDir, env: 'test' } as never, DATABASE_MODULES);
    try {
      const second = await runEntry('dist/scripts/tenants.js', ['create', 'acme'], { DATA_DIR: dataDir, DATABASE_URL: '' });
      assert.equal(second.code, 1, second.stdout + second.stderr);
      assert.match(second.stderr, /embedded database .* is in use by process \d+/);
      assert.doesNotMatch(second.stdout, /created/);
      assert.equal(second.stderr.trim().split('\n').length, 1, 'one line, no stack trace');
    } finally {
      await held.close();
    }
    // Released on close: the next process may open it.
    const again = await openDatabase({ databaseUrl: null, dataDir, env: 'test' } as never, DATABASE_MODULES);
    await again.close();
  });

  test('Node older than 22.17 is refused with a clear reason', () => {
    assert.equal(nodeTooOld('24.1.0'), null);
    assert.equal(nodeTooOld('22.17.0'), null);
    assert.match(nodeTooOld('20.20.2') ?? '', /needs Node 22\.17\.0 or newer; this is Node 20\.20\.2/);
    assert.match(nodeTooOld('22.16.9') ?? '', /needs Node/);
  });

  test('a port already in use fails with one line naming the port', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const subgraphPorts: Record<string, string> = {};
      for (const name of SUBGRAPHS) subgraphPorts[`${name.toUpperCase()}_PORT`] = String(await freePort());
      const result = await runEntry('dist/router/main.js', [], { ...subgraphPorts, DATA_DIR: join(dataDir, 'port'), DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', TENANTS: 'default' });
      assert.equal(result.code, 1, result.stdout + result.stderr);
      assert.match(result.stderr, new RegExp(`Port ${port} on 127.0.0.1 is already in use \\(the edge's HTTPS listener, PORT\\)`));
    } finally {
      blocker.close();
    }
  });

  test('configuration mistakes: one line per variable, exit 1, before the database is touched', async () => {
    const database = await createTestDatabase();
    try {
      const result = await runEntry('dist/router/main.js', [], { DATA_DIR: join(dataDir, 'config'), DATABASE_URL: database.url, PORT: 'abc', SERVE: 'everything', NODE_ENV: 'production', ADMIN_PASSWORD: 'password', INTERNAL_SIGNING_KEY: 'k', PAYMENT_SWITCH_KEY: 'switch-key' });
      assert.equal(result.code, 1, result.stdout + result.stderr);
      const lines = result.stderr.trim().split('\n');
      assert.deepEqual(lines.map((l) => l.split(':')[0]).sort(), ['ADMIN_PASSWORD', 'PORT', 'SERVE'], result.stderr);
      assert.ok(lines.every((l) => !/\bat .*\.js:\d+/.test(l)), 'no stack trace');
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const tables = await client.query(`select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`);
        assert.equal(tables.rows[0].n, 0, 'no migration ran');
      } finally {
        await client.end();
      }
      const malformed = await runEntry('dist/scripts/migrate.js', [], { DATABASE_URL: 'postgres//nohost' });
      assert.equal(malformed.code, 1);
      assert.match(malformed.stderr.trim(), /^DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL with a host; got something that is not a URL$/);
    } finally {
      await database.drop();
    }
  });

  test('a bad tenant slug is one line, not a stack', async () => {
    const result = await runEntry('dist/scripts/tenants.js', ['create', 'Acme Bank'], { DATA_DIR: join(dataDir, 'slug'), DATABASE_URL: '' });
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    assert.match(result.stderr, /"Acme Bank" is not a tenant slug/);
  });

  test('start-up prints its progress with timings, and SIGINT stops it with exit 0', async () => {
    const database = await createTestDatabase();
    try {
      const subgraphPorts: Record<string, string> = {};
      for (const name of SUBGRAPHS) subgraphPorts[`${name.toUpperCase()}_PORT`] = String(await freePort());
      const child = spawn(process.execPath, ['dist/router/main.js'], {
        env: { ...process.env, ...subgraphPorts, NODE_ENV: 'test', LOG_LEVEL: 'info', WORKERS: '1', DATABASE_URL: database.url, DATA_DIR: join(dataDir, 'progress'), PORT: String(await freePort()), HOST: '127.0.0.1', TENANTS: 'default' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const lines: Record<string, unknown>[] = [];
      let buffered = '';
      const ready = new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          buffered += chunk.toString('utf8');
          const complete = buffered.split('\n');
          buffered = complete.pop()!;
          for (const line of complete.filter(Boolean)) {
            const parsed = JSON.parse(line) as Record<string, unknown>;
            lines.push(parsed);
            if (parsed.msg === 'core banking service ready') resolve();
          }
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code} before it was ready`)));
      });
      await ready;
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGINT');
      assert.equal(await exited, 0);
      const byMessage = (msg: string) => lines.find((l) => l.msg === msg);
      assert.ok(Number.isInteger(byMessage('migrations applied')?.ms), JSON.stringify(lines.slice(0, 5)));
      assert.ok(Number(byMessage('migrations applied')?.applied) > 0);
      assert.deepEqual(byMessage('tenants provisioned')?.tenants, ['default']);
      assert.ok(Number.isInteger(byMessage('core banking service ready')?.startMs));
      assert.equal(byMessage('shutting down')?.signal, 'SIGINT');
      assert.equal(byMessage('stopped')?.drained, true);
    } finally {
      await database.drop();
    }
  });
});
