import type { Logger } from '../subgraphs/kernel/logger.js';
import { SUBGRAPHS, type SubgraphName } from '../subgraphs/kernel/config.js';
import { eventScope } from '../subgraphs/kernel/event-stream.js';
import { serveSubgraph, type RunningSubgraph } from '../subgraphs/kernel/subgraph-server.js';
import { SCHEMA_BUILDERS, type Platform } from '../subgraphs/registry.js';

/** Starts the named subgraphs in this process, each on its own port (npm start runs all six). */
export async function startSubgraphs(platform: Platform, logger: Logger, names: readonly SubgraphName[] = SUBGRAPHS): Promise<RunningSubgraph[]> {
  const { config } = platform;
  const scope = eventScope(platform.db, platform.services.organisation.scope);
  return Promise.all(
    names.map(async (name) =>
      serveSubgraph({
        name,
        schema: await SCHEMA_BUILDERS[name](() => platform.services),
        host: config.subgraphHost,
        port: config.subgraphPorts[name],
        signingKey: config.internalSigningKey,
        db: platform.db,
        pubsub: platform.pubsub,
        eventScope: scope,
        logger,
      }),
    ),
  );
}
