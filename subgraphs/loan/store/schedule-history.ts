import type { Tx } from '../../kernel/tx.js';
import type { PeriodRow } from './schedule.js';
import { rows } from './rows.js';
import { pgArray } from '../../kernel/pg-array.js';

/**
 * The schedule's earlier versions (loan.schedule_history): a payoff, a write-off, a waiver or a reschedule keeps
 * the instalments as they were before it rewrites them. Undoing a transaction puts its version back whole (dues and
 * amounts paid), which is exact because only the loan's last transaction can be undone.
 */

export type HistoryReason = 'prepayment' | 'writeoff' | 'waiver' | 'reschedule' | 'recalculation';

export interface ScheduleVersion {
  id: number;
  transactionId: number | null;
  rescheduleId: number | null;
  reason: HistoryReason;
  createdOn: string;
  periods: PeriodRow[];
}

/** Keeps the loan's instalments as they stand now, tagged with what is about to change them; amounts as text, so no digit is lost to a float. */
export async function keepSchedule(tx: Tx, loanId: number, tag: { reason: HistoryReason; transactionId?: number | null; rescheduleId?: number | null }, userId: number): Promise<void> {
  await tx.query(
    `insert into loan.schedule_history (tenant_id, loan_id, transaction_id, reschedule_id, reason, periods, created_by, updated_by)
     select ?, ?, ?, ?, ?, coalesce(jsonb_agg(jsonb_build_object(
              'loanId', p.loan_id, 'period', p.period, 'fromDate', to_char(p.from_date, 'YYYY-MM-DD'), 'dueDate', to_char(p.due_date, 'YYYY-MM-DD'),
              'principalDue', p.principal_due::text, 'interestDue', p.interest_due::text, 'feeDue', p.fee_due::text, 'penaltyDue', p.penalty_due::text,
              'principalPaid', p.principal_paid::text, 'interestPaid', p.interest_paid::text, 'feePaid', p.fee_paid::text, 'penaltyPaid', p.penalty_paid::text) order by p.period), '[]'::jsonb), ?, ?
       from loan.schedule_period p where p.tenant_id = ? and p.loan_id = ?`,
    [tx.tenantId, loanId, tag.transactionId ?? null, tag.rescheduleId ?? null, tag.reason, userId, userId, tx.tenantId, loanId],
  );
}

/** The loan's earlier versions, oldest first. */
export async function scheduleVersions(tx: Tx, loanId: number): Promise<ScheduleVersion[]> {
  const raw = await tx.query(
    `select id, transaction_id, reschedule_id, reason, to_char(created_at, 'YYYY-MM-DD') as created_on, periods
       from loan.schedule_history where tenant_id = ? and loan_id = ? order by id`,
    [tx.tenantId, loanId],
  );
  return rows<ScheduleVersion>(raw, ['id', 'transactionId']);
}

/**
 * Puts back the version kept for `transactionId` (dues, amounts paid, the instalments themselves) and drops it;
 * answers false when none was kept (a plain repayment: its allocation is taken back instead).
 */
export async function restoreScheduleOf(tx: Tx, loanId: number, transactionId: number): Promise<boolean> {
  const kept = await tx.query<{ periods: unknown }>(
    `select periods from loan.schedule_history where tenant_id = ? and loan_id = ? and transaction_id = ?`, [tx.tenantId, loanId, transactionId],
  );
  if (kept.length === 0) return false;
  // The current instalments and the kept version go first, in the insert's round trip.
  await tx.query(
    `insert into loan.schedule_period (tenant_id, loan_id, period, from_date, due_date, principal_due, interest_due, fee_due, penalty_due, principal_paid, interest_paid, fee_paid, penalty_paid)
     select ?, ?, p.period, p."fromDate", p."dueDate", p."principalDue", p."interestDue", p."feeDue", p."penaltyDue", p."principalPaid", p."interestPaid", p."feePaid", p."penaltyPaid"
       from jsonb_to_recordset(?::jsonb) as p(period int, "fromDate" date, "dueDate" date, "principalDue" numeric, "interestDue" numeric, "feeDue" numeric,
            "penaltyDue" numeric, "principalPaid" numeric, "interestPaid" numeric, "feePaid" numeric, "penaltyPaid" numeric)`,
    [tx.tenantId, loanId, JSON.stringify(kept[0]!.periods)],
    [
      { sql: `delete from loan.schedule_period where tenant_id = ? and loan_id = ?`, params: [tx.tenantId, loanId] },
      { sql: `delete from loan.schedule_history where tenant_id = ? and loan_id = ? and transaction_id = ?`, params: [tx.tenantId, loanId, transactionId] },
    ],
  );
  return true;
}

/** Sets the interest each instalment owes (a payoff's interest earned to its date); one statement for all of them. */
export async function setInterestDue(tx: Tx, loanId: number, dues: readonly { period: number; interestDue: string }[]): Promise<void> {
  await tx.query(
    `update loan.schedule_period s set interest_due = d.interest_due
       from unnest(?::int[], ?::numeric[]) as d(period, interest_due)
      where s.tenant_id = ? and s.loan_id = ? and s.period = d.period and s.interest_due <> d.interest_due`,
    [pgArray(dues.map((d) => d.period)), pgArray(dues.map((d) => d.interestDue)), tx.tenantId, loanId],
  );
}
