import { pgArray } from '../../kernel/pg-array.js';
import type { Tx } from '../../kernel/tx.js';

/** groups.grouping and groups.client_member inside a tenant's transaction: the only SQL on centers and groups. */

export interface GroupingRow {
  id: number;
  level: number;
  accountNo: string;
  name: string;
  externalId: string | null;
  officeId: number;
  staffId: number | null;
  parentId: number | null;
  status: number;
  submittedOn: string;
  activatedOn: string | null;
  closedOn: string | null;
  closureReasonId: number | null;
}

const COLUMNS = `id, level, account_no as "accountNo", name, external_id as "externalId", office_id as "officeId", staff_id as "staffId",
  parent_id as "parentId", status, submitted_on::text as "submittedOn", activated_on::text as "activatedOn", closed_on::text as "closedOn",
  closure_reason_id as "closureReasonId"`;

export async function insertGrouping(tx: Tx, g: GroupingRow, by: number | null): Promise<void> {
  await tx.query(
    `insert into groups.grouping (tenant_id, id, level, account_no, name, external_id, office_id, staff_id, parent_id, status, submitted_on, activated_on,
       created_by, updated_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [tx.tenantId, g.id, g.level, g.accountNo, g.name, g.externalId, g.officeId, g.staffId, g.parentId, g.status, g.submittedOn, g.activatedOn, by, by],
  );
}

/** Writes every mutable column back (the command decided the new values under the row's lock). */
export async function updateGrouping(tx: Tx, g: GroupingRow, by: number | null): Promise<void> {
  await tx.query(
    `update groups.grouping set name = ?, external_id = ?, staff_id = ?, parent_id = ?, status = ?, submitted_on = ?, activated_on = ?, closed_on = ?,
       closure_reason_id = ?, updated_by = ?, updated_at = now()
     where tenant_id = ? and id = ?`,
    [g.name, g.externalId, g.staffId, g.parentId, g.status, g.submittedOn, g.activatedOn, g.closedOn, g.closureReasonId, by, tx.tenantId, g.id],
  );
}

/** Removes a pending grouping; its client memberships go with it (on delete cascade). */
export async function deleteGrouping(tx: Tx, id: number): Promise<void> {
  await tx.query(`update groups.grouping set parent_id = null where tenant_id = ? and parent_id = ?`, [tx.tenantId, id]);
  await tx.query(`delete from groups.grouping where tenant_id = ? and id = ?`, [tx.tenantId, id]);
}

/** A grouping of `level`; `lock` holds its row until the transaction ends (a command decides on it). */
export async function findGrouping(tx: Tx, level: number, id: number, lock = false): Promise<GroupingRow | null> {
  const rows = await tx.query<GroupingRow>(`select ${COLUMNS} from groups.grouping where tenant_id = ? and id = ? and level = ?${lock ? ' for update' : ''}`, [tx.tenantId, id, level]);
  return rows[0] ?? null;
}

export async function findGroupings(tx: Tx, level: number, ids: readonly number[]): Promise<GroupingRow[]> {
  if (ids.length === 0) return [];
  return tx.query<GroupingRow>(`select ${COLUMNS} from groups.grouping where tenant_id = ? and level = ? and id = any(?::integer[]) order by id`, [tx.tenantId, level, pgArray(ids)]);
}

export interface GroupingFilter {
  level: number;
  officeIds: readonly number[];
  staffId: number | null;
  name: string | null;
  externalId: string | null;
  parentId: number | null;
}

/** A page by id; the count of all that match only when `count` (Fineract's paged lists). */
export async function groupingPage(tx: Tx, f: GroupingFilter, offset: number, limit: number, count: boolean): Promise<{ total: number | null; items: GroupingRow[] }> {
  const where = `tenant_id = ? and level = ? and office_id = any(?::integer[]) and (?::integer is null or staff_id = ?::integer)
    and (?::text is null or name ilike ?::text) and (?::text is null or external_id = ?::text) and (?::integer is null or parent_id = ?::integer)`;
  const name = f.name === null ? null : `%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const params = [tx.tenantId, f.level, pgArray(f.officeIds), f.staffId, f.staffId, name, name, f.externalId, f.externalId, f.parentId, f.parentId];
  const total = count ? await tx.query<{ count: string }>(`select count(*)::text as count from groups.grouping where ${where}`, params) : null;
  const items = await tx.query<GroupingRow>(`select ${COLUMNS} from groups.grouping where ${where} order by id limit ? offset ?`, [...params, limit, offset]);
  return { total: total && Number(total[0]!.count), items };
}

export async function nameTaken(tx: Tx, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await tx.query(`select 1 from groups.grouping where tenant_id = ? and name = ? and id <> coalesce(?::integer, -1)`, [tx.tenantId, name, exceptId]);
  return rows.length > 0;
}

export async function externalIdTaken(tx: Tx, externalId: string, exceptId: number | null): Promise<boolean> {
  const rows = await tx.query(`select 1 from groups.grouping where tenant_id = ? and external_id = ? and id <> coalesce(?::integer, -1)`, [tx.tenantId, externalId, exceptId]);
  return rows.length > 0;
}

/** The groups of a center, by id. */
export async function childIds(tx: Tx, parentId: number): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(`select id from groups.grouping where tenant_id = ? and parent_id = ? order by id`, [tx.tenantId, parentId]);
  return rows.map((r) => r.id);
}

export async function setParent(tx: Tx, ids: readonly number[], parentId: number | null, by: number | null): Promise<void> {
  await tx.query(`update groups.grouping set parent_id = ?, updated_by = ?, updated_at = now() where tenant_id = ? and id = any(?::integer[])`, [parentId, by, tx.tenantId, pgArray(ids)]);
}

export async function memberIds(tx: Tx, groupId: number): Promise<number[]> {
  const rows = await tx.query<{ clientId: number }>(`select client_id as "clientId" from groups.client_member where tenant_id = ? and group_id = ? order by client_id`, [tx.tenantId, groupId]);
  return rows.map((r) => r.clientId);
}

export async function addMembers(tx: Tx, groupId: number, clientIds: readonly number[], joinedOn: string): Promise<void> {
  if (clientIds.length === 0) return;
  await tx.query(
    `insert into groups.client_member (tenant_id, group_id, client_id, joined_on) select ?, ?, unnest(?::integer[]), ?`,
    [tx.tenantId, groupId, pgArray(clientIds), joinedOn],
  );
}

export async function removeMembers(tx: Tx, groupId: number, clientIds: readonly number[]): Promise<void> {
  await tx.query(`delete from groups.client_member where tenant_id = ? and group_id = ? and client_id = any(?::integer[])`, [tx.tenantId, groupId, pgArray(clientIds)]);
}

/** The groups (level 2) a client belongs to, by id. */
export async function groupsOfClient(tx: Tx, clientId: number): Promise<GroupingRow[]> {
  return tx.query<GroupingRow>(
    `select ${COLUMNS} from groups.grouping
      where tenant_id = ? and level = 2 and id in (select group_id from groups.client_member where tenant_id = ? and client_id = ?) order by id`,
    [tx.tenantId, tx.tenantId, clientId],
  );
}
