import type { Config } from '../kernel/config.js';
import { shareCredentialRevocations } from '../organisation/credential-revocations.js';
import { DatabaseLoginFailures, RedisLoginFailures } from '../organisation/store/login-failures.store.js';
import { createBus, type Bus } from '../platform/bus.js';
import { openDatabase, type Database } from '../platform/database.js';
import type { LivePublisher } from '../platform/live-events.js';
import type { Logger } from '../platform/logger.js';
import { outboxLagSeconds, type OutboxRelay } from '../platform/outbox-relay.js';
import { createPubSub, type PubSub } from '../platform/pubsub.js';
import type { RequeryWorker } from '../payments/requery-worker.js';
import { deliveryBacklog, type DeliveryWorker } from '../webhooks/webhook-delivery.js';
import { startBackgroundWork } from './background.js';
import { DATABASE_MODULES } from './modules.js';
import { createServices, type Services } from './wiring.js';

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
  closeOfBusiness(): ReturnType<Services['cob']['metrics']['snapshot']>;
}

const BACKGROUND_POOL = 3;

/** Opens the database, applies migrations, provisions the configured tenants and starts the background work. */
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
  // Every command of every module is audited in its effect's transaction (platform/audit-scope.ts).
  db.auditWriter = services.audit.writer;
  if (options.provision ?? true) {
    const provisioning = performance.now();
    for (const tenant of config.tenants) await services.organisation.tenants.provision(tenant, { adminPassword: config.adminPassword });
    logger.info({ tenants: config.tenants, ms: Math.round(performance.now() - provisioning) }, 'tenants provisioned');
  }
  const background = startBackgroundWork(db, pubsub, services, config, logger, options);
  shareCredentialRevocations(bus, services.organisation.auth);
  return {
    config,
    db,
    pubsub,
    bus,
    relay: background.relay,
    live: background.live,
    webhooks: background.webhooks,
    requery: background.requery,
    services,
    telemetry: {
      pool: () => db.poolStats(),
      backgroundPool: async () => (db.background === db ? null : db.background.poolStats()),
      commitBatches: () => db.batchStats(),
      closeOfBusiness: () => services.cob.metrics.snapshot(),
      outboxLagSeconds: () => outboxLagSeconds(db),
      webhookDeliveries: () => deliveryBacklog(db),
    },
    async close() {
      await background.stop();
      await pubsub.close();
      bus.close();
      loginFailures.close();
      await db.close();
    },
  };
}
