import type { Tx } from '../../kernel/tx.js';

/* organisation.app_user and its sessions: lookups by name and the writes no entity covers. Caller's transaction. */

/** Live users (not deleted) whose username matches, compared as the login compares it (case-insensitive). */
export async function liveUserIdsNamed(tx: Tx, username: string): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(`select id from organisation.app_user where tenant_id = ? and lower(username) = lower(?::text) and not deleted`, [tx.tenantId, username]);
  return rows.map((r) => Number(r.id));
}

/** The enabled, live user who would log in with `username`, or null. */
export async function activeUserIdNamed(tx: Tx, username: string): Promise<number | null> {
  const rows = await tx.query<{ id: number }>(
    `select id from organisation.app_user where tenant_id = ? and lower(username) = lower(?::text) and not deleted and enabled`,
    [tx.tenantId, username],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** Enabled staff users holding `roleId` at `officeId` or any office above it, by id. */
export async function usersWithRoleAtOrAbove(tx: Tx, roleId: number, officeId: number): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `select u.id from organisation.app_user u
       join organisation.user_role ur on ur.tenant_id = u.tenant_id and ur.user_id = u.id and ur.role_id = ?
       join organisation.office o on o.tenant_id = u.tenant_id and o.id = u.office_id
       join organisation.office target on target.tenant_id = u.tenant_id and target.id = ?
      where u.tenant_id = ? and u.enabled and not u.deleted and not u.is_self_service_user and target.hierarchy like o.hierarchy || '%'
      order by u.id`,
    [roleId, officeId, tx.tenantId],
  );
  return rows.map((r) => Number(r.id));
}

/** Revokes every live session of the user. */
export async function revokeSessionsOf(tx: Tx, userId: number): Promise<void> {
  await tx.query(`update organisation.session set revoked_at = now() where tenant_id = ? and user_id = ? and revoked_at is null`, [tx.tenantId, userId]);
}
