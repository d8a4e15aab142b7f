import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildAccountSchema, accountDatabase } from '../account/account.module.js';
import { movementLaneOf } from '../account/movement-lane.js';
import { auditDatabase, buildAuditSchema } from '../audit/audit.module.js';
import { buildChargesSchema, chargesDatabase } from '../charges/charges.module.js';
import { buildCobSchema, cobDatabase } from '../cob/cob.module.js';
import { customerDatabase, buildCustomerSchema } from '../customer/customer.module.js';
import { buildGroupsSchema, groupsDatabase } from '../groups/groups.module.js';
import type { SubgraphName } from '../kernel/config.js';
import { type DatabaseModule } from '../kernel/tx.js';
import { buildLedgerSchema, ledgerDatabase } from '../ledger/ledger.module.js';
import { buildLoanSchema, loanDatabase } from '../loan/loan.module.js';
import { buildOrganisationSchema, organisationDatabase } from '../organisation/organisation.module.js';
import { buildPaymentsSchema, paymentsDatabase } from '../payments/payments.module.js';
import { buildReportsSchema, reportsDatabase } from '../reports/reports.module.js';
import type { SubgraphRuntime } from '../platform/local-executor.js';
import { buildSelfSchema, selfDatabase } from '../self/self.module.js';
import { buildTillSchema, tillDatabase } from '../till/till.module.js';
import { buildWebhooksSchema, webhooksDatabase } from '../webhooks/webhooks.module.js';
import type { Services } from './wiring.js';

/** Which modules exist: their tables (migrated in this order) and their subgraph schemas. */
export const DATABASE_MODULES: DatabaseModule[] = [organisationDatabase, customerDatabase, accountDatabase, loanDatabase, tillDatabase, ledgerDatabase, selfDatabase, webhooksDatabase, paymentsDatabase, chargesDatabase, cobDatabase, auditDatabase, groupsDatabase, reportsDatabase];

/** The subgraphs whose writes queue on one row, and how to tell an operation's lane (SubgraphRuntime.batchLane). */
export const BATCH_LANES: Partial<Record<SubgraphName, NonNullable<SubgraphRuntime['batchLane']>>> = {
  account: movementLaneOf,
};

export const SCHEMA_BUILDERS: Record<SubgraphName, (services: () => Services) => Promise<GraphQLSchema>> = {
  organisation: (services) => buildOrganisationSchema(() => services().organisation),
  customer: (services) => buildCustomerSchema(() => services().customer),
  account: (services) => buildAccountSchema(() => services().account),
  loan: (services) => buildLoanSchema(() => services().loan),
  till: (services) => buildTillSchema(() => services().till),
  ledger: (services) => buildLedgerSchema(() => services().ledger),
  self: (services) => buildSelfSchema(() => services().self),
  webhooks: (services) => buildWebhooksSchema(() => services().webhooks),
  payments: (services) => buildPaymentsSchema(() => services().payments),
  charges: (services) => buildChargesSchema(() => services().charges),
  cob: (services) => buildCobSchema(() => services().cob),
  audit: (services) => buildAuditSchema(() => services().audit),
  groups: (services) => buildGroupsSchema(() => services().groups),
  reports: (services) => buildReportsSchema(() => services().reports),
};
