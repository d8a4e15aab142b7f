import { EventEmitter } from 'node:events';
import type { WebhookConfig } from '../kernel/config.js';
import type { Database } from '../platform/database.js';
import type { Em } from '../kernel/tx.js';
import type { Logger } from '../platform/logger.js';
import type { OutboxSink } from '../platform/outbox-relay.js';
import type { TenantSettings } from '../kernel/ports.js';
import { eventPair, hookReceives, type HookPair } from './domain/hook-events.js';
import { nextStep } from './domain/retry-policy.js';
import { SendLane, type LaneResult } from './send-lane.js';

/**
 * Durable webhook delivery. The outbox relay fans each committed event out into one webhooks.webhook_delivery
 * row per matching active hook (in the relay's transaction, so a crash repeats both or neither; the unique
 * (hook, event) key makes the repeat harmless). Workers on any instance claim due rows with FOR UPDATE SKIP
 * LOCKED and a lease, POST them outside any transaction, and record the attempts in the transaction that
 * claims the next round (one transaction per round, on the background connections). A crash mid-attempt, or
 * before its round is recorded, leaves the lease to expire and the delivery is tried again: at least once,
 * always the same body under one eventId.
 *
 * A hook receives its events in commit order (the relay's order, which is the deliveries' id order), also
 * after an outage: a delivery is claimed only when no earlier delivery of its hook is still pending and
 * waiting (for its retry, or leased to a worker), and a worker stops a hook's run at its first failure. One
 * hook's failures never hold up another hook.
 */

/** Signals "a delivery became due now" (fan-out commit, redeliver, test) so workers need not wait for the poll. */
export const deliveryQueued = new EventEmitter();
deliveryQueued.setMaxListeners(0);

const LEASE_MS = 5 * 60 * 1000;
const BATCH = 200;
const RETENTION_DAYS = 30;
const PRIVATE_SETTING = 'webhooks-allow-private-targets';

/** The envelope of docs/interface.md, Events in its documented key order (jsonb does not keep key order). */
export function deliveryBody(envelope: { eventId: string; eventType: string; timestamp: string; tenantId: string; data: unknown }): string {
  return JSON.stringify({ eventId: envelope.eventId, eventType: envelope.eventType, timestamp: envelope.timestamp, tenantId: envelope.tenantId, data: envelope.data });
}

/** The channel a fan-out that queued deliveries notifies: workers in other processes wake on it. */
export const DELIVERY_CHANNEL = 'cbs_webhook_queued';

/**
 * The relay sink: one pending delivery (and its scheduled first attempt) per matching active hook. With
 * `notify` (PostgreSQL) the same transaction notifies DELIVERY_CHANNEL, delivered at its commit, so a worker
 * in any process starts at once; the relay wakes the worker of its own process itself.
 */
export function webhookFanOut(options: { notify: boolean }): OutboxSink {
  return async (em, rows) => {
    const tenants = [...new Set(rows.map((r) => r.envelope.tenantId))];
    const hookRows = await em.execute<{ tenant_id: string; hook_id: number; entity_name: string; action_name: string }[]>(
      `select h.tenant_id, h.id as hook_id, e.entity_name, e.action_name
         from webhooks.hook h join webhooks.hook_event e on e.tenant_id = h.tenant_id and e.hook_id = h.id
        where h.is_active and h.tenant_id in (${tenants.map(() => '?').join(',')})`,
      tenants,
    );
    if (hookRows.length === 0) return;
    const hooks = new Map<string, { tenantId: string; hookId: number; pairs: HookPair[] }>();
    for (const h of hookRows) {
      const key = `${h.tenant_id}\u0000${h.hook_id}`;
      const entry = hooks.get(key) ?? { tenantId: h.tenant_id, hookId: Number(h.hook_id), pairs: [] };
      entry.pairs.push({ entityName: h.entity_name, actionName: h.action_name });
      hooks.set(key, entry);
    }
    const values: unknown[] = [];
    let count = 0;
    for (const row of rows) {
      const event = { eventType: row.envelope.eventType, entityName: row.entityName, actionName: row.actionName, data: row.envelope.data };
      const pair = eventPair(event);
      for (const hook of hooks.values()) {
        if (hook.tenantId !== row.envelope.tenantId || !hookReceives(hook.pairs, event)) continue;
        values.push(hook.tenantId, hook.hookId, row.envelope.eventId, row.envelope.eventType, pair.entityName, pair.actionName, deliveryBody(row.envelope), row.occurredAt);
        count++;
      }
    }
    if (count === 0) return;
    await em.execute(
      `with d as (
         insert into webhooks.webhook_delivery (tenant_id, hook_id, event_id, event_type, entity_name, action_name, body, status, next_attempt_at, committed_at)
         values ${Array.from({ length: count }, () => `(?, ?, ?, ?, ?, ?, ?, 'pending', now(), ?)`).join(',')}
         on conflict (tenant_id, hook_id, event_id) do nothing
         returning tenant_id, id, hook_id, next_attempt_at)
       insert into webhooks.webhook_attempt (tenant_id, delivery_id, hook_id, attempt, status, next_attempt_at)
       select tenant_id, id, hook_id, 1, 'pending', next_attempt_at from d${options.notify ? ` returning pg_notify('${DELIVERY_CHANNEL}', '')` : ''}`,
      values,
    );
  };
}

