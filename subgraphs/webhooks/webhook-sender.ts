import { lookup as dnsLookup, promises as dns, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from './domain/target-address.js';

export interface SendResult {
  statusCode: number | null;
  retryAfter?: string;
  error?: string;
  durationMs: number;
}

/** Refused before connecting: the resolved address is private and the tenant does not allow that. */
export class PrivateTargetError extends Error {}

/**
 * The lookup the socket connects with, so the private-address check applies to the address actually used
 * (a hostname cannot resolve to a public address at registration and a private one at delivery).
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const usable = allowPrivate ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
      if (usable.length === 0) return callback(new PrivateTargetError(`${hostname} resolves only to private addresses`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/**
 * The addresses a payload URL's host name resolves to now, for the check at registration (delivery checks
 * the address it connects to again). None for an IP literal, an invalid URL or a name that does not
 * resolve: the form check and delivery's guard decide those.
 */
export async function resolvePayloadHost(url: string | undefined): Promise<string[]> {
  let host: string;
  try {
    host = new URL(url ?? '').hostname.replace(/^\[|\]$/g, '');
  } catch {
    return [];
  }
  if (host === '' || isIP(host) !== 0) return [];
  try {
    return (await dns.lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return [];
  }
}

/**
 * Kept-alive connections, so a hook's deliveries in a row reuse one connection instead of connecting each
 * time. Tenants that may reach private addresses get agents of their own: a socket's address is checked when
 * it connects, so a socket one of them opened must never carry another tenant's delivery.
 */
const AGENTS = {
  public: { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) },
  private: { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) },
};

/** One POST of a delivery: at most `timeoutMs` for connect, send and response; the response body is read and dropped. */
export function send(url: string, body: string, headers: Record<string, string>, options: { timeoutMs: number; allowPrivate: boolean }): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ statusCode: null, error: 'invalid payload URL', durationMs: 0 });
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) {
      resolve({ statusCode: null, error: 'target address is private (webhooks-allow-private-targets is off)', durationMs: 0 });
      return;
    }
    const requestOptions: RequestOptions = {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup(options.allowPrivate),
      agent: AGENTS[options.allowPrivate ? 'private' : 'public'][target.protocol === 'https:' ? 'https' : 'http'],
      signal: AbortSignal.timeout(options.timeoutMs),
    };
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, requestOptions, (res) => {
      res.resume();
      res.on('end', () => {
        const retryAfter = res.headers['retry-after'];
        resolve({ statusCode: res.statusCode ?? null, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, durationMs: elapsed() });
      });
      res.on('error', (error) => resolve({ statusCode: null, error: describe(error), durationMs: elapsed() }));
    });
    request.on('error', (error) => resolve({ statusCode: null, error: describe(error), durationMs: elapsed() }));
    request.end(body);
  });
}

function describe(error: Error): string {
  if (error instanceof PrivateTargetError) return `${error.message} (webhooks-allow-private-targets is off)`;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timed out';
  const code = (error as NodeJS.ErrnoException).code;
  return (code ? `${code}: ${error.message}` : error.message).slice(0, 500);
}
