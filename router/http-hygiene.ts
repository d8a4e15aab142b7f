import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Request bodies above this are refused (413) before parsing, on REST and GraphQL alike. */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * An oversized body is still read (and discarded) up to this much, so the client can finish sending and
 * read its 413 instead of seeing a reset connection; past it the connection is closed.
 */
const MAX_DRAIN_BYTES = 32 * MAX_BODY_BYTES;

export type BodyRead = { kind: 'ok'; text: string } | { kind: 'tooLarge' } | { kind: 'notUtf8' };

/** Fatal: invalid UTF-8 is refused, not replaced with U+FFFD and stored as if the client had sent it. */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The client went away before its body arrived: nobody to answer, and not a fault of the service (499). */
export class ClientDisconnectedError extends Error {
  constructor() {
    super('the client closed the connection before its request body arrived');
  }
}

/** nginx's code for a request its client abandoned; logged, never sent. */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * Reads a request body of at most `limit` bytes. Past the limit nothing more is kept in memory; the
 * rest is drained so the 413 reaches the client.
 */
export function readLimitedBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = Number(req.headers['content-length'] ?? 0) > limit;
    const done = () => {
      if (over) return resolve({ kind: 'tooLarge' });
      try {
        resolve({ kind: 'ok', text: UTF8.decode(Buffer.concat(chunks)) });
      } catch {
        resolve({ kind: 'notUtf8' });
      }
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (!over && size > limit) {
        over = true;
        chunks.length = 0;
      }
      if (!over) chunks.push(chunk);
      else if (size > MAX_DRAIN_BYTES) {
        req.removeAllListeners('data');
        req.pause();
        resolve({ kind: 'tooLarge' });
      }
    });
    req.on('end', done);
    req.on('error', () => reject(new ClientDisconnectedError()));
    // A connection closed mid-body may end the request without an error: it never completes either.
    req.on('close', () => {
      if (!req.complete) reject(new ClientDisconnectedError());
    });
  });
}

/**
 * JSON content types the API reads, in UTF-8 (JSON's only encoding, RFC 8259); a body in anything else,
 * or declared in another charset, is 415. A missing content type is tolerated.
 */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined || header.trim() === '') return true;
  const [media, ...parameters] = header.split(';');
  const type = media!.trim().toLowerCase();
  const charset = parameters.map((p) => p.trim().split('=')).find(([name]) => name!.trim().toLowerCase() === 'charset')?.[1];
  if (charset !== undefined && !/^"?utf-?8"?$/i.test(charset.trim())) return false;
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** True when every percent-encoded name and value of a query string decodes to valid UTF-8. */
export function queryIsUtf8(search: string): boolean {
  for (const part of search.replace(/^\?/, '').split(/[&=]/)) {
    try {
      decodeURIComponent(part);
    } catch {
      return false;
    }
  }
  return true;
}

/** The caller's request id when it is a sane token, otherwise a new one; it ties log lines to a response. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : randomUUID();
}

/** Headers on every API response: no caching of account data, no MIME sniffing, HTTPS only. */
export function securityHeaders(requestId: string): Record<string, string> {
  return {
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'x-request-id': requestId,
  };
}

const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, Service-Platform-TenantId, Fineract-Platform-TenantId, Idempotency-Key, X-Request-Id, X-API-Key';
const CORS_ALLOW_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';

/**
 * CORS for the configured allowlist only (CORS_ORIGINS). An origin not on the list gets no CORS headers at
 * all, so a browser page elsewhere cannot read responses; credentials are allowed only for listed origins.
 */
export function corsHeaders(req: IncomingMessage, allowed: readonly string[]): Record<string, string> {
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || !allowed.includes(origin)) return allowed.length > 0 ? { vary: 'Origin' } : {};
  const headers: Record<string, string> = {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': 'X-Request-Id, Retry-After',
    vary: 'Origin',
  };
  if (req.method === 'OPTIONS') {
    headers['access-control-allow-methods'] = CORS_ALLOW_METHODS;
    headers['access-control-allow-headers'] = CORS_ALLOW_HEADERS;
    headers['access-control-max-age'] = '600';
  }
  return headers;
}
