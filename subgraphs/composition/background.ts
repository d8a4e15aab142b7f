import type { Config } from '../kernel/config.js';
import type { Database } from '../platform/database.js';
import { purgeIdempotencyKeys } from '../platform/idempotency.js';
import { startLivePublisher, type LivePublisher } from '../platform/live-events.js';
import type { Logger } from '../platform/logger.js';
import { startOutboxRelay, type OutboxRelay } from '../platform/outbox-relay.js';
import type { PubSub } from '../platform/pubsub.js';
import { startRequeryWorker, type RequeryWorker } from '../payments/requery-worker.js';
import { startDeliveryWorker, webhookFanOut, type DeliveryWorker } from '../webhooks/webhook-delivery.js';
import type { Services } from './wiring.js';

/** How often the background process purges Idempotency-Keys past their retention. */
const IDEMPOTENCY_PURGE_MS = 3_600_000;
/** How often the background process links new audit entries into their tenants' hash chains. */
const AUDIT_CHAIN_MS = 1_000;

/** The work a process runs besides answering requests: the outbox relay, the workers, the scheduler, the purge. */
export interface BackgroundWork {
  relay: OutboxRelay | null;
  /** Publishes this process's committed events to subscribers right after commit (the relay is the durable path). */
  live: LivePublisher;
  /** This process's webhook delivery worker (null when WEBHOOK_WORKER=off). */
  webhooks: DeliveryWorker | null;
  /** This process's inter-bank status re-query worker (on background processes only). */
  requery: RequeryWorker | null;
  /** Stops everything above, between batches, in the order that lets each finish what it holds. */
  stop(): Promise<void>;
}

export function startBackgroundWork(
  db: Database,
  pubsub: PubSub,
  services: Services,
  config: Config,
  logger: Logger,
  options: { relay?: boolean; scheduler?: boolean },
): BackgroundWork {
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
  // The close of business (delinquency classification is one of its steps): every instance ticks, a
  // per-tenant lease makes one process run a tenant's dates.
  const background = options.scheduler ?? options.relay ?? true;
  if (background) services.cob.scheduler.start(config.cobSchedulerTickMs);
  if (background) services.audit.chainer.start(AUDIT_CHAIN_MS);
  const purge = background
    ? setInterval(() => {
        purgeIdempotencyKeys(db, config.idempotencyRetentionHours).catch((error: unknown) => logger.warn({ err: error }, 'idempotency keys not purged'));
      }, IDEMPOTENCY_PURGE_MS).unref()
    : null;
  return {
    relay,
    live,
    webhooks,
    requery,
    async stop() {
      await requery?.stop();
      await services.cob.scheduler.stop();
      await services.audit.chainer.stop();
      if (purge) clearInterval(purge);
      await live.stop();
      await relay?.stop();
      await webhooks?.stop();
    },
  };
}
