import { randomBytes } from 'node:crypto';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, PlatformError } from '../kernel/errors.js';
import { hasForbiddenCharacters } from '../kernel/forbidden-characters.js';
import type { CustomerIdentity, Identity, StaffIdentity } from '../kernel/identity.js';
import { revocationCovers, type CredentialRevocation } from '../kernel/revocation.js';
import { API_KEY_PATTERN, sha256 } from './api-key.service.js';
import { useApiKey } from './api-key.store.js';
import { LoginThrottle } from './login-throttle.js';
import { DatabaseLoginFailures } from './store/login-failures.store.js';
import { Office } from './office.entity.js';
import { dummyPasswordHash, verifyPassword } from './password.js';
import type { RoleService } from './role.service.js';
import { Role } from './role.entity.js';
import { Session } from './session.entity.js';
import { Staff } from './staff.entity.js';
import { Tenant } from './tenant.entity.js';
import { AppUser, UserClient, UserRole } from './user.entity.js';
import { ORGANISATION_CODES } from './codes.js';
import { activeUserIdNamed } from './store/users.store.js';

export interface LoginResult {
  key: string;
  identity: StaffIdentity | CustomerIdentity;
  user: AppUser;
  officeName: string;
  staffDisplayName: string | null;
  roles: Role[];
  shouldRenewPassword: boolean;
}

/** Passwords older than this must be renewed at next login (unless the user is exempt). */
const PASSWORD_MAX_AGE_MS = 90 * 24 * 3600 * 1000;
/**
 * How long this instance may keep serving a verified credential without asking the database. A revocation
 * (logout, password or role change, disable, delete) clears this instance's entries at once; another
 * instance's cache is the only thing that can lag, and never by more than this.
 */
export const CREDENTIAL_CACHE_MS = 5_000;
const MAX_CACHE_ENTRIES = 10_000;

/** Failed API keys are counted as failed logins of this name from the address (no username is guessed). */
const API_KEY_THROTTLE_NAME = '\u0000api-key';

const badCredentials = () => errors.unauthenticated('Unauthenticated. Please login.');
const throttled = (retryAfterSeconds: number) => {
  const message = `Too many failed logins; try again in ${retryAfterSeconds} seconds.`;
  const error = new PlatformError('tooManyRequests', message, [
    { code: ORGANISATION_CODES.loginThrottled, message, parameterName: 'username', args: [retryAfterSeconds] },
    { code: ORGANISATION_CODES.userLoginTemporarilyLocked, message, parameterName: 'username', args: [retryAfterSeconds] },
  ]);
  error.extensions.retryAfter = retryAfterSeconds;
  return error;
};

/**
 * Logins and sessions. Session keys are random, stored hashed, expire, and are revoked at logout.
 * The edge calls `authenticate` once per request; a short in-memory cache keeps that off the database
 * (a revoked key can live on another instance for at most CREDENTIAL_CACHE_MS).
 */
export class AuthService {
  private readonly cache = new Map<string, { identity: StaffIdentity | CustomerIdentity; until: number }>();
  private readonly knownTenants = new Map<string, number>();
  private readonly forgetListeners: ((revocation: CredentialRevocation) => void)[] = [];
  private readonly revokedListeners = new Set<(revocation: CredentialRevocation) => void>();

  constructor(
    private readonly db: Database,
    private readonly roles: RoleService,
    private readonly sessionTtlSeconds: number,
    private readonly throttle: LoginThrottle = new LoginThrottle(new DatabaseLoginFailures(db)),
  ) {}

  async tenantExists(tenantId: string): Promise<boolean> {
    const cachedUntil = this.knownTenants.get(tenantId);
    if (cachedUntil && cachedUntil > Date.now()) return true;
    const tenant = await this.db.system((em) => em.findOne(Tenant, { id: tenantId }));
    if (tenant) this.knownTenants.set(tenantId, Date.now() + 60_000);
    return tenant !== null;
  }

