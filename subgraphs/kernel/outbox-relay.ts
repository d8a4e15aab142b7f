import type { Database } from './database.js';
import type { Logger } from './logger.js';
import { outboxWritten, type EventEnvelope } from './outbox.js';
import type { PubSub } from './pubsub.js';

export interface OutboxRelay {
  stop(): Promise<void>;
  /** Publishes everything committed so far; resolves when the outbox is drained (tests and shutdown use it). */
  drain(): Promise<void>;
}

/**
 * Moves committed outbox rows to the pubsub. Rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * relays (several instances) never publish the same row twice at once; delivery is at least once.
 */
export function startOutboxRelay(db: Database, pubsub: PubSub, logger: Logger, options: { intervalMs?: number; batch?: number } = {}): OutboxRelay {
  const batch = options.batch ?? 200;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const publishBatch = async (): Promise<number> =>
    db.system(async (em) => {
      const rows = await em.execute<{ id: string; payload: EventEnvelope | string }[]>(
        `select id, payload from kernel.outbox where published_at is null order by id limit ? for update skip locked`,
        [batch],
      );
      for (const row of rows) {
        const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as EventEnvelope) : row.payload;
        await pubsub.publish(payload);
      }
      if (rows.length > 0) {
        await em.execute(`update kernel.outbox set published_at = now() where id in (${rows.map(() => '?').join(',')})`, rows.map((r) => r.id));
      }
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
          while (!stopped && (await publishBatch()) === batch);
        } while (again && !stopped);
      } catch (error) {
        logger.warn({ err: error }, 'outbox relay failed; retrying on the next commit or tick');
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const onWritten = () => void run();
  outboxWritten.on('written', onWritten);
  const timer = setInterval(onWritten, options.intervalMs ?? 1000);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      outboxWritten.off('written', onWritten);
      await running;
    },
    async drain() {
      await run();
      if (running) await running;
    },
  };
}
