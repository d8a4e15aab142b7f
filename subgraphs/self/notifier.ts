import { createHmac } from 'node:crypto';
import type { Logger } from '../platform/logger.js';
import type { SelfMessage, SelfNotifier } from './self.ports.js';

/** How long the bank's gateway may take to accept a message. */
const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * No gateway configured: the message is not sent. The log says a token went for request N; outside
 * production it also holds the text, so that a tester can finish a registration. The token is never in
 * an event, a webhook delivery or a request log (the request that made it carries none).
 */
export class SandboxNotifier implements SelfNotifier {
  constructor(
    private readonly logger: Logger | undefined,
    private readonly production: boolean,
  ) {}

  async send(message: SelfMessage): Promise<void> {
    const base = { tenant: message.tenantId, requestId: message.requestId, channel: message.channel };
    this.logger?.info(this.production ? base : { ...base, sandboxMessage: message.text }, `token for request ${message.requestId}`);
  }
}

/**
 * The bank's SMS/email gateway (NOTIFICATION_URL): a JSON POST signed as the payment switch's requests
 * are, `X-Notification-Timestamp` and `X-Notification-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<body>">`
 * with NOTIFICATION_KEY. Anything but a 2xx is a failure.
 */
export class HttpNotifier implements SelfNotifier {
  constructor(
    private readonly url: string,
    private readonly key: string,
  ) {}

  async send(message: SelfMessage): Promise<void> {
    const body = JSON.stringify({ tenant: message.tenantId, requestId: message.requestId, channel: message.channel, to: message.to, text: message.text });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = `v1=${createHmac('sha256', this.key).update(`${timestamp}.${body}`).digest('hex')}`;
    const res = await fetch(this.url, {
      method: 'POST', body, signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      headers: { 'content-type': 'application/json', 'x-notification-timestamp': timestamp, 'x-notification-signature': signature },
    });
    if (!res.ok) throw new Error(`notification gateway answered ${res.status}`);
  }
}