  async login(tenantId: string, username: string, password: string, channel: 'staff' | 'self', address?: string): Promise<LoginResult> {
    const verdict = await this.throttle.check(tenantId, username, address);
    if (!verdict.allowed) throw throttled(verdict.retryAfterSeconds);
    const user = await this.db.tx(tenantId, (tx) => this.findActiveUser(tx, username));
    // The hash is checked outside any transaction: it is slow on purpose and must not hold a connection.
    if (!(await this.passwordMatches(user, password)) || !user || (channel === 'self') !== user.isSelfServiceUser) {
      await this.throttle.recordFailure(tenantId, username, address, verdict);
      throw badCredentials();
    }
    await this.throttle.recordSuccess(tenantId, username, address);
    const key = randomBytes(32).toString('base64url');
    return this.db.tx(tenantId, async (tx) => {
      const session = new Session();
      session.tenantId = tenantId;
      session.keyHash = sha256(key);
      session.userId = user.id;
      session.expiresAt = new Date(Date.now() + this.sessionTtlSeconds * 1000);
      await tx.em.persist(session).flush();
      const identity = await this.identityOf(tx, user);
      // A customer's identity carries no roles (it acts only on its own records); its login still shows them.
      const roleIds = identity.kind === 'staff' ? identity.roleIds : (await tx.em.find(UserRole, { userId: user.id }, { orderBy: { roleId: 'asc' } })).map((r) => r.roleId);
      const roles = roleIds.length ? await tx.em.find(Role, { id: { $in: roleIds } }, { orderBy: { id: 'asc' } }) : [];
      const office = await tx.em.findOneOrFail(Office, { id: user.officeId });
      const staff = user.staffId ? await tx.em.findOne(Staff, { id: user.staffId }) : null;
      const passwordAge = Date.now() - (user.lastPasswordChangeAt ?? user.createdAt).getTime();
      return {
        key,
        identity,
        user,
        officeName: office.name,
        staffDisplayName: staff?.displayName ?? null,
        roles,
        shouldRenewPassword: user.mustChangePassword || (!user.passwordNeverExpires && passwordAge > PASSWORD_MAX_AGE_MS),
      };
    });
  }

  /**
   * Resolves an `Authorization: Basic <value>` header: first as a session key, then as Fineract's raw
   * base64(username:password). Returns null when neither authenticates.
   */
  async authenticate(tenantId: string, credential: string, address?: string): Promise<StaffIdentity | CustomerIdentity | null> {
    // Keyed by kind too: an API key sent as Basic must not be served from authenticateApiKey's entry.
    const cacheKey = sha256(`basic\u0000${tenantId}\u0000${credential}`);
    const cached = this.cache.get(cacheKey);
    if (cached && cached.until > Date.now()) return cached.identity;
    const bySession = await this.db.tx(tenantId, async (tx) => {
      const session = await tx.em.findOne(Session, { keyHash: sha256(credential) });
      if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) return null;
      const user = await tx.em.findOne(AppUser, { id: session.userId, deleted: false, enabled: true });
      return user ? { identity: { ...(await this.identityOf(tx, user)), sessionHash: session.keyHash }, expiresAt: session.expiresAt.getTime() } : null;
    });
    if (bySession) {
      // Never cache a key past its own expiry.
      this.remember(cacheKey, bySession.identity, Math.min(CREDENTIAL_CACHE_MS, bySession.expiresAt - Date.now()));
      return bySession.identity;
    }
    const decoded = Buffer.from(credential, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    // A revoked session key decodes to random bytes, which may hold a ':' and a NUL that PostgreSQL
    // refuses: such a credential names no user (401), it must not reach a query (500).
    if (colon <= 0 || hasForbiddenCharacters(decoded)) return null;
    const username = decoded.slice(0, colon);
    const verdict = await this.throttle.check(tenantId, username, address);
    if (!verdict.allowed) return null;
    const user = await this.db.tx(tenantId, (tx) => this.findActiveUser(tx, username));
    if (!(await this.passwordMatches(user, decoded.slice(colon + 1))) || !user) {
      await this.throttle.recordFailure(tenantId, username, address, verdict);
      return null;
    }
    await this.throttle.recordSuccess(tenantId, username, address);
    const identity = await this.db.tx(tenantId, (tx) => this.identityOf(tx, user));
    this.remember(cacheKey, identity, CREDENTIAL_CACHE_MS);
    return identity;
  }

