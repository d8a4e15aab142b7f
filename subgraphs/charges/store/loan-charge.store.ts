import type { Tx } from '../../kernel/tx.js';
import { pgArray } from '../../kernel/pg-array.js';

/** charges.loan_charge and charges.loan_charge_period inside a tenant's transaction: the only SQL on loans' charges. */

export interface LoanChargeRow {
  id: number;
  loanId: number;
  chargeId: number;
  name: string;
  currencyCode: string;
  incomeAccountId: number;
  timeType: number;
  calculationType: number;
  paymentMode: number;
  amountOrPercentage: string;
  penalty: boolean;
  dueDate: string | null;
  minCap: string | null;
  maxCap: string | null;
  amount: string;
  amountPaid: string;
  amountWaived: string;
  amountOutstanding: string;
  active: boolean;
}

export interface LoanChargePeriodRow {
  loanChargeId: number;
  period: number;
  dueDate: string;
  amount: string;
  amountPaid: string;
  amountWaived: string;
  amountOutstanding: string;
  penalty: boolean;
  incomeAccountId: number;
}

const COLUMNS = `l.id, l.loan_id as "loanId", l.charge_id as "chargeId", c.name, c.currency_code as "currencyCode", c.income_account_id as "incomeAccountId",
  l.time_type as "timeType", l.calculation_type as "calculationType", l.payment_mode as "paymentMode", l.amount_or_percentage::text as "amountOrPercentage",
  l.penalty, to_char(l.due_date, 'YYYY-MM-DD') as "dueDate", c.min_cap::text as "minCap", c.max_cap::text as "maxCap",
  l.amount::text as amount, l.amount_paid::text as "amountPaid", l.amount_waived::text as "amountWaived",
  (l.amount - l.amount_paid - l.amount_waived)::text as "amountOutstanding", l.active`;
const FROM = `from charges.loan_charge l join charges.charge c on c.tenant_id = l.tenant_id and c.id = l.charge_id`;

export type NewLoanCharge = Pick<LoanChargeRow, 'loanId' | 'chargeId' | 'timeType' | 'calculationType' | 'paymentMode' | 'amountOrPercentage' | 'penalty' | 'dueDate' | 'amount'>;

export async function insertLoanCharge(tx: Tx, id: number, c: NewLoanCharge, by: number | null): Promise<void> {
  await tx.query(
    `insert into charges.loan_charge (tenant_id, id, loan_id, charge_id, time_type, calculation_type, payment_mode, amount_or_percentage, penalty, due_date, amount, created_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::date, ?, ?)`,
    [tx.tenantId, id, c.loanId, c.chargeId, c.timeType, c.calculationType, c.paymentMode, c.amountOrPercentage, c.penalty, c.dueDate, c.amount, by],
  );
}

export async function loanChargesOf(tx: Tx, loanId: number): Promise<LoanChargeRow[]> {
  return tx.query<LoanChargeRow>(`select ${COLUMNS} ${FROM} where l.tenant_id = ? and l.loan_id = ? and l.active order by l.id`, [tx.tenantId, loanId]);
}

/** One charge of the loan; `lock` holds its row until the transaction ends. */
export async function findLoanCharge(tx: Tx, loanId: number, id: number, lock = false): Promise<LoanChargeRow | null> {
  const rows = await tx.query<LoanChargeRow>(`select ${COLUMNS} ${FROM} where l.tenant_id = ? and l.loan_id = ? and l.id = ? and l.active${lock ? ' for update of l' : ''}`, [tx.tenantId, loanId, id]);
  return rows[0] ?? null;
}

/** The instalment parts of a loan's charges, by period then charge (the order a period's fee payment pays them in). */
export async function periodsOf(tx: Tx, loanId: number): Promise<LoanChargePeriodRow[]> {
  return tx.query<LoanChargePeriodRow>(
    `select p.loan_charge_id as "loanChargeId", p.period, to_char(p.due_date, 'YYYY-MM-DD') as "dueDate", p.amount::text as amount, p.amount_paid::text as "amountPaid",
            p.amount_waived::text as "amountWaived", (p.amount - p.amount_paid - p.amount_waived)::text as "amountOutstanding", l.penalty, c.income_account_id as "incomeAccountId"
       from charges.loan_charge_period p
       join charges.loan_charge l on l.tenant_id = p.tenant_id and l.id = p.loan_charge_id
       join charges.charge c on c.tenant_id = l.tenant_id and c.id = l.charge_id
      where p.tenant_id = ? and l.loan_id = ? and l.active order by p.period, p.loan_charge_id`,
    [tx.tenantId, loanId],
  );
}

