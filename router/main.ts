import 'reflect-metadata';
import { loadConfig } from '../subgraphs/kernel/config.js';
import { createLogger } from '../subgraphs/kernel/logger.js';
import { startPlatform } from '../subgraphs/registry.js';
import { startEdge } from './edge.js';
import { startSubgraphs } from './subgraphs.js';

/** npm start: the whole service in one process: database (embedded unless DATABASE_URL), six subgraphs, the edge. */
const config = loadConfig();
const logger = createLogger(config.logLevel === 'silent' ? 'info' : config.logLevel);
const platform = await startPlatform(config);
const subgraphs = await startSubgraphs(platform, logger);
const edge = await startEdge(platform, logger);
logger.info({ url: edge.url, database: platform.db.kind, tenants: config.tenants }, 'core banking service ready');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  await edge.stop();
  await Promise.all(subgraphs.map((s) => s.stop()));
  await platform.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
