import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { SubgraphName } from '../subgraphs/kernel/config.js';
import { dropTestDatabase } from '../test/support/database.js';
import { freePort } from '../test/support/ports.js';
import { ServiceProcess } from '../test/support/service-process.js';

export interface BenchService {
  url: string;
  /** The service's process (its workers are its children): the bench reads their CPU time. */
  pid: number;
  databaseUrl: string;
  /** The internal signing key the service runs with, so the bench can call a subgraph directly as the edge does. */
  signingKey: string;
  /** From spawning the process to its first healthy answer (a fresh database: migrations and provisioning included). */
  readyMs: number;
  /** Stops the service; its database stays for the yardsticks that replay its SQL (own-sql.ts) until dropDatabase. */
  stop(): Promise<void>;
  dropDatabase(): Promise<void>;
}

/** BENCH_PROFILE=<dir>: every service process (each worker too) writes a V8 CPU profile there when it stops. */
const profileArgs = (): string[] => (process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []);

/**
 * Starts `node dist/router/main.js` as its own process on a fresh PostgreSQL database (as the tests'
 * ServiceProcess does), so the load generator (this process) and the service do not share an event
 * loop: the figures are the service's.
 */
export async function startServiceProcess(): Promise<BenchService> {
  const signingKey = randomBytes(32).toString('hex');
  // A tenant of its own for the close-of-business group; no scheduled close of business under the other groups' loads.
  const service = await ServiceProcess.start(
    { NODE_ENV: 'development', LOG_LEVEL: 'warn', INTERNAL_SIGNING_KEY: signingKey, TENANTS: 'default,cob', COB_SCHEDULER_TICK_MS: '0' },
    { nodeArgs: profileArgs(), keepDatabase: true },
  );
  return {
    url: service.url, pid: service.pid, databaseUrl: service.databaseUrl, signingKey, readyMs: service.readyMs,
    stop: () => service.stop(), dropDatabase: () => dropTestDatabase(service.databaseUrl),
  };
}

/**
 * One subgraph served alone over HTTP (SERVE=<name>, as docker-compose runs it) on the bench service's
 * database and signing key: the baseline the router's overhead is measured against.
 */
export async function startSubgraphProcess(name: SubgraphName, service: BenchService): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cbs-bench-subgraph-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env, SERVE: name, DATABASE_URL: service.databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development',
    INTERNAL_SIGNING_KEY: service.signingKey, [`${name.toUpperCase()}_PORT`]: String(port), WEBHOOK_WORKER: 'off',
  };
  const child: ChildProcess = spawn(process.execPath, ['dist/router/main.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}/graphql`;
  // Up when it answers at all (an unsigned request is refused with 401).
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(url);
      if (res.status === 401 || res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (i > 600 || child.exitCode !== null) throw new Error(`the ${name} subgraph did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * VACUUM ANALYZE of the bench service's database (as the admin URL's user): what pgbench does of its own
 * tables before each run, and autovacuum in any deployment. Gives the planner statistics for the freshly
 * loaded accounts and clears the dead row versions earlier scenarios left.
 */
export async function vacuumAnalyze(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}
