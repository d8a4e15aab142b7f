import type { GraphQLSchema } from 'graphql';
import type { DatabaseModule } from '../kernel/tx.js';
import { buildFederatedSchema } from '../platform/subgraph-server.js';
import { ChargeResolver } from './api/charge.resolver.js';
import { SavingsChargeResolver } from './api/savings-charge.resolver.js';
import { LoanChargeResolver, LoanChargesFieldResolver, LoanWithCharges } from './api/loan-charge.resolver.js';
import { ClientChargeResolver } from './api/client-charge.resolver.js';
import type { ChargesServices } from './charges.services.js';
import { ChargesMigration } from './migrations/20261128000100_charges.js';
import { ChargeUsageMigration } from './migrations/20261128000200_charge_usage.js';

/** The modules whose services the charges module's ports are wired to (subgraphs/registry.ts). */
export const dependsOn = ['ledger', 'account', 'organisation', 'loan', 'customer'] as const;

/** Tables are written with SQL (store/); no ORM entities. */
export const chargesDatabase: DatabaseModule = {
  entities: [],
  migrations: [
    { name: '20261128000100_charges', class: ChargesMigration },
    { name: '20261128000200_charge_usage', class: ChargeUsageMigration },
  ],
};

/** `services` is read lazily, at the first request: printing the schema needs no database. */
export async function buildChargesSchema(services: () => ChargesServices): Promise<GraphQLSchema> {
  return buildFederatedSchema({
    resolvers: [ChargeResolver, SavingsChargeResolver, LoanChargeResolver, ClientChargeResolver, LoanChargesFieldResolver],
    orphanedTypes: [LoanWithCharges],
    // A Loan the router brings by id: its charges are read (and its visibility checked) when asked for.
    referenceResolvers: { Loan: { __resolveReference: (ref: { id: number }) => ({ id: ref.id }) } },
    container: (cls) => new (cls as new (s: ChargesServices) => object)(services()),
  });
}
