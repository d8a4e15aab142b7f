import './preflight.js';
import 'reflect-metadata';
import cluster from 'node:cluster';
import { loadConfig, SUBGRAPHS, type SubgraphName } from '../subgraphs/kernel/config.js';
import { createLogger } from '../subgraphs/kernel/logger.js';
import { exitOnStartupConflict } from '../subgraphs/kernel/startup-errors.js';
import { startPlatform } from '../subgraphs/registry.js';
import { announceReady, BACKGROUND_WORKER, runPrimary, workerCount, workerIndex } from './cluster.js';
import { startEdge, type Edge } from './edge.js';
import { startSubgraphs, subgraphRuntimes } from './subgraphs.js';
import { loadTls } from './tls.js';

/**
 * npm start: the whole service (database — embedded unless DATABASE_URL —, six subgraphs executed in
 * place, the edge), on PostgreSQL as WORKERS processes sharing the port (one per core by default).
 * SERVE=edge runs only the edge (it migrates, provisions and relays the outbox); SERVE=<subgraph> runs
 * one subgraph alone: that is how docker-compose runs one container each.
 */
const config = loadConfig();
const logger = createLogger(config.logLevel === 'silent' ? 'info' : config.logLevel);
const serve = process.env.SERVE ?? 'all';
if (serve !== 'all' && serve !== 'edge' && !SUBGRAPHS.includes(serve as SubgraphName)) {
  throw new Error(`SERVE must be all, edge or one of ${SUBGRAPHS.join(', ')}; got ${serve}`);
}
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
    logger.info({ serve, workers, transport: inProcess ? 'in-process' : 'http', url, database: 'postgresql', tenants: config.tenants }, 'core banking service ready'),
  );
} else {
  await runProcess();
}

async function runProcess(): Promise<void> {
  const index = workerIndex();
  const alone = index === null;
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
    logger.info({ serve, transport: inProcess ? 'in-process' : 'http', url: edge?.url, subgraphs: subgraphs.map((s) => s.url), database: platform.db.kind, tenants: config.tenants }, 'core banking service ready');
  } else {
    announceReady(edge?.url);
  }

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    if (alone) logger.info({ signal }, 'shutting down');
    await edge?.stop();
    await Promise.all(subgraphs.map((s) => s.stop()));
    await platform.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