  /**
   * Resolves an API key (`Authorization: Bearer cbs_...` or `X-API-Key`) in the caller's tenant: the key's
   * user, with that user's current permissions, while the key is neither revoked nor expired and the user
   * is enabled. A key of another tenant is simply unknown here. Failures count like failed logins from the
   * address (throttled past the same limits, 429); successes are cached like other credentials, and a
   * revocation clears them everywhere through forgetUser.
   */
  async authenticateApiKey(tenantId: string, key: string, address?: string): Promise<StaffIdentity | null> {
    const cacheKey = sha256(`apikey\u0000${tenantId}\u0000${key}`);
    const cached = this.cache.get(cacheKey);
    if (cached && cached.until > Date.now() && cached.identity.kind === 'staff') return cached.identity;
    const verdict = await this.throttle.check(tenantId, API_KEY_THROTTLE_NAME, address);
    if (!verdict.allowed) throw throttled(verdict.retryAfterSeconds);
    const found = API_KEY_PATTERN.test(key)
      ? await this.db.tx(tenantId, async (tx) => {
          const used = await useApiKey(tx, sha256(key));
          // useApiKey's conditions again: under read committed, a disable or delete committed since its statement shows here.
          const user = used === null ? null : await tx.em.findOne(AppUser, { id: used.userId, deleted: false, enabled: true, isSelfServiceUser: false });
          if (used === null || !user) return null;
          const identity = await this.staffIdentityOf(tx, user);
          // Whoever issued another user's key can act as that user: four-eyes checks count him too (kernel sameEyes).
          if (used.issuedBy === null || used.issuedBy === user.id) return identity;
          const issuer = await tx.em.findOne(AppUser, { id: used.issuedBy });
          return { ...identity, delegatedBy: used.issuedBy, delegatedByStaffId: issuer?.staffId ?? null };
        })
      : null;
    if (!found) {
      await this.throttle.recordFailure(tenantId, API_KEY_THROTTLE_NAME, address, verdict);
      return null;
    }
    this.remember(cacheKey, found, CREDENTIAL_CACHE_MS);
    return found;
  }

  /**
   * A signed-in user's own current password, as a password change requires it: throttled and counted under
   * the user's name from the caller's address exactly as a login is (429 once blocked, 401 when wrong).
   */
  async verifyOwnPassword(identity: StaffIdentity | CustomerIdentity, password: string): Promise<void> {
    const { tenantId, username, address } = identity;
    const verdict = await this.throttle.check(tenantId, username, address);
    if (!verdict.allowed) throw throttled(verdict.retryAfterSeconds);
    const user = await this.db.tx(tenantId, (tx) => tx.em.findOne(AppUser, { id: identity.userId, deleted: false, enabled: true }));
    if (!(await this.passwordMatches(user, password))) {
      await this.throttle.recordFailure(tenantId, username, address, verdict);
      throw badCredentials();
    }
    await this.throttle.recordSuccess(tenantId, username, address);
  }

  /**
   * The same scrypt work whether or not the user exists (a dummy hash for unknown users), so the time a
   * wrong password takes does not tell which usernames exist.
   */
  private async passwordMatches(user: AppUser | null, password: string): Promise<boolean> {
    const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    return user !== null && matches;
  }

  /**
   * Ends every cached credential of one user on this instance at once (sessions, raw Basic, API keys), and
   * announces it to the other instances. The database rows are revoked by the caller's transaction.
   */
  forgetUser(tenantId: string, userId: number): void {
    this.revoke({ tenantId, userId });
  }

