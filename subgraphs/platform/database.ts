import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { MikroORM, type Constructor, type Dictionary } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver, type PostgreSqlConnection } from '@mikro-orm/postgresql';
import { PgliteDriver } from '@mikro-orm/pglite';
import { CompiledQuery } from 'kysely';
import type { Config } from '../kernel/config.js';
import { APP_ROLE, TENANT_SETTING, type DatabaseModule, type Em, type Statement, type Tx } from '../kernel/tx.js';
import { numberedPlaceholders, PreparingClient, withPreludes } from './prepared-statements.js';
import { preferUnixSocket } from './local-socket.js';
import { inSpan, tracingEnabled } from './tracing.js';
import { CommitBatcher, type BatchStats } from './commit-batch.js';
import { isRetryableConflict } from '../kernel/db-errors.js';

/** Runs of one transaction at most, when PostgreSQL picks it as a deadlock victim or it fails to serialize. */
const CONFLICT_ATTEMPTS = 4;
/** The upper bound of the random pause before the n-th re-run is n times this. */
const CONFLICT_PAUSE_MS = 25;
import { auditScopes, idOf, type AuditDraft, type AuditScope, type AuditWriter } from '../kernel/audit.js';
import { commitPreludes } from './prepared-statements.js';

/**
 * The kysely transaction MikroORM runs a transactional em on (`em.getTransactionContext()`): what `Tx.query`
 * sends through, as kysely's public `CompiledQuery.raw`.
 */
interface KyselyTransaction {
  executeQuery(query: CompiledQuery): Promise<{ rows: unknown[] }>;
}

export class Database {
  /** Statements sent inside each tenant's transactions: tests prove batching per request with it (N+1 shows up here). */
  private readonly tenantStatements = new Map<string, number>();
  /** Round trips to PostgreSQL inside each tenant's transactions (begin and commit included), counted at the wire. */
  private readonly tenantRoundTrips = new Map<string, number>();
  /** The tenant whose transaction is running in this async context; unrelated work (the relay) is not counted against it. */
  private readonly currentTenant = new AsyncLocalStorage<string>();
  /** A request's transaction that the commands it runs join (an idempotent write), with its turn-taking. */
  private readonly ambient = new AsyncLocalStorage<{ tx: Tx; turn: Promise<unknown>; inside: boolean }>();

  constructor(
    readonly orm: MikroORM,
    readonly kind: 'postgresql' | 'pglite',
    private readonly release: () => void = () => {},
    /** The PostgreSQL URL, for connections outside the pool (LISTEN); null on the embedded database. */
    private readonly url: string | null = null,
  ) {}

  /**
   * Where background work (the outbox relay, the webhook worker, the re-query worker) runs its transactions:
   * on PostgreSQL a small pool of its own when the process runs that work, so it never queues behind
   * requests for a connection (its lag would then grow with request traffic); otherwise, and on the
   * embedded database (one connection), this database itself.
   */
  background: Database = this;

  private readonly debug = process.env.SQL_DEBUG === '1';

  /**
   * The audit module's statement for a transaction's entries (wired by the composition root); while null,
   * commands are not audited (tools that open the database without the audit module).
   */
  auditWriter: AuditWriter | null = null;

  /** Group commit for commands on one hot row (see platform/commit-batch.ts). */
  private readonly batcher = new CommitBatcher({
    // The batch's own transaction is nobody's command: each command claims its audit entry itself (batchedTx).
    // It is re-run whole after a deadlock, as any transaction is.
    tx: (tenantId, fn) => this.retrying(tenantId, fn),
    commandTx: (tx, hooks) => {
      const em = tx.em.fork({ clear: true, keepTransactionContext: true }) as Em;
      return { ...tx, em, query: this.queryOn(em), afterCommit: (hook) => hooks.push(hook) };
    },
    asTenant: (tenantId, fn) => this.currentTenant.run(tenantId, fn),
  });

