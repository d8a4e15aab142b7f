import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { nextStep } from './domain/retry-policy.js';
import { signatureHeaders } from './domain/signature.js';
import { send, type SendResult } from './webhook-sender.js';

/**
 * A hook's claimed deliveries are sent one after another on a thread of their own. The process that runs the
 * delivery worker also answers requests: on its event loop each POST's answer waited behind request work
 * (12-20 ms a POST under load, against under 1 ms idle), and a hook's deliveries go one at a time to keep
 * commit order, so that wait bounded a hook's rate. The thread's loop does nothing else; the main thread
 * hears back once per hook and round.
 */

/** One delivery as the thread sends it: signed there, just before its POST (webhook-timestamp is the attempt's time). */
export interface LaneDelivery {
  url: string;
  body: string;
  secret: string;
  eventId: string;
  /** This attempt's number (1-based): with maxAttempts, whether a failure is retried (and holds the rest). */
  attempt: number;
  headers: Record<string, string>;
  allowPrivate: boolean;
}

export interface LaneJob {
  deliveries: LaneDelivery[];
  timeoutMs: number;
  maxAttempts: number;
  /** Deliveries in flight at once; 1 keeps commit order. */
  perHook: number;
}

/** The outcome of each delivery attempted, in order; the ones after a failure that is retried are not attempted. */
export interface LaneResult extends SendResult {
  /** When the answer came (epoch ms). */
  at: number;
}

/** Sends a hook's deliveries in order, `perHook` at a time, stopping after a group with a failure that will be retried. */
export async function sendInOrder(job: LaneJob): Promise<LaneResult[]> {
  const results: LaneResult[] = [];
  for (let i = 0; i < job.deliveries.length; i += job.perHook) {
    const group = job.deliveries.slice(i, i + job.perHook);
    const done = await Promise.all(
      group.map(async (d) => {
        const result = await send(d.url, d.body, { ...d.headers, ...signatureHeaders(d.secret, d.eventId, new Date(), d.body) }, { timeoutMs: job.timeoutMs, allowPrivate: d.allowPrivate });
        return { ...result, at: Date.now() };
      }),
    );
    results.push(...done);
    // The step's kind does not depend on the delay (the main thread computes that, with its jitter).
    if (done.some((r, k) => nextStep({ attempt: group[k]!.attempt, statusCode: r.statusCode, now: r.at, baseMs: 0, maxAttempts: job.maxAttempts }).kind === 'retry')) break;
  }
  return results;
}

/** The main thread's handle on the sending thread; a thread that dies is replaced at the next job. */
export class SendLane {
  private worker: Worker | null = null;
  private next = 0;
  private readonly pending = new Map<number, { resolve: (r: LaneResult[]) => void; reject: (e: unknown) => void }>();

  run(job: LaneJob): Promise<LaneResult[]> {
    const worker = this.started();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, job });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL(import.meta.url));
    // A round in flight keeps the process up through its own promise; an idle thread must not.
    worker.unref();
    worker.on('message', ({ id, results, error }: { id: number; results?: LaneResult[]; error?: string }) => {
      const p = this.pending.get(id);
      this.pending.delete(id);
      if (results) p?.resolve(results);
      else p?.reject(new Error(`webhook sending thread: ${error}`));
    });
    const fail = (error: unknown) => {
      if (this.worker === worker) this.worker = null;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the webhook sending thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  port.on('message', ({ id, job }: { id: number; job: LaneJob }) => {
    sendInOrder(job).then(
      (results) => port.postMessage({ id, results }),
      (error: unknown) => port.postMessage({ id, error: String(error) }),
    );
  });
}
