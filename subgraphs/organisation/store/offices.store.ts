import type { Tx } from '../../kernel/tx.js';

/* organisation.office: the reads and the subtree move the entity cannot express. Caller's transaction. */

/** The office directly under `parentId` with this name (case-insensitive), read from the table, or null. */
export async function childOfficeIdNamed(tx: Tx, parentId: number, name: string): Promise<number | null> {
  const rows = await tx.query<{ id: number }>(
    `select id from organisation.office where tenant_id = ? and parent_id = ? and lower(name) = lower(?::text)`,
    [tx.tenantId, parentId, name],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** An office's hierarchy path ('.1.4.'), or null when there is no such office. */
export async function officeHierarchy(tx: Tx, officeId: number): Promise<string | null> {
  const rows = await tx.query<{ hierarchy: string }>(`select hierarchy from organisation.office where tenant_id = ? and id = ?`, [tx.tenantId, officeId]);
  return rows[0]?.hierarchy ?? null;
}

/** Moves a whole subtree: every office whose path starts with `oldPrefix` gets `newPrefix` instead. */
export async function movePaths(tx: Tx, oldPrefix: string, newPrefix: string): Promise<void> {
  await tx.query(
    `update organisation.office set hierarchy = ?::text || substr(hierarchy, ?::int) where tenant_id = ? and hierarchy like ?`,
    [newPrefix, oldPrefix.length + 1, tx.tenantId, `${oldPrefix}%`],
  );
}