interface ClaimedDelivery {
  tenant_id: string;
  id: string;
  hook_id: number;
  event_id: string;
  event_type: string;
  entity_name: string;
  action_name: string;
  body: string;
  attempts: number;
  committed_at: Date | string;
  payload_url: string;
  secret: string;
  /** The tenant's reference version as the claim saw it; null before the tenant is provisioned. */
  reference_version: string | null;
}

interface AttemptRecord {
  delivery: ClaimedDelivery;
  attempt: number;
  status: 'delivered' | 'failed' | 'dead';
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  nextAt: Date | null;
  disableHook: boolean;
}

/** A round's sends, recorded by the next round's transaction. */
interface RoundOutcome {
  records: AttemptRecord[];
  released: ClaimedDelivery[];
}

export interface DeliveryWorker {
  wake(): void;
  /** Runs until nothing is due (tests and the bench use it to settle). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export function startDeliveryWorker(db: Database, settings: TenantSettings, logger: Logger, config: WebhookConfig): DeliveryWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastPurge = 0;
  // Its own connections when the process has them: a round never waits behind requests for one.
  const background = db.background;
  const lane = new SendLane();

  /**
   * Due deliveries in id order, each hook's only up to its first pending delivery that still waits, with the
   * tenant's reference version (for the private-target setting's cache). Runs inside the round's transaction.
   */
  const claimIn = async (em: Em): Promise<ClaimedDelivery[]> => {
    // Claims take turns across workers: a claim must see the leases of the one before it, or it would pass
    // over that one's rows (SKIP LOCKED) to a hook's later deliveries.
    if (background.kind === 'postgresql') await em.execute(`select pg_advisory_xact_lock(hashtext('webhooks.claim'))`);
    const rows = await em.execute<ClaimedDelivery[]>(
      `with waiting as (
         select tenant_id, hook_id, min(id) as first_id from webhooks.webhook_delivery
          where status = 'pending' and (next_attempt_at > now() or lease_until >= now())
          group by tenant_id, hook_id)
       update webhooks.webhook_delivery d set lease_until = now() + (? * interval '1 millisecond')
         from (select c.tenant_id, c.id, h.payload_url, h.secret
                 from webhooks.webhook_delivery c
                 join webhooks.hook h on h.tenant_id = c.tenant_id and h.id = c.hook_id
                 left join waiting w on w.tenant_id = c.tenant_id and w.hook_id = c.hook_id
                where c.status = 'pending' and c.next_attempt_at <= now() and (c.lease_until is null or c.lease_until < now()) and h.is_active
                  and (w.first_id is null or c.id < w.first_id)
                order by c.id
                limit ? for update of c skip locked) picked
        where d.tenant_id = picked.tenant_id and d.id = picked.id
        returning d.tenant_id, d.id, d.hook_id, d.event_id, d.event_type, d.entity_name, d.action_name, d.body, d.attempts, d.committed_at, picked.payload_url, picked.secret,
          (select v.version::text from kernel.reference_version v where v.tenant_id = d.tenant_id) as reference_version`,
      [LEASE_MS, BATCH],
    );
    // UPDATE ... RETURNING keeps no order.
    return rows.sort((a, b) => Number(a.id) - Number(b.id));
  };

