import type { Tx } from '../../kernel/tx.js';

/** charges.savings_charge inside a tenant's transaction: the only SQL on savings and current accounts' charges. */

export interface SavingsChargeRow {
  id: number;
  accountId: number;
  chargeId: number;
  name: string;
  currencyCode: string;
  incomeAccountId: number;
  timeType: number;
  calculationType: number;
  amountOrPercentage: string;
  penalty: boolean;
  dueDate: string | null;
  feeOnMonth: number | null;
  feeOnDay: number | null;
  feeInterval: number | null;
  /** What has been charged so far (each due occurrence, each withdrawal's fee). */
  amount: string;
  amountPaid: string;
  amountWaived: string;
  amountOutstanding: string;
  active: boolean;
  inactivatedOn: string | null;
}

const COLUMNS = `s.id, s.account_id as "accountId", s.charge_id as "chargeId", c.name, c.currency_code as "currencyCode", c.income_account_id as "incomeAccountId",
  s.time_type as "timeType", s.calculation_type as "calculationType", s.amount_or_percentage::text as "amountOrPercentage", s.penalty,
  to_char(s.due_date, 'YYYY-MM-DD') as "dueDate", s.fee_on_month as "feeOnMonth", s.fee_on_day as "feeOnDay", s.fee_interval as "feeInterval",
  s.amount::text as amount, s.amount_paid::text as "amountPaid", s.amount_waived::text as "amountWaived",
  (s.amount - s.amount_paid - s.amount_waived)::text as "amountOutstanding", s.active, to_char(s.inactivated_on, 'YYYY-MM-DD') as "inactivatedOn"`;
const FROM = `from charges.savings_charge s join charges.charge c on c.tenant_id = s.tenant_id and c.id = s.charge_id`;

export type NewSavingsCharge = Pick<SavingsChargeRow, 'accountId' | 'chargeId' | 'timeType' | 'calculationType' | 'amountOrPercentage' | 'penalty' | 'dueDate' | 'feeOnMonth' | 'feeOnDay' | 'feeInterval'>;

export async function insertSavingsCharge(tx: Tx, id: number, c: NewSavingsCharge, by: number | null): Promise<void> {
  await tx.query(
    `insert into charges.savings_charge (tenant_id, id, account_id, charge_id, time_type, calculation_type, amount_or_percentage, penalty, due_date, fee_on_month, fee_on_day, fee_interval, created_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?::date, ?, ?, ?, ?)`,
    [tx.tenantId, id, c.accountId, c.chargeId, c.timeType, c.calculationType, c.amountOrPercentage, c.penalty, c.dueDate, c.feeOnMonth, c.feeOnDay, c.feeInterval, by],
  );
}

export async function savingsChargesOf(tx: Tx, accountId: number): Promise<SavingsChargeRow[]> {
  return tx.query<SavingsChargeRow>(`select ${COLUMNS} ${FROM} where s.tenant_id = ? and s.account_id = ? order by s.id`, [tx.tenantId, accountId]);
}

/** One charge of the account; `lock` holds its row until the transaction ends. */
export async function findSavingsCharge(tx: Tx, accountId: number, id: number, lock = false): Promise<SavingsChargeRow | null> {
  const rows = await tx.query<SavingsChargeRow>(`select ${COLUMNS} ${FROM} where s.tenant_id = ? and s.account_id = ? and s.id = ?${lock ? ' for update of s' : ''}`, [tx.tenantId, accountId, id]);
  return rows[0] ?? null;
}

export async function activeOfType(tx: Tx, accountId: number, timeType: number): Promise<SavingsChargeRow[]> {
  return tx.query<SavingsChargeRow>(`select ${COLUMNS} ${FROM} where s.tenant_id = ? and s.account_id = ? and s.time_type = ? and s.active order by s.id`, [tx.tenantId, accountId, timeType]);
}

/** Active charges with something owed, oldest due first. */
export async function owedOf(tx: Tx, accountId: number): Promise<SavingsChargeRow[]> {
  return tx.query<SavingsChargeRow>(
    `select ${COLUMNS} ${FROM} where s.tenant_id = ? and s.account_id = ? and s.active and s.amount > s.amount_paid + s.amount_waived order by s.due_date nulls first, s.id`,
    [tx.tenantId, accountId],
  );
}

/** Active dated charges due on or before `date`, in id order after `afterId`, at most `limit` (the daily step's batches). */
export async function dueOn(tx: Tx, date: string, afterId: number, limit: number): Promise<SavingsChargeRow[]> {
  return tx.query<SavingsChargeRow>(
    `select ${COLUMNS} ${FROM} where s.tenant_id = ? and s.active and s.due_date <= ?::date and s.id > ? order by s.id limit ?`,
    [tx.tenantId, date, afterId, limit],
  );
}

/** A due occurrence (or several) charged: the amount grows, the due date moves on (null: a one-off charge). */
export async function charge(tx: Tx, id: number, amount: string, nextDueDate: string | null): Promise<void> {
  await tx.query(`update charges.savings_charge set amount = amount + ?::numeric, due_date = ?::date where tenant_id = ? and id = ?`, [amount, nextDueDate, tx.tenantId, id]);
}

/** A withdrawal fee is charged as it is paid; every other fee was charged when it fell due. */
export async function recordPaid(tx: Tx, id: number, amount: string): Promise<void> {
  await tx.query(
    `update charges.savings_charge set amount = amount + case when time_type = 5 then ?::numeric else 0 end, amount_paid = amount_paid + ?::numeric where tenant_id = ? and id = ?`,
    [amount, amount, tx.tenantId, id],
  );
}

export async function recordWaived(tx: Tx, id: number, amount: string): Promise<void> {
  await tx.query(`update charges.savings_charge set amount_waived = amount_waived + ?::numeric where tenant_id = ? and id = ?`, [amount, tx.tenantId, id]);
}

export async function inactivate(tx: Tx, id: number, on: string): Promise<void> {
  await tx.query(`update charges.savings_charge set active = false, inactivated_on = ?::date where tenant_id = ? and id = ?`, [on, tx.tenantId, id]);
}

export async function deleteSavingsCharge(tx: Tx, id: number): Promise<void> {
  await tx.query(`delete from charges.savings_charge where tenant_id = ? and id = ?`, [tx.tenantId, id]);
}
