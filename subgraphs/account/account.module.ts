import type { GraphQLSchema } from 'graphql';
import { Query, Resolver } from 'type-graphql';
import type { DatabaseModule } from '../kernel/database.js';
import { EnumOption, enumOption } from '../kernel/enum-option.type.js';
import { buildFederatedSchema } from '../kernel/subgraph-server.js';
import { AccountTransactionsSubscriptionResolver } from './account-transactions.subscription.js';

const OPTIONS = [
  enumOption(100, 'savingsAccountStatusType.submitted.and.pending.approval', 'Submitted and pending approval'),
  enumOption(200, 'savingsAccountStatusType.approved', 'Approved'),
  enumOption(300, 'savingsAccountStatusType.active', 'Active'),
  enumOption(600, 'savingsAccountStatusType.closed', 'Closed'),
];

@Resolver()
class AccountReferenceResolver {
  @Query(() => [EnumOption], { description: 'Savings account statuses, as Fineract numbers them.' })
  savingsAccountStatuses(): EnumOption[] {
    return OPTIONS;
  }
}

export const accountDatabase: DatabaseModule = { entities: [], migrations: [] };

export async function buildAccountSchema(): Promise<GraphQLSchema> {
  return buildFederatedSchema({
    resolvers: [AccountReferenceResolver, AccountTransactionsSubscriptionResolver],
    container: (cls) => (cls === AccountTransactionsSubscriptionResolver ? new AccountTransactionsSubscriptionResolver() : new AccountReferenceResolver()),
  });
}
