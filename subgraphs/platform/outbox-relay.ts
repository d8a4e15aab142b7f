import type { Database } from './database.js';
import type { Em } from '../kernel/tx.js';
import type { Logger } from './logger.js';
import { outboxWritten, rowEvents, type EventEnvelope } from '../kernel/outbox.js';
import type { PubSub } from './pubsub.js';
import { OUTBOX_CHANNEL } from './live-events.js';

export interface OutboxRelay {
  stop(): Promise<void>;
  /** Publishes everything committed so far; resolves when the outbox is drained (tests and shutdown use it). */
  drain(): Promise<void>;
}

/** A committed outbox row as the relay hands it to sinks (the webhook fan-out). */
export interface RelayedRow {
  envelope: EventEnvelope;
  entityName: string;
  actionName: string;
  /** When the event was written (its transaction's time), for lag measurement. */
  occurredAt: Date;
}

/**
 * Work done with each batch inside the relay's transaction (as the owner, across tenants): what it writes
 * commits together with the rows' published mark, so a crash repeats both or neither.
 */
export type OutboxSink = (em: Em, rows: RelayedRow[]) => Promise<void>;

/**
 * Moves committed outbox rows to the pubsub. Rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * relays (several instances) never publish the same row twice at once; delivery is at least once.
 * A commit in this process wakes it directly; on PostgreSQL, a commit in any process wakes it through
 * LISTEN (live-events.ts notifies), and the poll is only the safety net for a dropped listening connection.
 */
export function startOutboxRelay(
  db: Database, pubsub: PubSub, logger: Logger,
  options: { intervalMs?: number; batch?: number; sinks?: OutboxSink[]; afterBatch?: () => void; coalesceMs?: number } = {},
): OutboxRelay {
  const batch = options.batch ?? 200;
  // A commit wakes the relay after this long, not at once: under load one relay transaction (its claim, the
  // webhook fan-out, the published mark) then carries every event committed meanwhile instead of one or two.
  const coalesceMs = options.coalesceMs ?? 20;
  let wake: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const publishBatch = async (): Promise<number> =>
    db.background.system(async (em) => {
      // The payload as text, parsed keeping every amount's digits (exact-json.ts).
      const rows = await em.execute<{ id: string; payload: string; companions: string | null; entity_name: string; action_name: string; occurred_at: Date | string }[]>(
        `select id, payload::text as payload, companions::text as companions, entity_name, action_name, occurred_at
           from kernel.outbox where published_at is null order by id limit ? for update skip locked`,
        [batch],
      );
      if (rows.length === 0) return 0;
      // A row delivers its companions (a deposit's posting) first, then its own event.
      const relayed: RelayedRow[] = rows.flatMap((row) => {
        const occurredAt = new Date(row.occurred_at);
        return rowEvents({ payload: row.payload, companions: row.companions, entityName: row.entity_name, actionName: row.action_name }).map((event) => ({ ...event, occurredAt }));
      });
      await pubsub.publishAll(relayed.map((row) => row.envelope));
      for (const sink of options.sinks ?? []) await sink(em, relayed);
      await em.execute(`update kernel.outbox set published_at = now() where id in (${rows.map(() => '?').join(',')})`, rows.map((r) => r.id));
      const now = Date.now();
      logger.info({ events: rows.length, relayLagMsMax: Math.max(...relayed.map((r) => now - r.occurredAt.getTime())) }, 'outbox relayed');
      return rows.length;
    });

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          for (let n = batch; !stopped && n === batch; ) {
            n = await publishBatch();
            // After commit: what the sinks wrote is visible now (webhook workers wake on it).
            if (n > 0) options.afterBatch?.();
          }
        } while (again && !stopped);
      } catch (error) {
        logger.warn({ err: error }, 'outbox relay failed; retrying on the next commit or tick');
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const onWritten = () => {
    wake ??= setTimeout(() => {
      wake = null;
      void run();
    }, coalesceMs);
  };
  outboxWritten.on('written', onWritten);
  const listener = db.background.listen(OUTBOX_CHANNEL, onWritten, (error) => logger.warn({ err: error }, 'outbox relay: the listening connection failed; polling until it is back'));
  const timer = setInterval(() => void run(), options.intervalMs ?? (listener ? 5000 : 1000));
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (wake) clearTimeout(wake);
      outboxWritten.off('written', onWritten);
      await listener?.close();
      await running;
    },
    async drain() {
      await run();
      if (running) await running;
    },
  };
}

/** Seconds since the oldest committed event still waiting for the relay was written (0 when none waits). */
export async function outboxLagSeconds(db: Database): Promise<number> {
  const rows = await db.system((em) =>
    em.execute<{ lag: number | string | null }[]>(`select extract(epoch from now() - min(occurred_at))::float8 as lag from kernel.outbox where published_at is null`),
  );
  return Math.max(0, Number(rows[0]?.lag ?? 0));
}
