import type { GraphQLSchema } from 'graphql';
import type { DatabaseModule } from '../kernel/tx.js';
import { buildFederatedSchema } from '../platform/subgraph-server.js';
import { CalendarResolver } from './api/calendar.resolver.js';
import { RunResolver } from './api/run.resolver.js';
import type { CobServices } from './cob.services.js';
import { CobMigration } from './migrations/20261128000100_cob.js';

/** The modules whose services the cob module's ports are wired to (subgraphs/registry.ts). */
export const dependsOn = ['organisation', 'loan', 'charges', 'account'] as const;

/** Tables are written with SQL (store/); no ORM entities. */
export const cobDatabase: DatabaseModule = {
  entities: [],
  migrations: [{ name: '20261128000100_cob', class: CobMigration }],
};

/** `services` is read lazily, at the first request: printing the schema needs no database. */
export async function buildCobSchema(services: () => CobServices): Promise<GraphQLSchema> {
  return buildFederatedSchema({
    resolvers: [CalendarResolver, RunResolver],
    container: (cls) => new (cls as new (s: CobServices) => object)(services()),
  });
}
