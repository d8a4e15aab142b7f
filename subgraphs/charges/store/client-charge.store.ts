import type { Tx } from '../../kernel/tx.js';

/** charges.client_charge inside a tenant's transaction: the only SQL on clients' charges. */

export interface ClientChargeRow {
  id: number;
  clientId: number;
  chargeId: number;
  name: string;
  currencyCode: string;
  incomeAccountId: number;
  timeType: number;
  calculationType: number;
  penalty: boolean;
  dueDate: string;
  amount: string;
  amountPaid: string;
  amountWaived: string;
  amountOutstanding: string;
  active: boolean;
}

const COLUMNS = `x.id, x.client_id as "clientId", x.charge_id as "chargeId", c.name, c.currency_code as "currencyCode", c.income_account_id as "incomeAccountId",
  c.time_type as "timeType", c.calculation_type as "calculationType", c.penalty, to_char(x.due_date, 'YYYY-MM-DD') as "dueDate",
  x.amount::text as amount, x.amount_paid::text as "amountPaid", x.amount_waived::text as "amountWaived",
  (x.amount - x.amount_paid - x.amount_waived)::text as "amountOutstanding", x.active`;
const FROM = `from charges.client_charge x join charges.charge c on c.tenant_id = x.tenant_id and c.id = x.charge_id`;

export async function insertClientCharge(tx: Tx, id: number, c: { clientId: number; chargeId: number; dueDate: string; amount: string }, by: number | null): Promise<void> {
  await tx.query(
    `insert into charges.client_charge (tenant_id, id, client_id, charge_id, due_date, amount, created_by) values (?, ?, ?, ?, ?::date, ?, ?)`,
    [tx.tenantId, id, c.clientId, c.chargeId, c.dueDate, c.amount, by],
  );
}

/** A page of the client's charges, newest due first; `pendingOnly`: those with something outstanding. */
export async function clientChargesOf(tx: Tx, clientId: number, page: { pendingOnly: boolean; limit: number; offset: number }): Promise<{ total: number; rows: ClientChargeRow[] }> {
  const where = `where x.tenant_id = ? and x.client_id = ? and x.active${page.pendingOnly ? ' and x.amount > x.amount_paid + x.amount_waived' : ''}`;
  const [count] = await tx.query<{ n: number }>(`select count(*)::int as n from charges.client_charge x ${where}`, [tx.tenantId, clientId]);
  const rows = await tx.query<ClientChargeRow>(`select ${COLUMNS} ${FROM} ${where} order by x.due_date desc, x.id desc limit ? offset ?`, [tx.tenantId, clientId, page.limit, page.offset]);
  return { total: count!.n, rows };
}

export async function findClientCharge(tx: Tx, clientId: number, id: number, lock = false): Promise<ClientChargeRow | null> {
  const rows = await tx.query<ClientChargeRow>(`select ${COLUMNS} ${FROM} where x.tenant_id = ? and x.client_id = ? and x.id = ? and x.active${lock ? ' for update of x' : ''}`, [tx.tenantId, clientId, id]);
  return rows[0] ?? null;
}

export async function recordPaid(tx: Tx, id: number, amount: string): Promise<void> {
  await tx.query(`update charges.client_charge set amount_paid = amount_paid + ?::numeric where tenant_id = ? and id = ?`, [amount, tx.tenantId, id]);
}

export async function waiveOutstanding(tx: Tx, id: number): Promise<void> {
  await tx.query(`update charges.client_charge set amount_waived = amount - amount_paid where tenant_id = ? and id = ?`, [tx.tenantId, id]);
}
