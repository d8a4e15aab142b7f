import type { Statement, Tx } from '../../kernel/tx.js';
import type { RecalculatedPeriod } from '../domain/recalculation.js';
import { pgArray } from '../../kernel/pg-array.js';

/**
 * Replaces a loan's instalments with a recalculated schedule, due and paid amounts alike (a part prepayment with
 * interest recalculation rewrites the later instalments and pays into several at once). The old rows are deleted
 * first in the insert's round trip, after `ahead`; the version replaced is kept by the caller in schedule_history.
 */
export async function replaceServicedSchedule(tx: Tx, loanId: number, periods: readonly RecalculatedPeriod[], ahead: readonly Statement[] = []): Promise<void> {
  const col = (pick: (p: RecalculatedPeriod) => string | number) => pgArray(periods.map(pick));
  await tx.query(
    `insert into loan.schedule_period (tenant_id, loan_id, period, from_date, due_date, principal_due, interest_due, fee_due, penalty_due, principal_paid, interest_paid, fee_paid, penalty_paid)
     select ?, ?, p.period, p.from_date, p.due_date, p.principal_due, p.interest_due, p.fee_due, p.penalty_due, p.principal_paid, p.interest_paid, p.fee_paid, p.penalty_paid
       from unnest(?::int[], ?::date[], ?::date[], ?::numeric[], ?::numeric[], ?::numeric[], ?::numeric[], ?::numeric[], ?::numeric[], ?::numeric[], ?::numeric[])
         as p(period, from_date, due_date, principal_due, interest_due, fee_due, penalty_due, principal_paid, interest_paid, fee_paid, penalty_paid)`,
    [
      tx.tenantId, loanId, col((p) => p.period), col((p) => p.fromDate), col((p) => p.dueDate), col((p) => p.principalDue), col((p) => p.interestDue),
      col((p) => p.feeDue), col((p) => p.penaltyDue), col((p) => p.principalPaid), col((p) => p.interestPaid), col((p) => p.feePaid), col((p) => p.penaltyPaid),
    ],
    [...ahead, { sql: `delete from loan.schedule_period where tenant_id = ? and loan_id = ?`, params: [tx.tenantId, loanId] }],
  );
}
