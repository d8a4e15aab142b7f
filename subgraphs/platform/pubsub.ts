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
  close(): Promise<void>;
}

const topic = (tenantId: string, eventType: string) => `cbs:${tenantId}:${eventType}`;

class LocalPubSub implements PubSub {
  protected readonly emitter = new EventEmitter({ captureRejections: true });

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(event: EventEnvelope): Promise<void> {
    this.emitter.emit(topic(event.tenantId, event.eventType), event);
  }

  async publishAll(events: readonly EventEnvelope[]): Promise<void> {
    for (const event of events) this.emitter.emit(topic(event.tenantId, event.eventType), event);
  }

  subscribe(tenantId: string, eventType: string): AsyncIterableIterator<EventEnvelope> {
    const controller = new AbortController();
    const source = on(this.emitter, topic(tenantId, eventType), { signal: controller.signal });
    const iterator: AsyncIterableIterator<EventEnvelope> = {
      async next() {
        try {
          const step = await source.next();
          return step.done ? { done: true, value: undefined } : { done: false, value: (step.value as EventEnvelope[])[0]! };
        } catch (error) {
          if ((error as Error).name === 'AbortError') return { done: true, value: undefined };
          throw error;
        }
      },
      async return() {
        controller.abort();
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

/**
 * Events committed in any process of the deployment: each is delivered here at once and sent over the
 * bus to the other processes, which deliver it to their own subscribers. A relay batch crosses the bus as
 * one message: under load that is one IPC (or Redis) message per batch instead of one per event.
 */
class SharedPubSub extends LocalPubSub {
  constructor(private readonly bus: Bus) {
    super();
    bus.onMessage((channel, message) => {
      if (channel === BATCH_CHANNEL) {
        for (const event of parseExactJson<EventEnvelope[]>(message)) this.emitter.emit(topic(event.tenantId, event.eventType), event);
      } else if (channel.startsWith('cbs:')) {
        this.emitter.emit(channel, parseExactJson<EventEnvelope>(message));
      }
    });
  }

  override async publish(event: EventEnvelope): Promise<void> {
    await super.publish(event);
    this.bus.broadcast(topic(event.tenantId, event.eventType), JSON.stringify(event));
  }

  override async publishAll(events: readonly EventEnvelope[]): Promise<void> {
    if (events.length === 0) return;
    await super.publishAll(events);
    this.bus.broadcast(BATCH_CHANNEL, JSON.stringify(events));
  }
}

export function createPubSub(bus: Bus): PubSub {
  return new SharedPubSub(bus);
}
