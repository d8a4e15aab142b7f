import type { Database } from './database.js';
import type { Em } from '../kernel/tx.js';
import { parseExactJson } from '../kernel/exact-json.js';
import { outboxWritten, type EventEnvelope } from '../kernel/outbox.js';
import type { Logger } from './logger.js';
import type { PubSub } from './pubsub.js';
import { pgArray } from '../kernel/pg-array.js';

/** The channel a commit that wrote events notifies: the relay, in whichever process it runs, listens on it. */
export const OUTBOX_CHANNEL = 'cbs_outbox_written';

/** Events read back per statement. */
const BATCH = 500;
/** How long a relay wake waits for more commits to carry, when there is nothing to read back. */
const WAKE_COALESCE_MS = 5;

export interface LivePublisher {
  stop(): Promise<void>;
}

/**
 * Subscriptions' fast path: right after a commit that wrote events, the committing process reads the rows
 * back (their payload as committed, with the fields the statement computed, such as a running balance) and
 * publishes them, to its own subscribers and over the bus to the other processes, without waiting for the
 * relay. The relay stays the durable path (webhooks, and any event this path missed: a crash after commit,
 * a failed read); the pubsub drops the relay's repeat of an event already delivered. On PostgreSQL the same
 * statement notifies OUTBOX_CHANNEL, which wakes the relay wherever it runs (one notification per read, not
 * one per commit: NOTIFY serialises the commits that send it).
 *
 * Commits that end while a read is in flight are read together by the next one, in commit-hook order; the
 * rows come back in outbox order, which is the relay's order too.
 */
export function startLivePublisher(db: Database, pubsub: PubSub, logger: Logger): LivePublisher {
  const pending: string[] = [];
  let running: Promise<void> | null = null;
  let stopped = false;
  const notify = db.kind === 'postgresql';

  const read = async (ids: string[]): Promise<EventEnvelope[]> => {
    // Event ids are evt_ and hex digits, safe inside an array literal. Rows the relay already published are
    // skipped (it delivered them); the partial index of unpublished rows keeps the read short.
    // One statement on its own (autocommit): one round trip, where a transaction would take three.
    // Each row as [companions, payload]: a row delivers its companions (a deposit's posting) first.
    const rows = await (db.orm.em.fork() as Em).execute<{ events: string[] | null }[]>(
      `select ${notify ? `pg_notify('${OUTBOX_CHANNEL}', ''), ` : ''}array(select jsonb_build_array(companions, payload)::text from kernel.outbox
          where published_at is null and event_id = any(?::varchar[]) order by id) as events`,
      [pgArray(ids)],
    );
    return (rows[0]?.events ?? []).flatMap((text) => {
      const [companions, payload] = parseExactJson<[{ payload: EventEnvelope }[] | null, EventEnvelope]>(text);
      return [...(companions ?? []).map((c) => c.payload), payload];
    });
  };

  const pump = async () => {
    while (pending.length > 0 && !stopped) {
      const ids = pending.splice(0, BATCH);
      try {
        await pubsub.publishAll(await read(ids));
      } catch (error) {
        // The relay delivers them: it reads every unpublished row.
        logger.warn({ err: error, events: ids.length }, 'live events not read back; the relay will deliver them');
      }
    }
    // Set in the same turn as the loop's last check, so an id pushed meanwhile starts a new pump.
    running = null;
  };

  // With nobody subscribed anywhere the read would serve no one; the relay, wherever it runs, still needs its
  // wake, which one notification a few milliseconds later gives for every commit meanwhile.
  let wake: NodeJS.Timeout | null = null;
  const wakeRelay = () => {
    if (!notify || wake) return;
    wake = setTimeout(() => {
      wake = null;
      (db.orm.em.fork() as Em).execute(`select pg_notify('${OUTBOX_CHANNEL}', '')`).catch((error: unknown) => logger.warn({ err: error }, 'relay wake not sent; it polls'));
    }, WAKE_COALESCE_MS);
  };

  const onWritten = (eventId: string) => {
    if (!pubsub.hasSubscribers()) return wakeRelay();
    pending.push(eventId);
    running ??= pump();
  };
  outboxWritten.on('written', onWritten);

  return {
    async stop() {
      stopped = true;
      if (wake) clearTimeout(wake);
      outboxWritten.off('written', onWritten);
      await running;
    },
  };
}
