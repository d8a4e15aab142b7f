import type { Tx } from '../../kernel/tx.js';
import { pgArray } from '../../kernel/pg-array.js';
import { STATUS_ACTIVE, STATUS_APPROVED, STATUS_SUBMITTED } from './loans.js';

/** Holidays applied to existing schedules (the close-of-business holiday step, through the cob port). */

export interface MovedInstalment {
  loanId: number;
  period: number;
  oldDueDate: string;
  newDueDate: string;
}

/**
 * For the next `limit` open loans (submitted, approved or active) of `officeIds` after `afterLoanId`, moves
 * every instalment due in [fromDate, toDate] to `rescheduledTo`, or (null) to its loan's next instalment due
 * after the holiday (the day after the holiday when none is), in one statement (the update runs to completion though nothing reads it: a data-modifying CTE does). The following instalment's
 * period starts where the moved one now ends. Returns the last loan id of the batch (null: no loan left)
 * and the instalments moved.
 */
export async function moveDueDatesOutOf(
  tx: Tx,
  move: { officeIds: readonly number[]; fromDate: string; toDate: string; rescheduledTo: string | null },
  afterLoanId: number,
  limit: number,
): Promise<{ lastLoanId: number | null; moves: MovedInstalment[] }> {
  const bound = await tx.query<{ last: number | null }>(
    `select max(id) as last from (select id from loan.loan where tenant_id = ? and office_id = any(?::int[]) and status_id = any(?::int[]) and id > ? order by id limit ?) b`,
    [tx.tenantId, pgArray(move.officeIds), pgArray([STATUS_SUBMITTED, STATUS_APPROVED, STATUS_ACTIVE]), afterLoanId, limit],
  );
  const last = bound[0]?.last == null ? null : Number(bound[0].last);
  if (last === null) return { lastLoanId: null, moves: [] };
  const moved = await tx.query<{ loan_id: number; period: number; old_due: string; new_due: string }>(
    `with moved as (
       select p.loan_id, p.period, p.due_date as old_due,
              coalesce(?::date,
                       (select min(n.due_date) from loan.schedule_period n where n.tenant_id = p.tenant_id and n.loan_id = p.loan_id and n.due_date > ?::date),
                       ?::date + 1) as new_due
         from loan.schedule_period p
         join loan.loan l on l.tenant_id = p.tenant_id and l.id = p.loan_id
        where p.tenant_id = ? and l.office_id = any(?::int[]) and l.status_id = any(?::int[]) and l.id > ? and l.id <= ?
          and p.due_date between ?::date and ?::date),
     changes as (
       select s.loan_id, s.period, coalesce(m.new_due, s.due_date) as due_date, coalesce(pm.new_due, s.from_date) as from_date
         from loan.schedule_period s
         left join moved m on m.loan_id = s.loan_id and m.period = s.period
         left join moved pm on pm.loan_id = s.loan_id and pm.period = s.period - 1 and s.from_date = pm.old_due
        where s.tenant_id = ? and s.loan_id in (select loan_id from moved) and (m.loan_id is not null or pm.loan_id is not null)),
     written as (
       update loan.schedule_period s set due_date = c.due_date, from_date = c.from_date
         from changes c where s.tenant_id = ? and s.loan_id = c.loan_id and s.period = c.period returning s.loan_id)
     select m.loan_id, m.period, to_char(m.old_due, 'YYYY-MM-DD') as old_due, to_char(m.new_due, 'YYYY-MM-DD') as new_due
       from moved m order by m.loan_id, m.period`,
    [
      move.rescheduledTo, move.toDate, move.toDate,
      tx.tenantId, pgArray(move.officeIds), pgArray([STATUS_SUBMITTED, STATUS_APPROVED, STATUS_ACTIVE]), afterLoanId, last, move.fromDate, move.toDate,
      tx.tenantId, tx.tenantId,
    ],
  );
  return { lastLoanId: last, moves: moved.map((r) => ({ loanId: Number(r.loan_id), period: Number(r.period), oldDueDate: r.old_due, newDueDate: r.new_due })) };
}
