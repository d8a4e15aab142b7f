import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * Broadcast between the processes of one deployment: committed events for live subscriptions and
 * credential revocations must reach every process at once, not only the one where they happened.
 * With REDIS_URL the processes may be anywhere; the workers of one `npm start` (node:cluster) relay
 * through their primary without Redis; a lone process has nobody to tell.
 */
export interface Bus {
  /** Sends to every other process (never back to this one: the caller handles its own copy). */
  broadcast(channel: string, message: string): void;
  onMessage(handler: (channel: string, message: string) => void): void;
  close(): void;
  /** Whether the shared broker answers (Redis only; the other buses need nothing outside the process). */
  ping?(): Promise<boolean>;
}

interface Envelope {
  origin: string;
  channel: string;
  message: string;
}

const REDIS_CHANNEL = 'cbs:bus';
const IPC_KEY = 'cbsBus';

class LoneBus implements Bus {
  broadcast(): void {}
  onMessage(): void {}
  close(): void {}
}

class RedisBus implements Bus {
  private readonly origin = randomUUID();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers: ((channel: string, message: string) => void)[] = [];

  constructor(url: string, onError: (error: unknown) => void) {
    this.publisher = new Redis(url, { maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url);
    this.subscriber.subscribe(REDIS_CHANNEL).catch(onError);
    this.subscriber.on('message', (_channel: string, raw: string) => {
      const envelope = parse(raw);
      if (envelope && envelope.origin !== this.origin) for (const handler of this.handlers) handler(envelope.channel, envelope.message);
    });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
  }

  broadcast(channel: string, message: string): void {
    const envelope: Envelope = { origin: this.origin, channel, message };
    // Best effort: if Redis is down, caches keep their short bound and subscribers miss live events.
    this.publisher.publish(REDIS_CHANNEL, JSON.stringify(envelope)).catch(() => undefined);
  }

  onMessage(handler: (channel: string, message: string) => void): void {
    this.handlers.push(handler);
  }

  async ping(): Promise<boolean> {
    return (await this.publisher.ping()) === 'PONG';
  }

  close(): void {
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}

/** A cluster worker's bus: its primary forwards each message to the other workers (relayBusBetweenWorkers). */
class WorkerBus implements Bus {
  private readonly handlers: ((channel: string, message: string) => void)[] = [];
  private readonly listener = (raw: unknown) => {
    const envelope = (raw as Record<string, unknown> | null)?.[IPC_KEY] as Envelope | undefined;
    if (envelope && typeof envelope.channel === 'string' && typeof envelope.message === 'string') {
      for (const handler of this.handlers) handler(envelope.channel, envelope.message);
    }
  };

  constructor() {
    process.on('message', this.listener);
  }

  broadcast(channel: string, message: string): void {
    if (!process.connected) return;
    process.send?.({ [IPC_KEY]: { origin: String(process.pid), channel, message } satisfies Envelope });
  }

  onMessage(handler: (channel: string, message: string) => void): void {
    this.handlers.push(handler);
  }

  close(): void {
    process.off('message', this.listener);
  }
}

function parse(raw: string): Envelope | null {
  try {
    const envelope = JSON.parse(raw) as Envelope;
    return typeof envelope.channel === 'string' && typeof envelope.message === 'string' ? envelope : null;
  } catch {
    return null;
  }
}

export function createBus(redisUrl: string | undefined, onError: (error: unknown) => void = () => undefined): Bus {
  if (redisUrl) return new RedisBus(redisUrl, onError);
  if (cluster.isWorker) return new WorkerBus();
  return new LoneBus();
}

/** In the primary: forwards every worker's bus message to all the other workers. */
export function relayBusBetweenWorkers(): void {
  cluster.on('message', (from: Worker, raw: unknown) => {
    if (!(raw as Record<string, unknown> | null)?.[IPC_KEY]) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(raw as object);
    }
  });
}
