import type { GraphQLSchema } from 'graphql';
import type { DatabaseModule } from '../kernel/tx.js';
import { buildFederatedSchema } from '../platform/subgraph-server.js';
import type { RequestContext } from '../platform/request-context.js';
import { TillMigration } from './migrations/20261122000500_till.js';
import { ImmediateCashKeysMigration } from './migrations/20261125003120_immediate_cash_keys.js';
import { CashierResolver, CashiersForTellerResolver, CashierSummaryResolver, CashierTemplateResolver, TellerResolver, toCashierType } from './till.resolver.js';
import type { TillServices } from './till.services.js';

/** Tables are written with SQL (no entities): the till's hot path is a locked row update and one insert. */
export const tillDatabase: DatabaseModule = {
  entities: [],
  migrations: [{ name: '20261122000500_till', class: TillMigration }, { name: '20261125003120_immediate_cash_keys', class: ImmediateCashKeysMigration }],
};

/** `services` is read lazily, at the first request: printing the schema needs no database. */
export async function buildTillSchema(services: () => TillServices): Promise<GraphQLSchema> {
  const resolvers = [TellerResolver, CashierResolver, CashiersForTellerResolver, CashierTemplateResolver, CashierSummaryResolver] as const;
  return buildFederatedSchema({
    resolvers: [...resolvers],
    container: (cls) => new (cls as new (s: TillServices) => object)(services()),
    referenceResolvers: {
      Cashier: {
        __resolveReference: async (ref: { id: number }, ctx: RequestContext) => toCashierType(await services().cashiers.get(ctx.identity, ref.id)),
      },
    },
  });
}

/**
 * The modules whose services this module's ports are wired to (subgraphs/composition/adapters/till-from-*.ts).
 * Staff, scope and business dates from organisation; cash postings to the ledger. The till registers its open-till check with organisation's user administration.
 */
export const dependsOn = ['organisation', 'ledger'] as const;
