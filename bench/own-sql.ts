import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SUBGRAPHS } from '../subgraphs/kernel/config.js';
import { freePort } from '../test/support/ports.js';
import { httpsJson } from '../test/support/service.js';
import type { DepositSetup } from './account.js';
import { cpuPerRequest, cpuTimes } from './cpu.js';

const run = promisify(execFile);

/**
 * The yardstick of issue 26: the SQL one REST cash deposit sends, replayed by pgbench with nothing around
 * it (no HTTP, no GraphQL, no JavaScript), on the bench's own database (the service's migrations, the
 * bench's accounts, tellers and tills). deposit / own-SQL is the service's overhead; own-SQL / TPC-B is
 * what the statements themselves cost against PostgreSQL's own deposit.
 *
 * The script is generated from a live capture every run, so it cannot drift from the service: a service
 * process is started on the bench's database with SQL_DEBUG=1 (database.ts prints every `Tx.query`
 * statement with its parameters), one teller makes cash deposits into two accounts (captureDeposit), and one
 * deposit's transaction is turned into a pgbench script with its round trips kept: `begin` rides with the
 * tenant's first statement and a statement sent ahead (the office's lock) with the statement behind it, as
 * `\startpipeline`/`\endpipeline`, as prepared-statements.ts sends them.
 */

/** One statement of the captured deposit, its text with `$n` placeholders and its parameters. */
export interface CapturedStatement {
  sql: string;
  params: unknown[];
  /** Sent ahead of the next statement, in its round trip. */
  ahead: boolean;
}

/** Two deposits captured alike, into two accounts: the parameters that follow the account are the account. */
export interface Capture {
  tenantId: string;
  /** The replayed deposit, into `accountId`. */
  tx: CapturedStatement[];
  accountId: number;
  /** The same deposit into `otherAccountId`. */
  other: CapturedStatement[];
  otherAccountId: number;
}

