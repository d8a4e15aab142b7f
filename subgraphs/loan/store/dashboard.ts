import type { Tx } from '../../kernel/tx.js';
import { officeFilter } from './rows.js';
import { STATUS_ACTIVE, STATUS_APPROVED } from './loans.js';

/** Fineract's dashboard reports over the loan book, at the given offices (null: every office). */

/** Loans disbursed per day between two dates (inclusive). */
export async function disbursalsByDay(tx: Tx, officeIds: readonly number[] | null, from: string, to: string): Promise<{ day: string; count: number }[]> {
  const offices = officeFilter(officeIds);
  const found = await tx.query<{ day: string; count: string }>(
    `select to_char(disbursed_on, 'YYYY-MM-DD') as day, count(*) as count from loan.loan
     where tenant_id = ? and disbursed_on between ?::date and ?::date and (?::int[] is null or office_id = any(?::int[]))
     group by disbursed_on order by disbursed_on`,
    [tx.tenantId, from, to, offices, offices],
  );
  return found.map((r) => ({ day: r.day, count: Number(r.count) }));
}

/** What active loans owe on a day's instalments (principal, interest, fees, penalties), still due and already paid. */
export async function demandAndCollection(tx: Tx, officeIds: readonly number[] | null, day: string): Promise<{ due: string; paid: string }> {
  const offices = officeFilter(officeIds);
  const found = await tx.query<{ due: string; paid: string }>(
    `select coalesce(sum(p.principal_due + p.interest_due + p.fee_due + p.penalty_due - p.principal_paid - p.interest_paid - p.fee_paid - p.penalty_paid), 0)::text as due,
            coalesce(sum(p.principal_paid + p.interest_paid + p.fee_paid + p.penalty_paid), 0)::text as paid
     from loan.schedule_period p join loan.loan l on l.tenant_id = p.tenant_id and l.id = p.loan_id
     where p.tenant_id = ? and p.due_date = ?::date and l.status_id = ${STATUS_ACTIVE} and (?::int[] is null or l.office_id = any(?::int[]))`,
    [tx.tenantId, day, offices, offices],
  );
  return found[0]!;
}

/** Principal approved and waiting for disbursal, and principal of active (disbursed) loans. */
export async function disbursalAndAwaiting(tx: Tx, officeIds: readonly number[] | null): Promise<{ awaiting: string; disbursed: string }> {
  const offices = officeFilter(officeIds);
  const found = await tx.query<{ awaiting: string; disbursed: string }>(
    `select coalesce(sum(coalesce(approved_principal, principal)) filter (where status_id = ${STATUS_APPROVED}), 0)::text as awaiting,
            coalesce(sum(principal) filter (where status_id = ${STATUS_ACTIVE}), 0)::text as disbursed
     from loan.loan where tenant_id = ? and status_id in (${STATUS_APPROVED}, ${STATUS_ACTIVE}) and (?::int[] is null or office_id = any(?::int[]))`,
    [tx.tenantId, offices, offices],
  );
  return found[0]!;
}
