import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildAccountSchema, accountDatabase } from './account/account.module.js';
import { createAccountServices, type AccountServices } from './account/account.services.js';
import { movementLaneOf } from './account/movement-lane.js';
import type { SubgraphRuntime } from './platform/local-executor.js';
import type { Config, SubgraphName } from './kernel/config.js';
import { clientsForAccounts } from './customer/client-for-accounts.js';
import { customerDatabase, buildCustomerSchema } from './customer/customer.module.js';
import { createCustomerServices, type CustomerServices } from './customer/customer.services.js';
import { openDatabase, type Database } from './platform/database.js';
import { type DatabaseModule } from './kernel/tx.js';
import type { Logger } from './platform/logger.js';
import { shareCredentialRevocations } from './organisation/credential-revocations.js';
import { DatabaseLoginFailures, RedisLoginFailures, type LoginFailureCounts } from './organisation/store/login-failures.store.js';
import { outboxLagSeconds, startOutboxRelay, type OutboxRelay } from './platform/outbox-relay.js';
import { startLivePublisher, type LivePublisher } from './platform/live-events.js';
import { createPubSub, type PubSub } from './platform/pubsub.js';
import { createBus, type Bus } from './platform/bus.js';
import { purgeIdempotencyKeys } from './platform/idempotency.js';
import { CATALOGUE_BY_CODE } from './ledger/currencies.js';
import { buildLedgerSchema, ledgerDatabase } from './ledger/ledger.module.js';
import { createLedgerServices, type LedgerServices } from './ledger/ledger.services.js';
import { buildLoanSchema, loanDatabase } from './loan/loan.module.js';
import { createLoanServices, type LoanServices } from './loan/loan.services.js';
import { buildOrganisationSchema, organisationDatabase } from './organisation/organisation.module.js';
import { createOrganisationServices, type OrganisationServices } from './organisation/organisation.services.js';
import { BRANCH_MANAGER_ROLE_ID, HEAD_OF_OPERATIONS_ROLE_ID } from './organisation/permissions.js';
import { deliveryBacklog, startDeliveryWorker, webhookFanOut, type DeliveryWorker } from './webhooks/webhook-delivery.js';
import { buildWebhooksSchema, webhooksDatabase } from './webhooks/webhooks.module.js';
import { createWebhooksServices, type WebhooksServices } from './webhooks/webhooks.services.js';
import { HttpSwitch } from './payments/http-switch.js';
import { buildPaymentsSchema, paymentsDatabase } from './payments/payments.module.js';
import type { PaymentSwitch } from './payments/payments.ports.js';
import { createPaymentsServices, type PaymentsServices } from './payments/payments.services.js';
import { startRequeryWorker, type RequeryWorker } from './payments/requery-worker.js';
import { SandboxSwitch } from './payments/sandbox-switch.js';
import { buildSelfSchema, selfDatabase } from './self/self.module.js';
import { createSelfServices, type SelfServices } from './self/self.services.js';
import { buildTillSchema, tillDatabase } from './till/till.module.js';
import { createTillServices, type TillServices } from './till/till.services.js';
import type { StaffRecord } from './till/till.ports.js';

/**
 * The composition root: which modules exist, how their services are wired to each other, and how each
 * subgraph's schema is built. Modules never import each other's internals; they meet here.
 */
export const DATABASE_MODULES: DatabaseModule[] = [organisationDatabase, customerDatabase, accountDatabase, loanDatabase, tillDatabase, ledgerDatabase, selfDatabase, webhooksDatabase, paymentsDatabase];

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
  self: SelfServices;
  webhooks: WebhooksServices;
  payments: PaymentsServices;
}

export interface Platform {
  config: Config;
  db: Database;
  pubsub: PubSub;
  /** Broadcast between this deployment's processes (Redis when REDIS_URL is set); health probes it. */
  bus: Bus;
  relay: OutboxRelay | null;
  /** Publishes this process's committed events to subscribers right after commit (the relay is the durable path). */
  live: LivePublisher;
  /** This process's webhook delivery worker (null when WEBHOOK_WORKER=off). */
  webhooks: DeliveryWorker | null;
  /** This process's inter-bank status re-query worker (on background processes only). */
  requery: RequeryWorker | null;
  services: Services;
  /** What operators' metrics read at scrape time, across tenants. */
  telemetry: Telemetry;
  close(): Promise<void>;
}

