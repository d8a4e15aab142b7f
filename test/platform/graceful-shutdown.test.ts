import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { Agent, request as httpsRequest } from 'node:https';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { ADMIN_DATABASE_URL, createTestDatabase } from '../support/database.js';
import { freePort } from '../support/ports.js';
import { ServiceProcess } from '../support/service-process.js';
import { TestService, type TenantSession } from '../support/service.js';

const DEPOSITS = 200;
const CONCURRENCY = 30;
const BANK_TRANSFER = 2;
const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };

/**
 * One deposit's outcome as its client saw it. A request that failed on a connection that had already carried
 * a request (`reused`) is a reset of a kept-alive connection: the server closed it while its client was
 * sending, which a graceful stop must never do. A failure on a new connection is a refusal at the connection
 * (the listener closed: ECONNREFUSED, or a connection the primary accepted and could not hand to a worker any
 * more): no server ever read that request.
 */
type Outcome = { status: number; close: boolean } | { error: string; reused: boolean };

/** A deposit over the test's own keep-alive agent, so the client knows whether its socket was reused. */
function deposit(agent: Agent, service: ServiceProcess, key: string, accountId: number, today: string): Promise<Outcome> {
  const payload = JSON.stringify({ transactionDate: today, transactionAmount: 1, paymentTypeId: BANK_TRANSFER, ...iso });
  return new Promise((resolve) => {
    const req = httpsRequest(`${service.url}/api/v1/savingsaccounts/${accountId}/transactions?command=deposit`, {
      method: 'POST', agent, ca: service.ca,
      headers: { accept: 'application/json', 'content-type': 'application/json', 'Service-Platform-TenantId': 'default', authorization: `Basic ${key}` },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, close: res.headers.connection === 'close' }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: `response: ${error.code}`, reused: true }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: String(error.code), reused: req.reusedSocket }));
    req.end(payload);
  });
}

describe('graceful shutdown on SIGTERM (npm start as a process, PostgreSQL)', () => {
  let service: ServiceProcess;
  let admin: TenantSession<ServiceProcess>;
  let accountId: number;

  before(async () => {
    service = await ServiceProcess.start({ SHUTDOWN_GRACE_MS: '20000' });
    admin = await service.admin();
    const branch = await admin.post('/offices', { name: 'Drain Branch', parentId: 1, openingDate: '2024-01-01', ...iso });
    assert.equal(branch.status, 200, branch.text);
    const client = await admin.post('/clients', { officeId: branch.body.resourceId, legalFormId: 1, firstname: 'Ada', lastname: 'Drain', active: true, activationDate: '2025-01-01', ...iso });
    assert.equal(client.status, 200, client.text);
    const products = await admin.get('/savingsproducts');
    const savings = products.body.find((p: { name: string }) => p.name === 'Primary Savings').id;
    const account = await admin.post('/savingsaccounts', { clientId: client.body.clientId, productId: savings, submittedOnDate: '2025-01-02', ...iso });
    assert.equal(account.status, 200, account.text);
    const activated = await admin.post(`/savingsaccounts/${account.body.savingsId}?command=activate`, {});
    assert.equal(activated.status, 200, activated.text);
    accountId = account.body.savingsId;
  });
  after(async () => service.stop());

  test('200 deposits 30 at a time, SIGTERM mid-way: 0 resets, in-flight requests answered with Connection: close, the 200s are exactly the committed ones, exit 0', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const outcomes: Outcome[] = [];
    let next = 0;
    let signalled = false;
    let startedAfterSignal = 0;
    let exit: Promise<number | null> | undefined;
    const terminate = () => {
      if (signalled) return;
      signalled = true;
      exit = service.signal('SIGTERM');
    };
    // After the first second, or once a fifth of the deposits are answered on a fast machine: mid-stream either way.
    const timer = setTimeout(terminate, 1000);
    const sender = async () => {
      while (next < DEPOSITS) {
        next++;
        if (signalled) startedAfterSignal++;
        outcomes.push(await deposit(agent, service, admin.key, accountId, today));
        if (outcomes.length >= DEPOSITS / 5) terminate();
      }
    };
    try {
      await Promise.all(Array.from({ length: CONCURRENCY }, sender));
    } finally {
      clearTimeout(timer);
      agent.destroy();
    }
    assert.equal(await exit, 0, 'the process exits 0 once drained');

    assert.equal(outcomes.length, DEPOSITS);
    assert.ok(startedAfterSignal > 0, 'SIGTERM arrived while deposits were still being sent');
    const answered = outcomes.filter((o): o is { status: number; close: boolean } => 'status' in o);
    const failed = outcomes.filter((o): o is { error: string; reused: boolean } => 'error' in o);
    assert.deepEqual(failed.filter((f) => f.reused), [], 'no request on a kept-alive connection was reset');
    assert.deepEqual([...new Set(answered.map((a) => a.status))], [200], 'every answer is a 200: nothing was cut off or failed mid-flight');
    assert.ok(answered.length > 0);
    assert.ok(answered.some((a) => a.close), 'the requests answered while draining carry Connection: close');

    const db = new pg.Client({ connectionString: service.databaseUrl });
    await db.connect();
    try {
      const committed = await db.query<{ n: string }>('select count(*) as n from account.savings_transaction where account_id = $1', [accountId]);
      assert.equal(Number(committed.rows[0]!.n), answered.length, 'a deposit is committed exactly when its 200 was received');
    } finally {
      await db.end();
    }
  });
});