/** Replaces a charge's instalment parts (nothing paid or waived of them yet) and sets its amount to their sum. */
export async function replacePeriods(tx: Tx, loanChargeId: number, parts: readonly { period: number; dueDate: string; amount: string }[]): Promise<void> {
  await tx.query(`delete from charges.loan_charge_period where tenant_id = ? and loan_charge_id = ?`, [tx.tenantId, loanChargeId]);
  if (parts.length > 0) {
    await tx.query(
      `insert into charges.loan_charge_period (tenant_id, loan_charge_id, period, due_date, amount)
       select ?, ?, p.period, p.due_date, p.amount from unnest(?::int[], ?::date[], ?::numeric[]) as p(period, due_date, amount)`,
      [tx.tenantId, loanChargeId, pgArray(parts.map((p) => p.period)), pgArray(parts.map((p) => p.dueDate)), pgArray(parts.map((p) => p.amount))],
    );
  }
  await syncAmount(tx, loanChargeId);
}

/**
 * An overdue instalment's penalty: one part per charge and instalment, ever. Answers false when it was
 * already applied (the primary key holds it once), so a second run of the daily step changes nothing.
 */
export async function addPenaltyPart(tx: Tx, loanChargeId: number, period: number, dueDate: string, amount: string): Promise<boolean> {
  const rows = await tx.query(
    `insert into charges.loan_charge_period (tenant_id, loan_charge_id, period, due_date, amount) values (?, ?, ?, ?::date, ?)
     on conflict (tenant_id, loan_charge_id, period) do nothing returning period`,
    [tx.tenantId, loanChargeId, period, dueDate, amount],
  );
  if (rows.length === 0) return false;
  await syncAmount(tx, loanChargeId);
  return true;
}

/** A charge with instalment parts is what its parts are: amount, paid and waived are their sums. */
async function syncAmount(tx: Tx, loanChargeId: number): Promise<void> {
  await tx.query(
    `update charges.loan_charge l set amount = s.amount, amount_paid = s.paid, amount_waived = s.waived
       from (select coalesce(sum(amount), 0) as amount, coalesce(sum(amount_paid), 0) as paid, coalesce(sum(amount_waived), 0) as waived
               from charges.loan_charge_period where tenant_id = ? and loan_charge_id = ?) s
      where l.tenant_id = ? and l.id = ?`,
    [tx.tenantId, loanChargeId, tx.tenantId, loanChargeId],
  );
}

/** Adds (or, negative, takes back) what was paid or waived of instalment parts, and keeps their charges' sums. */
export async function addToParts(tx: Tx, column: 'amount_paid' | 'amount_waived', parts: readonly { loanChargeId: number; period: number; amount: string }[]): Promise<void> {
  if (parts.length === 0) return;
  await tx.query(
    `update charges.loan_charge_period p set ${column} = p.${column} + a.amount
       from unnest(?::int[], ?::int[], ?::numeric[]) as a(loan_charge_id, period, amount)
      where p.tenant_id = ? and p.loan_charge_id = a.loan_charge_id and p.period = a.period`,
    [pgArray(parts.map((p) => p.loanChargeId)), pgArray(parts.map((p) => p.period)), pgArray(parts.map((p) => p.amount)), tx.tenantId],
  );
  for (const id of new Set(parts.map((p) => p.loanChargeId))) await syncAmount(tx, id);
}

/** A charge without instalment parts (a disbursement charge): its amount set, or paid in full. */
export async function setAmount(tx: Tx, id: number, amount: string): Promise<void> {
  await tx.query(`update charges.loan_charge set amount = ? where tenant_id = ? and id = ?`, [amount, tx.tenantId, id]);
}

export async function markPaid(tx: Tx, id: number): Promise<void> {
  await tx.query(`update charges.loan_charge set amount_paid = amount - amount_waived where tenant_id = ? and id = ?`, [tx.tenantId, id]);
}

/** A disbursement charge owed again (its disbursement undone). */
export async function markUnpaid(tx: Tx, id: number): Promise<void> {
  await tx.query(`update charges.loan_charge set amount_paid = 0 where tenant_id = ? and id = ?`, [tx.tenantId, id]);
}

export async function waiveWhole(tx: Tx, id: number): Promise<void> {
  await tx.query(`update charges.loan_charge set amount_waived = amount - amount_paid where tenant_id = ? and id = ?`, [tx.tenantId, id]);
}

export async function updateTerms(tx: Tx, id: number, amountOrPercentage: string, dueDate: string | null, amount: string): Promise<void> {
  await tx.query(`update charges.loan_charge set amount_or_percentage = ?, due_date = ?::date, amount = ? where tenant_id = ? and id = ?`, [amountOrPercentage, dueDate, amount, tx.tenantId, id]);
}

export async function deleteLoanCharge(tx: Tx, id: number): Promise<void> {
  await tx.query(`delete from charges.loan_charge where tenant_id = ? and id = ?`, [tx.tenantId, id]);
}

/** Loans with an active overdue-instalment charge, in id order after `afterId` (the daily step's batches). */
export async function loansWithOverdueCharges(tx: Tx, afterId: number, limit: number): Promise<number[]> {
  const rows = await tx.query<{ loanId: number }>(
    `select distinct loan_id as "loanId" from charges.loan_charge where tenant_id = ? and active and time_type = 9 and loan_id > ? order by loan_id limit ?`,
    [tx.tenantId, afterId, limit],
  );
  return rows.map((r) => r.loanId);
}
