import { cteRef, type CteFragment, type CteRef } from '../kernel/cte.js';
import type { Tx } from '../kernel/tx.js';
import { CASHIER_COLUMNS, TILL_COLUMNS, TXN_COLUMNS, type CashierRow, type CashierTxnRow, type TillRow } from './till.store.js';

/*
 * The till schema's cash side: the open-till movement other modules' statements carry, settlement, and
 * the read side of cashier transactions. Every function runs in the caller's transaction.
 */

/** The last of the till's CTEs: it yields the cash record. */
const TILL_CASH = cteRef('till_cash');

/** One cash movement of a posting user's open till, as the till statement writes it. */
export interface TillMovement {
  staffId: number;
  officeId: number;
  today: string;
  direction: 'in' | 'out';
  txnType: number;
  /** The signed change of the till balance. */
  effect: string;
  /** The movement's amount, formatted. */
  amount: string;
  currency: string;
  source: { entityType: string; entityId: number; transactionId: string };
  userId: number;
}

/**
 * The CTEs `till_cashier`, `till_moved` and `till_cash`: the staff member's cashier assignment covering
 * `today` at the office, its till moved (the UPDATE is the lock; open, in the currency, and for a cash-out
 * holding enough, re-checked on the latest row when it waited) and the cash record. `result` yields
 * `id, cashier_id`, or nothing when the till refuses. `after`, when given, gates the first CTE.
 */
export function tillMovementCtes(tx: Tx, m: TillMovement, after: CteRef | null): CteFragment {
  return {
    sql: `till_cashier as (
       select id, teller_id, office_id from till.cashier
       where tenant_id = ? and staff_id = ? and office_id = ? and start_date <= ?::date and end_date >= ?::date${after ? ` and exists (select 1 from ${after})` : ''} order by id limit 1),
     till_moved as (
       update till.till t set balance = t.balance + ?::numeric, updated_at = now(), updated_by = ?
       from till_cashier where t.tenant_id = ? and t.cashier_id = till_cashier.id and t.business_date = ?::date and not t.settled and t.currency_code = ?
         ${m.direction === 'out' ? 'and t.balance >= ?::numeric' : ''}
       returning t.cashier_id),
     till_cash as (
       insert into till.cashier_transaction (tenant_id, id, cashier_id, teller_id, office_id, business_date, txn_type, amount, currency_code, note,
         entity_type, entity_id, source_transaction_id, journal_transaction_id, created_by, updated_by)
       select ?, nextval('till.cashier_transaction_id_seq'), till_cashier.id, till_cashier.teller_id, till_cashier.office_id, ?::date, ?, ?::numeric, ?, null, ?, ?, ?, null, ?, ?
       from till_moved join till_cashier on till_cashier.id = till_moved.cashier_id
       returning id, cashier_id)`,
    result: TILL_CASH,
    params: [
      tx.tenantId, m.staffId, m.officeId, m.today, m.today,
      m.effect, m.userId, tx.tenantId, m.today, m.currency, ...(m.direction === 'out' ? [m.amount] : []),
      tx.tenantId, m.today, m.txnType, m.amount, m.currency, m.source.entityType, m.source.entityId, m.source.transactionId, m.userId, m.userId,
    ],
  };
}

/** Runs the till's CTEs on their own: the record, or null when the till refused the movement. */
export async function runTillMovement(tx: Tx, ctes: CteFragment): Promise<{ cashierId: number; cashierTransactionId: number } | null> {
  const rows = await tx.query<{ id: string; cashier_id: number }>(`with ${ctes.sql} select id, cashier_id from ${ctes.result}`, ctes.params);
  return rows[0] ? { cashierId: Number(rows[0].cashier_id), cashierTransactionId: Number(rows[0].id) } : null;
}

/** A staff member's cashier assignments covering `date` at an office, by id. */
export function cashiersCovering(tx: Tx, staffId: number, officeId: number, date: string): Promise<CashierRow[]> {
  return tx.query<CashierRow>(
    `select ${CASHIER_COLUMNS} from till.cashier where tenant_id = ? and staff_id = ? and office_id = ? and start_date <= ?::date and end_date >= ?::date order by id`,
    [tx.tenantId, staffId, officeId, date, date],
  );
}

/** The end-of-day settlement's figures, written on the (locked) till it closes. */
export interface SettlementFigures {
  systemBalance: string;
  countedAmount: string;
  variance: string;
}

export async function markTillSettled(tx: Tx, cashierId: number, date: string, figures: SettlementFigures, actor: number | null): Promise<void> {
  await tx.query(
    `update till.till set settled = true, system_balance = ?::numeric, counted_amount = ?::numeric, variance = ?::numeric, settled_by = ?, settled_at = now(),
       updated_at = now(), updated_by = ? where tenant_id = ? and cashier_id = ? and business_date = ?::date`,
    [figures.systemBalance, figures.countedAmount, figures.variance, actor, actor, tx.tenantId, cashierId, date],
  );
}

/** A cashier's settled tills, newest day first (at most 200). */
export function settledTills(tx: Tx, cashierId: number): Promise<TillRow[]> {
  return tx.query<TillRow>(`select ${TILL_COLUMNS} from till.till where tenant_id = ? and cashier_id = ? and settled order by business_date desc limit 200`, [tx.tenantId, cashierId]);
}

/** Which cashier transactions a read covers: one cashier's or one teller's, optionally one currency and one day. */
export interface TxnScope {
  column: 'cashier_id' | 'teller_id';
  id: number;
  currencyCode: string | null;
  date: string | null;
}

function txnWhere(tx: Tx, scope: TxnScope): { where: string; params: unknown[] } {
  return {
    where: `tenant_id = ? and ${scope.column} = ? and (?::text is null or currency_code = ?::text) and (?::date is null or business_date = ?::date)`,
    params: [tx.tenantId, scope.id, scope.currencyCode, scope.currencyCode, scope.date, scope.date],
  };
}

/** Sum and count of the covered transactions per transaction type. */
export async function txnSums(tx: Tx, scope: TxnScope): Promise<{ type: number; total: string; count: number }[]> {
  const { where, params } = txnWhere(tx, scope);
  const rows = await tx.query<{ type: number; total: string; n: string }>(
    `select txn_type as type, sum(amount)::text as total, count(*) as n from till.cashier_transaction where ${where} group by txn_type`,
    params,
  );
  return rows.map((r) => ({ type: Number(r.type), total: r.total, count: Number(r.n) }));
}

export async function txnCount(tx: Tx, scope: TxnScope): Promise<number> {
  const { where, params } = txnWhere(tx, scope);
  const rows = await tx.query<{ n: string }>(`select count(*) as n from till.cashier_transaction where ${where}`, params);
  return Number(rows[0]!.n);
}

/** A page of the covered transactions, newest first. */
export function txnPage(tx: Tx, scope: TxnScope, limit: number, offset: number): Promise<CashierTxnRow[]> {
  const { where, params } = txnWhere(tx, scope);
  return tx.query<CashierTxnRow>(`select ${TXN_COLUMNS} from till.cashier_transaction where ${where} order by id desc limit ? offset ?`, [...params, limit, offset]);
}

/** One cashier's transactions of one day, oldest first (at most `limit`). */
export function txnsOfDay(tx: Tx, cashierId: number, date: string, limit: number): Promise<CashierTxnRow[]> {
  return tx.query<CashierTxnRow>(
    `select ${TXN_COLUMNS} from till.cashier_transaction where tenant_id = ? and cashier_id = ? and business_date = ?::date order by id limit ?`,
    [tx.tenantId, cashierId, date, limit],
  );
}
