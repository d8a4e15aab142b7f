import type { Tx } from '../../kernel/tx.js';

/** charges.charge inside a tenant's transaction: the only SQL on charge definitions. */

export interface ChargeRow {
  id: number;
  name: string;
  currencyCode: string;
  appliesTo: number;
  timeType: number;
  calculationType: number;
  paymentMode: number;
  amount: string;
  minCap: string | null;
  maxCap: string | null;
  feeOnMonth: number | null;
  feeOnDay: number | null;
  feeInterval: number | null;
  penalty: boolean;
  active: boolean;
  incomeAccountId: number;
}

export type ChargeValues = Omit<ChargeRow, 'id'>;

const COLUMNS = `id, name, currency_code as "currencyCode", applies_to as "appliesTo", time_type as "timeType", calculation_type as "calculationType",
  payment_mode as "paymentMode", amount::text as amount, min_cap::text as "minCap", max_cap::text as "maxCap", fee_on_month as "feeOnMonth",
  fee_on_day as "feeOnDay", fee_interval as "feeInterval", penalty, active, income_account_id as "incomeAccountId"`;

export async function insertCharge(tx: Tx, id: number, c: ChargeValues, by: number | null): Promise<void> {
  await tx.query(
    `insert into charges.charge (tenant_id, id, name, currency_code, applies_to, time_type, calculation_type, payment_mode, amount, min_cap, max_cap,
       fee_on_month, fee_on_day, fee_interval, penalty, active, income_account_id, created_by, updated_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [tx.tenantId, id, c.name, c.currencyCode, c.appliesTo, c.timeType, c.calculationType, c.paymentMode, c.amount, c.minCap, c.maxCap,
      c.feeOnMonth, c.feeOnDay, c.feeInterval, c.penalty, c.active, c.incomeAccountId, by, by],
  );
}

export async function updateCharge(tx: Tx, id: number, c: ChargeValues, by: number | null): Promise<void> {
  await tx.query(
    `update charges.charge set name = ?, currency_code = ?, time_type = ?, calculation_type = ?, payment_mode = ?, amount = ?, min_cap = ?, max_cap = ?,
       fee_on_month = ?, fee_on_day = ?, fee_interval = ?, penalty = ?, active = ?, income_account_id = ?, updated_by = ?, updated_at = now()
     where tenant_id = ? and id = ?`,
    [c.name, c.currencyCode, c.timeType, c.calculationType, c.paymentMode, c.amount, c.minCap, c.maxCap, c.feeOnMonth, c.feeOnDay, c.feeInterval,
      c.penalty, c.active, c.incomeAccountId, by, tx.tenantId, id],
  );
}

/** Marks it deleted; its name is free again (the unique index covers live charges only). */
export async function markDeleted(tx: Tx, id: number, by: number | null): Promise<void> {
  await tx.query(`update charges.charge set deleted = true, active = false, updated_by = ?, updated_at = now() where tenant_id = ? and id = ?`, [by, tx.tenantId, id]);
}

/** A live charge; `lock` holds its row until the transaction ends (an update or delete decides on it). */
export async function findCharge(tx: Tx, id: number, lock = false): Promise<ChargeRow | null> {
  const rows = await tx.query<ChargeRow>(`select ${COLUMNS} from charges.charge where tenant_id = ? and id = ? and not deleted${lock ? ' for update' : ''}`, [tx.tenantId, id]);
  return rows[0] ?? null;
}

export async function listCharges(tx: Tx, filter: { appliesTo?: number | null; active?: boolean | null }): Promise<ChargeRow[]> {
  return tx.query<ChargeRow>(
    `select ${COLUMNS} from charges.charge
      where tenant_id = ? and not deleted and (?::smallint is null or applies_to = ?::smallint) and (?::boolean is null or active = ?::boolean)
      order by id`,
    [tx.tenantId, filter.appliesTo ?? null, filter.appliesTo ?? null, filter.active ?? null, filter.active ?? null],
  );
}

export async function nameTaken(tx: Tx, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await tx.query(`select 1 from charges.charge where tenant_id = ? and name = ? and not deleted and id <> coalesce(?::integer, -1)`, [tx.tenantId, name, exceptId]);
  return rows.length > 0;
}
