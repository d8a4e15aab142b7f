import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  /** Wall-clock receipt time (bench lag). */
  at: number;
}

export type Responder = (index: number, delivery: ReceivedDelivery) => { status: number; headers?: Record<string, string> };

/** A local webhook receiver on 127.0.0.1 (node:http); records every request, answers what `respond` says (200 by default). */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  respond: Responder = () => ({ status: 200 });
  private server: Server | null = null;

  private constructor(public port: number) {}

  static async start(port = 0): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(port);
    await receiver.listen();
    return receiver;
  }

  /** A port that refuses connections until `listen()` is called (a receiver that is down). */
  static async down(): Promise<WebhookReceiver> {
    const receiver = await WebhookReceiver.start();
    await receiver.close();
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async listen(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const delivery = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        const index = this.received.push(delivery) - 1;
        const answer = this.respond(index, delivery);
        res.writeHead(answer.status, answer.headers).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Waits (polling) until `predicate` holds for what was received; fails after `timeoutMs`. */
  async waitFor(predicate: (received: ReceivedDelivery[]) => boolean, timeoutMs = 30_000, what = 'deliveries'): Promise<ReceivedDelivery[]> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.received)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; received ${this.received.length}: ${this.received.map((r) => r.body.slice(0, 120)).join(' | ')}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return this.received;
  }

  ofType(eventType: string): ReceivedDelivery[] {
    return this.received.filter((r) => (JSON.parse(r.body) as { eventType: string }).eventType === eventType);
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
