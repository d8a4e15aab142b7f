import type { Statement, Tx } from '../../kernel/tx.js';
import type { ServicedPeriod } from '../domain/payoff.js';
import { date, rows } from './rows.js';
import { pgArray } from '../../kernel/pg-array.js';

/** Loan reschedule requests (loan.reschedule_request) and the schedule rewrite an approval makes. */

/** Fineract reuses the loan status codes for a request: 100 submitted and pending approval, 200 approved, 500 rejected. */
export const RESCHEDULE_PENDING = 100;
export const RESCHEDULE_APPROVED = 200;
export const RESCHEDULE_REJECTED = 500;

export interface RescheduleRow {
  id: number;
  loanId: number;
  statusId: number;
  rescheduleFromDate: string;
  rescheduleFromInstallment: number;
  reasonId: number;
  reasonComment: string | null;
  adjustedDueDate: string | null;
  graceOnPrincipal: number | null;
  graceOnInterest: number | null;
  extraTerms: number | null;
  newInterestRate: string | null;
  submittedOn: string;
  submittedBy: number;
  submittedDelegatedBy: number | null;
  approvedOn: string | null;
  approvedBy: number | null;
  rejectedOn: string | null;
  rejectedBy: number | null;
}

export type NewReschedule = Omit<RescheduleRow, 'id' | 'statusId' | 'approvedOn' | 'approvedBy' | 'rejectedOn' | 'rejectedBy'>;

const COLUMNS = `id, loan_id, status_id, ${date('reschedule_from_date')}, reschedule_from_installment, reason_id, reason_comment, ${date('adjusted_due_date')},
  grace_on_principal, grace_on_interest, extra_terms, new_interest_rate::text as new_interest_rate, ${date('submitted_on')}, submitted_by, submitted_delegated_by,
  ${date('approved_on')}, approved_by, ${date('rejected_on')}, rejected_by`;

export async function insertReschedule(tx: Tx, r: NewReschedule): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into loan.reschedule_request (tenant_id, loan_id, status_id, reschedule_from_date, reschedule_from_installment, reason_id, reason_comment, adjusted_due_date,
            grace_on_principal, grace_on_interest, extra_terms, new_interest_rate, submitted_on, submitted_by, submitted_delegated_by, created_by, updated_by)
     values (?, ?, ?, ?::date, ?, ?, ?, ?::date, ?, ?, ?, ?::numeric, ?::date, ?, ?, ?, ?) returning id`,
    [
      tx.tenantId, r.loanId, RESCHEDULE_PENDING, r.rescheduleFromDate, r.rescheduleFromInstallment, r.reasonId, r.reasonComment, r.adjustedDueDate, r.graceOnPrincipal,
      r.graceOnInterest, r.extraTerms, r.newInterestRate, r.submittedOn, r.submittedBy, r.submittedDelegatedBy, r.submittedBy, r.submittedBy,
    ],
  );
  return Number(row!.id);
}

export async function findReschedule(tx: Tx, id: number, options: { lock?: boolean } = {}): Promise<RescheduleRow | null> {
  const raw = await tx.query(`select ${COLUMNS} from loan.reschedule_request where tenant_id = ? and id = ?${options.lock ? ' for update' : ''}`, [tx.tenantId, id]);
  return rows<RescheduleRow>(raw)[0] ?? null;
}

/** Requests of the given loans (null: every loan), newest first, at most `limit`; `statusId` narrows them. */
export async function listReschedules(tx: Tx, loanIds: readonly number[] | null, statusId: number | null, limit: number): Promise<RescheduleRow[]> {
  const raw = await tx.query(
    `select ${COLUMNS} from loan.reschedule_request
      where tenant_id = ? and (?::int[] is null or loan_id = any(?::int[])) and (?::int is null or status_id = ?)
      order by id desc limit ?`,
    [tx.tenantId, loanIds === null ? null : pgArray(loanIds), loanIds === null ? null : pgArray(loanIds), statusId, statusId, limit],
  );
  return rows<RescheduleRow>(raw);
}

/** Whether the loan has a request still waiting for a decision (one at a time, as Fineract allows). */
export async function pendingRescheduleOf(tx: Tx, loanId: number): Promise<number | null> {
  const raw = await tx.query<{ id: number }>(`select id from loan.reschedule_request where tenant_id = ? and loan_id = ? and status_id = ? limit 1`, [tx.tenantId, loanId, RESCHEDULE_PENDING]);
  return raw.length > 0 ? Number(raw[0]!.id) : null;
}

/** The statement that records the decision on a pending request. */
export const decideReschedule = (tx: Tx, id: number, decision: 'approved' | 'rejected', on: string, userId: number): Statement => ({
  sql: decision === 'approved'
    ? `update loan.reschedule_request set status_id = ?, approved_on = ?::date, approved_by = ?, updated_by = ?, updated_at = now() where tenant_id = ? and id = ? and status_id = ${RESCHEDULE_PENDING}`
    : `update loan.reschedule_request set status_id = ?, rejected_on = ?::date, rejected_by = ?, updated_by = ?, updated_at = now() where tenant_id = ? and id = ? and status_id = ${RESCHEDULE_PENDING}`,
  params: [decision === 'approved' ? RESCHEDULE_APPROVED : RESCHEDULE_REJECTED, on, userId, userId, tx.tenantId, id],
});

export async function rejectReschedule(tx: Tx, id: number, on: string, userId: number): Promise<void> {
  const { sql, params } = decideReschedule(tx, id, 'rejected', on, userId);
  await tx.query(sql, params);
}

/**
 * Replaces the instalments from `fromPeriod` on with the regenerated ones (all unpaid), and sets the loan's rate and
 * number of repayments to what the schedule now has, so the payoff and later regenerations use them. The instalments
 * before it are untouched. `ahead` go first in the round trip.
 */
export async function rewriteScheduleFrom(
  tx: Tx, loanId: number, fromPeriod: number, periods: readonly ServicedPeriod[], terms: { interestRatePerPeriod: string; numberOfRepayments: number }, userId: number,
  ahead: readonly Statement[],
): Promise<void> {
  const fresh = periods.filter((p) => p.period >= fromPeriod);
  await tx.query(
    `insert into loan.schedule_period (tenant_id, loan_id, period, from_date, due_date, principal_due, interest_due)
     select ?, ?, p.period, p.from_date, p.due_date, p.principal, p.interest
       from unnest(?::int[], ?::date[], ?::date[], ?::numeric[], ?::numeric[]) as p(period, from_date, due_date, principal, interest)`,
    [
      tx.tenantId, loanId, pgArray(fresh.map((p) => p.period)), pgArray(fresh.map((p) => p.fromDate)), pgArray(fresh.map((p) => p.dueDate)),
      pgArray(fresh.map((p) => p.principalDue)), pgArray(fresh.map((p) => p.interestDue)),
    ],
    [
      ...ahead,
      { sql: `delete from loan.schedule_period where tenant_id = ? and loan_id = ? and period >= ?`, params: [tx.tenantId, loanId, fromPeriod] },
      {
        sql: `update loan.loan set interest_rate_per_period = ?::numeric, number_of_repayments = ?, updated_by = ?, updated_at = now() where tenant_id = ? and id = ?`,
        params: [terms.interestRatePerPeriod, terms.numberOfRepayments, userId, tx.tenantId, loanId],
      },
    ],
  );
}
