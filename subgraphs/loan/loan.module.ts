import type { GraphQLSchema } from 'graphql';
import type { DatabaseModule } from '../kernel/tx.js';
import type { RequestContext } from '../platform/request-context.js';
import { buildFederatedSchema } from '../platform/subgraph-server.js';
import { ApprovalPolicyResolver, ClientLoans, ClientLoansResolver, DelinquencyResolver, LoanProductResolver, LoanResolver, LoanScheduleResolver } from './loan.resolver.js';
import type { LoanServices } from './loan.services.js';
import { toProductType } from './loan.view.js';
import { LoanMigration } from './migrations/20261122000700_loan.js';
import { LoanProductParametersMigration } from './migrations/20261125002510_product_parameters.js';
import { LoanDelegatedMakersMigration } from './migrations/20261125140000_delegated_makers.js';
import { LoanServicingMigration } from './migrations/20261128143000_servicing.js';
import { LoanRescheduleMigration } from './migrations/20261128180000_reschedule.js';
import { LoanReportViewsMigration } from './migrations/20261128180000_report_views.js';
import { LoanGroupsMigration } from './migrations/20261128190000_group_loans.js';
import { LoanEventsSubscriptionResolver } from './loan-events.subscription.js';
import { LoanServicingResolver } from './loan-servicing.resolver.js';
import { LoanRescheduleResolver } from './reschedule.resolver.js';

/** Tables are read and written with SQL by the loan stores (store/); no ORM entities. */
export const loanDatabase: DatabaseModule = {
  entities: [],
  migrations: [
    { name: '20261122000700_loan', class: LoanMigration },
    { name: '20261125002510_product_parameters', class: LoanProductParametersMigration },
    { name: '20261125140000_delegated_makers', class: LoanDelegatedMakersMigration },
    { name: '20261128143000_servicing', class: LoanServicingMigration },
    { name: '20261128180000_reschedule', class: LoanRescheduleMigration },
    { name: '20261128180000_report_views', class: LoanReportViewsMigration },
    { name: '20261128190000_group_loans', class: LoanGroupsMigration },
  ],
};

/** `services` is read lazily, at the first request: printing the schema needs no database. */
export async function buildLoanSchema(services: () => LoanServices): Promise<GraphQLSchema> {
  return buildFederatedSchema({
    resolvers: [LoanProductResolver, LoanResolver, LoanScheduleResolver, ApprovalPolicyResolver, DelinquencyResolver, ClientLoansResolver, LoanEventsSubscriptionResolver, LoanServicingResolver, LoanRescheduleResolver],
    container: (cls) => new (cls as new (s: LoanServices) => object)(services()),
    orphanedTypes: [ClientLoans],
    referenceResolvers: {
      Loan: { __resolveReference: async (ref: { id: number }, ctx: RequestContext) => services().queries.get(ctx.identity, ref.id) },
      LoanProduct: { __resolveReference: async (ref: { id: number }, ctx: RequestContext) => toProductType(await services().products.get(ctx.identity, ref.id)) },
      Client: { __resolveReference: (ref: { id: number }) => ({ id: ref.id }) },
    },
  });
}

/**
 * The modules whose services this module's ports are wired to (subgraphs/composition/adapters/loan-from-*.ts).
 * The borrower; postings; disbursement to and repayment from savings; the till's cash record.
 */
export const dependsOn = ['organisation', 'customer', 'ledger', 'account', 'till'] as const;
