import type { Em, Tx } from '../../kernel/tx.js';
import { pgArray } from '../../kernel/pg-array.js';

/*
 * The tenant's reference rows other modules read on every command (business dates, payment types, settings,
 * role permissions), as typed rows, and their writes. Caller's transaction.
 */

/** The tenant's pinned business dates by type (BUSINESS_DATE, COB_DATE). */
export async function pinnedDates(tx: Tx): Promise<Map<string, string>> {
  const rows = await tx.query<{ type: string; date: string }>(`select type, to_char(date, 'YYYY-MM-DD') as date from organisation.business_date where tenant_id = ?`, [tx.tenantId]);
  return new Map(rows.map((r) => [r.type, r.date]));
}

export async function pinDate(tx: Tx, type: string, date: string, by: number | null): Promise<void> {
  await tx.query(
    `insert into organisation.business_date (tenant_id, type, date, created_by, updated_by) values (?, ?, ?::date, ?, ?)
     on conflict (tenant_id, type) do update set date = excluded.date, updated_by = excluded.updated_by, updated_at = now()`,
    [tx.tenantId, type, date, by, by],
  );
}

/** Unpins every date: the tenant follows the calendar again. */
export async function unpinDates(tx: Tx): Promise<void> {
  await tx.query(`delete from organisation.business_date where tenant_id = ?`, [tx.tenantId]);
}

export interface PaymentTypeRow {
  id: number;
  name: string;
  isCashPayment: boolean;
}

export async function paymentTypes(tx: Tx): Promise<PaymentTypeRow[]> {
  const rows = await tx.query<{ id: number; name: string; is_cash_payment: boolean }>(`select id, name, is_cash_payment from organisation.payment_type where tenant_id = ?`, [tx.tenantId]);
  return rows.map((r) => ({ id: Number(r.id), name: r.name, isCashPayment: r.is_cash_payment }));
}

/** Effective permission codes of a set of roles, sorted (disabled roles grant nothing). */
export async function permissionCodesOf(tx: Tx, roleIds: readonly number[]): Promise<string[]> {
  const rows = await tx.query<{ code: string }>(
    `select distinct rp.code from organisation.role_permission rp
     join organisation.role r on r.tenant_id = rp.tenant_id and r.id = rp.role_id
     where rp.role_id = any(?::int[]) and not r.disabled order by rp.code`,
    [pgArray(roleIds)],
  );
  return rows.map((r) => r.code);
}

/** A stored setting; a setting never written has no row (its catalogue default applies). */
export interface SettingRow {
  id: number;
  enabled: boolean;
  value: string | null;
  stringValue: string | null;
}

/** The tenant's stored settings and its name, in one statement. */
export async function settingsAndTenantName(tx: Tx): Promise<{ byId: Map<number, SettingRow>; tenantName: string | null }> {
  const rows = await tx.query<{ id: number | null; enabled: boolean | null; value: string | null; string_value: string | null; tenant_name: string }>(
    `select s.id, s.enabled, s.value::text as value, s.string_value, t.name as tenant_name
     from organisation.tenant t left join organisation.setting s on s.tenant_id = t.id
     where t.id = ?`,
    [tx.tenantId],
  );
  const byId = new Map<number, SettingRow>();
  for (const r of rows) if (r.id != null) byId.set(Number(r.id), { id: Number(r.id), enabled: r.enabled === true, value: r.value, stringValue: r.string_value });
  return { byId, tenantName: rows[0]?.tenant_name ?? null };
}

/** Writes a setting's row (created when absent); `value` is a decimal string. */
export async function upsertSetting(
  tx: Tx, def: { id: number; name: string }, row: { enabled: boolean; value: string | null; stringValue: string | null }, by: number | null,
): Promise<void> {
  await tx.query(
    `insert into organisation.setting (tenant_id, id, name, enabled, value, string_value, created_by, updated_by)
     values (?, ?, ?, ?, ?::numeric, ?, ?, ?)
     on conflict (tenant_id, id) do update set enabled = excluded.enabled, value = excluded.value,
       string_value = excluded.string_value, updated_by = excluded.updated_by, updated_at = now()`,
    [tx.tenantId, def.id, def.name, row.enabled, row.value, row.stringValue, by, by],
  );
}

/** Writes only a setting's numeric value (its row created, enabled as the catalogue says, when absent). */
export async function recordSettingValue(tx: Tx, def: { id: number; name: string; enabled: boolean }, value: string, by: number | null): Promise<void> {
  await tx.query(
    `insert into organisation.setting (tenant_id, id, name, enabled, value, string_value, created_by, updated_by)
     values (?, ?, ?, ?, ?::numeric, null, ?, ?)
     on conflict (tenant_id, id) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`,
    [tx.tenantId, def.id, def.name, def.enabled, value, by, by],
  );
}

/** Registers a tenant; false when it exists already (another instance provisioned it first). */
export async function insertTenant(tx: Tx, id: string, name: string): Promise<boolean> {
  const rows = await tx.query(`insert into organisation.tenant (id, name) values (?, ?) on conflict (id) do nothing returning id`, [id, name]);
  return rows.length > 0;
}

/** Every tenant's id, in order, on the system (owner) connection: background jobs visit each tenant. */
export async function allTenantIds(em: Em): Promise<string[]> {
  return (await em.execute<{ id: string }[]>(`select id from organisation.tenant order by id`)).map((t) => t.id);
}
