import type { Tx } from '../kernel/tx.js';
import { CASHIER_COLUMNS, TELLER_COLUMNS, type CashierRow, type TellerRow } from './till.store.js';
import { pgArray } from '../kernel/pg-array.js';

/*
 * The till schema's tellers and cashiers (counter positions and the staff assigned to them): every
 * function runs in the caller's transaction.
 */

/** A teller's columns as written; `id` is drawn by the caller (kernel sequence). */
export interface TellerWrite {
  officeId: number;
  name: string;
  description: string | null;
  startDate: string;
  endDate: string | null;
  status: number;
}

/** A cashier assignment's columns as written. */
export interface CashierWrite {
  staffId: number;
  description: string | null;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  startTime: string | null;
  endTime: string | null;
}

/** Tellers at the given offices (null: every office), optionally at one office; the first 200 by id. */
export function tellers(tx: Tx, officeIds: readonly number[] | null, officeId: number | null): Promise<TellerRow[]> {
  return tx.query<TellerRow>(
    `select ${TELLER_COLUMNS} from till.teller
      where tenant_id = ? and (?::int[] is null or office_id = any(?::int[])) and (?::int is null or office_id = ?::int) order by id limit 200`,
    [tx.tenantId, intArray(officeIds), intArray(officeIds), officeId, officeId],
  );
}

export async function insertTeller(tx: Tx, id: number, teller: TellerWrite, actor: number | null): Promise<void> {
  await tx.query(
    `insert into till.teller (tenant_id, id, office_id, name, description, start_date, end_date, status, created_by, updated_by)
     values (?, ?, ?, ?, ?, ?::date, ?::date, ?, ?, ?)`,
    [tx.tenantId, id, teller.officeId, teller.name, teller.description, teller.startDate, teller.endDate, teller.status, actor, actor],
  );
}

export async function updateTeller(tx: Tx, id: number, teller: TellerWrite, actor: number | null): Promise<void> {
  await tx.query(
    `update till.teller set office_id = ?, name = ?, description = ?, start_date = ?::date, end_date = ?::date, status = ?, updated_at = now(), updated_by = ?
      where tenant_id = ? and id = ?`,
    [teller.officeId, teller.name, teller.description, teller.startDate, teller.endDate, teller.status, actor, tx.tenantId, id],
  );
}

export async function deleteTeller(tx: Tx, id: number): Promise<void> {
  await tx.query(`delete from till.teller where tenant_id = ? and id = ?`, [tx.tenantId, id]);
}

/** Whether another teller of the office (`exceptId` aside) has this name, case-insensitively. */
export async function tellerNameTaken(tx: Tx, officeId: number, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from till.teller where tenant_id = ? and office_id = ? and lower(name) = lower(?::text) and id <> ? limit 1`,
    [tx.tenantId, officeId, name, exceptId ?? -1],
  );
  return rows.length > 0;
}

export async function tellerHasCashiers(tx: Tx, tellerId: number): Promise<boolean> {
  return (await tx.query(`select 1 from till.cashier where tenant_id = ? and teller_id = ? limit 1`, [tx.tenantId, tellerId])).length > 0;
}

/** A teller's cashiers, the first 200 by id. */
export function cashiersOfTeller(tx: Tx, tellerId: number): Promise<CashierRow[]> {
  return tx.query<CashierRow>(`select ${CASHIER_COLUMNS} from till.cashier where tenant_id = ? and teller_id = ? order by id limit 200`, [tx.tenantId, tellerId]);
}

export async function insertCashier(tx: Tx, id: number, teller: TellerRow, cashier: CashierWrite, actor: number | null): Promise<void> {
  await tx.query(
    `insert into till.cashier (tenant_id, id, teller_id, office_id, staff_id, description, start_date, end_date, is_full_day, start_time, end_time, created_by, updated_by)
     values (?, ?, ?, ?, ?, ?, ?::date, ?::date, ?, ?, ?, ?, ?)`,
    [tx.tenantId, id, teller.id, teller.officeId, cashier.staffId, cashier.description, cashier.startDate, cashier.endDate, cashier.isFullDay, cashier.startTime, cashier.endTime, actor, actor],
  );
}

export async function updateCashier(tx: Tx, id: number, cashier: CashierWrite, actor: number | null): Promise<void> {
  await tx.query(
    `update till.cashier set staff_id = ?, description = ?, start_date = ?::date, end_date = ?::date, is_full_day = ?, start_time = ?, end_time = ?,
       updated_at = now(), updated_by = ? where tenant_id = ? and id = ?`,
    [cashier.staffId, cashier.description, cashier.startDate, cashier.endDate, cashier.isFullDay, cashier.startTime, cashier.endTime, actor, tx.tenantId, id],
  );
}

/** Removes an assignment and its (empty) tills. */
export async function deleteCashier(tx: Tx, id: number): Promise<void> {
  await tx.query(`delete from till.till where tenant_id = ? and cashier_id = ?`, [tx.tenantId, id]);
  await tx.query(`delete from till.cashier where tenant_id = ? and id = ?`, [tx.tenantId, id]);
}

export async function cashierHasTransactions(tx: Tx, cashierId: number): Promise<boolean> {
  return (await tx.query(`select 1 from till.cashier_transaction where tenant_id = ? and cashier_id = ? limit 1`, [tx.tenantId, cashierId])).length > 0;
}

/**
 * The date ranges of a staff member's other assignments, read under a per-staff advisory lock held to the
 * end of the caller's transaction: two concurrent assignments of one person queue, so an overlap check on
 * these ranges cannot be raced. The lock goes ahead of the read, in its round trip.
 */
export function lockedAssignmentsOfStaff(tx: Tx, staffId: number, exceptCashierId: number | null): Promise<{ start: string; end: string }[]> {
  return tx.query<{ start: string; end: string }>(
    `select to_char(start_date, 'YYYY-MM-DD') as start, to_char(end_date, 'YYYY-MM-DD') as "end" from till.cashier where tenant_id = ? and staff_id = ? and id <> ?`,
    [tx.tenantId, staffId, exceptCashierId ?? -1],
    [{ sql: `select pg_advisory_xact_lock(hashtext('till.staff:' || ?::text || ':' || ?::text))`, params: [tx.tenantId, staffId] }],
  );
}

/** A set of ids as a PostgreSQL int[] parameter; null stays null (no filter). */
function intArray(ids: readonly number[] | null): string | null {
  return ids === null ? null : pgArray(ids);
}
