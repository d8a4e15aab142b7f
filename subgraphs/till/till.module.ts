import type { GraphQLSchema } from 'graphql';
import { Query, Resolver } from 'type-graphql';
import type { DatabaseModule } from '../kernel/database.js';
import { EnumOption, enumOption } from '../kernel/enum-option.type.js';
import { buildFederatedSchema } from '../kernel/subgraph-server.js';

const OPTIONS = [
  enumOption(101, 'cashierTxnType.allocate', 'Allocate Cash'),
  enumOption(102, 'cashierTxnType.settle', 'Settle Cash'),
  enumOption(103, 'cashierTxnType.inward', 'Cash In'),
  enumOption(104, 'cashierTxnType.outward', 'Cash Out'),
];

@Resolver()
class TillReferenceResolver {
  @Query(() => [EnumOption], { description: 'Cashier (till) transaction types.' })
  cashierTransactionTypes(): EnumOption[] {
    return OPTIONS;
  }
}

export const tillDatabase: DatabaseModule = { entities: [], migrations: [] };

export async function buildTillSchema(): Promise<GraphQLSchema> {
  return buildFederatedSchema({ resolvers: [TillReferenceResolver], container: () => new TillReferenceResolver() });
}
