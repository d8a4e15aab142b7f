import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Config } from '../subgraphs/kernel/config.js';
import { relayBusBetweenWorkers } from '../subgraphs/platform/bus.js';
import type { Logger } from '../subgraphs/platform/logger.js';
import { aggregateMetricsForWorkers } from './metrics.js';

/** The worker that runs the deployment's background work (outbox relay, webhook delivery, loan scheduler). */
export const BACKGROUND_WORKER = 1;
const WORKER_INDEX = 'CBS_WORKER_INDEX';
const READY = 'cbsReady';

/**
 * How many worker processes share the HTTPS port: WORKERS, by default one per core. The embedded
 * database lives in one process's memory, so it always runs one; so does a single subgraph process.
 */
export function workerCount(config: Pick<Config, 'databaseUrl'>, serve: string, env: NodeJS.ProcessEnv = process.env): number {
  if (!config.databaseUrl || (serve !== 'all' && serve !== 'edge')) return 1;
  const requested = env.WORKERS === undefined || env.WORKERS === '' ? availableParallelism() : Number(env.WORKERS);
  if (!Number.isInteger(requested) || requested < 1 || requested > 256) throw new Error(`WORKERS must be a whole number from 1 to 256; got ${env.WORKERS}`);
  return requested;
}

/** This process's worker number (1..n) under the primary, or null when it runs alone. */
export function workerIndex(): number | null {
  return cluster.isWorker ? Number(process.env[WORKER_INDEX]) : null;
}

/** Tells the primary this worker listens (it announces the service once every worker does). */
export function announceReady(url: string | undefined): void {
  process.send?.({ [READY]: url ?? null });
}

/**
 * The primary of `npm start` with several workers: it has already migrated and provisioned, then forks the
 * workers, relays the kernel bus between them, answers their scrapes with every worker's metrics, restarts a worker that dies, and stops them all on a
 * signal. A worker that fails to start (a taken port) stops the whole start with that worker's exit code.
 */
export async function runPrimary(count: number, logger: Logger, announce: (url: string | null) => void): Promise<void> {
  // Every worker must sign and verify the same internal identities (split transport shares subgraph ports).
  const env = { INTERNAL_SIGNING_KEY: process.env.INTERNAL_SIGNING_KEY ?? randomBytes(32).toString('hex') };
  relayBusBetweenWorkers();
  aggregateMetricsForWorkers();
  let stopping = false;
  let started = false;
  const fork = (index: number): Worker => {
    const worker = cluster.fork({ ...env, [WORKER_INDEX]: String(index) });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      if (!started) {
        // The worker already said why in one line; the others are stopped and the start fails with its code.
        stopping = true;
        for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
        process.exitCode = code ?? 1;
        return;
      }
      logger.error({ worker: index, code, signal }, 'worker died; starting a replacement');
      fork(index);
    });
    return worker;
  };
  // Listening from the first fork: the port answers as soon as one worker listens, so a signal can come while
  // another is still starting. Without a handler then, the primary would die of the signal, leaving that worker
  // to fail on the closed channel and nobody to drain the ones already serving.
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down workers');
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    await Promise.all(alive.map((w) => new Promise<void>((resolve) => {
      w.once('exit', () => resolve());
      w.process.kill('SIGTERM');
    })));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  const workers = Array.from({ length: count }, (_, i) => fork(i + 1));
  const urls = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<string | null>((resolve) => {
          worker.on('message', (message: Record<string, unknown> | null) => {
            if (message && READY in message) resolve(message[READY] as string | null);
          });
          worker.once('exit', () => resolve(null));
        }),
    ),
  );
  if (stopping) return;
  started = true;
  announce(urls.find((u) => u !== null) ?? null);
}
