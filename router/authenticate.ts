import type { IncomingMessage } from 'node:http';
import { errors } from '../subgraphs/kernel/errors.js';
import type { Identity } from '../subgraphs/kernel/identity.js';
import type { CredentialRevocation } from '../subgraphs/kernel/revocation.js';

/**
 * What the edge needs to establish callers and to hear of revoked credentials: a port, which the
 * organisation module's AuthService implements and the composition root hands to the edge.
 */
export interface Authenticator {
  tenantExists(tenantId: string): Promise<boolean>;
  /** A session key or base64 `username:password`, or null when it does not hold. */
  authenticate(tenantId: string, credential: string, address?: string): Promise<Identity | null>;
  /** An administrator's API key, or null when it does not hold. */
  authenticateApiKey(tenantId: string, key: string, address?: string): Promise<Identity | null>;
  /** Calls `listener` with every revocation, wherever it happened; answers the unsubscribe. */
  onRevoked(listener: (revocation: CredentialRevocation) => void): () => void;
}

export const TENANT_HEADERS = ['service-platform-tenantid', 'fineract-platform-tenantid'];

export interface CallerCredentials {
  tenant: string | null;
  authorization: string | null;
  /** An API key sent as `X-API-Key` (it may also come as `Authorization: Bearer`). */
  apiKey?: string | null;
}

/** Reads the tenant (header, its Fineract alias, or ?tenantIdentifier=) and the Authorization header. */
export function credentialsFrom(headers: Record<string, string | string[] | undefined>, url: URL): CallerCredentials {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const tenant = TENANT_HEADERS.map(header).find(Boolean) ?? url.searchParams.get('tenantIdentifier') ?? null;
  return { tenant: tenant?.trim() || null, authorization: header('authorization') ?? null, apiKey: header('x-api-key') ?? null };
}

/**
 * The same credentials from a graphql-ws connection: its connectionParams carry the tenant and
 * Authorization as HTTP headers do (any case), or the tenant as `tenantIdentifier`.
 */
export function credentialsFromConnectionParams(params: Readonly<Record<string, unknown>>): CallerCredentials {
  const headers = Object.fromEntries(Object.entries(params).filter(([, v]) => typeof v === 'string').map(([k, v]) => [k.toLowerCase(), v as string]));
  const url = new URL('wss://edge/graphql');
  if (headers.tenantidentifier) url.searchParams.set('tenantIdentifier', headers.tenantidentifier);
  return credentialsFrom(headers, url);
}

/** The TCP peer: the address login throttling counts per (a proxy in front would need its own trust rule). */
export function clientAddress(req: IncomingMessage): string | undefined {
  return req.socket.remoteAddress ?? undefined;
}

/**
 * Establishes who calls, once per request at the edge. A missing tenant is 400; an unknown tenant is
 * answered exactly like wrong credentials on a known one (401), so tenant slugs cannot be probed;
 * no credentials at all is an anonymous caller (login, registration), which the subgraphs refuse for
 * everything else.
 */
export async function authenticate(auth: Authenticator, credentials: CallerCredentials, address?: string): Promise<Identity> {
  if (!credentials.tenant) {
    throw errors.badRequest('error.msg.tenant.identifier.missing', 'The tenant is required: send the Service-Platform-TenantId header or the tenantIdentifier parameter.', 'tenantIdentifier');
  }
  if (credentials.tenant.length > 100 || !(await auth.tenantExists(credentials.tenant))) throw errors.unauthenticated('Unauthenticated. Please login.');
  if (!credentials.authorization && !credentials.apiKey) return { kind: 'anonymous', tenantId: credentials.tenant, ...(address ? { address } : {}) };
  let identity: Identity | null = null;
  if (credentials.authorization) {
    const basic = /^Basic\s+(\S{1,1024})\s*$/i.exec(credentials.authorization);
    const bearer = /^Bearer\s+(\S{1,1024})\s*$/i.exec(credentials.authorization);
    if (basic) identity = await auth.authenticate(credentials.tenant, basic[1]!, address);
    else if (bearer) identity = await auth.authenticateApiKey(credentials.tenant, bearer[1]!, address);
  } else if (credentials.apiKey && credentials.apiKey.length <= 1024) {
    identity = await auth.authenticateApiKey(credentials.tenant, credentials.apiKey.trim(), address);
  }
  if (!identity) throw errors.unauthenticated('Unauthenticated. Please login.');
  // A signed-in caller's address too: checking a current password (a password change) is throttled per address.
  return address ? { ...identity, address } : identity;
}