/** The statement that opens every tenant transaction (database.ts), by which the capture splits transactions. */
const TENANT_START = /^select set_config\('role'/;
/** The deposit's own statement: the one that moves the balance. */
const DEPOSIT_MOVE = /update account\.savings_account set account_balance/;

/** `[query] <sql> -- <params>` and `[query, ahead] ...` blocks of SQL_DEBUG's output, in order. MikroORM's own debug lines (no parameters) are skipped. */
export function parseDebugOutput(output: string): CapturedStatement[] {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const blocks: string[] = [];
  for (const line of lines) {
    if (line.startsWith('[query')) blocks.push(line);
    else if (blocks.length > 0 && !line.startsWith('{')) blocks[blocks.length - 1] += `\n${line}`;
  }
  const statements: CapturedStatement[] = [];
  for (const block of blocks) {
    const match = /^\[query(, ahead)?\] ([\s\S]*) -- (\[[^\n]*\])\s*$/.exec(block);
    if (!match) continue;
    let params: unknown[];
    try {
      params = JSON.parse(match[3]!) as unknown[];
    } catch {
      continue;
    }
    statements.push({ sql: match[2]!, params, ahead: match[1] !== undefined });
  }
  return statements;
}

/** The `nth` captured transaction from the last that moved a balance: the tenant's first statement up to the next transaction's. */
export function depositTransaction(statements: CapturedStatement[], nth = 1): CapturedStatement[] {
  const starts = statements.flatMap((s, i) => (TENANT_START.test(s.sql) ? [i] : []));
  const deposits = starts.map((start, k) => statements.slice(start, starts[k + 1] ?? statements.length)).filter((tx) => tx.some((s) => DEPOSIT_MOVE.test(s.sql)));
  const tx = deposits[deposits.length - nth];
  if (!tx) throw new Error('the capture holds no deposit transaction (no statement updates account.savings_account)');
  return tx;
}

export interface ReplayScript {
  /** The script's statements; the caller puts the per-transaction `\set`s of `aid` and `staff` in front. */
  body: string;
  /** The constant parameters, passed with -D so they stay parameters of the prepared statements. */
  defines: Record<string, string>;
  roundTrips: number;
  statements: number;
}

/**
 * The pgbench script of one captured deposit transaction. Parameters become pgbench variables (sent as
 * parameters under -M prepared): the account (`aid`: the parameters that were each deposit's own account in
 * the two captures) and the teller (`staff`, the till's cashier lookup) vary per transaction as the bench's
 * requests do; the transaction id comes from the account read (`\gset`), as the service takes it; event ids
 * are derived from it (unique, as the outbox requires); everything else is the captured constant. A null
 * parameter is written as `null` (pgbench has no null variable). Commit is a round trip of its own, as in
 * the service.
 */
export function replayScript(capture: Capture): ReplayScript {
  const { tx, other } = capture;
  if (tx.length !== other.length || tx.some((s, i) => s.sql !== other[i]!.sql || s.params.length !== other[i]!.params.length)) {
    throw new Error('two captured deposits sent different statements: the replay needs one shape');
  }
  const defines: Record<string, string> = { tenant: capture.tenantId };
  const read = tx.find((s) => /\bas next_id\b/.test(s.sql));
  if (!read) throw new Error('the deposit read no longer returns next_id: teach the replay where the transaction id comes from');
  // The journal transaction id is S<next_id> (the savings transaction's id, posting-engine.ts's source.transactionId).
  const nextIdOf = (statements: CapturedStatement[]) => statements.flatMap((s) => s.params).map((v) => (typeof v === 'string' ? /^S(\d+)$/.exec(v)?.[1] : undefined)).find((v) => v !== undefined);
  const nextId = nextIdOf(tx);
  const otherNextId = nextIdOf(other);
  if (nextId === undefined || otherNextId === undefined) throw new Error('the capture names no S<transaction id>: teach the replay where the transaction id goes');
  const eventIds = new Map<string, string>();
  for (const value of tx.flatMap((s) => s.params)) {
    if (typeof value === 'string' && /^evt_[0-9a-f]{32}$/.test(value) && !eventIds.has(value)) eventIds.set(value, `ev${eventIds.size + 1}`);
  }
  if (eventIds.size > 9) throw new Error('more than 9 events per deposit: widen the event ids the replay derives');

  const variable = (s: number, n: number): string => {
    const value = tx[s]!.params[n - 1];
    const otherValue = other[s]!.params[n - 1];
    if (value === null) return 'null';
    if (value === capture.tenantId) return ':tenant';
    if (value === capture.accountId && otherValue === capture.otherAccountId) return ':aid';
    // The till's cashier is looked up by its teller's staff id: each teller has its own till row.
    if (new RegExp(`staff_id = \\$${n}(?!\\d)`).test(tx[s]!.sql)) return ':staff';
    if ((String(value) === nextId && String(otherValue) === otherNextId) || (value === `S${nextId}` && otherValue === `S${otherNextId}`)) return ':r_next_id';
    if (typeof value === 'string' && eventIds.has(value)) return `:${eventIds.get(value)}`;
    const name = `c${s}_${n}`;
    defines[name] = typeof value === 'string' ? value : JSON.stringify(value);
    return `:${name}`;
  };

  const lines: string[] = [];
  // `begin` goes ahead of the transaction's first statement, in its round trip.
  let pipeline: string[] = ['begin;'];
  let roundTrips = 0;
  tx.forEach((statement, s) => {
    const text = statement.sql.replace(/\$(\d+)(?!\d)/g, (_, n: string) => variable(s, Number(n)));
    if (statement === read) {
      if (pipeline.length > 0) throw new Error('the deposit read is pipelined: pgbench cannot \\gset inside a pipeline');
      lines.push(`${text}\n\\gset r_`);
      // Unique per transaction (next_id is a sequence's), as the outbox's unique event_id needs.
      for (const [, name] of eventIds) lines.push(`\\set ${name} :r_next_id * 10 + ${name.slice(2)}`);
      roundTrips++;
      return;
    }
    pipeline.push(`${text};`);
    if (statement.ahead) return;
    if (pipeline.length === 1) lines.push(pipeline[0]!);
    else lines.push('\\startpipeline', ...pipeline, '\\endpipeline');
    roundTrips++;
    pipeline = [];
  });
  lines.push('commit;');
  roundTrips++;
  return { body: lines.join('\n'), defines, roundTrips, statements: tx.length };
}

/**
 * Starts the service on the bench's database with SQL_DEBUG=1 (one worker, so its output is one stream) and
 * makes three cash deposits as the first teller of `tenant`: into `otherAccountId` (it warms the caches and
 * prepares the statements, as the bench's warm service has), into `accountId`, and into `otherAccountId`
 * again. The last two are the capture.
 */
export async function captureDeposit(databaseUrl: string, setup: DepositSetup, accountId: number, otherAccountId: number, tenant = 'default'): Promise<Capture> {
  const port = await freePort();
  const subgraphPorts: Record<string, string> = {};
  for (const name of SUBGRAPHS) subgraphPorts[`${name.toUpperCase()}_PORT`] = String(await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'cbs-bench-capture-'));
  const child = spawn(process.execPath, ['dist/router/main.js'], {
    env: {
      ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', SQL_DEBUG: '1', WORKERS: '1', DATABASE_URL: databaseUrl, DATA_DIR: dataDir,
      PORT: String(port), HOST: '127.0.0.1', TENANTS: 'default', INTERNAL_SIGNING_KEY: randomBytes(32).toString('hex'), WEBHOOK_WORKER: 'off', ...subgraphPorts,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const url = `https://127.0.0.1:${port}`;
  try {
    // The service writes its self-signed certificate at start; requests verify against it.
    let ca = '';
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`the capture service exited with ${child.exitCode}`);
      try {
        ca = readFileSync(join(dataDir, 'tls', 'cert.pem'), 'utf8');
        if ((await httpsJson(url, ca, 'GET', '/actuator/health')).status === 200) break;
      } catch {
        /* not listening yet */
      }
      if (i > 1200) throw new Error('the capture service did not start within 120 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const teller = setup.tellers[0]!;
    const login = await httpsJson<{ base64EncodedAuthenticationKey: string }>(url, ca, 'POST', '/api/v1/authentication', { tenant, body: { username: teller.username, password: teller.password } });
    if (login.status !== 200) throw new Error(`capture login: ${login.status} ${login.text}`);
    let from = 0;
    for (const [i, id] of [otherAccountId, accountId, otherAccountId].entries()) {
      if (i === 1) from = output.length;
      const res = await httpsJson(url, ca, 'POST', `/api/v1/savingsaccounts/${id}/transactions?command=deposit`, { tenant, auth: login.body.base64EncodedAuthenticationKey, rawBody: setup.body });
      if (res.status !== 200) throw new Error(`capture deposit: ${res.status} ${res.text}`);
    }
    // The worker's output reaches this process through a pipe: let the last statements arrive.
    await new Promise((r) => setTimeout(r, 500));
    const statements = parseDebugOutput(output.slice(from));
    const tx = depositTransaction(statements, 2);
    // The tenant's first statement sets the role and then the tenant setting to the tenant's id (database.ts).
    return { tenantId: String(tx[0]!.params[2]), tx, accountId, other: depositTransaction(statements, 1), otherAccountId };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface OwnSqlFigures {
  tps: number;
  /** PostgreSQL's (and pgbench's) CPU per transaction, as cpu.ts prints it. */
  cpu: string;
  failed: number;
  latencyMs: number;
}

/**
 * Runs the replay with pgbench (-M prepared: each statement parsed once per connection, as the service's
 * named statements are) at `clients` connections for `seconds`: one script per teller (`\set staff`), picked
 * at random per transaction as the bench picks a teller per request, each depositing into a random account
 * of `accounts` (or always the one hot account).
 */
export async function runReplay(databaseUrl: string, script: ReplayScript, setup: DepositSetup, accounts: number[], clients: number, seconds: number, keepIn: string | null = null): Promise<OwnSqlFigures> {
  const url = new URL(databaseUrl);
  const dir = keepIn ?? mkdtempSync(join(tmpdir(), 'cbs-own-sql-'));
  if (keepIn) mkdirSync(keepIn, { recursive: true });
  try {
    const sorted = [...accounts].sort((a, b) => a - b);
    // pgbench picks a number in a range: the accounts must be one (the bench's fresh database numbers them so).
    if (sorted.length > 1 && sorted[sorted.length - 1]! - sorted[0]! + 1 !== sorted.length) throw new Error('the replay needs the accounts to be a contiguous range of ids');
    const pick = sorted.length === 1 ? `\\set aid ${sorted[0]}` : `\\set aid random(${sorted[0]}, ${sorted[sorted.length - 1]})`;
    const files = setup.tellers.map((teller, i) => {
      const file = join(dir, `deposit-${sorted.length === 1 ? 'hot' : 'accounts'}-teller-${i + 1}.sql`);
      writeFileSync(file, `${pick}\n\\set staff ${teller.staffId}\n${script.body}\n`);
      return file;
    });
    const args = [
      '-h', url.searchParams.get('host') ?? url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username) || 'postgres',
      '-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds),
      ...Object.entries(script.defines).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
      ...files.flatMap((file) => ['-f', file]),
      url.pathname.slice(1),
    ];
    if (keepIn) writeFileSync(join(dir, `pgbench-${sorted.length === 1 ? 'hot' : 'accounts'}.json`), `${JSON.stringify(args, null, 1)}\n`);
    const before = cpuTimes(null);
    const { stdout } = await run('pgbench', args, { env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) }, maxBuffer: 16 * 1024 * 1024 });
    const after = cpuTimes(null);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    const processed = /number of transactions actually processed: (\d+)/.exec(stdout);
    const failed = /number of failed transactions: (\d+)/.exec(stdout);
    const latency = /latency average = ([\d.]+) ms/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return {
      tps: Number(tps[1]),
      cpu: cpuPerRequest(before, after, Number(processed?.[1] ?? 0), ['postgres', 'children']).replace('/req', '/txn'),
      failed: Number(failed?.[1] ?? 0),
      latencyMs: Number(latency?.[1] ?? 0),
    };
  } finally {
    if (!keepIn) rmSync(dir, { recursive: true, force: true });
  }
}

/** pgbench is on this machine. */
export async function hasPgbench(): Promise<boolean> {
  try {
    await run('pgbench', ['--version']);
    return true;
  } catch {
    return false;
  }
}
