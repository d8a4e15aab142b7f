import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { errors } from './errors.js';

/** What the edge attaches to the caller's identity when a write carries an Idempotency-Key (platform/idempotency.ts keeps it). */
export interface IdempotencyRequest {
  key: string;
  /** The client's request (method, path, query, body) hashed by the edge: the key reused with another is refused. */
  requestHash: string;
}

/**
 * Who is calling, as established once by the edge and forwarded to subgraphs in a signed header.
 * Subgraphs never see credentials, only this.
 */
export type Identity = StaffIdentity | CustomerIdentity | AnonymousIdentity;

interface IdentityBase {
  tenantId: string;
  /** The client's network address as the edge saw it (login throttling counts per address). */
  address?: string;
  /** This request's Idempotency-Key, when the caller sent one with a write (see platform/idempotency). */
  idempotency?: IdempotencyRequest;
}

export interface StaffIdentity extends IdentityBase {
  kind: 'staff';
  /** SHA-256 of the session key when the caller logged in (absent for raw Basic credentials); logout revokes it. */
  sessionHash?: string;
  userId: number;
  username: string;
  officeId: number;
  /** Office hierarchy path of the user's office (".", ".2."), for subtree scoping. */
  officeHierarchy: string;
  staffId: number | null;
  roleIds: number[];
  permissions: string[];
  /**
   * When the caller authenticated with an API key another user issued for this one: that issuer's user id.
   * Whoever holds the key can act as its user, so four-eyes checks count the issuer as the same pair of eyes.
   */
  delegatedBy?: number;
  /** That issuer's staff record, if any: a loan officer acting through a key he issued is still the loan's officer. */
  delegatedByStaffId?: number | null;
}

export interface CustomerIdentity extends IdentityBase {
  kind: 'customer';
  sessionHash?: string;
  userId: number;
  username: string;
  clientIds: number[];
  /** Signed in with a one-time password staff set: the session may only change it (and log out). */
  mustRenewPassword?: true;
}

export interface AnonymousIdentity extends IdentityBase {
  kind: 'anonymous';
}

/**
 * Who performs a command inside a transaction: a staff identity that the outer method has already
 * authorized. An in-transaction core `(tx, actor, input)` reads scope (office, staff id, roles) and the
 * audit user from it and checks no permission itself, so one transaction script can compose several
 * cores under the authorization it did once.
 */
export type Actor = StaffIdentity;

export const IDENTITY_HEADER = 'x-cbs-identity';
export const SIGNATURE_HEADER = 'x-cbs-signature';
/**
 * A forwarded identity older than this is refused. The edge signs each subgraph request as it sends it,
 * so seconds suffice; a captured header is also bound to one subgraph and one exact body.
 */
const MAX_AGE_MS = 30 * 1000;

/**
 * What the signature covers. `audience` is the target subgraph's name, or `subscription` for a graphql-ws
 * connection (no body: its hash is of the empty string); `bodyHash` is the SHA-256 of the exact request body.
 */
export interface SignedEnvelope {
  identity: Identity;
  issuedAt: number;
  audience: string;
  bodyHash: string;
}

export const SUBSCRIPTION_AUDIENCE = 'subscription';

export function bodyHash(body: string): string {
  return createHash('sha256').update(body).digest('base64url');
}

function mac(key: string, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/** Signs `identity` for one request to `audience` carrying exactly `body`. */
export function signIdentity(identity: Identity, key: string, audience: string, body: string, now = Date.now()): { identity: string; signature: string } {
  const envelope: SignedEnvelope = { identity, issuedAt: now, audience, bodyHash: bodyHash(body) };
  const payload = Buffer.from(JSON.stringify(envelope)).toString('base64url');
  return { identity: payload, signature: mac(key, payload) };
}

/** Returns the identity when the signature is valid, fresh, meant for `audience` and for this `body`; otherwise null. */
export function verifyIdentity(payload: string | undefined, signature: string | undefined, key: string, audience: string, body: string, now = Date.now()): Identity | null {
  if (!payload || !signature) return null;
  const expected = Buffer.from(mac(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const envelope = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignedEnvelope;
    if (typeof envelope.issuedAt !== 'number' || Math.abs(now - envelope.issuedAt) > MAX_AGE_MS) return null;
    if (envelope.audience !== audience || envelope.bodyHash !== bodyHash(body)) return null;
    return envelope.identity;
  } catch {
    return null;
  }
}

/** Who acted, as a four-eyes check compares it: the user and, when they acted with another user's API key for them, its issuer. */
export interface Eyes {
  userId: number;
  delegatedBy?: number | null;
}

/**
 * Four eyes: whether two acts may have been one person's. Each act stands for its user and the issuer of the
 * key it was made with (who can act as that user whenever he likes), so a checker is refused when he or his
 * key's issuer made the entry, when the maker's key was issued by him, or when both keys come from one issuer.
 */
export function sameEyes(a: Eyes, b: Eyes): boolean {
  const first = [a.userId, a.delegatedBy ?? null];
  return [b.userId, b.delegatedBy ?? null].some((id) => id !== null && first.includes(id));
}

export const ALL_FUNCTIONS = 'ALL_FUNCTIONS';
export const ALL_FUNCTIONS_READ = 'ALL_FUNCTIONS_READ';

export function hasPermission(identity: Identity, permission: string): boolean {
  if (identity.kind !== 'staff') return false;
  const granted = identity.permissions;
  return (
    granted.includes(ALL_FUNCTIONS) ||
    granted.includes(permission) ||
    (permission.startsWith('READ_') && granted.includes(ALL_FUNCTIONS_READ))
  );
}

/** The authorization check at the top of every staff operation. */
export function requireStaff(identity: Identity, permission: string): StaffIdentity {
  if (identity.kind === 'anonymous') throw errors.unauthenticated();
  if (identity.kind !== 'staff' || !hasPermission(identity, permission)) {
    throw errors.forbidden(`User has no authority to: ${permission}`);
  }
  return identity;
}

export function requireCustomer(identity: Identity): CustomerIdentity {
  if (identity.kind === 'anonymous') throw errors.unauthenticated();
  if (identity.kind !== 'customer') throw errors.forbidden('Only self-service users may call this operation.');
  return identity;
}

/** Audit "by" value: the user id of whoever acts, null for anonymous flows (login, registration). */
export function actorId(identity: Identity): number | null {
  return identity.kind === 'anonymous' ? null : identity.userId;
}
