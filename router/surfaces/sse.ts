import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendNodeResponse } from '@whatwg-node/server';
import type { Identity } from '../../subgraphs/kernel/identity.js';
import { endableResponse, type OpenStreams } from '../open-streams.js';

/**
 * Server-sent events: a subscription over POST /graphql with Accept: text/event-stream, passed on as the
 * gateway streams it. The stream is tracked under the credentials that opened it, so a revocation (logout,
 * password or role change) ends it at once; it also ends with its caller.
 */
export async function sendEventStream(req: IncomingMessage, res: ServerResponse, response: Response, identity: Identity, streams: OpenStreams, common: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(common)) res.setHeader(name, value);
  const stream = endableResponse(response);
  // A stream of one subscription, under the same caps as graphql-ws (subscription-limits.ts). A refused one
  // ends the gateway's subscription as a revocation does (reading side cancelled), then answers 429.
  const admission = streams.limits.admit(res, identity);
  if (admission.kind === 'refused') {
    stream.end();
    const { code, message } = admission.refusal;
    res.writeHead(429, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ message, extensions: { code, status: 429, errors: [] } }] }));
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
