import type { Statement, Tx } from '../../kernel/tx.js';
import type { PeriodAllocation } from '../domain/allocation.js';
import { date, rows } from './rows.js';

/** A loan's money movements (loan.transaction): disbursements and repayments, reversed rather than deleted. */

export const TXN_DISBURSEMENT = 1;
export const TXN_REPAYMENT = 2;
export const TXN_WAIVE_INTEREST = 4;
export const TXN_WRITEOFF = 6;
export const TXN_RECOVERY_REPAYMENT = 8;

export interface TransactionRow {
  id: number;
  loanId: number;
  typeId: number;
  transactionDate: string;
  amount: string;
  principalPortion: string;
  interestPortion: string;
  feePortion: string;
  penaltyPortion: string;
  outstandingAfter: string;
  paymentTypeId: number | null;
  savingsAccountId: number | null;
  savingsTransactionId: number | null;
  note: string | null;
  reversed: boolean;
  createdBy: number | null;
}

const TRANSACTION_COLUMNS = `id, loan_id, type_id, ${date('transaction_date')}, amount, principal_portion, interest_portion, fee_portion, penalty_portion,
  outstanding_after, payment_type_id, savings_account_id, savings_transaction_id, note, reversed, created_by`;

export async function loadTransactions(tx: Tx, loanId: number): Promise<TransactionRow[]> {
  return rows<TransactionRow>(await tx.query(`select ${TRANSACTION_COLUMNS} from loan.transaction where tenant_id = ? and loan_id = ? order by id`, [tx.tenantId, loanId]), ['id']);
}

/** A keyset page of the loan's transactions, oldest first (a connection): `limit` with ids above `afterId`, and how many it has. */
export async function transactionKeysetPage(tx: Tx, loanId: number, afterId: number | null, limit: number): Promise<{ total: number; rows: TransactionRow[] }> {
  const total = await tx.query<{ n: string }>(`select count(*) as n from loan.transaction where tenant_id = ? and loan_id = ?`, [tx.tenantId, loanId]);
  const found = await tx.query(
    `select ${TRANSACTION_COLUMNS} from loan.transaction where tenant_id = ? and loan_id = ? and (?::bigint is null or id > ?::bigint) order by id limit ?`,
    [tx.tenantId, loanId, afterId, afterId, limit],
  );
  return { total: Number(total[0]!.n), rows: rows<TransactionRow>(found, ['id']) };
}

export async function findTransaction(tx: Tx, loanId: number, id: number): Promise<TransactionRow | null> {
  return rows<TransactionRow>(await tx.query(`select ${TRANSACTION_COLUMNS} from loan.transaction where tenant_id = ? and loan_id = ? and id = ?`, [tx.tenantId, loanId, id]), ['id'])[0] ?? null;
}

/** The next transaction id: taken before the row is written, because the savings leg and the journal name it first. */
export async function nextTransactionId(tx: Tx): Promise<number> {
  return Number((await tx.query<{ id: string }>(`select nextval('loan.transaction_id_seq') as id`))[0]!.id);
}

/** The statement that records a disbursement (sent ahead of the loan's own update). */
export const disbursementRecord = (
  tx: Tx,
  d: { id: number; loanId: number; on: string; principal: string; savingsAccountId: number; savingsTransactionId: number | null; note: string | null; userId: number },
): Statement => ({
  sql: `insert into loan.transaction (tenant_id, id, loan_id, type_id, transaction_date, amount, principal_portion, outstanding_after, savings_account_id, savings_transaction_id, note, created_by, updated_by)
        values (?, ?, ?, ?, ?::date, ?, 0, ?, ?, ?, ?, ?, ?)`,
  params: [tx.tenantId, d.id, d.loanId, TXN_DISBURSEMENT, d.on, d.principal, d.principal, d.savingsAccountId, d.savingsTransactionId, d.note, d.userId, d.userId],
});

export interface RepaymentRecord {
  id: number;
  loanId: number;
  on: string;
  amount: string;
  principal: string;
  interest: string;
  fee: string;
  penalty: string;
  outstandingAfter: string;
  paymentTypeId: number | null;
  savingsAccountId: number | null;
  savingsTransactionId: number | null;
  /** Kept so an undo takes back exactly what each instalment received. */
  allocation: readonly PeriodAllocation[];
  note: string | null;
  userId: number;
}

/** The statement that records a repayment. */
export const repaymentRecord = (tx: Tx, r: RepaymentRecord): Statement => ({
  sql: `insert into loan.transaction (tenant_id, id, loan_id, type_id, transaction_date, amount, principal_portion, interest_portion, fee_portion, penalty_portion,
          outstanding_after, payment_type_id, savings_account_id, savings_transaction_id, allocation, note, created_by, updated_by)
        values (?, ?, ?, ?, ?::date, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?)`,
  params: [
    tx.tenantId, r.id, r.loanId, TXN_REPAYMENT, r.on, r.amount, r.principal, r.interest, r.fee, r.penalty, r.outstandingAfter, r.paymentTypeId,
    r.savingsAccountId, r.savingsTransactionId, JSON.stringify(r.allocation), r.note, r.userId, r.userId,
  ],
});

/** The statement that marks a transaction reversed (its reversal is a new journal entry; the row stays). */
export const transactionReversal = (tx: Tx, id: number, userId: number): Statement => ({
  sql: `update loan.transaction set reversed = true, updated_by = ?, updated_at = now() where tenant_id = ? and id = ?`,
  params: [userId, tx.tenantId, id],
});

/** Marks a transaction reversed; `ahead` go in the same round trip, before it. */
export async function reverseTransaction(tx: Tx, id: number, userId: number, ahead: readonly Statement[] = []): Promise<void> {
  const reversal = transactionReversal(tx, id, userId);
  await tx.query(reversal.sql, reversal.params, ahead);
}
