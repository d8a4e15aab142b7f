import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildAccountSchema, accountDatabase } from './account/account.module.js';
import type { Config, SubgraphName } from './kernel/config.js';
import { customerDatabase, buildCustomerSchema } from './customer/customer.module.js';
import { createCustomerServices, type CustomerServices } from './customer/customer.services.js';
import { openDatabase, type Database, type DatabaseModule } from './kernel/database.js';
import { errors } from './kernel/errors.js';
import type { Logger } from './kernel/logger.js';
import { shareCredentialRevocations } from './organisation/credential-revocations.js';
import { startOutboxRelay, type OutboxRelay } from './kernel/outbox-relay.js';
import { createPubSub, type PubSub } from './kernel/pubsub.js';
import { buildLedgerSchema, ledgerDatabase } from './ledger/ledger.module.js';
import { createLedgerServices, type LedgerServices } from './ledger/ledger.services.js';
import { buildLoanSchema, loanDatabase } from './loan/loan.module.js';
import { buildOrganisationSchema, organisationDatabase } from './organisation/organisation.module.js';
import { Office } from './organisation/office.entity.js';
import { createOrganisationServices, type OrganisationServices } from './organisation/organisation.services.js';
import { startDeliveryWorker, webhookFanOut, type DeliveryWorker } from './organisation/webhook-delivery.js';
import { buildTillSchema, tillDatabase } from './till/till.module.js';
import { createTillServices, type StaffRecord, type TillServices } from './till/till.services.js';
import type { Staff } from './organisation/staff.entity.js';

/**
 * The composition root: which modules exist, how their services are wired to each other, and how each
 * subgraph's schema is built. Modules never import each other's internals; they meet here.
 */
export const DATABASE_MODULES: DatabaseModule[] = [organisationDatabase, customerDatabase, accountDatabase, loanDatabase, tillDatabase, ledgerDatabase];

export interface Services {
  organisation: OrganisationServices;
  customer: CustomerServices;
  ledger: LedgerServices;
  till: TillServices;
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

export function createServices(db: Database, config: Config): Services {
  const organisation = createOrganisationServices(db, { sessionTtlSeconds: config.sessionTtlSeconds });
  const ledger = createLedgerServices(db, {
    officeOpeningDate: async (tx, officeId) => (await tx.em.findOne(Office, { id: officeId }))?.openingDate ?? null,
    officeInScope: async (tx, staff, officeId) => (await organisation.offices.findInScope(tx, staff, officeId)) !== null,
    officeSubtree: async (tx, staff, officeId) => {
      const office = await organisation.offices.findInScope(tx, staff, officeId);
      if (!office) throw errors.notFound('error.msg.office.id.invalid', `Office with identifier ${officeId} does not exist`, officeId);
      if (office.parentId === null) return null;
      return (await tx.em.find(Office, { hierarchy: { $like: `${office.hierarchy}%` } })).map((o) => o.id);
    },
    officesInScope: async (tx, staff) => (staff.officeHierarchy === '.' ? null : organisation.offices.subtreeIds(tx, staff)),
    officeNames: async (tenantId, ids) => new Map([...(await organisation.offices.byIds(tenantId, ids))].map(([id, o]) => [id, o.name])),
    usernames: (tenantId, ids) => organisation.users.usernames(tenantId, ids),
    paymentTypeExists: async (tx, id) => (await organisation.paymentTypes.find(tx, id)) !== null,
    paymentTypeNames: (tenantId, ids) => organisation.paymentTypes.names(tenantId, ids),
  });
  // Every tenant (new or existing) gets the default chart of accounts and currencies.
  organisation.tenants.addSeeder(ledger.seedTenant);
  const staffRecord = (s: Staff): StaffRecord => ({ id: s.id, officeId: s.officeId, isActive: s.isActive, displayName: s.displayName });
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
    officeNames: async (tenantId, ids) => new Map([...(await organisation.offices.byIds(tenantId, ids))].map(([id, o]) => [id, o.name])),
    staffNames: async (tenantId, ids) => new Map([...(await organisation.staff.byIds(tenantId, ids))].map(([id, s]) => [id, s.displayName])),
  });
  const customer = createCustomerServices(db, organisation, {
    codeValueValid: async (tx, codeName, valueId) => (await organisation.codes.valueOfCode(tx, codeName, valueId)) !== null,
    codeValues: async (tenantId, ids) =>
      new Map([...(await organisation.codes.valuesByIds(tenantId, ids))].map(([id, v]) => [id, { id: v.id, name: v.name, active: v.isActive, mandatory: v.isMandatory }])),
    // No savings, current accounts or loans exist yet: the lead wires the account and loan modules' counts here.
    openProductsOf: async () => 0,
  });
  // Code values held by clients (gender, client type, reasons) cannot be deleted.
  organisation.codes.addInUseCheck((tx, valueId) => customer.clients.usesCodeValue(tx, valueId));
  return { organisation, customer, ledger, till };
}

/** Opens the database, applies migrations, provisions the configured tenants and starts the outbox relay. */
export async function startPlatform(config: Config, logger: Logger, options: { migrate?: boolean; provision?: boolean; relay?: boolean; poolMax?: number } = {}): Promise<Platform> {
  const db = await openDatabase(config, DATABASE_MODULES, { pool: { max: options.poolMax } });
  if (options.migrate ?? true) await db.migrate();
  const pubsub = createPubSub(config.redisUrl);
  const services = createServices(db, config);
  if (options.provision ?? true) {
    for (const tenant of config.tenants) await services.organisation.tenants.provision(tenant, { adminPassword: config.adminPassword });
  }
  // One relay per deployment is enough (SKIP LOCKED makes more safe); subgraph-only processes skip it.
  // Webhook workers run where relays run (the processes that do background work); SKIP LOCKED makes several safe.
  const webhooks = config.webhooks.worker && (options.relay ?? true) ? startDeliveryWorker(db, services.organisation.settings, logger, config.webhooks) : null;
  const relay = options.relay ?? true ? startOutboxRelay(db, pubsub, logger, { sinks: [webhookFanOut()], afterBatch: () => webhooks?.wake() }) : null;
  const revocations = config.redisUrl ? shareCredentialRevocations(config.redisUrl, services.organisation.auth, logger) : null;
  return {
    config,
    db,
    pubsub,
    relay,
    webhooks,
    services,
    async close() {
      await relay?.stop();
      await webhooks?.stop();
      revocations?.close();
      await pubsub.close();
      await db.close();
    },
  };
}

export const SCHEMA_BUILDERS: Record<SubgraphName, (services: () => Services) => Promise<GraphQLSchema>> = {
  organisation: (services) => buildOrganisationSchema(() => services().organisation),
  customer: (services) => buildCustomerSchema(() => services().customer),
  account: () => buildAccountSchema(),
  loan: () => buildLoanSchema(),
  till: (services) => buildTillSchema(() => services().till),
  ledger: (services) => buildLedgerSchema(() => services().ledger),
};
