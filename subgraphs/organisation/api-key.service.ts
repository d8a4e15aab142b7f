import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { emit } from '../kernel/outbox.js';
import { todayIso } from '../kernel/scalars.js';
import { nextValue } from '../kernel/sequence.js';
import { apiKeysOf, insertApiKey, revokeApiKey, type ApiKeyRow } from './api-key.store.js';
import type { ForgetUserCredentials, UserService } from './user.service.js';
import { ORGANISATION_CODES } from './codes.js';

export const API_KEY_CREATED_EVENT = 'user.apikey.created';
export const API_KEY_REVOKED_EVENT = 'user.apikey.revoked';

/** Keys are `cbs_` and 32 random bytes in base64url: what the edge recognises as an API key. */
export const API_KEY_PREFIX = 'cbs_';
export const API_KEY_PATTERN = /^cbs_[A-Za-z0-9_-]{43}$/;
/** How much of a key is kept in clear, so its owner can tell keys apart (`cbs_` and 8 of its characters). */
const SHOWN_PREFIX = 12;

/** Hex SHA-256: how API keys (here) and session keys (AuthService) are stored and looked up. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const keyNotFound = (id: number) => errors.notFound(ORGANISATION_CODES.apikeyIdInvalid, `API key with identifier ${id} does not exist`, id);

export interface ApiKeyInput {
  name?: string | null;
  /** The last day the key is valid (UTC); none: until revoked. */
  expiresOn?: string | null;
}

/**
 * API keys for administrators' scripts: issued for a staff user by someone who could grant that user's roles,
 * shown once, stored only as a hash, acting with the user's permissions in the user's tenant. The edge
 * resolves them (AuthService.authenticateApiKey). The only writer of organisation.api_key.
 */
export class ApiKeyService {
  constructor(
    private readonly db: Database,
    private readonly users: UserService,
    private readonly forgetCredentials: ForgetUserCredentials,
  ) {}

  async issue(identity: Identity, userId: number, input: ApiKeyInput): Promise<{ key: string; row: ApiKeyRow }> {
    const actor = requireStaff(identity, 'CREATE_APIKEY');
    // An Idempotency-Key would keep the answer, and with it the key in clear, for replay.
    if (actor.idempotency) throw errors.badRequest(ORGANISATION_CODES.apikeyIdempotencyNotSupported, 'An API key is shown once: it cannot be issued under an Idempotency-Key.', 'Idempotency-Key');
    const v = new Validator('apikey');
    if (v.required('name', input.name)) v.maxLength('name', input.name!.trim(), 100);
    if (input.expiresOn != null) v.check(input.expiresOn >= todayIso(), 'expiresOn', 'cannot.be.in.the.past', 'The parameter `expiresOn` cannot be in the past.', input.expiresOn);
    v.throwIfAny();
    return this.db.tx(actor.tenantId, async (tx) => {
      await this.users.userForCredentials(tx, actor, userId, true);
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await insertApiKey(tx, {
        id: await nextValue(tx, 'api_key'), userId, name: input.name!.trim(), keyHash: sha256(key), keyPrefix: key.slice(0, SHOWN_PREFIX),
        expiresOn: input.expiresOn ?? null, createdBy: actor.userId,
      });
      await this.audit(tx, actor, API_KEY_CREATED_EVENT, 'CREATEAPIKEY', row);
      return { key, row };
    });
  }

  async list(identity: Identity, userId: number): Promise<ApiKeyRow[]> {
    const actor = requireStaff(identity, 'READ_APIKEY');
    return this.db.tx(actor.tenantId, async (tx) => {
      await this.users.userForCredentials(tx, actor, userId, false);
      return apiKeysOf(tx, userId);
    });
  }

  /** Revokes a key at once: this transaction marks it, and every instance forgets the user's cached credentials after commit. */
  async revoke(identity: Identity, userId: number, keyId: number): Promise<ApiKeyRow> {
    const actor = requireStaff(identity, 'DELETE_APIKEY');
    return this.db.tx(actor.tenantId, async (tx) => {
      await this.users.userForCredentials(tx, actor, userId, true);
      const row = await revokeApiKey(tx, userId, keyId, actor.userId);
      if (!row) throw keyNotFound(keyId);
      await this.audit(tx, actor, API_KEY_REVOKED_EVENT, 'REVOKEAPIKEY', row);
      const tenantId = tx.tenantId;
      tx.afterCommit(() => this.forgetCredentials(tenantId, userId));
      return row;
    });
  }

  /** Who issued or revoked which key of whom, when: an outbox event in the change's transaction (never the key). */
  private async audit(tx: Tx, actor: StaffIdentity, eventType: string, actionName: string, row: ApiKeyRow): Promise<void> {
    await emit(tx, {
      eventType,
      entityName: 'USER',
      actionName,
      data: { userId: row.userId, keyId: row.id, name: row.name, keyPrefix: row.keyPrefix, expiresOn: row.expiresOn, by: actor.userId, byUsername: actor.username, at: new Date().toISOString() },
    });
  }
}
