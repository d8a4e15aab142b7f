import type { Statement, Tx } from '../../kernel/tx.js';
import { STATUS_ACTIVE, STATUS_WRITTEN_OFF } from './loans.js';
import { TXN_RECOVERY_REPAYMENT, TXN_WAIVE_INTEREST, TXN_WRITEOFF } from './transactions.js';

/** The rows a write-off and a recovery payment write (loan.transaction, loan.loan). */

export interface WriteOffRecord {
  id: number;
  loanId: number;
  on: string;
  principal: string;
  interest: string;
  fee: string;
  penalty: string;
  reasonId: number | null;
  note: string | null;
  userId: number;
  /** The loss account debited. */
  glCode: string;
}

/** The statement that records a write-off: its amount is everything written off, split into its portions. */
export const writeOffRecord = (tx: Tx, r: WriteOffRecord): Statement => ({
  sql: `insert into loan.transaction (tenant_id, id, loan_id, type_id, transaction_date, amount, principal_portion, interest_portion, fee_portion, penalty_portion,
          outstanding_after, reason_id, note, gl_code, created_by, updated_by)
        values (?, ?, ?, ?, ?::date, ?::numeric + ?::numeric + ?::numeric + ?::numeric, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
  params: [
    tx.tenantId, r.id, r.loanId, TXN_WRITEOFF, r.on, r.principal, r.interest, r.fee, r.penalty, r.principal, r.interest, r.fee, r.penalty, r.reasonId, r.note, r.glCode,
    r.userId, r.userId,
  ],
});

/** The loss account a write-off debited (null for one written before it was recorded: 52101 then). */
export async function writeOffGlCode(tx: Tx, transactionId: number): Promise<string | null> {
  const found = await tx.query<{ gl_code: string | null }>(`select gl_code from loan.transaction where tenant_id = ? and id = ?`, [tx.tenantId, transactionId]);
  return found[0]?.gl_code ?? null;
}

/** Records a recovery payment (money received on a written-off loan: all of it is recovery income). */
export async function insertRecovery(tx: Tx, r: { id: number; loanId: number; on: string; amount: string; paymentTypeId: number; note: string | null; userId: number }): Promise<void> {
  await tx.query(
    `insert into loan.transaction (tenant_id, id, loan_id, type_id, transaction_date, amount, outstanding_after, payment_type_id, note, created_by, updated_by)
     values (?, ?, ?, ?, ?::date, ?, 0, ?, ?, ?, ?)`,
    [tx.tenantId, r.id, r.loanId, TXN_RECOVERY_REPAYMENT, r.on, r.amount, r.paymentTypeId, r.note, r.userId, r.userId],
  );
}

/** The statement that records an interest waiver (the schedule's interest is lowered; nothing is posted under cash accounting). */
export const waiverRecord = (tx: Tx, r: { id: number; loanId: number; on: string; amount: string; outstandingAfter: string; note: string | null; userId: number }): Statement => ({
  sql: `insert into loan.transaction (tenant_id, id, loan_id, type_id, transaction_date, amount, interest_portion, outstanding_after, note, created_by, updated_by)
        values (?, ?, ?, ?, ?::date, ?, ?, ?, ?, ?, ?)`,
  params: [tx.tenantId, r.id, r.loanId, TXN_WAIVE_INTEREST, r.on, r.amount, r.amount, r.outstandingAfter, r.note, r.userId, r.userId],
});

/**
 * Closes the loan as written off (601); `ahead` go first in the same round trip. Its arrears are cleared: a written-off
 * loan is no longer aged (the aging job reads active loans only) nor in the recovery queue of overdue loans.
 */
export async function markWrittenOff(tx: Tx, id: number, on: string, userId: number, ahead: readonly Statement[]): Promise<void> {
  await tx.query(
    `update loan.loan set status_id = ?, closed_on = ?::date, days_past_due = 0, delinquent_amount = 0, delinquent_date = null, delinquency_range_id = null,
            updated_by = ?, updated_at = now()
      where tenant_id = ? and id = ? and status_id = ?`,
    [STATUS_WRITTEN_OFF, on, userId, tx.tenantId, id, STATUS_ACTIVE],
    ahead,
  );
}