  /** An attempt's outcome as recorded and logged. */
  const recordOf = (d: ClaimedDelivery, result: LaneResult): AttemptRecord => {
    const attempt = d.attempts + 1;
    const now = result.at;
    const step = nextStep({ attempt, statusCode: result.statusCode, retryAfter: result.retryAfter, now, baseMs: config.retryBaseMs, maxAttempts: config.maxAttempts });
    const record: AttemptRecord = {
      delivery: d,
      attempt,
      status: step.kind === 'delivered' ? 'delivered' : step.kind === 'dead' ? 'dead' : 'failed',
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      error: result.error ?? (step.kind === 'delivered' ? null : `HTTP ${result.statusCode}`),
      nextAt: step.kind === 'retry' ? new Date(now + step.delayMs) : null,
      disableHook: step.kind === 'dead' && step.disableHook,
    };
    logger.info(
      {
        tenant: d.tenant_id, hookId: d.hook_id, deliveryId: Number(d.id), eventId: d.event_id, eventType: d.event_type, attempt,
        statusCode: result.statusCode, durationMs: result.durationMs, outcome: record.status, error: record.error ?? undefined,
        nextAttemptAt: record.nextAt?.toISOString(), hookDisabled: record.disableHook || undefined,
        deliveryLagMs: record.status === 'delivered' ? now - new Date(d.committed_at).getTime() : undefined,
      },
      'webhook delivery',
    );
    return record;
  };

  /**
   * Writes a round's outcomes set-wise, across tenants, inside the next round's transaction (before its
   * claim, which must see them): the attempt rows, the deliveries' state, the next scheduled attempts, 410
   * hooks disabled. `released`: claimed deliveries not attempted, because an earlier one of their hook
   * failed; their lease goes, and they wait behind it.
   */
  const recordIn = async (em: Em, { records, released }: RoundOutcome): Promise<void> => {
    const tuples = (n: number, tuple: string) => Array.from({ length: n }, () => tuple).join(',');
    // Deliveries first, in id order, as redeliver does: the same lock order in both never deadlocks.
    const keys = [...records.map((r) => r.delivery), ...released].sort((a, b) => Number(a.id) - Number(b.id));
    if (keys.length === 0) return;
    await em.execute(
      `select d.id from webhooks.webhook_delivery d join (values ${tuples(keys.length, '(?::varchar, ?::bigint)')}) as k(tenant_id, id)
          on d.tenant_id = k.tenant_id and d.id = k.id order by d.id for update of d`,
      keys.flatMap((d) => [d.tenant_id, d.id]),
    );
    if (released.length > 0) {
      await em.execute(
        `update webhooks.webhook_delivery d set lease_until = null from (values ${tuples(released.length, '(?::varchar, ?::bigint)')}) as k(tenant_id, id)
          where d.tenant_id = k.tenant_id and d.id = k.id`,
        released.flatMap((d) => [d.tenant_id, d.id]),
      );
    }
    if (records.length === 0) return;
    await em.execute(
      `insert into webhooks.webhook_attempt (tenant_id, delivery_id, hook_id, attempt, status, status_code, duration_ms, error, next_attempt_at, attempted_at)
       values ${tuples(records.length, '(?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz, now())')}
       on conflict (tenant_id, delivery_id, attempt) do update set status = excluded.status, status_code = excluded.status_code,
         duration_ms = excluded.duration_ms, error = excluded.error, next_attempt_at = excluded.next_attempt_at, attempted_at = now(), updated_at = now()`,
      records.flatMap((r) => [r.delivery.tenant_id, r.delivery.id, r.delivery.hook_id, r.attempt, r.status, r.statusCode, r.durationMs, r.error, r.nextAt]),
    );
    await em.execute(
      `update webhooks.webhook_delivery d set attempts = v.attempts, status = v.status, next_attempt_at = coalesce(v.next_at, d.next_attempt_at),
         lease_until = null, delivered_at = case when v.status = 'delivered' then now() else d.delivered_at end, updated_at = now()
       from (values ${tuples(records.length, '(?::varchar, ?::bigint, ?::integer, ?::varchar, ?::timestamptz)')}) as v(tenant_id, id, attempts, status, next_at)
       where d.tenant_id = v.tenant_id and d.id = v.id`,
      records.flatMap((r) => [r.delivery.tenant_id, r.delivery.id, r.attempt, r.nextAt ? 'pending' : r.status === 'delivered' ? 'delivered' : 'dead', r.nextAt]),
    );
    const retries = records.filter((r) => r.nextAt);
    if (retries.length > 0) {
      await em.execute(
        `insert into webhooks.webhook_attempt (tenant_id, delivery_id, hook_id, attempt, status, next_attempt_at) values ${tuples(retries.length, "(?, ?, ?, ?, 'pending', ?::timestamptz)")}
         on conflict (tenant_id, delivery_id, attempt) do nothing`,
        retries.flatMap((r) => [r.delivery.tenant_id, r.delivery.id, r.delivery.hook_id, r.attempt + 1, r.nextAt]),
      );
    }
    const gone = [...new Map(records.filter((r) => r.disableHook).map((r) => [`${r.delivery.tenant_id}\u0000${r.delivery.hook_id}`, r.delivery])).values()];
    if (gone.length > 0) {
      await em.execute(
        `update webhooks.hook h set is_active = false, updated_at = now() from (values ${tuples(gone.length, '(?::varchar, ?::integer)')}) as k(tenant_id, id)
          where h.tenant_id = k.tenant_id and h.id = k.id`,
        gone.flatMap((d) => [d.tenant_id, d.hook_id]),
      );
    }
  };