  /** A role's permissions changed: every cached identity of the tenant is rebuilt on its next use. */
  forgetTenant(tenantId: string): void {
    this.revoke({ tenantId });
  }

  private revoke(revocation: CredentialRevocation): void {
    this.forgetLocally(revocation);
    for (const listener of this.forgetListeners) listener(revocation);
  }

  /**
   * Applies a revocation on this instance only (made here, or announced by another instance): clears the
   * credential cache and tells `onRevoked` listeners, which end the streams opened with those credentials.
   */
  forgetLocally(revocation: CredentialRevocation): void {
    for (const [key, entry] of this.cache) if (revocationCovers(revocation, entry.identity)) this.cache.delete(key);
    for (const listener of this.revokedListeners) listener(revocation);
  }

  /** Tells `listener` of every revocation made on this instance (to share it with other instances). */
  onForget(listener: (revocation: CredentialRevocation) => void): void {
    this.forgetListeners.push(listener);
  }

  /** Tells `listener` of every revocation applied on this instance, wherever it was made; returns its removal. */
  onRevoked(listener: (revocation: CredentialRevocation) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  /** Revokes the caller's session. Raw Basic credentials have no session: there is nothing to revoke. */
  async logout(identity: Identity): Promise<boolean> {
    if (identity.kind === 'anonymous') throw errors.unauthenticated();
    if (!identity.sessionHash) return false;
    const revoked = await this.db.tx(identity.tenantId, async (tx) => {
      const count = await tx.em.nativeUpdate(Session, { keyHash: identity.sessionHash, userId: identity.userId, revokedAt: null }, { revokedAt: new Date() });
      return count > 0;
    });
    // After the commit: an instance told earlier could re-read the session as still valid and cache it.
    this.revoke({ tenantId: identity.tenantId, userId: identity.userId, sessionHash: identity.sessionHash });
    return revoked;
  }

  private remember(key: string, identity: StaffIdentity | CustomerIdentity, ttl: number): void {
    if (this.cache.size >= MAX_CACHE_ENTRIES) {
      const now = Date.now();
      for (const [k, entry] of this.cache) if (entry.until <= now) this.cache.delete(k);
      // Still full of live entries: drop the oldest; they are re-verified on their next use.
      for (const k of this.cache.keys()) {
        if (this.cache.size < MAX_CACHE_ENTRIES) break;
        this.cache.delete(k);
      }
    }
    this.cache.set(key, { identity, until: Date.now() + ttl });
  }

  private async findActiveUser(tx: Tx, username: string): Promise<AppUser | null> {
    const id = await activeUserIdNamed(tx, username);
    return id === null ? null : tx.em.findOne(AppUser, { id });
  }

  private async identityOf(tx: Tx, user: AppUser): Promise<StaffIdentity | CustomerIdentity> {
    if (user.isSelfServiceUser) {
      const clients = await tx.em.find(UserClient, { userId: user.id }, { orderBy: { clientId: 'asc' } });
      return {
        kind: 'customer', tenantId: tx.tenantId, userId: user.id, username: user.username, clientIds: clients.map((c) => c.clientId),
        ...(user.mustChangePassword ? { mustRenewPassword: true as const } : {}),
      };
    }
    return this.staffIdentityOf(tx, user);
  }

  private async staffIdentityOf(tx: Tx, user: AppUser): Promise<StaffIdentity> {
    const roleIds = (await tx.em.find(UserRole, { userId: user.id }, { orderBy: { roleId: 'asc' } })).map((r) => r.roleId);
    const office = await tx.em.findOneOrFail(Office, { id: user.officeId });
    return {
      kind: 'staff',
      tenantId: tx.tenantId,
      userId: user.id,
      username: user.username,
      officeId: user.officeId,
      officeHierarchy: office.hierarchy,
      staffId: user.staffId,
      roleIds,
      permissions: await this.roles.permissionCodes(tx, roleIds),
    };
  }
}
