import type { Statement, Tx } from '../../kernel/tx.js';
import type { InstalmentBalance, PeriodAllocation } from '../domain/allocation.js';
import type { Schedule } from '../domain/schedule.js';
import { date, rows } from './rows.js';
import { pgArray } from '../../kernel/pg-array.js';

/** A loan's repayment schedule (loan.schedule_period): one row per instalment, with what it owes and what is paid. */

export interface PeriodRow extends InstalmentBalance {
  loanId: number;
  fromDate: string;
  dueDate: string;
}

export async function loadPeriods(tx: Tx, loanIds: readonly number[]): Promise<PeriodRow[]> {
  if (loanIds.length === 0) return [];
  const raw = await tx.query(
    `select loan_id, period, ${date('from_date')}, ${date('due_date')}, principal_due, interest_due, fee_due, penalty_due,
            principal_paid, interest_paid, fee_paid, penalty_paid
       from loan.schedule_period where tenant_id = ? and loan_id = any(?::int[]) order by loan_id, period`,
    [tx.tenantId, pgArray(loanIds)],
  );
  return rows<PeriodRow>(raw);
}

/**
 * Replaces a loan's schedule (at submission, on changes, and from the actual date at disbursement): the old
 * instalments are deleted ahead of the insert, in its round trip.
 */
export async function writeSchedule(tx: Tx, loanId: number, schedule: Schedule): Promise<void> {
  const periods = schedule.periods;
  await tx.query(
    `insert into loan.schedule_period (tenant_id, loan_id, period, from_date, due_date, principal_due, interest_due)
     select ?, ?, p.period, p.from_date, p.due_date, p.principal, p.interest
       from unnest(?::int[], ?::date[], ?::date[], ?::numeric[], ?::numeric[]) as p(period, from_date, due_date, principal, interest)`,
    [
      tx.tenantId, loanId, pgArray(periods.map((p) => p.period)), pgArray(periods.map((p) => p.fromDate)), pgArray(periods.map((p) => p.dueDate)),
      pgArray(periods.map((p) => p.principal)), pgArray(periods.map((p) => p.interest)),
    ],
    [{ sql: `delete from loan.schedule_period where tenant_id = ? and loan_id = ?`, params: [tx.tenantId, loanId] }],
  );
}

/** The statement that pays a repayment's allocation into the loan's instalments (one statement for every instalment it touches). */
export const payInstalments = (tx: Tx, loanId: number, parts: readonly PeriodAllocation[]): Statement => ({
  sql: `update loan.schedule_period s
           set principal_paid = s.principal_paid + a.principal, interest_paid = s.interest_paid + a.interest, fee_paid = s.fee_paid + a.fee, penalty_paid = s.penalty_paid + a.penalty
          from unnest(?::int[], ?::numeric[], ?::numeric[], ?::numeric[], ?::numeric[]) as a(period, principal, interest, fee, penalty)
         where s.tenant_id = ? and s.loan_id = ? and s.period = a.period`,
  params: [
    pgArray(parts.map((p) => p.period)), pgArray(parts.map((p) => p.principal)), pgArray(parts.map((p) => p.interest)), pgArray(parts.map((p) => p.fee)),
    pgArray(parts.map((p) => p.penalty)), tx.tenantId, loanId,
  ],
});

/** Takes back from the loan's instalments what a repayment paid into them, as its stored allocation records it. */
export async function unpayInstalments(tx: Tx, loanId: number, transactionId: number): Promise<void> {
  await tx.query(
    `update loan.schedule_period s
        set principal_paid = s.principal_paid - a.principal, interest_paid = s.interest_paid - a.interest, fee_paid = s.fee_paid - a.fee, penalty_paid = s.penalty_paid - a.penalty
       from loan.transaction t, jsonb_to_recordset(t.allocation) as a(period int, principal numeric, interest numeric, fee numeric, penalty numeric)
      where t.tenant_id = ? and t.id = ? and s.tenant_id = t.tenant_id and s.loan_id = ? and s.loan_id = t.loan_id and s.period = a.period`,
    [tx.tenantId, transactionId, loanId],
  );
}