describe('a subgraph served over HTTP drains too (split deployment)', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start({ transport: 'http' });
  });
  after(async () => service.stop());

  test('a deposit in flight in the account subgraph when it is told to stop is answered 200 and committed', async () => {
    const admin = await service.tenant('drain');
    const branch = await admin.branch();
    const client = await admin.post('/clients', { officeId: branch, legalFormId: 1, firstname: 'Ada', lastname: 'Split', active: true, activationDate: '2025-01-01', ...iso });
    assert.equal(client.status, 200, client.text);
    const products = await admin.get('/savingsproducts');
    const savings = products.body.find((p: { name: string }) => p.name === 'Primary Savings').id;
    const account = await admin.post('/savingsaccounts', { clientId: client.body.clientId, productId: savings, submittedOnDate: '2025-01-02', ...iso });
    assert.equal((await admin.post(`/savingsaccounts/${account.body.savingsId}?command=activate`, {})).status, 200);

    // A blocker holds the account's row, so the deposit waits inside the account subgraph.
    const blocker = new pg.Client({ connectionString: service.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from account.savings_account where tenant_id = $1 and id = $2 for update', [admin.tenant, account.body.savingsId]);
      const today = new Date().toISOString().slice(0, 10);
      const deposit = admin.post(`/savingsaccounts/${account.body.savingsId}/transactions?command=deposit`, { transactionDate: today, transactionAmount: 250, paymentTypeId: BANK_TRANSFER, ...iso });
      const dbName = new URL(service.databaseUrl!).pathname.slice(1);
      for (let i = 0; ; i++) {
        const waiting = await blocker.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [dbName]);
        if (waiting.rows[0].n > 0) break;
        if (i > 600) throw new Error('the deposit never reached the row lock');
        await new Promise((r) => setTimeout(r, 50));
      }
      const draining = service.drainSubgraph('account', 20_000);
      await new Promise((r) => setImmediate(r));
      await blocker.query('commit');
      const answered = await deposit;
      assert.equal(answered.status, 200, answered.text);
      assert.equal(await draining, true);
    } finally {
      await blocker.end();
    }
    const db = new pg.Client({ connectionString: service.databaseUrl });
    await db.connect();
    try {
      const rows = await db.query('select amount::text from account.savings_transaction where tenant_id = $1 and account_id = $2', [admin.tenant, account.body.savingsId]);
      assert.deepEqual(rows.rows.map((r) => r.amount), ['250.000000']);
    } finally {
      await db.end();
    }
  });
});

describe('SIGTERM while a worker is still starting', () => {
  test('the port answers once one worker listens; a SIGTERM then stops every worker and the primary exits 0', async () => {
    // Before, the primary listened for signals only once every worker was ready: it died of the signal and the
    // starting worker failed on the closed channel (EPIPE).
    const service = await ServiceProcess.start({ WORKERS: '2' });
    try {
      assert.equal(await service.signal('SIGTERM'), 0);
    } finally {
      await service.stop();
    }
  });
});

describe('SIGTERM while the process is still starting', () => {
  test('a process signalled while it migrates exits 0 at once, and the next start finishes on the same database', async () => {
    // The signal lands while the first start migrates (its database connection is open); it must end the
    // process, cleanly, however far the start has got: libraries the edge loads add signal listeners of their
    // own, which cancel Node's default exit, so without its own handler from the first line a process could
    // stay up half-started.
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'cbs-starting-'));
    try {
      const port = await freePort();
      const child = spawn(process.execPath, ['dist/router/main.js'], {
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', WORKERS: '1', DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', TENANTS: 'default' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
      const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
      await admin.connect();
      try {
        const name = new URL(database.url).pathname.slice(1);
        for (let i = 0; i < 600; i++) {
          const { rows } = await admin.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [name]);
          if (rows[0].n > 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
      } finally {
        await admin.end();
      }
      child.kill('SIGTERM');
      assert.deepEqual(await exited, { code: 0, signal: null });

      const restarted = await ServiceProcess.start({ WORKERS: '1' }, { databaseUrl: database.url });
      try {
        const session = await restarted.admin();
        assert.equal((await session.get('/offices')).status, 200);
      } finally {
        await restarted.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
