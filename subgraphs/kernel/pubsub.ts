import { EventEmitter, on } from 'node:events';
import { Redis } from 'ioredis';
import type { EventEnvelope } from './outbox.js';

/**
 * Fan-out of committed events to live subscriptions. In one process an EventEmitter is enough; with
 * several instances (REDIS_URL set) every instance publishes to and listens on Redis, so a subscriber
 * connected to instance A sees a deposit committed on instance B.
 */
export interface PubSub {
  publish(event: EventEnvelope): Promise<void>;
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

class RedisPubSub extends LocalPubSub {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(url: string) {
    super();
    this.publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url, { lazyConnect: false });
    void this.subscriber.psubscribe('cbs:*');
    this.subscriber.on('pmessage', (_pattern, channel, message) => {
      this.emitter.emit(channel, JSON.parse(message) as EventEnvelope);
    });
  }

  override async publish(event: EventEnvelope): Promise<void> {
    await this.publisher.publish(topic(event.tenantId, event.eventType), JSON.stringify(event));
  }

  override async close(): Promise<void> {
    await super.close();
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}

export function createPubSub(redisUrl: string | undefined): PubSub {
  return redisUrl ? new RedisPubSub(redisUrl) : new LocalPubSub();
}
