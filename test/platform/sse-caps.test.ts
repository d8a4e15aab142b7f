import assert from 'node:assert/strict';
import type { ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { after, before, describe, test } from 'node:test';
import { SUBSCRIPTION_LIMIT_CODES } from '../../router/subscription-limits.js';
import { TestService, type TenantSession } from '../support/service.js';

/**
 * Issue 33 item 2 over SSE: the caps graphql-ws has (per principal, per process) hold for event streams
 * too, a stream refused by a cap leaves nothing behind (its gateway subscription ended, nothing counted),
 * and a stream its caller aborts frees its listeners at once, not at the next event. The tenant stays
 * quiet throughout: no event could end a subscription for us.
 */
const TRANSACTIONS = 'subscription { accountTransactions { eventId amount } }';
const PER_PRINCIPAL = 20;

/** Polls `check` until it holds (generous deadline, no fixed sleeps as synchronisation). */
async function until(check: () => boolean, what: string, deadlineMs = 60_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!check()) {
    assert.ok(Date.now() < end, `timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Opened {
  req: ClientRequest;
  status: Promise<number>;
  /** The body of a refusal (a stream's body never ends while it is open). */
  body: Promise<string>;
}

function openStream(service: TestService, t: TenantSession): Opened {
  const req = httpsRequest(`${service.edge.url}/graphql`, {
    method: 'POST', ca: service.caCertificate, agent: false,
    headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Basic ${t.key}`, 'service-platform-tenantid': t.tenant },
  });
  let resolveBody!: (text: string) => void;
  const body = new Promise<string>((resolve) => (resolveBody = resolve));
  const status = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      resolve(res.statusCode ?? 0);
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolveBody(text));
      res.on('error', () => resolveBody(text));
    });
    req.on('error', (error) => {
      // Our own abort resets the connection; anything else is a failure.
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
  req.end(JSON.stringify({ query: TRANSACTIONS }));
  return { req, status, body };
}

describe('SSE subscriptions: caps, and refused or aborted streams release everything at once', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    // No relay: nothing publishes in the background; the pubsub counts only these streams' listeners.
    service = await TestService.start({ relay: false, env: { STREAMS_PER_PRINCIPAL: String(PER_PRINCIPAL) } });
    t = await service.tenant();
  });
  after(async () => service.stop());

  test('20 streams of one user are admitted, the 21st is 429 and leaves nothing open; aborting all frees every listener without an event', async () => {
    const open = Array.from({ length: PER_PRINCIPAL }, () => openStream(service, t));
    assert.deepEqual([...new Set(await Promise.all(open.map((o) => o.status)))], [200]);
    await until(() => service.edge.openSubscriptions() === PER_PRINCIPAL, 'the 20 streams to be admitted');

    const refused = openStream(service, t);
    assert.equal(await refused.status, 429);
    const answer = JSON.parse(await refused.body) as { errors: { extensions: { code: string } }[] };
    assert.equal(answer.errors[0]!.extensions.code, SUBSCRIPTION_LIMIT_CODES.perPrincipal);
    assert.equal(service.edge.openSubscriptions(), PER_PRINCIPAL, 'the refused stream is not counted');

    // Every caller goes away; with no event in the tenant, the listeners must still all be gone.
    for (const o of open) o.req.destroy();
    await until(() => service.edge.openSubscriptions() === 0, 'the aborted streams to be released');
    await until(() => !service.platform.pubsub.hasSubscribers(), 'every listener (the refused stream\'s included) to be removed without an event');

    // The principal's count was released: a new stream is admitted, and its listener goes with it.
    const again = openStream(service, t);
    assert.equal(await again.status, 200);
    await until(() => service.edge.openSubscriptions() === 1 && service.platform.pubsub.hasSubscribers(), 'the new stream to be admitted');
    again.req.destroy();
    await until(() => service.edge.openSubscriptions() === 0 && !service.platform.pubsub.hasSubscribers(), 'the last stream to be released');
  });
});
