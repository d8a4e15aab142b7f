import { randomUUID } from 'node:crypto';
import { EventEmitter, on } from 'node:events';
import type { Bus } from './bus.js';
import { parseExactJson } from '../kernel/exact-json.js';
import type { EventEnvelope } from '../kernel/outbox.js';

/**
 * Fan-out of committed events to live subscriptions. In one process an EventEmitter is enough; with
 * several processes (REDIS_URL, or the workers of one npm start) events cross the kernel bus, so a
 * subscriber connected to process A sees a deposit committed on process B.
 */
export interface PubSub {
  publish(event: EventEnvelope): Promise<void>;
  /** The events of one relay batch, in order: to other processes as one bus message, not one each. */
  publishAll(events: readonly EventEnvelope[]): Promise<void>;
  /** Events of one tenant and type; the iterator ends when the subscriber unsubscribes. */
  subscribe(tenantId: string, eventType: string): AsyncIterableIterator<EventEnvelope>;
  /**
   * Whether any process of the deployment has a live subscription now (another process's for at most a few
   * seconds after it said so). The committing process's fast path is only worth its read when one does.
   */
  hasSubscribers(): boolean;
  close(): Promise<void>;
}

const topic = (tenantId: string, eventType: string) => `cbs:${tenantId}:${eventType}`;

/** How many recent event ids each process remembers to drop a second delivery of the same event. */
const REMEMBERED_EVENTS = 100_000;

class LocalPubSub implements PubSub {
  protected readonly emitter = new EventEmitter({ captureRejections: true });
  /**
   * An event reaches a process twice (from the committing process right after commit, and from the relay),
   * so each process delivers an event id once; the ring bounds the memory (the relay trails the fast path by
   * far fewer events than it holds).
   */
  private readonly seen = new Set<string>();
  private readonly ring: string[] = new Array<string>(REMEMBERED_EVENTS);
  private next = 0;
  /** Open subscriptions in this process. */
  protected subscriptions = 0;

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  hasSubscribers(): boolean {
    return this.subscriptions > 0;
  }

  /** Called when this process's count of subscriptions moves (the shared pubsub tells the others). */
  protected subscriptionsChanged(): void {}

  /** Delivers to this process's subscribers unless it was delivered already; false for a repeat. */
  protected deliver(event: EventEnvelope): boolean {
    if (this.seen.has(event.eventId)) return false;
    const evicted = this.ring[this.next];
    if (evicted !== undefined) this.seen.delete(evicted);
    this.ring[this.next] = event.eventId;
    this.next = (this.next + 1) % REMEMBERED_EVENTS;
    this.seen.add(event.eventId);
    this.emitter.emit(topic(event.tenantId, event.eventType), event);
    return true;
  }

  async publish(event: EventEnvelope): Promise<void> {
    this.deliver(event);
  }

  async publishAll(events: readonly EventEnvelope[]): Promise<void> {
    for (const event of events) this.deliver(event);
  }

  subscribe(tenantId: string, eventType: string): AsyncIterableIterator<EventEnvelope> {
    const controller = new AbortController();
    const source = on(this.emitter, topic(tenantId, eventType), { signal: controller.signal });
    this.subscriptions++;
    this.subscriptionsChanged();
    let open = true;
    const close = () => {
      if (!open) return;
      open = false;
      this.subscriptions--;
      this.subscriptionsChanged();
    };
    const iterator: AsyncIterableIterator<EventEnvelope> = {
      async next() {
        try {
          const step = await source.next();
          return step.done ? { done: true, value: undefined } : { done: false, value: (step.value as EventEnvelope[])[0]! };
        } catch (error) {
          if ((error as Error).name === 'AbortError') {
            close();
            return { done: true, value: undefined };
          }
          throw error;
        }
      },
      async return() {
        controller.abort();
        close();
        return { done: true, value: undefined };
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** The bus channel of a batch of events (a JSON array of envelopes). */
const BATCH_CHANNEL = 'cbs-events';
/** The bus channel on which a process says whether it has subscriptions: `{"id": ..., "present": bool}`. */
const PRESENCE_CHANNEL = 'cbs-subscribers';
/** A process with subscriptions repeats so every this often; another process trusts it for three times as long. */
const PRESENCE_EVERY_MS = 2000;

/**
 * Events committed in any process of the deployment: each is delivered here at once and sent over the
 * bus to the other processes, which deliver it to their own subscribers. A relay batch crosses the bus as
 * one message: under load that is one IPC (or Redis) message per batch instead of one per event.
 */
class SharedPubSub extends LocalPubSub {
  private readonly id = randomUUID();
  /** Other processes that said they have subscriptions, until when that holds. */
  private readonly remote = new Map<string, number>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly bus: Bus) {
    super();
    bus.onMessage((channel, message) => {
      if (channel === PRESENCE_CHANNEL) {
        const { id, present } = JSON.parse(message) as { id: string; present: boolean };
        if (present) this.remote.set(id, Date.now() + 3 * PRESENCE_EVERY_MS);
        else this.remote.delete(id);
      } else if (channel === BATCH_CHANNEL) {
        for (const event of parseExactJson<EventEnvelope[]>(message)) this.deliver(event);
      } else if (channel.startsWith('cbs:')) {
        this.deliver(parseExactJson<EventEnvelope>(message));
      }
    });
  }

  override hasSubscribers(): boolean {
    if (super.hasSubscribers()) return true;
    const now = Date.now();
    for (const [id, until] of this.remote) {
      if (until > now) return true;
      this.remote.delete(id);
    }
    return false;
  }

  /** The first subscription and the last one's end are said at once; while any is open, it is repeated. */
  protected override subscriptionsChanged(): void {
    const present = this.subscriptions > 0;
    if (present === (this.heartbeat !== null)) return;
    const say = () => this.bus.broadcast(PRESENCE_CHANNEL, JSON.stringify({ id: this.id, present: this.subscriptions > 0 }));
    say();
    if (present) {
      this.heartbeat = setInterval(say, PRESENCE_EVERY_MS);
      this.heartbeat.unref();
    } else {
      clearInterval(this.heartbeat!);
      this.heartbeat = null;
    }
  }

  override async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    await super.close();
  }

  /** A repeat is not sent on either: its first delivery here already went to the other processes. */
  override async publish(event: EventEnvelope): Promise<void> {
    if (this.deliver(event)) this.bus.broadcast(topic(event.tenantId, event.eventType), JSON.stringify(event));
  }

  override async publishAll(events: readonly EventEnvelope[]): Promise<void> {
    const fresh = events.filter((event) => this.deliver(event));
    if (fresh.length > 0) this.bus.broadcast(BATCH_CHANNEL, JSON.stringify(fresh));
  }
}

export function createPubSub(bus: Bus): PubSub {
  return new SharedPubSub(bus);
}
