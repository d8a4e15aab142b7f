import type { GraphQLSchema } from 'graphql';
import type { DatabaseModule } from '../kernel/tx.js';
import { buildFederatedSchema } from '../platform/subgraph-server.js';
import { PaymentsMigration } from './migrations/20261125000300_payments.js';
import { InboundSessionClaimMigration } from './migrations/20261125000400_inbound_session_claim.js';
import { SandboxSessionMigration } from './migrations/20261128150100_sandbox_session.js';
import { InterbankReturnMigration } from './migrations/20261128180000_interbank_return.js';
import { PaymentsResolver } from './payments.resolver.js';
import type { PaymentsServices } from './payments.services.js';

/** Tables are written with SQL (payments.store.ts); no ORM entities. */
export const paymentsDatabase: DatabaseModule = {
  entities: [],
  migrations: [
    { name: '20261125000300_payments', class: PaymentsMigration },
    { name: '20261125000400_inbound_session_claim', class: InboundSessionClaimMigration },
    { name: '20261128150100_sandbox_session', class: SandboxSessionMigration },
    { name: '20261128180000_interbank_return', class: InterbankReturnMigration },
  ],
};

/** `services` is read lazily, at the first request: printing the schema needs no database. */
export async function buildPaymentsSchema(services: () => PaymentsServices): Promise<GraphQLSchema> {
  return buildFederatedSchema({
    resolvers: [PaymentsResolver],
    container: (cls) => new (cls as new (s: PaymentsServices) => object)(services()),
  });
}

/**
 * The modules whose services this module's ports are wired to (subgraphs/composition/adapters/payments-from-*.ts).
 * Holds and settlements on accounts, the originator's name. Self-service registers its reaction to a failed transfer (`transfers.onFailed`), so payments calls no module above it.
 */
export const dependsOn = ['organisation', 'customer', 'account'] as const;
