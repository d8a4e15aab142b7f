import type { GraphQLSchema } from 'graphql';
import type { DatabaseModule } from '../kernel/tx.js';
import { buildFederatedSchema } from '../platform/subgraph-server.js';
import { AuditResolver } from './api/audit.resolver.js';
import type { AuditServices } from './audit.services.js';
import { AuditMigration } from './migrations/20261128000100_audit.js';

/** The modules whose services the audit module's ports are wired to (subgraphs/registry.ts). */
export const dependsOn = ['organisation'] as const;

/** Tables are written with SQL (store/); no ORM entities. */
export const auditDatabase: DatabaseModule = {
  entities: [],
  migrations: [{ name: '20261128000100_audit', class: AuditMigration }],
};

/** `services` is read lazily, at the first request: printing the schema needs no database. */
export async function buildAuditSchema(services: () => AuditServices): Promise<GraphQLSchema> {
  return buildFederatedSchema({
    resolvers: [AuditResolver],
    container: (cls) => new (cls as new (s: AuditServices) => object)(services()),
  });
}
