import { errors, type PlatformError } from '../subgraphs/kernel/errors.js';
import type { Identity } from '../subgraphs/kernel/identity.js';

/**
 * GraphQL over HTTP (the GraphQL-over-HTTP specification) for the edge's own answers and the gateway's:
 * the response media type the caller accepts, and the status of an answer the caller could not have.
 */

export type GraphQLMediaType = 'application/json' | 'application/graphql-response+json';

const GRAPHQL_RESPONSE = 'application/graphql-response+json';
const NOT_AUTHENTICATED = 'error.msg.not.authenticated';

/**
 * The media type of the answer: the caller's most preferred (q-values, then order) of the two, and
 * application/json for no Accept, `*` ranges, or neither (the spec's legacy default).
 */
export function graphqlMediaType(accept: string | undefined): GraphQLMediaType {
  if (!accept) return 'application/json';
  const ranges = accept.split(',').map((part, index) => {
    const [type = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return { type, q: q ? Number(q.slice(2)) : 1, index };
  });
  const chosen = ranges
    .filter((r) => r.q > 0 && (r.type === GRAPHQL_RESPONSE || r.type === 'application/json' || r.type === 'application/*' || r.type === '*/*'))
    .sort((a, b) => b.q - a.q || a.index - b.index)[0];
  return chosen?.type === GRAPHQL_RESPONSE ? GRAPHQL_RESPONSE : 'application/json';
}

export const graphqlContentType = (mediaType: GraphQLMediaType) => `${mediaType}; charset=utf-8`;

/**
 * The Accept the gateway is given: a stream (SSE, multipart) as the caller asked, anything else as the
 * media type chosen here. The spec lets a server disregard an Accept it cannot serve and answer
 * application/json; the runtime answered `text/html` with a bare 406 that carried no error at all.
 */
export function gatewayAccept(accept: string | undefined): string {
  return accept && STREAM.test(accept) ? accept : graphqlMediaType(accept);
}

const STREAM = /text\/event-stream|multipart\/mixed/i;

/**
 * A stream (SSE subscriptions) for a caller without credentials: every subscription needs them, and the
 * stream's 200 would already be sent when its first event said so; refused with the 401 a query gets.
 */
export function anonymousStreamRefusal(identity: Identity, accept: string | undefined): PlatformError | undefined {
  return identity.kind === 'anonymous' && accept && STREAM.test(accept) ? errors.unauthenticated() : undefined;
}

/**
 * The status of a GraphQL JSON answer. A caller without credentials whose request needed them gets 401
 * under both media types, as a wrong password does (the subgraphs answer "not authenticated" inside a 200):
 * the answer is about the request's credentials, not about GraphQL.
 */
export function graphqlAnswerStatus(identity: Identity, status: number, body: string): number {
  if (identity.kind !== 'anonymous' || !body.includes(NOT_AUTHENTICATED)) return status;
  const answered = (JSON.parse(body) as { errors?: { extensions?: { code?: unknown } }[] }).errors ?? [];
  return answered.some((e) => e.extensions?.code === NOT_AUTHENTICATED) ? 401 : status;
}

type Refusal = { kind: 'refused'; status: number; code: string; message: string };

/** A GET request's parameters (`query`, `operationName`, and `variables` and `extensions` as JSON). */
export function graphqlGetParams(url: URL): { kind: 'ok'; params: Record<string, unknown> } | Refusal {
  const json: Record<string, unknown> = {};
  for (const name of ['variables', 'extensions']) {
    try {
      json[name] = url.searchParams.has(name) ? JSON.parse(url.searchParams.get(name)!) : undefined;
    } catch {
      return { kind: 'refused', status: 400, code: 'error.msg.invalid.request.body', message: `The ${name} parameter is not valid JSON.` };
    }
  }
  return { kind: 'ok', params: { query: url.searchParams.get('query') ?? undefined, ...json, operationName: url.searchParams.get('operationName') ?? undefined } };
}

/** A GET request's query string carrying the document it named by hash (the gateway reads GET itself). */
export function withDocument(url: URL, params: unknown): string {
  const { query, extensions } = params as { query: string; extensions?: unknown };
  const search = new URLSearchParams(url.searchParams);
  search.set('query', query);
  if (extensions === undefined) search.delete('extensions');
  else search.set('extensions', JSON.stringify(extensions));
  return `?${search}`;
}
