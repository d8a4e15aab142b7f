import './preflight.js';
import 'reflect-metadata';
import { loadConfig, SUBGRAPHS, type SubgraphName } from '../subgraphs/kernel/config.js';
import { createLogger } from '../subgraphs/kernel/logger.js';
import { exitOnStartupConflict } from '../subgraphs/kernel/startup-errors.js';
import { startPlatform } from '../subgraphs/registry.js';
import { startEdge, type Edge } from './edge.js';
import { startSubgraphs } from './subgraphs.js';

/**
 * npm start: the whole service in one process (database — embedded unless DATABASE_URL —, six subgraphs,
 * the edge). SERVE=edge runs only the edge (it migrates, provisions and relays the outbox);
 * SERVE=<subgraph> runs one subgraph alone: that is how docker-compose runs one container each.
 */
const config = loadConfig();
const logger = createLogger(config.logLevel === 'silent' ? 'info' : config.logLevel);
const serve = process.env.SERVE ?? 'all';
if (serve !== 'all' && serve !== 'edge' && !SUBGRAPHS.includes(serve as SubgraphName)) {
  throw new Error(`SERVE must be all, edge or one of ${SUBGRAPHS.join(', ')}; got ${serve}`);
}
const runsEdge = serve === 'all' || serve === 'edge';
const platform = await startPlatform(config, logger, { migrate: runsEdge, provision: runsEdge, relay: runsEdge }).catch(exitOnStartupConflict);
const subgraphs = await startSubgraphs(platform, logger, serve === 'all' ? SUBGRAPHS : serve === 'edge' ? [] : [serve as SubgraphName]).catch(async (error) => {
  await platform.close();
  return exitOnStartupConflict(error);
});
const edge: Edge | null = runsEdge
  ? await startEdge(platform, logger).catch(async (error) => {
      await Promise.all(subgraphs.map((s) => s.stop()));
      await platform.close();
      return exitOnStartupConflict(error);
    })
  : null;
logger.info({ serve, url: edge?.url, subgraphs: subgraphs.map((s) => s.url), database: platform.db.kind, tenants: config.tenants }, 'core banking service ready');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  await edge?.stop();
  await Promise.all(subgraphs.map((s) => s.stop()));
  await platform.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