  /**
   * Runs `fn` in one transaction scoped to a tenant: the tenant filter (fail-closed: querying a tenant
   * entity without it throws) and, underneath, PostgreSQL row-level security via SET LOCAL ROLE and the
   * tenant setting, both transaction-local so a pooled connection carries nothing to the next user.
   */
  async tx<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const ambient = this.ambient.getStore();
    // Joined: the transaction that owns the ambient one is the one re-run.
    if (ambient && ambient.tx.tenantId === tenantId) return this.joinAmbient(ambient, this.audited(fn));
    return this.retrying(tenantId, this.audited(fn));
  }

  /** Transactions run again after a deadlock or serialization failure (tests and metrics read it). */
  conflictRetries = 0;

  /**
   * A deadlock victim or a serialization failure rolled back everything `run` wrote, and nothing of it was
   * answered yet (answers leave after commit; the switch is called outside transactions), so the whole
   * transaction runs again, a few times, after a random pause that lets its rival finish. A caller never
   * sees the 500 a lost lock race used to be.
   */
  private async retrying<T>(tenantId: string, run: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.runTx(tenantId, run);
      } catch (error) {
        if (attempt >= CONFLICT_ATTEMPTS || !isRetryableConflict(error)) throw error;
        this.conflictRetries += 1;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * CONFLICT_PAUSE_MS * attempt));
      }
    }
  }

  /** A new transaction of the tenant, which writes the audit entries its commands claimed just before its commit. */
  private async runTx<T>(tenantId: string, run: (tx: Tx) => Promise<T>): Promise<T> {
    const hooks: (() => void | Promise<void>)[] = [];
    const em = this.orm.em.fork({ clear: true }) as Em;
    em.setFilterParams('tenant', { tenantId });
    const audited: AuditScope[] = [];
    let result: T;
    try {
      result = await this.currentTenant.run(tenantId, () => commitPreludes.run([], () => em.transactional(async (tem) => {
        const query = this.queryOn(tem as Em);
        // The same round trip reads the reference version, so a cached read costs no statement. The subquery
        // is planned and permission-checked before the role switch takes effect (as the owner, who alone may
        // read the table); it filters by the tenant itself.
        const rows = await query<{ reference_version: string | null }>(
          `select set_config('role', ?, true), set_config(?, ?, true), (select version::text from kernel.reference_version where tenant_id = ?) as reference_version`,
          [APP_ROLE, TENANT_SETTING, tenantId, tenantId],
        );
        const value = await run({ em: tem as Em, tenantId, afterCommit: (h) => hooks.push(h), referenceVersion: rows[0]?.reference_version ?? null, query, audited });
        if (audited.length > 0) await this.writeAudit(query, tenantId, audited.map((s) => s.draft));
        return value;
      })));
    } catch (error) {
      // Rolled back: the commands whose entries it carried have none yet.
      for (const scope of audited) scope.carrier = null;
      throw error;
    }
    for (const hook of hooks) await hook();
    return result;
  }

  /**
   * `fn`, which claims the running command's audit entry for its transaction when it succeeds (a command in
   * a batch or an idempotent request claims it for the transaction it shares). Every transaction of the
   * command claims it; the first that writes anything writes it, the others find it written (its command
   * id is unique). A commit hook, which a batch keeps only for the commands that succeeded, marks it
   * committed.
   */
  private audited<T>(fn: (tx: Tx) => Promise<T>): (tx: Tx) => Promise<T> {
    const scope = auditScopes.getStore();
    if (!scope || !this.auditWriter) return fn;
    return async (tx) => {
      const value = await fn(tx);
      if (scope.carrier === null && tx.audited) {
        scope.draft.resourceId ??= idOf(value);
        scope.carrier = tx.audited;
        tx.audited.push(scope);
        tx.afterCommit(() => {
          scope.committed = true;
          scope.carrier = null;
        });
      }
      return value;
    };
  }

  /**
   * A transaction's audit entries, in one statement. On PostgreSQL it is sent ahead of the commit, in the
   * commit's round trip (prepared-statements.ts): auditing adds a statement to every write, never a round trip.
   */
  private async writeAudit(query: Tx['query'], tenantId: string, drafts: readonly AuditDraft[]): Promise<void> {
    const statement = this.auditWriter!.insert(tenantId, drafts, false);
    if (this.kind !== 'postgresql') {
      await query(statement.sql, statement.params);
      return;
    }
    this.countStatement();
    if (this.debug) console.log(`[query, before commit] ${numberedPlaceholders(statement.sql)} -- ${JSON.stringify(statement.params)}`);
    commitPreludes.getStore()!.push({ text: numberedPlaceholders(statement.sql), values: statement.params });
  }

  /**
   * The entry of a command that failed, or committed no transaction carrying it, in a transaction of its
   * own (never an idempotent request's, which rolls back when its command fails); nothing when one of the
   * command's transactions already wrote its entry.
   */
  async recordAudit(tenantId: string, draft: AuditDraft): Promise<void> {
    const writer = this.auditWriter;
    if (!writer) return;
    await this.ambient.exit(() =>
      auditScopes.exit(() =>
        this.tx(tenantId, async (tx) => {
          const statement = writer.insert(tenantId, [draft], true);
          await tx.query(statement.sql, statement.params);
        }),
      ),
    );
  }

  /**
   * Runs `fn` as tx() does, in a transaction it may share with other commands of `lane` that arrive while
   * the lane's previous transaction runs (a group commit; see platform/commit-batch.ts for what `fn` must
   * lock first and what `order` means). Inside an idempotent request it joins that request's transaction.
   */
  batchedTx<T>(tenantId: string, lane: string, order: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const ambient = this.ambient.getStore();
    if (ambient && ambient.tx.tenantId === tenantId) return this.joinAmbient(ambient, this.audited(fn));
    return this.batcher.run(tenantId, lane, order, this.audited(fn));
  }

  /** How many batched transactions and commands this process has run (for /metrics). */
  batchStats(): BatchStats {
    return this.batcher.stats();
  }

  /**
   * Runs `fn` with `tx` as the transaction every `tx()` of this tenant inside it joins, instead of opening
   * its own: the commands of one idempotent request commit together with its key, or not at all.
   */
  withAmbient<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
    return this.ambient.run({ tx, turn: Promise.resolve(), inside: false }, fn);
  }

  /**
   * A command joining the ambient transaction runs in a savepoint, so a command that fails (and one that
   * catches its own failure) leaves the rest intact. One connection runs one statement at a time and
   * savepoints nest, so sibling resolvers take turns; a command inside a command goes straight in.
   */
  private joinAmbient<T>(ambient: { tx: Tx; turn: Promise<unknown>; inside: boolean }, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const run = () =>
      this.ambient.run({ ...ambient, inside: true }, () =>
        ambient.tx.em.transactional((tem) => fn({ ...ambient.tx, em: tem as Em, query: this.queryOn(tem as Em) })),
      );
    if (ambient.inside) return run();
    const result = ambient.turn.then(run, run);
    ambient.turn = result.catch(() => undefined);
    return result;
  }

  /** `Tx.query` on `em`'s transaction: parameters sent as such on PostgreSQL; the ORM's inlining on the embedded database. */
  private queryOn(em: Em): Tx['query'] {
    const untraced = this.untracedQueryOn(em);
    // One span per statement, named by its text (parameters are values, never recorded); free when tracing is off.
    return <T>(sql: string, params?: readonly unknown[], ahead?: readonly Statement[]) =>
      tracingEnabled() ? inSpan('db.query', { 'db.system': 'postgresql', 'db.query.text': sql }, () => untraced<T>(sql, params, ahead)) : untraced<T>(sql, params, ahead);
  }

  private untracedQueryOn(em: Em): Tx['query'] {
    if (this.kind !== 'postgresql') {
      return async <T>(sql: string, params: readonly unknown[] = [], ahead: readonly Statement[] = []) => {
        for (const statement of ahead) await em.execute(statement.sql, [...statement.params]);
        return em.execute<T[]>(sql, [...params]);
      };
    }
    return async <T>(sql: string, params: readonly unknown[] = [], ahead: readonly Statement[] = []) => {
      const transaction = em.getTransactionContext<KyselyTransaction & Parameters<Em['setTransactionContext']>[0]>();
      if (!transaction) throw new Error('Tx.query outside its transaction');
      const text = numberedPlaceholders(sql);
      for (let i = 0; i <= ahead.length; i++) this.countStatement();
      if (this.debug) {
        for (const statement of ahead) console.log(`[query, ahead] ${numberedPlaceholders(statement.sql)} -- ${JSON.stringify(statement.params)}`);
        console.log(`[query] ${text} -- ${JSON.stringify(params)}`);
      }
      const parameters = withPreludes([...params], ahead.map((s) => ({ text: numberedPlaceholders(s.sql), values: s.params })));
      const result = await transaction.executeQuery(CompiledQuery.raw(text, parameters));
      return result.rows as T[];
    };
  }

  /** Called for every statement sent (onQuery). */
  countStatement(): void {
    const tenant = this.currentTenant.getStore();
    if (tenant !== undefined) this.tenantStatements.set(tenant, (this.tenantStatements.get(tenant) ?? 0) + 1);
  }

  /** Called by the pool's clients for every round trip. */
  countRoundTrip(): void {
    const tenant = this.currentTenant.getStore();
    if (tenant !== undefined) this.tenantRoundTrips.set(tenant, (this.tenantRoundTrips.get(tenant) ?? 0) + 1);
  }

  /** Round trips to PostgreSQL so far inside `tenantId`'s transactions (PostgreSQL only; the embedded database has none). */
  roundTripsOf(tenantId: string): number {
    return this.tenantRoundTrips.get(tenantId) ?? 0;
  }

  /** Statements sent so far inside `tenantId`'s transactions. */
  statementsOf(tenantId: string): number {
    return this.tenantStatements.get(tenantId) ?? 0;
  }

  /** Infrastructure work that spans tenants (outbox relay, provisioning registry). Runs as the owner, RLS bypassed. */
  async system<T>(fn: (em: Em) => Promise<T>): Promise<T> {
    const em = this.orm.em.fork({ clear: true }) as Em;
    return em.transactional(async (tem) => fn(tem));
  }

  /** The PostgreSQL pool's connections (null on the embedded database, which has one connection and no pool). */
  async poolStats(): Promise<{ total: number; idle: number; waiting: number } | null> {
    if (this.kind !== 'postgresql') return null;
    const pool = await (this.orm.em.getConnection() as PostgreSqlConnection).getNativeClient();
    return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
  }

  /** True when the database answers `select 1` within `timeoutMs` (a hung database is as down as a refusing one). */
  async ping(timeoutMs = 2000): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const query = (this.orm.em.fork() as Em).execute('select 1').then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Calls `onNotify` for each NOTIFY on `channel`, on a connection of its own (a pooled one would be lent to
   * others), and once each time the connection starts listening (the first time and after it dropped and
   * was opened again a second later), since notifications sent before are lost. Null on the embedded
   * database, which has no other process to hear.
   */
  listen(channel: string, onNotify: () => void, onError: (error: unknown) => void): { close(): Promise<void> } | null {
    const url = this.url;
    if (url === null) return null;
    let client: pg.Client | null = null;
    let closed = false;
    let retry: NodeJS.Timeout | null = null;
    const connect = async () => {
      const next = new pg.Client({ connectionString: url, application_name: 'cbs-listen' });
      next.on('notification', () => onNotify());
      next.on('error', (error) => {
        onError(error);
        void next.end().catch(() => undefined);
        if (client === next) client = null;
        if (!closed) retry ??= setTimeout(reconnect, 1000);
      });
      try {
        await next.connect();
        await next.query(`listen "${channel.replaceAll('"', '""')}"`);
      } catch (error) {
        onError(error);
        void next.end().catch(() => undefined);
        if (!closed) retry ??= setTimeout(reconnect, 1000);
        return;
      }
      if (closed) await next.end();
      else client = next;
    };
    // Once listening, `onNotify` runs once: whatever was notified before (while this process started, or
    // while the connection was down) is not lost, the listener goes to look.
    const listenAndLook = () =>
      void connect().then(() => {
        if (client) onNotify();
      });
    const reconnect = () => {
      retry = null;
      listenAndLook();
    };
    listenAndLook();
    return {
      async close() {
        closed = true;
        if (retry) clearTimeout(retry);
        await client?.end().catch(() => undefined);
      },
    };
  }

  /** Applies pending migrations; returns the names of those applied. */
  async migrate(): Promise<string[]> {
    return (await this.orm.migrator.up()).map((m) => m.name);
  }

  /**
   * Closing the pool waits for every checked-out connection to come back. One never did: after the server
   * terminated its backend mid-work (an administrator's pg_terminate_backend, a failover), a background
   * client stayed checked out and unusable, and shutdown waited for ever. Past a deadline the close goes on
   * without it: that connection's server side is already gone.
   */
  async close(deadlineMs = 10_000): Promise<void> {
    if (this.background !== this) await this.background.close(deadlineMs);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => resolve('expired'), deadlineMs);
    });
    const outcome = await Promise.race([this.orm.close(true).then(() => 'closed' as const), expired]);
    clearTimeout(timer);
    if (outcome === 'expired') process.emitWarning(`database pool still had connections checked out ${deadlineMs} ms into close; closed without them`);
    this.release();
  }
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'env'> & Partial<Pick<Config, 'databaseSocket'>>,
  modules: DatabaseModule[],
  options: { pool?: { min?: number; max?: number }; applicationName?: string; backgroundPool?: number } = {},
): Promise<Database> {
  const entities = modules.flatMap((m) => m.entities);
  const migrationsList = modules.flatMap((m) => m.migrations).sort((a, b) => a.name.localeCompare(b.name));
  const tenantEntities = entities.filter((e) => !NON_TENANT_ENTITIES.has(e));
  let database: Database | null = null;
  const common = {
    onQuery: (sql: string) => {
      countStatement();
      return sql;
    },
    entities,
    extensions: [Migrator],
    migrations: { migrationsList, tableName: 'kernel.mikro_orm_migrations', silent: true, transactional: true, allOrNothing: true, snapshot: false },
    allowGlobalContext: false,
    debug: process.env.SQL_DEBUG === '1',
    filters: {
      tenant: {
        cond: (args: Dictionary) => ({ tenantId: args.tenantId }),
        entity: tenantEntities.map((e) => e.name),
        default: true,
      },
    },
    ensureDatabase: false,
    discovery: { warnWhenNoEntities: false },
  };
  // A statement counts against the database (main or background) whose current tenant is running it.
  let counted: Database[] = [];
  const countStatement = () => {
    for (const db of counted) db.countStatement();
  };
  if (config.databaseUrl) {
    const url = config.databaseSocket === 'off' ? config.databaseUrl : await preferUnixSocket(config.databaseUrl);
    const open = async (max: number, applicationName: string | undefined): Promise<Database> => {
      let opened: Database | null = null;
      const Client = class extends PreparingClient {
        protected override onRoundTrip(): void {
          opened?.countRoundTrip();
        }
      };
      const orm = await MikroORM.init({
        ...common,
        driver: PostgreSqlDriver,
        clientUrl: url,
        pool: { min: 0, max },
        // pg reads the URL's own parameters (sslmode, ...), which MikroORM's parsing of clientUrl drops; named
        // connections (cbs-worker-2, ...) tell a DBA, and pg_stat_activity, which process holds which.
        driverOptions: { connectionString: url, Client, ...(applicationName ? { application_name: applicationName } : {}) },
      });
      // LISTEN connections go the same way as the pool's (the Unix socket when preferred).
      return (opened = new Database(orm, 'postgresql', () => {}, url));
    };
    database = await open(options.pool?.max ?? 10, options.applicationName);
    if (options.backgroundPool) {
      // Named background-cbs-worker-1 and so on: cbs-worker-N names a worker's request pool.
      database.background = await open(options.backgroundPool, options.applicationName && `background-${options.applicationName}`).catch(async (error: unknown) => {
        await database!.close();
        throw error;
      });
    }
    counted = [...new Set([database, database.background])];
    return database;
  }
  mkdirSync(`${config.dataDir}/pglite`, { recursive: true });
  const release = lockEmbeddedDatabase(`${config.dataDir}/pglite`);
  try {
    const orm = await MikroORM.init({ ...common, driver: PgliteDriver, dbName: `${config.dataDir}/pglite` });
    database = new Database(orm, 'pglite', release);
    counted = [database];
    return database;
  } catch (error) {
    release();
    throw error;
  }
}

/** The embedded database directory is held by another live process. */
export class EmbeddedDatabaseInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(`The embedded database in ${dir} is in use by process ${pid} (is \`npm start\` running?). Stop that process first, or point DATABASE_URL at PostgreSQL to run several.`);
  }
}

/**
 * PGlite keeps the whole database in one process's memory and writes it back to the directory: a second
 * process opening the same directory would work on a copy whose writes are lost. A lock file holding the
 * owner's pid refuses the second process at once; a lock left by a dead process is taken over.
 */
function lockEmbeddedDatabase(dir: string): () => void {
  const path = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) throw new EmbeddedDatabaseInUseError(dir, owner);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not lock the embedded database in ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const NON_TENANT_ENTITIES = new Set<Constructor<object>>();

/** Marks a registry entity (for example the tenants table) that the tenant filter must not touch. */
export function notTenantOwned(entity: Constructor<object>): void {
  NON_TENANT_ENTITIES.add(entity);
}
