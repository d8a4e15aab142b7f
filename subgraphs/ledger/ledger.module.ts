import type { GraphQLSchema } from 'graphql';
import type { DatabaseModule } from '../kernel/tx.js';
import { buildFederatedSchema } from '../platform/subgraph-server.js';
import type { RequestContext } from '../platform/request-context.js';
import { Currency, GLAccount, GLClosure, JournalEntry } from './ledger.entities.js';
import {
  CurrencyResolver, GLAccountResolver, GLAccountTagResolver, GLClosureResolver, JournalEntryResolver, LedgerReportResolver, PaymentTypeRefResolver, toGLAccountType, toGLClosureType, toJournalEntryType,
} from './ledger.resolver.js';
import type { LedgerServices } from './ledger.services.js';
import { LedgerPaymentDetailMigration } from './migrations/20261122000310_ledger_payment_detail.js';
import { LedgerMigration } from './migrations/20261122000300_ledger.js';
import { LedgerJournalTransactionMigration } from './migrations/20261122001100_journal_transaction.js';
import { LedgerPerTenantTransactionIdsMigration } from './migrations/20261122001000_hardening.js';
import { ImmediateJournalKeysMigration } from './migrations/20261125003110_immediate_journal_keys.js';
import { GLAccountTagMigration } from './migrations/20261128000500_gl_account_tag.js';

export const ledgerDatabase: DatabaseModule = {
  entities: [GLAccount, Currency, JournalEntry, GLClosure],
  migrations: [
    { name: '20261122000300_ledger', class: LedgerMigration },
    { name: '20261122000310_ledger_payment_detail', class: LedgerPaymentDetailMigration },
    { name: '20261122001000_hardening', class: LedgerPerTenantTransactionIdsMigration },
    { name: '20261122001100_journal_transaction', class: LedgerJournalTransactionMigration },
    { name: '20261125003110_immediate_journal_keys', class: ImmediateJournalKeysMigration },
    { name: '20261128000500_gl_account_tag', class: GLAccountTagMigration },
  ],
};

/** `services` is read lazily, at the first request: printing the schema needs no database. */
export async function buildLedgerSchema(services: () => LedgerServices): Promise<GraphQLSchema> {
  const resolvers = [GLAccountResolver, CurrencyResolver, JournalEntryResolver, PaymentTypeRefResolver, GLAccountTagResolver, GLClosureResolver, LedgerReportResolver] as const;
  return buildFederatedSchema({
    resolvers: [...resolvers],
    container: (cls) => new (cls as new (s: LedgerServices) => object)(services()),
    referenceResolvers: {
      GLAccount: {
        __resolveReference: async (ref: { id: number }, ctx: RequestContext) => toGLAccountType(await services().glAccounts.get(ctx.identity, ref.id)),
      },
      JournalEntry: {
        __resolveReference: async (ref: { id: number }, ctx: RequestContext) => toJournalEntryType(await services().journal.get(ctx.identity, ref.id)),
      },
      GLClosure: {
        __resolveReference: async (ref: { id: number }, ctx: RequestContext) => toGLClosureType(await services().closures.get(ctx.identity, ref.id)),
      },
    },
  });
}

/**
 * The modules whose services this module's ports are wired to (subgraphs/composition/adapters/ledger-from-*.ts).
 * Offices, users and payment types for the ledger's scope and reports; the ledger registers its tenant seeder (the chart of accounts) with organisation.
 */
export const dependsOn = ['organisation'] as const;