export interface Telemetry {
  pool(): Promise<{ total: number; idle: number; waiting: number } | null>;
  /** The background work's own pool (relay, webhook delivery, re-queries); null when it shares the request pool. */
  backgroundPool(): Promise<{ total: number; idle: number; waiting: number } | null>;
  outboxLagSeconds(): Promise<number>;
  webhookDeliveries(): Promise<{ pending: number; retrying: number; dead: number }>;
  commitBatches(): { batches: number; commands: number };
}

export function createServices(db: Database, config: Config, logger: Logger | undefined, loginFailures: LoginFailureCounts): Services {
  // The till is created below: the port reaches it only when called, after both exist.
  const organisation = createOrganisationServices(db, { sessionTtlSeconds: config.sessionTtlSeconds, loginFailures }, {
    openTillOfStaff: (tx, staffId) => till.openTillOfStaff(tx, staffId),
  });
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
    cutOffSelfService: async (tx, clientId, by) => void (await organisation.users.disableCustomerLoginsCore(tx, clientId, by)),
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
  const paymentSwitch: PaymentSwitch = config.paymentSwitch.url
    ? new HttpSwitch(config.paymentSwitch.url, config.paymentSwitch.key, config.paymentSwitch.timeoutMs)
    : new SandboxSwitch();
  const payments = createPaymentsServices(db, {
    settings: organisation.settings,
    businessDates: organisation.businessDates,
    accounts: account.forPayments,
    // Wired lazily: self is created below and, through its own port, calls payments.
    usage: { releaseInterbank: (tx, transferId) => self.transfers.releaseInterbankUsage(tx, transferId) },
    switch: paymentSwitch,
    switchKey: config.paymentSwitch.key,
    timeoutMs: config.paymentSwitch.timeoutMs,
    requeryBaseMs: config.paymentSwitch.requeryBaseMs,
    requeryMaxMs: config.paymentSwitch.requeryMaxMs,
    clientName: async (tx, clientId) => (await customer.forSelf.client(tx, clientId))?.displayName ?? '',
    officesInScope: (tx, staff) => organisation.scope.officeIds(tx, staff),
  }, logger);
  const self = createSelfServices(db, {
    settings: organisation.settings,
    businessDates: organisation.businessDates,
    customers: customer.forSelf,
    accounts: account.forSelf,
    loans: loan.forSelf,
    organisation: {
      office: async (tx, id) => organisation.offices.find(tx, id),
      branchNamed: async (tx, name) => organisation.offices.findChildNamed(tx, 1, name),
      createBranch: async (tx, actor, name) => organisation.offices.createCore(tx, actor, { name, parentId: 1, openingDate: await organisation.offices.openingDate(tx, 1) }),
      recordSetting: (tx, name, value, by) => organisation.settings.recordValue(tx, name, value, by),
      preparePassword: (password, repeatPassword) => organisation.users.preparePassword(password, repeatPassword ?? password),
      prepareOwnPassword: (customer, input) => organisation.users.prepareOwnPassword(customer, input),
      disableCustomerLogins: (tx, clientId, by) => organisation.users.disableCustomerLoginsCore(tx, clientId, by),
      enableCustomerLogins: (tx, clientId, by) => organisation.users.enableCustomerLoginsCore(tx, clientId, by),
      resetCustomerPassword: (tx, clientId, hash, by) => organisation.users.resetCustomerPasswordCore(tx, clientId, hash, by),
      changePassword: (tx, userId, passwordHash) => organisation.users.changeCustomerPasswordCore(tx, userId, passwordHash),
      usernameTaken: (tx, username) => organisation.users.usernameTaken(tx, username),
      createCustomerUser: async (tx, actor, user) => {
        const created = await organisation.users.createCustomerCore(tx, actor, user);
        return created && { userId: created.id };
      },
      login: async (tenantId, username, password, address) => {
        const result = await organisation.auth.login(tenantId, username, password, 'self', address);
        return {
          key: result.key, userId: result.user.id, username: result.user.username, officeId: result.user.officeId, officeName: result.officeName,
          roles: result.roles.map((r) => ({ id: r.id, name: r.name, description: r.description, disabled: r.disabled })),
          shouldRenewPassword: result.shouldRenewPassword, clientIds: result.identity.kind === 'customer' ? result.identity.clientIds : [],
        };
      },
      logout: (identity) => organisation.auth.logout(identity),
    },
    interbank: {
      banks: () => payments.transfers.banks(),
      nameEnquiry: (bankCode, accountNumber) => payments.transfers.nameEnquiry(bankCode, accountNumber),
      validate: (input) => payments.transfers.validate(input),
      hold: (tx, customer, input, accountName) => payments.transfers.holdCore(tx, customer, input, accountName),
      dispatch: (tenantId, id) => payments.transfers.dispatch(tenantId, id),
      ownTransfer: (tx, customer, id) => payments.transfers.ownTransfer(tx, customer, id),
    },
  });
  const webhooks = createWebhooksServices(db, { settings: organisation.settings });
  return { organisation, customer, ledger, till, account, loan, self, webhooks, payments };
}