  /**
   * Whether each tenant of the batch may reach private addresses. The setting is reference data: a value is
   * kept under the tenant's reference version, which the claim read, and read again (in a transaction of
   * the tenant's) only when that version moved. The value is read after the version its transaction saw
   * first, so it is never older than the version it is kept under.
   */
  const privateTargets = new Map<string, { version: string; allowed: boolean }>();
  const allowPrivateFor = async (batch: ClaimedDelivery[]): Promise<Map<string, boolean>> => {
    const allowed = new Map<string, boolean>();
    for (const d of batch) {
      if (allowed.has(d.tenant_id)) continue;
      const cached = privateTargets.get(d.tenant_id);
      if (cached && cached.version === d.reference_version) {
        allowed.set(d.tenant_id, cached.allowed);
        continue;
      }
      const read = await background.tx(d.tenant_id, async (tx) => ({ version: tx.referenceVersion, allowed: (await settings.read(tx, PRIVATE_SETTING)).enabled }));
      if (read.version !== null && read.version === d.reference_version) privateTargets.set(d.tenant_id, { version: read.version, allowed: read.allowed });
      allowed.set(d.tenant_id, read.allowed);
    }
    return allowed;
  };

  /**
   * Sends a claimed batch on the sending thread: each hook's deliveries back to back in claim order (one in
   * flight, so on one kept-alive connection), stopping at its first failure that is retried; hooks in
   * parallel up to the concurrency limit.
   * Nothing is recorded here: the outcome goes into the next round's transaction.
   */
  const processBatch = async (batch: ClaimedDelivery[]): Promise<RoundOutcome> => {
    const allowed = await allowPrivateFor(batch);
    const byHook = new Map<string, ClaimedDelivery[]>();
    for (const d of batch) {
      const key = `${d.tenant_id}\u0000${d.hook_id}`;
      const queue = byHook.get(key);
      if (queue) queue.push(d);
      else byHook.set(key, [d]);
    }
    const queues = [...byHook.values()];
    const records: AttemptRecord[] = [];
    const released: ClaimedDelivery[] = [];
    const lanes = Array.from({ length: Math.min(config.concurrency, queues.length) }, async () => {
      for (let queue = queues.shift(); queue; queue = queues.shift()) {
        const results = await lane.run({
          deliveries: queue.map((d) => ({
            url: d.payload_url, body: d.body, secret: d.secret, eventId: d.event_id, attempt: d.attempts + 1, allowPrivate: allowed.get(d.tenant_id) ?? false,
            headers: {
              'content-type': 'application/json', 'x-service-entity': d.entity_name, 'x-service-action': d.action_name,
              'service-platform-tenantid': d.tenant_id, 'user-agent': 'core-banking-webhooks/1',
            },
          })),
          timeoutMs: config.timeoutMs,
          maxAttempts: config.maxAttempts,
          // `perHook` 1 keeps a hook's deliveries strictly in commit order; more trades order for throughput.
          perHook: config.perHook,
        });
        records.push(...results.map((r, i) => recordOf(queue[i]!, r)));
        // A failure waits for its retry, and the hook's later deliveries wait behind it (a dead one does not hold them).
        released.push(...queue.slice(results.length));
      }
    });
    await Promise.all(lanes);
    return { records, released };
  };

