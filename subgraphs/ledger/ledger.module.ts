import type { GraphQLSchema } from 'graphql';
import { Query, Resolver } from 'type-graphql';
import type { DatabaseModule } from '../kernel/database.js';
import { EnumOption, enumOption } from '../kernel/enum-option.type.js';
import { buildFederatedSchema } from '../kernel/subgraph-server.js';

const OPTIONS = [
  enumOption(1, 'accountType.asset', 'ASSET'),
  enumOption(2, 'accountType.liability', 'LIABILITY'),
  enumOption(3, 'accountType.equity', 'EQUITY'),
  enumOption(4, 'accountType.income', 'INCOME'),
  enumOption(5, 'accountType.expense', 'EXPENSE'),
];

@Resolver()
class LedgerReferenceResolver {
  @Query(() => [EnumOption], { description: 'General ledger account types: 1 asset, 2 liability, 3 equity, 4 income, 5 expense.' })
  glAccountTypes(): EnumOption[] {
    return OPTIONS;
  }
}

export const ledgerDatabase: DatabaseModule = { entities: [], migrations: [] };

export async function buildLedgerSchema(): Promise<GraphQLSchema> {
  return buildFederatedSchema({ resolvers: [LedgerReferenceResolver], container: () => new LedgerReferenceResolver() });
}
