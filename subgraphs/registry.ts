import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildAccountSchema, accountDatabase } from './account/account.module.js';
import { createAccountServices, type AccountServices } from './account/account.services.js';
import type { Config, SubgraphName } from './kernel/config.js';
import { clientsForAccounts } from './customer/client-for-accounts.js';
import { customerDatabase, buildCustomerSchema } from './customer/customer.module.js';
import { createCustomerServices, type CustomerServices } from './customer/customer.services.js';
import { openDatabase, type Database, type DatabaseModule } from './kernel/database.js';
import type { Logger } from './kernel/logger.js';
import { shareCredentialRevocations } from './organisation/credential-revocations.js';
import { startOutboxRelay, type OutboxRelay } from './kernel/outbox-relay.js';
import { createPubSub, type PubSub } from './kernel/pubsub.js';
import { createBus } from './kernel/bus.js';
import { purgeIdempotencyKeys } from './kernel/idempotency.js';
import { CATALOGUE_BY_CODE } from './ledger/currencies.js';
import { buildLedgerSchema, ledgerDatabase } from './ledger/ledger.module.js';
import { createLedgerServices, type LedgerServices } from './ledger/ledger.services.js';
import { buildLoanSchema, loanDatabase } from './loan/loan.module.js';
import { createLoanServices, type LoanServices } from './loan/loan.services.js';
import { buildOrganisationSchema, organisationDatabase } from './organisation/organisation.module.js';
import { createOrganisationServices, type OrganisationServices } from './organisation/organisation.services.js';
import { BRANCH_MANAGER_ROLE_ID, HEAD_OF_OPERATIONS_ROLE_ID } from './organisation/permissions.js';
import { startDeliveryWorker, webhookFanOut, type DeliveryWorker } from './organisation/webhook-delivery.js';
import { buildTillSchema, tillDatabase } from './till/till.module.js';
import { createTillServices, type StaffRecord, type TillServices } from './till/till.services.js';

/**
 * The composition root: which modules exist, how their services are wired to each other, and how each
 * subgraph's schema is built. Modules never import each other's internals; they meet here.
 */
export const DATABASE_MODULES: DatabaseModule[] = [organisationDatabase, customerDatabase, accountDatabase, loanDatabase, tillDatabase, ledgerDatabase];

/** How often the loan scheduler checks whether a tenant's business date has been aged yet. */
const LOAN_SCHEDULER_TICK_MS = 60_000;
/** How often the background process purges Idempotency-Keys past their retention. */
const IDEMPOTENCY_PURGE_MS = 3_600_000;

export interface Services {
  organisation: OrganisationServices;
  customer: CustomerServices;
  ledger: LedgerServices;
  till: TillServices;
  account: AccountServices;
  loan: LoanServices;
}

export interface Platform {
  config: Config;
  db: Database;
  pubsub: PubSub;
  relay: OutboxRelay | null;
  /** This process's webhook delivery worker (null when WEBHOOK_WORKER=off). */
  webhooks: DeliveryWorker | null;
  services: Services;
  close(): Promise<void>;
}