  /** Bodies are kept 30 days; finished deliveries older than that go (their attempts cascade). */
  const purge = async (): Promise<void> => {
    if (Date.now() - lastPurge < 3600_000) return;
    lastPurge = Date.now();
    await background.system((em) =>
      em.execute(`delete from webhooks.webhook_delivery where created_at < now() - interval '${RETENTION_DAYS} days' and status <> 'pending'`),
    );
  };

  /**
   * One transaction per round: the previous round's outcomes, then the next claim (none once stopping). A
   * round that fails to commit loses no delivery: its attempts keep their lease, and are sent again when it
   * expires (at least once).
   */
  const round = (outcome: RoundOutcome | null, claim: boolean): Promise<ClaimedDelivery[]> =>
    background.system(async (em) => {
      if (outcome) await recordIn(em, outcome);
      return claim ? claimIn(em) : [];
    });

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let outcome: RoundOutcome | null = null;
      try {
        do {
          again = false;
          // Until a round claims nothing: its transaction has then recorded the last outcomes.
          for (;;) {
            const batch = await round(outcome, !stopped);
            outcome = null;
            if (batch.length === 0) break;
            outcome = await processBatch(batch);
          }
        } while (again && !stopped);
        await purge();
      } catch (error) {
        logger.warn({ err: error, unrecorded: outcome?.records.length }, 'webhook worker pass failed; retrying on the next tick');
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const onQueued = () => void run();
  if (config.worker) {
    deliveryQueued.on('queued', onQueued);
  }
  // Fan-outs committed by relays in other processes; the poll below stays the safety net.
  const listener = config.worker
    ? background.listen(DELIVERY_CHANNEL, onQueued, (error) => logger.warn({ err: error }, 'webhook worker: the listening connection failed; polling until it is back'))
    : null;
  const timer = config.worker ? setInterval(onQueued, config.pollMs) : null;
  timer?.unref();

  return {
    wake: onQueued,
    async drain() {
      await run();
      if (running) await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      deliveryQueued.off('queued', onQueued);
      await listener?.close();
      await running;
      await lane.close();
    },
  };
}

/** Deliveries not yet done, across tenants: never tried, failed and waiting for a retry, dead (operators' gauges). */
export async function deliveryBacklog(db: Database): Promise<{ pending: number; retrying: number; dead: number }> {
  const rows = await db.system((em) =>
    em.execute<{ pending: string; retrying: string; dead: string }[]>(
      `select count(*) filter (where status = 'pending' and attempts = 0) as pending,
              count(*) filter (where status = 'pending' and attempts > 0) as retrying,
              count(*) filter (where status = 'dead') as dead
         from webhooks.webhook_delivery where status <> 'delivered'`,
    ),
  );
  return { pending: Number(rows[0]?.pending ?? 0), retrying: Number(rows[0]?.retrying ?? 0), dead: Number(rows[0]?.dead ?? 0) };
}
