import type { GraphQLSchema } from 'graphql';
import { Query, Resolver } from 'type-graphql';
import type { DatabaseModule } from '../kernel/database.js';
import { EnumOption, enumOption } from '../kernel/enum-option.type.js';
import { buildFederatedSchema } from '../kernel/subgraph-server.js';
import { LoanEventsSubscriptionResolver } from './loan-events.subscription.js';

const OPTIONS = [
  enumOption(0, 'termFrequency.periodFrequencyType.days', 'Days'),
  enumOption(1, 'termFrequency.periodFrequencyType.weeks', 'Weeks'),
  enumOption(2, 'termFrequency.periodFrequencyType.months', 'Months'),
  enumOption(3, 'termFrequency.periodFrequencyType.years', 'Years'),
];

@Resolver()
class LoanReferenceResolver {
  @Query(() => [EnumOption], { description: 'Units of loan term and repayment frequency (loanTermFrequencyType, repaymentFrequencyType).' })
  loanTermFrequencyTypes(): EnumOption[] {
    return OPTIONS;
  }
}

export const loanDatabase: DatabaseModule = { entities: [], migrations: [] };

export async function buildLoanSchema(): Promise<GraphQLSchema> {
  return buildFederatedSchema({
    resolvers: [LoanReferenceResolver, LoanEventsSubscriptionResolver],
    container: (cls) => (cls === LoanEventsSubscriptionResolver ? new LoanEventsSubscriptionResolver() : new LoanReferenceResolver()),
  });
}
