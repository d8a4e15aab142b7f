import type { GraphQLSchema } from 'graphql';
import type { DatabaseModule } from '../kernel/tx.js';
import { buildFederatedSchema } from '../platform/subgraph-server.js';
import { HookResolver } from './hook.resolver.js';
import { WebhooksMigration } from './migrations/20261125000300_webhooks.js';
import type { WebhooksServices } from './webhooks.services.js';

/** Tables are written with SQL (hook.service.ts, webhook-delivery.ts); no ORM entities. */
export const webhooksDatabase: DatabaseModule = {
  entities: [],
  migrations: [{ name: '20261125000300_webhooks', class: WebhooksMigration }],
};

/** `services` is read lazily, at the first request: printing the schema needs no database. */
export async function buildWebhooksSchema(services: () => WebhooksServices): Promise<GraphQLSchema> {
  return buildFederatedSchema({
    resolvers: [HookResolver],
    container: (cls) => new (cls as new (s: WebhooksServices) => object)(services()),
  });
}

/**
 * The modules whose services this module's ports are wired to (subgraphs/composition/adapters/webhooks-from-*.ts).
 * Tenant settings (the delivery worker's).
 */
export const dependsOn = ['organisation'] as const;