const BACKGROUND_POOL = 3;

/** Opens the database, applies migrations, provisions the configured tenants and starts the outbox relay. */
export async function startPlatform(
  config: Config,
  logger: Logger,
  options: { migrate?: boolean; provision?: boolean; relay?: boolean; poolMax?: number; scheduler?: boolean; applicationName?: string } = {},
): Promise<Platform> {
  // A process that runs the background work gets it a pool of its own: the relay, the webhook worker (one
  // transaction per round, and a tenant's setting now and then) and the re-query worker.
  const db = await openDatabase(config, DATABASE_MODULES, {
    pool: { max: options.poolMax },
    applicationName: options.applicationName ?? 'cbs',
    backgroundPool: options.relay ?? true ? BACKGROUND_POOL : 0,
  });
  const began = performance.now();
  if (options.migrate ?? true) {
    const applied = await db.migrate();
    logger.info({ applied: applied.length, ms: Math.round(performance.now() - began) }, 'migrations applied');
  }
  const bus = createBus(config.redisUrl, (error) => logger.warn({ err: error }, 'the bus between processes is unavailable'));
  const pubsub = createPubSub(bus);
  // Failed logins are counted where every process sees them: Redis when configured, else the database.
  const loginFailures = config.redisUrl
    ? new RedisLoginFailures(config.redisUrl, (error) => logger.warn({ err: error }, 'login failures cannot be counted in Redis'))
    : new DatabaseLoginFailures(db);
  const services = createServices(db, config, logger, loginFailures);
  if (options.provision ?? true) {
    const provisioning = performance.now();
    for (const tenant of config.tenants) await services.organisation.tenants.provision(tenant, { adminPassword: config.adminPassword });
    logger.info({ tenants: config.tenants, ms: Math.round(performance.now() - provisioning) }, 'tenants provisioned');
  }
  // One relay per deployment is enough (SKIP LOCKED makes more safe); subgraph-only processes skip it.
  // Webhook workers run where relays run (the processes that do background work); SKIP LOCKED makes several safe.
  const webhooks = config.webhooks.worker && (options.relay ?? true) ? startDeliveryWorker(db, services.organisation.settings, logger, config.webhooks) : null;
  // Inter-bank transfers left PENDING (no answer in time, or a crash) are re-queried where webhooks are delivered.
  const requery = options.relay ?? true
    ? startRequeryWorker(db, services.payments.transfers, logger, { pollMs: config.paymentSwitch.pollMs, leaseMs: config.paymentSwitch.timeoutMs + 5000 })
    : null;
  // Every process that commits publishes its own events to subscribers at once; the relay is the durable path.
  const live = startLivePublisher(db, pubsub, logger);
  const relay = options.relay ?? true ? startOutboxRelay(db, pubsub, logger, { sinks: [webhookFanOut({ notify: db.kind === 'postgresql' })], afterBatch: () => webhooks?.wake() }) : null;
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
    bus,
    relay,
    live,
    webhooks,
    requery,
    services,
    telemetry: {
      pool: () => db.poolStats(),
      backgroundPool: async () => (db.background === db ? null : db.background.poolStats()),
      commitBatches: () => db.batchStats(),
      outboxLagSeconds: () => outboxLagSeconds(db),
      webhookDeliveries: () => deliveryBacklog(db),
    },
    async close() {
      await requery?.stop();
      services.loan.delinquency.stopScheduler();
      if (purge) clearInterval(purge);
      await live.stop();
      await relay?.stop();
      await webhooks?.stop();
      await pubsub.close();
      bus.close();
      loginFailures.close();
      await db.close();
    },
  };
}

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
};
