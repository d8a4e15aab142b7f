import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { SUBGRAPHS, type SubgraphName } from '../subgraphs/kernel/config.js';
import { createTestDatabase } from '../test/support/database.js';
import { freePort } from '../test/support/ports.js';

export interface BenchService {
  url: string;
  databaseUrl: string;
  /** The internal signing key the service runs with, so the bench can call a subgraph directly as the edge does. */
  signingKey: string;
  /** From spawning the process to its first healthy answer (a fresh database: migrations and provisioning included). */
  readyMs: number;
  stop(): Promise<void>;
}

/** BENCH_PROFILE=<dir>: every service process (each worker too) writes a V8 CPU profile there when it stops. */
const profileArgs = (): string[] => (process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []);

async function waitFor(url: string, child: ChildProcess, ok: (res: Response) => boolean): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      if (ok(await fetch(url))) return;
    } catch {
      /* not listening yet */
    }
    if (i > 600 || child.exitCode !== null) throw new Error(`the service did not start (${url})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
}

/**
 * Starts `node dist/router/main.js` as its own process on a fresh PostgreSQL database, so the load
 * generator (this process) and the service do not share an event loop: the figures are the service's.
 */
export async function startServiceProcess(): Promise<BenchService> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'cbs-bench-'));
  const port = await freePort();
  const signingKey = randomBytes(32).toString('hex');
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', INTERNAL_SIGNING_KEY: signingKey };
  for (const name of SUBGRAPHS) env[`${name.toUpperCase()}_PORT`] = String(await freePort());
  const spawned = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...profileArgs(), 'dist/router/main.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `https://127.0.0.1:${port}`;
  await waitFor(`${url}/actuator/health`, child, (res) => res.ok);
  const readyMs = performance.now() - spawned;
  const stop = stopper(child);
  return {
    url,
    databaseUrl: database.url,
    signingKey,
    readyMs,
    async stop() {
      await stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
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
  await waitFor(url, child, (res) => res.status === 401 || res.ok);
  const stop = stopper(child);
  return {
    url,
    async stop() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
