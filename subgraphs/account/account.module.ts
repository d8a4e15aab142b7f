import type { GraphQLSchema } from 'graphql';
import { ChargeFlagsMigration } from './migrations/20261128000300_charge_flags.js';
import { DormancyMigration } from './migrations/20261128000400_dormancy.js';
import { ProductSelfServiceMigration } from './migrations/20261128200000_product_self_service.js';
import type { DatabaseModule } from '../kernel/tx.js';
import { buildFederatedSchema } from '../platform/subgraph-server.js';
import type { RequestContext } from '../platform/request-context.js';
import { Mappers } from './account.mappers.js';
import {
  AccountTransferResolver, ClientAccountsResolver, MakerCheckerResolver, SavingsAccountResolver, SavingsProductResolver, SavingsReferenceResolver, SavingsTransactionResolver,
} from './account.resolver.js';
import type { AccountServices } from './account.services.js';
import { AccountMigration } from './migrations/20261122000600_account.js';
import { PaymentHoldMigration } from './migrations/20261125000200_payment_hold.js';
import { SavingsProductParametersMigration } from './migrations/20261125002500_product_parameters.js';
import { ImmediateTransactionKeysMigration } from './migrations/20261125003130_immediate_transaction_keys.js';
import { MakerDelegatedByMigration } from './migrations/20261125150000_maker_delegated_by.js';
import { TransactionDateIndexMigration } from './migrations/20261128000100_transaction_date_index.js';
import { AccountReportViewsMigration } from './migrations/20261128180000_report_views.js';
import { AccountTransactionsSubscriptionResolver } from './account-transactions.subscription.js';
import { BranchDayResolver } from './branch-day.resolver.js';
import { SavingsInterestResolver } from './savings-interest.resolver.js';
import { TaxResolver } from './tax.resolver.js';
import { SavingsTaxMigration } from './migrations/20261128003800_savings_tax.js';

export const accountDatabase: DatabaseModule = {
  entities: [],
  migrations: [{ name: '20261122000600_account', class: AccountMigration }, { name: '20261125000200_payment_hold', class: PaymentHoldMigration }, { name: '20261125002500_product_parameters', class: SavingsProductParametersMigration },
    { name: '20261125003130_immediate_transaction_keys', class: ImmediateTransactionKeysMigration },
    { name: '20261125150000_maker_delegated_by', class: MakerDelegatedByMigration },
    { name: '20261128000100_transaction_date_index', class: TransactionDateIndexMigration },
    { name: '20261128000300_charge_flags', class: ChargeFlagsMigration },
    { name: '20261128000400_dormancy', class: DormancyMigration },
    { name: '20261128003800_savings_tax', class: SavingsTaxMigration },
    { name: '20261128180000_report_views', class: AccountReportViewsMigration },
    { name: '20261128200000_product_self_service', class: ProductSelfServiceMigration }],
};

/** `services` is read lazily, at the first request: printing the schema needs no database. */
export async function buildAccountSchema(services: () => AccountServices): Promise<GraphQLSchema> {
  return buildFederatedSchema({
    resolvers: [SavingsProductResolver, SavingsAccountResolver, SavingsTransactionResolver, SavingsReferenceResolver, AccountTransferResolver, MakerCheckerResolver, ClientAccountsResolver, AccountTransactionsSubscriptionResolver, BranchDayResolver, SavingsInterestResolver, TaxResolver],
    container: (cls) => new (cls as new (s: AccountServices) => object)(services()),
    referenceResolvers: {
      SavingsAccount: {
        __resolveReference: async (ref: { id: number }, ctx: RequestContext) => new Mappers(services()).account(await services().accounts.get(ctx.identity, ref.id)),
      },
      Client: {
        __resolveReference: (ref: { id: number }) => ({ id: ref.id }),
      },
    },
  });
}

/**
 * The modules whose services this module's ports are wired to (subgraphs/composition/adapters/account-from-*.ts).
 * Settings, scope and payment types; the client's KYC tier; postings; the till's cash record.
 */
export const dependsOn = ['organisation', 'customer', 'ledger', 'till'] as const;