export function createServices(db: Database, config: Config, logger?: Logger): Services {
  const organisation = createOrganisationServices(db, { sessionTtlSeconds: config.sessionTtlSeconds });
  const ledger = createLedgerServices(db, {
    officeOpeningDate: (tx, officeId) => organisation.offices.openingDate(tx, officeId),
    officeInScope: async (tx, staff, officeId) => (await organisation.offices.findInScope(tx, staff, officeId)) !== null,
    officeSubtree: (tx, staff, officeId) => organisation.offices.subtreeOf(tx, staff, officeId),
    officesInScope: (tx, staff) => organisation.scope.officeIds(tx, staff),
    officeNames: (tenantId, ids) => organisation.offices.names(tenantId, ids),
    usernames: (tenantId, ids) => organisation.users.usernames(tenantId, ids),
    paymentTypeExists: async (tx, id) => (await organisation.paymentTypes.find(tx, id)) !== null,
    paymentTypeNames: (tenantId, ids) => organisation.paymentTypes.names(tenantId, ids),
  });
  // Every tenant (new or existing) gets the default chart of accounts and currencies.
  organisation.tenants.addSeeder(ledger.seedTenant);
  // Copies only what the till reads, so the till never holds organisation's entity.
  const staffRecord = ({ id, officeId, isActive, displayName }: StaffRecord): StaffRecord => ({ id, officeId, isActive, displayName });
  const till = createTillServices(db, {
    businessDates: organisation.businessDates,
    scope: organisation.scope,
    staff: {
      find: async (tx, id) => {
        const s = await organisation.staff.find(tx, id);
        return s ? staffRecord(s) : null;
      },
      ofUser: async (tx, userId) => {
        const s = await organisation.staff.ofUser(tx, userId);
        return s ? staffRecord(s) : null;
      },
      activeAtOffice: async (tx, officeId) => (await organisation.staff.activeAtOffice(tx, officeId)).map(staffRecord),
    },
    postJournal: (tx, request) => ledger.engine.post(tx, request),
    settlingRoleIds: [BRANCH_MANAGER_ROLE_ID, HEAD_OF_OPERATIONS_ROLE_ID],
    officeNames: (tenantId, ids) => organisation.offices.names(tenantId, ids),
    staffNames: (tenantId, ids) => organisation.staff.names(tenantId, ids),
  });
  const customer = createCustomerServices(db, {
    officeInScope: (tx, staff, officeId) => organisation.offices.findInScope(tx, staff, officeId),
    officeSubtree: (tx, staff) => organisation.offices.subtreeIds(tx, staff),
    officeSubtreeOf: (tx, staff, officeId) => organisation.offices.subtreeOf(tx, staff, officeId),
    officeNames: (tenantId, ids) => organisation.offices.names(tenantId, ids),
    staffMember: (tx, staffId) => organisation.staff.find(tx, staffId),
    staffNames: (tenantId, ids) => organisation.staff.names(tenantId, ids),
    portfolioStaffId: (staff) => organisation.scope.portfolioStaffId(staff),
    codeValueValid: async (tx, codeName, valueId) => (await organisation.codes.valueOfCode(tx, codeName, valueId)) !== null,
    codeValues: async (tenantId, ids) =>
      new Map([...(await organisation.codes.valuesByIds(tenantId, ids))].map(([id, v]) => [id, { id: v.id, name: v.name, active: v.isActive, mandatory: v.isMandatory }])),
    // Open savings and current accounts, and loans not yet closed, block closing a client.
    openProductsOf: async (tx, clientId) => (await account.accounts.openCount(tx, clientId)) + (await loan.applications.openCount(tx, clientId)),
  });
  // Code values held by clients (gender, client type, reasons) cannot be deleted.
  organisation.codes.addInUseCheck((tx, valueId) => customer.clients.usesCodeValue(tx, valueId));
  const account = createAccountServices(db, {
    settings: organisation.settings,
    businessDates: organisation.businessDates,
    scope: organisation.scope,
    checkerRoleIds: [BRANCH_MANAGER_ROLE_ID, HEAD_OF_OPERATIONS_ROLE_ID],
    paymentType: (tx, id) => organisation.paymentTypes.find(tx, id),
    clients: clientsForAccounts,
    journal: { post: (tx, request) => ledger.engine.post(tx, request), reverse: (tx, id, options) => ledger.engine.reverse(tx, id, options) },
    currency: (tx, code) => ledger.currencies.enabled(tx, code),
    currencyInfo: (code) => CATALOGUE_BY_CODE.get(code) ?? null,
    officeNames: (tenantId, ids) => organisation.offices.names(tenantId, ids),
    usernames: (tenantId, ids) => organisation.users.usernames(tenantId, ids),
    recordCash: (tx, movement) => till.recordCash(tx, movement),
    cashSql: till.cashSql,
  });
  // Runs after the ledger's seeder: the products' currency must be enabled first.
  organisation.tenants.addSeeder(account.seedTenant);
  const loan = createLoanServices(db, {
    borrower: (tx, clientId) => customer.clients.forLoans(tx, clientId),
    businessDates: organisation.businessDates,
    scope: organisation.scope,
    officeSubtreeOf: (tx, staff, officeId) => organisation.offices.subtreeOf(tx, staff, officeId),
    post: (tx, request) => ledger.engine.post(tx, request),
    staffExists: async (tx, staffId) => (await organisation.staff.find(tx, staffId)) !== null,
    paymentType: async (tx, id) => {
      const found = await organisation.paymentTypes.find(tx, id);
      return found ? { id: found.id, isCashPayment: found.isCashPayment } : null;
    },
    usersWithRoleAbove: (tx, roleId, officeId) => organisation.users.withRoleAtOrAbove(tx, roleId, officeId),
    savings: account.forLoans,
    recordCash: (tx, movement) => till.recordCash(tx, movement),
    tenantIds: () => organisation.tenants.ids(),
    warn: (data, message) => logger?.warn(data, message),
  });
  // After the ledger's seeder: loan products post to its chart.
  organisation.tenants.addSeeder(loan.seedTenant);
  return { organisation, customer, ledger, till, account, loan };
}

