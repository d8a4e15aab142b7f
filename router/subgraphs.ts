import type { Logger } from '../subgraphs/platform/logger.js';
import { SUBGRAPHS, type SubgraphName } from '../subgraphs/kernel/config.js';
import { auditMutations } from '../subgraphs/platform/audit-scope.js';
import { eventScope } from '../subgraphs/platform/event-stream.js';
import type { SubgraphRuntime } from '../subgraphs/platform/local-executor.js';
import { serveSubgraph, type RunningSubgraph } from '../subgraphs/platform/subgraph-server.js';
import { BATCH_LANES, SCHEMA_BUILDERS, type Platform } from '../subgraphs/registry.js';

/** Builds the named subgraphs' schemas and resolver contexts (once per process, whichever transport serves them). */
export async function subgraphRuntimes(platform: Platform, names: readonly SubgraphName[] = SUBGRAPHS): Promise<Map<SubgraphName, SubgraphRuntime>> {
  const scope = eventScope(platform.db, platform.services.organisation.scope);
  const entries = await Promise.all(
    names.map(async (name): Promise<[SubgraphName, SubgraphRuntime]> => [
      name,
      {
        name,
        // Every mutation is a command with an audit entry in its own transaction.
        schema: auditMutations(await SCHEMA_BUILDERS[name](() => platform.services), platform.db),
        db: platform.db,
        contextFor: (identity) => ({ identity, pubsub: platform.pubsub, eventScope: scope, loaders: new Map() }),
        batchLane: BATCH_LANES[name],
      },
    ]),
  );
  return new Map(entries);
}

/** Serves the named subgraphs over HTTP in this process, each on its own port (split deployments, SUBGRAPH_TRANSPORT=http). */
export async function startSubgraphs(platform: Platform, logger: Logger, names: readonly SubgraphName[] = SUBGRAPHS): Promise<RunningSubgraph[]> {
  const { config } = platform;
  const runtimes = await subgraphRuntimes(platform, names);
  return Promise.all(
    [...runtimes.values()].map((runtime) =>
      serveSubgraph({ runtime, host: config.subgraphHost, port: config.subgraphPorts[runtime.name as SubgraphName], signingKey: config.internalSigningKey, logger }),
    ),
  );
}
