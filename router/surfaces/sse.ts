import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendNodeResponse } from '@whatwg-node/server';
import type { Identity } from '../../subgraphs/kernel/identity.js';
import { endableResponse, type OpenStreams } from '../open-streams.js';
import type { Admission } from '../subscription-limits.js';

/**
 * Server-sent events: a subscription over POST /graphql with Accept: text/event-stream, passed on as the
 * gateway streams it. The stream is tracked under the credentials that opened it, so a revocation (logout,
 * password or role change) ends it at once; it also ends with its caller.
 */
export async function sendEventStream(
  req: IncomingMessage, res: ServerResponse, response: Response, identity: Identity, streams: OpenStreams, common: Record<string, string>, admitted?: Admission,
): Promise<void> {
  for (const [name, value] of Object.entries(common)) res.setHeader(name, value);
  const stream = endableResponse(response);
  // A stream of one subscription, under the same caps as graphql-ws (subscription-limits.ts). A subscription
  // was admitted before it started (admitSubscription); another stream (incremental delivery) is admitted
  // here, and a refused one ends the gateway's stream as a revocation does, then answers 429.
  const admission = admitted ?? streams.limits.admit(res, identity);
  if (admission.kind === 'refused') {
    stream.end();
    refuseStream(res, admission);
    return;
  }
  // The gateway's SSE answer says no-cache (stored, revalidated); account events must not be stored at all.
  stream.response.headers.set('cache-control', common['cache-control']!);
  const untrack = streams.add(identity, stream.end);
  // The caller went away: the gateway's subscription (and its keep-alive pings) ends with it.
  res.once('close', () => {
    admission.release();
    untrack();
    stream.end();
  });
  await sendNodeResponse(stream.response, res, req, false);
}

/**
 * Admits a subscription under the caps before the gateway starts it. Refused after it had started, its first
 * next() was already waiting for an event inside the gateway, and cancelling the stream could not end it
 * before one came: the refused stream's listeners stayed until the tenant's next event.
 */
export function admitSubscription(res: ServerResponse, identity: Identity, streams: OpenStreams): Admission {
  const admission = streams.limits.admit(res, identity);
  if (admission.kind === 'refused') refuseStream(res, admission);
  return admission;
}

function refuseStream(res: ServerResponse, admission: Extract<Admission, { kind: 'refused' }>): void {
  const { code, message } = admission.refusal;
  res.writeHead(429, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ message, extensions: { code, status: 429, errors: [] } }] }));
}