/** Opens the database, applies migrations, provisions the configured tenants and starts the outbox relay. */
export async function startPlatform(
  config: Config,
  logger: Logger,
  options: { migrate?: boolean; provision?: boolean; relay?: boolean; poolMax?: number; scheduler?: boolean; applicationName?: string } = {},
): Promise<Platform> {
  const db = await openDatabase(config, DATABASE_MODULES, { pool: { max: options.poolMax }, applicationName: options.applicationName ?? 'cbs' });
  if (options.migrate ?? true) await db.migrate();
  const bus = createBus(config.redisUrl, (error) => logger.warn({ err: error }, 'the bus between processes is unavailable'));
  const pubsub = createPubSub(bus);
  const services = createServices(db, config, logger);
  if (options.provision ?? true) {
    for (const tenant of config.tenants) await services.organisation.tenants.provision(tenant, { adminPassword: config.adminPassword });
  }
  // One relay per deployment is enough (SKIP LOCKED makes more safe); subgraph-only processes skip it.
  // Webhook workers run where relays run (the processes that do background work); SKIP LOCKED makes several safe.
  const webhooks = config.webhooks.worker && (options.relay ?? true) ? startDeliveryWorker(db, services.organisation.settings, logger, config.webhooks) : null;
  const relay = options.relay ?? true ? startOutboxRelay(db, pubsub, logger, { sinks: [webhookFanOut()], afterBatch: () => webhooks?.wake() }) : null;
  shareCredentialRevocations(bus, services.organisation.auth);
  // The daily loan aging job: every instance ticks, a per-(tenant, business date) claim makes it run once.
  const background = options.scheduler ?? options.relay ?? true;
  if (background) services.loan.delinquency.startScheduler(LOAN_SCHEDULER_TICK_MS);
  const purge = background
    ? setInterval(() => {
        purgeIdempotencyKeys(db, config.idempotencyRetentionHours).catch((error: unknown) => logger.warn({ err: error }, 'idempotency keys not purged'));
      }, IDEMPOTENCY_PURGE_MS).unref()
    : null;
  return {
    config,
    db,
    pubsub,
    relay,
    webhooks,
    services,
    async close() {
      services.loan.delinquency.stopScheduler();
      if (purge) clearInterval(purge);
      await relay?.stop();
      await webhooks?.stop();
      await pubsub.close();
      bus.close();
      await db.close();
    },
  };
}

export const SCHEMA_BUILDERS: Record<SubgraphName, (services: () => Services) => Promise<GraphQLSchema>> = {
  organisation: (services) => buildOrganisationSchema(() => services().organisation),
  customer: (services) => buildCustomerSchema(() => services().customer),
  account: (services) => buildAccountSchema(() => services().account),
  loan: (services) => buildLoanSchema(() => services().loan),
  till: (services) => buildTillSchema(() => services().till),
  ledger: (services) => buildLedgerSchema(() => services().ledger),
};
