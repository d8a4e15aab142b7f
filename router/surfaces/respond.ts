import type { IncomingMessage, ServerResponse } from 'node:http';
import { envelope } from '../../rest-compat/envelope.js';
import type { BodyRead } from '../../rest-compat/rest-handler.js';
import type { FieldError, PlatformError } from '../../subgraphs/kernel/errors.js';
import { isJsonContentType, MAX_BODY_BYTES, readLimitedBody } from '../http-hygiene.js';

/** Where the REST layer answers, and what its route table calls the path: Fineract's v2 API is `/v2/...`. */
export const API_PREFIXES: [prefix: string, routePrefix: string][] = [
  ['/api/v1', ''], ['/fineract-provider/api/v1', ''], ['/api/v2', '/v2'], ['/fineract-provider/api/v2', '/v2'],
];
export const MASKED_500_CODE = 'error.msg.platform.server.side.error';
/** Bytes that are not UTF-8, in a body or a query string: refused, never stored as U+FFFD. */
export const INVALID_ENCODING = 'error.msg.invalid.request.encoding';

/** The two API surfaces: the REST compatibility layer and GraphQL over HTTP. */
export type Surface = 'rest' | 'graphql';

/** What the edge itself refuses (or fails with), before or instead of any module's answer. */
export interface EdgeError {
  status: number;
  code: string;
  message: string;
  extensions?: Record<string, unknown>;
}

export const surfaceOf = (pathname: string): Surface | undefined =>
  API_PREFIXES.some(([p]) => pathname === p || pathname.startsWith(`${p}/`)) ? 'rest' : pathname === '/graphql' ? 'graphql' : undefined;

export const fromPlatformError = (error: PlatformError): EdgeError => ({ status: error.status, code: error.extensions.code, message: error.message, extensions: error.extensions });

export function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

/**
 * The one place the edge renders an error, in the caller's protocol: the Fineract envelope on REST (the
 * REST layer's formatter), GraphQL's `errors` with the same code and status in extensions on /graphql.
 */
export function errorBody(surface: Surface, error: EdgeError): string {
  const extensions = error.extensions ?? { code: error.code, status: error.status, errors: [] };
  if (surface === 'rest') return JSON.stringify(envelope(error.status, error.code, error.message, (extensions.errors as FieldError[] | undefined) ?? []));
  return JSON.stringify({ errors: [{ message: error.message, extensions }] });
}

export function sendError(res: ServerResponse, surface: Surface, error: EdgeError, headers: Record<string, string>): void {
  send(res, error.status, errorBody(surface, error), headers);
}

/** A request body, REST or GraphQL: JSON only (415) and bounded (413), read only once its caller is known. */
export async function readJsonBody(req: IncomingMessage, what = 'Request bodies'): Promise<BodyRead> {
  if (!isJsonContentType(req.headers['content-type'])) {
    return { kind: 'refused', status: 415, code: 'error.msg.unsupported.media.type', message: `${what} must be sent as application/json, in UTF-8.` };
  }
  const read = await readLimitedBody(req);
  if (read.kind === 'tooLarge') return { kind: 'refused', status: 413, code: 'error.msg.request.body.too.large', message: `Request bodies are limited to ${MAX_BODY_BYTES} bytes.` };
  if (read.kind === 'notUtf8') return { kind: 'refused', status: 400, code: INVALID_ENCODING, message: `${what} must be valid UTF-8.` };
  return read;
}

/** Seconds since a process.hrtime.bigint() reading. */
export const seconds = (since: bigint): number => Number(process.hrtime.bigint() - since) / 1e9;
