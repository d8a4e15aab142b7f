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
  // The gateway's SSE answer says no-cache (stored, revalidated); account events must not be stored at all.
  stream.response.headers.set('cache-control', common['cache-control']!);
  const untrack = streams.add(identity, stream.end);
  // The caller went away: the gateway's subscription (and its keep-alive pings) ends with it.
  res.once('close', () => {
    untrack();
    stream.end();
  });
  await sendNodeResponse(stream.response, res, req, false);
}
