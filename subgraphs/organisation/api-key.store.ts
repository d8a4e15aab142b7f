import type { Tx } from '../kernel/tx.js';

export interface ApiKeyRow {
  id: number;
  userId: number;
  name: string;
  keyPrefix: string;
  expiresOn: string | null;
  lastUsedAt: string | null;
  createdAt: string;
  createdBy: number | null;
  revokedAt: string | null;
}

const COLUMNS = `id, user_id as "userId", name, key_prefix as "keyPrefix", to_char(expires_on, 'YYYY-MM-DD') as "expiresOn",
  last_used_at as "lastUsedAt", created_at as "createdAt", created_by as "createdBy", revoked_at as "revokedAt"`;

const toRow = (r: ApiKeyRow): ApiKeyRow => ({
  ...r,
  id: Number(r.id),
  userId: Number(r.userId),
  createdBy: r.createdBy == null ? null : Number(r.createdBy),
  lastUsedAt: r.lastUsedAt == null ? null : new Date(r.lastUsedAt).toISOString(),
  createdAt: new Date(r.createdAt).toISOString(),
  revokedAt: r.revokedAt == null ? null : new Date(r.revokedAt).toISOString(),
});

export async function insertApiKey(tx: Tx, key: { id: number; userId: number; name: string; keyHash: string; keyPrefix: string; expiresOn: string | null; createdBy: number }): Promise<ApiKeyRow> {
  const rows = await tx.query<ApiKeyRow>(
    `insert into organisation.api_key (tenant_id, id, user_id, name, key_hash, key_prefix, expires_on, created_by) values (?, ?, ?, ?, ?, ?, ?::date, ?) returning ${COLUMNS}`,
    [tx.tenantId, key.id, key.userId, key.name, key.keyHash, key.keyPrefix, key.expiresOn, key.createdBy],
  );
  return toRow(rows[0]!);
}

export async function apiKeysOf(tx: Tx, userId: number): Promise<ApiKeyRow[]> {
  const rows = await tx.query<ApiKeyRow>(`select ${COLUMNS} from organisation.api_key where tenant_id = ? and user_id = ? order by id`, [tx.tenantId, userId]);
  return rows.map(toRow);
}

/** Revokes a key of the user; null when the user has no such key or it was already revoked. */
export async function revokeApiKey(tx: Tx, userId: number, keyId: number, by: number): Promise<ApiKeyRow | null> {
  const rows = await tx.query<ApiKeyRow>(
    `update organisation.api_key set revoked_at = now(), revoked_by = ? where tenant_id = ? and user_id = ? and id = ? and revoked_at is null returning ${COLUMNS}`,
    [by, tx.tenantId, userId, keyId],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/**
 * The id of the user a key acts for and of the user who issued it, when the key is live: not revoked, not
 * past its expiry date, and its user a staff user (not self-service), enabled and not deleted. Records the use.
 */
export async function useApiKey(tx: Tx, keyHash: string): Promise<{ userId: number; issuedBy: number | null } | null> {
  const rows = await tx.query<{ userId: number; issuedBy: number | null }>(
    `update organisation.api_key k set last_used_at = now()
       from organisation.app_user u
      where k.tenant_id = ? and k.key_hash = ? and k.revoked_at is null and (k.expires_on is null or k.expires_on >= (now() at time zone 'UTC')::date)
        and u.tenant_id = k.tenant_id and u.id = k.user_id and u.enabled and not u.deleted and not u.is_self_service_user
      returning k.user_id as "userId", k.created_by as "issuedBy"`,
    [tx.tenantId, keyHash],
  );
  return rows[0] ? { userId: Number(rows[0].userId), issuedBy: rows[0].issuedBy == null ? null : Number(rows[0].issuedBy) } : null;
}
