import './preflight.js';
import 'reflect-metadata';
import cluster from 'node:cluster';
import { SUBGRAPHS, type SubgraphName } from '../subgraphs/kernel/config.js';
import { createLogger } from '../subgraphs/platform/logger.js';
import { exitOnStartupConflict, loadConfigOrExit } from '../subgraphs/platform/startup-errors.js';
import { startPlatform } from '../subgraphs/registry.js';
import { announceReady, BACKGROUND_WORKER, runPrimary, workerCount, workerIndex } from './cluster.js';
import { startEdge, type Edge } from './edge.js';
import { startSubgraphs, subgraphRuntimes } from './subgraphs.js';
import { loadTls } from './tls.js';
import { startTracing } from './tracing.js';

/**
 * npm start: the whole service (database — embedded unless DATABASE_URL —, six subgraphs executed in
 * place, the edge), on PostgreSQL as WORKERS processes sharing the port (one per core by default).
 * SERVE=edge runs only the edge (it migrates, provisions and relays the outbox); SERVE=<subgraph> runs
 * one subgraph alone: that is how docker-compose runs one container each.
 */
const startedAt = performance.now();
// Every variable is checked before anything else happens: a mistake is one line per variable and exit 1.
const config = loadConfigOrExit();
const logger = createLogger(config.logLevel === 'silent' ? 'info' : config.logLevel);
// Before any schema is built: resolvers are wrapped in spans only when traces are exported.
const tracing = startTracing(config.otlpEndpoint);
const serve = config.serve;
const runsEdge = serve === 'all' || serve === 'edge';
// One process (SERVE=all) executes its subgraphs in place unless SUBGRAPH_TRANSPORT=http asks for the split wiring.
const inProcess = serve === 'all' && config.subgraphTransport === 'in-process';
const workers = cluster.isPrimary ? workerCount(config, serve) : 1;

if (cluster.isPrimary && workers > 1) {
  // Migrations and tenant provisioning run once, here, before any worker serves a request.
  const setup = await startPlatform(config, logger, { migrate: true, provision: true, relay: false, poolMax: 2 }).catch(exitOnStartupConflict);
  await setup.close();
  // The self-signed certificate is made once here: workers generating their own at once would serve different ones.
  loadTls(config);
  await runPrimary(workers, logger, (url) =>
    logger.info({ serve, workers, transport: inProcess ? 'in-process' : 'http', url, database: 'postgresql', tenants: config.tenants, startMs: Math.round(performance.now() - startedAt) }, 'core banking service ready'),
  );
} else {
  // A start that fails must end the process: under the primary, the IPC channel alone would keep a failed
  // worker alive, and the primary would wait for it forever. The error is still printed as Node prints it.
  await runProcess().catch((error: unknown) => {
    setImmediate(() => process.exit(1));
    throw error;
  });
}

async function runProcess(): Promise<void> {
  const index = workerIndex();
  const alone = index === null;
  // Signals are ours from the first line. Until the graceful shutdown below is in place, the process has
  // answered no request, so a signal ends it at once. Waiting for Node's default exit is not enough: the
  // gateway's libraries add SIGINT/SIGTERM listeners of their own while the edge starts (to dispose
  // themselves), which cancel that default, and a worker signalled in that window stayed up half-started
  // while its primary waited for it to exit.
  let shutdown: ((signal: string) => Promise<void>) | null = null;
  const onSignal = (signal: string) => {
    if (shutdown) return void shutdown(signal);
    logger.info({ signal, worker: index ?? undefined }, 'stopped while starting');
    process.exit(0);
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  const platform = await startPlatform(config, logger, {
    migrate: runsEdge && alone,
    provision: runsEdge && alone,
    relay: runsEdge && (alone || index === BACKGROUND_WORKER),
    applicationName: alone ? `cbs-${serve}` : `cbs-worker-${index}`,
  }).catch(exitOnStartupConflict);
  const served: readonly SubgraphName[] = inProcess || serve === 'edge' ? [] : serve === 'all' ? SUBGRAPHS : [serve as SubgraphName];
  const subgraphs = await startSubgraphs(platform, logger, served).catch(async (error) => {
    await platform.close();
    return exitOnStartupConflict(error);
  });
  const edge: Edge | null = runsEdge
    ? await startEdge(platform, logger, inProcess ? await subgraphRuntimes(platform) : undefined).catch(async (error) => {
        await Promise.all(subgraphs.map((s) => s.stop()));
        await platform.close();
        return exitOnStartupConflict(error);
      })
    : null;
  if (alone) {
    logger.info({ serve, transport: inProcess ? 'in-process' : 'http', url: edge?.url, subgraphs: subgraphs.map((s) => s.url), database: platform.db.kind, tenants: config.tenants, startMs: Math.round(performance.now() - startedAt) }, 'core banking service ready');
  } else {
    announceReady(edge?.url);
  }

  let stopping = false;
  shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const began = performance.now();
    logger.info({ signal, graceMs: config.shutdownGraceMs, worker: index ?? undefined }, 'shutting down');
    // Readiness DOWN, no new connections, requests in flight answered (within the grace period).
    const drained = (await edge?.drain(config.shutdownGraceMs)) ?? true;
    // Subgraphs served over HTTP (split deployments) answer what the edge, or another edge, still asked.
    const subgraphsDrained = (await Promise.all(subgraphs.map((s) => s.drain(config.shutdownGraceMs)))).every(Boolean);
    // The relay, webhook worker and scheduler stop between batches, then the pools close. A database that
    // dropped its connections must not keep the process alive: past the grace period it exits anyway.
    const closed = await settlesWithin(platform.close(), config.shutdownGraceMs);
    // The last requests' spans are still in the batch: a collector that does not answer cannot hold the exit.
    if (tracing) await settlesWithin(tracing.shutdown(), config.shutdownGraceMs);
    logger.info({ signal, drained: drained && subgraphsDrained, closed, stopMs: Math.round(performance.now() - began) }, 'stopped');
    process.exit(0);
  };
}

async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const done = work.then(
    () => true,
    (error: unknown) => {
      logger.warn({ err: error }, 'closing the platform failed');
      return false;
    },
  );
  try {
    return await Promise.race([done, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
