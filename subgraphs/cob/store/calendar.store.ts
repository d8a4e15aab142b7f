import type { Tx } from '../../kernel/tx.js';
import { pgArray } from '../../kernel/pg-array.js';
import { HOLIDAY_ACTIVE, HOLIDAY_DELETED } from '../domain/calendar.js';

/** The tenant's working days (cob.working_days) and holidays (cob.holiday, cob.holiday_office). */

export interface WorkingDaysRow {
  recurrence: string;
  repaymentRescheduleType: number;
  extendTermForDailyRepayments: boolean;
}

export async function loadWorkingDays(tx: Tx): Promise<WorkingDaysRow | null> {
  const found = await tx.query<{ recurrence: string; repayment_reschedule_type: number; extend_term_for_daily_repayments: boolean }>(
    `select recurrence, repayment_reschedule_type, extend_term_for_daily_repayments from cob.working_days where tenant_id = ?`,
    [tx.tenantId],
  );
  const row = found[0];
  return row ? { recurrence: row.recurrence, repaymentRescheduleType: Number(row.repayment_reschedule_type), extendTermForDailyRepayments: row.extend_term_for_daily_repayments } : null;
}

export async function saveWorkingDays(tx: Tx, row: WorkingDaysRow, by: number): Promise<void> {
  await tx.query(
    `insert into cob.working_days (tenant_id, recurrence, repayment_reschedule_type, extend_term_for_daily_repayments, created_by, updated_by) values (?, ?, ?, ?, ?, ?)
     on conflict (tenant_id) do update set recurrence = excluded.recurrence, repayment_reschedule_type = excluded.repayment_reschedule_type,
       extend_term_for_daily_repayments = excluded.extend_term_for_daily_repayments, updated_by = excluded.updated_by, updated_at = now()`,
    [tx.tenantId, row.recurrence, row.repaymentRescheduleType, row.extendTermForDailyRepayments, by, by],
  );
}

export interface HolidayRow {
  id: number;
  name: string;
  fromDate: string;
  toDate: string;
  reschedulingType: number;
  repaymentsRescheduledTo: string | null;
  description: string | null;
  statusId: number;
  officeIds: number[];
  rescheduledOn: string | null;
  rescheduleCursor: number;
}

const HOLIDAY_COLUMNS = `h.id, h.name, to_char(h.from_date, 'YYYY-MM-DD') as from_date, to_char(h.to_date, 'YYYY-MM-DD') as to_date, h.rescheduling_type,
  to_char(h.repayments_rescheduled_to, 'YYYY-MM-DD') as repayments_rescheduled_to, h.description, h.status_id, to_char(h.rescheduled_on, 'YYYY-MM-DD') as rescheduled_on,
  h.reschedule_cursor,
  coalesce((select array_agg(o.office_id order by o.office_id) from cob.holiday_office o where o.tenant_id = h.tenant_id and o.holiday_id = h.id), '{}') as office_ids`;

interface RawHoliday {
  id: number; name: string; from_date: string; to_date: string; rescheduling_type: number; repayments_rescheduled_to: string | null;
  description: string | null; status_id: number; rescheduled_on: string | null; reschedule_cursor: number | string; office_ids: number[];
}

const holiday = (r: RawHoliday): HolidayRow => ({
  id: Number(r.id), name: r.name, fromDate: r.from_date, toDate: r.to_date, reschedulingType: Number(r.rescheduling_type), repaymentsRescheduledTo: r.repayments_rescheduled_to,
  description: r.description, statusId: Number(r.status_id), rescheduledOn: r.rescheduled_on, rescheduleCursor: Number(r.reschedule_cursor), officeIds: r.office_ids.map(Number),
});

/** A holiday not deleted; `lock` holds its row to the end of the transaction (a change and the run queue on it). */
export async function findHoliday(tx: Tx, id: number, lock = false): Promise<HolidayRow | null> {
  const found = await tx.query<RawHoliday>(`select ${HOLIDAY_COLUMNS} from cob.holiday h where h.tenant_id = ? and h.id = ? and h.status_id <> ?${lock ? ' for update of h' : ''}`, [tx.tenantId, id, HOLIDAY_DELETED]);
  return found[0] ? holiday(found[0]) : null;
}

export interface HolidayFilter {
  /** Holidays of one of these offices (null: every office). */
  officeIds: readonly number[] | null;
  fromDate: string | null;
  toDate: string | null;
  limit: number;
}

/** Holidays not deleted, by start date: those of the offices given that overlap [fromDate, toDate]. */
export async function listHolidays(tx: Tx, filter: HolidayFilter): Promise<HolidayRow[]> {
  const found = await tx.query<RawHoliday>(
    `select ${HOLIDAY_COLUMNS} from cob.holiday h
      where h.tenant_id = ? and h.status_id <> ?
        and (?::int[] is null or exists (select 1 from cob.holiday_office o where o.tenant_id = h.tenant_id and o.holiday_id = h.id and o.office_id = any(?::int[])))
        and (?::date is null or h.to_date >= ?::date) and (?::date is null or h.from_date <= ?::date)
      order by h.from_date, h.id limit ?`,
    [tx.tenantId, HOLIDAY_DELETED, filter.officeIds && pgArray(filter.officeIds), filter.officeIds && pgArray(filter.officeIds), filter.fromDate, filter.fromDate, filter.toDate, filter.toDate, filter.limit],
  );
  return found.map(holiday);
}

/** Active holidays of an office, as the calendar reads them. */
export async function activeHolidaysOf(tx: Tx, officeId: number): Promise<HolidayRow[]> {
  return listHolidaysWithStatus(tx, officeId, HOLIDAY_ACTIVE);
}

async function listHolidaysWithStatus(tx: Tx, officeId: number, statusId: number): Promise<HolidayRow[]> {
  const found = await tx.query<RawHoliday>(
    `select ${HOLIDAY_COLUMNS} from cob.holiday h
      where h.tenant_id = ? and h.status_id = ? and exists (select 1 from cob.holiday_office o where o.tenant_id = h.tenant_id and o.holiday_id = h.id and o.office_id = ?)
      order by h.from_date, h.id`,
    [tx.tenantId, statusId, officeId],
  );
  return found.map(holiday);
}

export async function holidayNameTaken(tx: Tx, name: string, exceptId: number | null): Promise<boolean> {
  return (await tx.query(`select 1 from cob.holiday where tenant_id = ? and lower(name) = lower(?) and status_id <> ? and id <> ?`, [tx.tenantId, name, HOLIDAY_DELETED, exceptId ?? -1])).length > 0;
}

export interface HolidayWrite {
  id: number;
  name: string;
  fromDate: string;
  toDate: string;
  reschedulingType: number;
  repaymentsRescheduledTo: string | null;
  description: string | null;
  officeIds: readonly number[];
}

/** Creates the holiday or replaces its fields and offices (a pending one: the command checks). */
export async function saveHoliday(tx: Tx, h: HolidayWrite, by: number): Promise<void> {
  await tx.query(
    `insert into cob.holiday (tenant_id, id, name, from_date, to_date, rescheduling_type, repayments_rescheduled_to, description, created_by, updated_by)
     values (?, ?, ?, ?::date, ?::date, ?, ?::date, ?, ?, ?)
     on conflict (tenant_id, id) do update set name = excluded.name, from_date = excluded.from_date, to_date = excluded.to_date, rescheduling_type = excluded.rescheduling_type,
       repayments_rescheduled_to = excluded.repayments_rescheduled_to, description = excluded.description, updated_by = excluded.updated_by, updated_at = now()`,
    [tx.tenantId, h.id, h.name, h.fromDate, h.toDate, h.reschedulingType, h.repaymentsRescheduledTo, h.description, by, by],
  );
  await tx.query(
    `with gone as (delete from cob.holiday_office where tenant_id = ? and holiday_id = ? and not (office_id = any(?::int[])))
     insert into cob.holiday_office (tenant_id, holiday_id, office_id) select ?, ?, o from unnest(?::int[]) o on conflict do nothing`,
    [tx.tenantId, h.id, pgArray(h.officeIds), tx.tenantId, h.id, pgArray(h.officeIds)],
  );
}

export async function setHolidayStatus(tx: Tx, id: number, statusId: number, by: number): Promise<void> {
  await tx.query(`update cob.holiday set status_id = ?, updated_by = ?, updated_at = now() where tenant_id = ? and id = ?`, [statusId, by, tx.tenantId, id]);
}

/** The first active holiday whose existing loans are not yet moved, locked for the batch (another runner waits, then sees the new cursor). */
export async function nextHolidayToReschedule(tx: Tx): Promise<HolidayRow | null> {
  const found = await tx.query<RawHoliday>(
    `select ${HOLIDAY_COLUMNS} from cob.holiday h where h.tenant_id = ? and h.status_id = ? and h.rescheduled_on is null order by h.id limit 1 for update of h`,
    [tx.tenantId, HOLIDAY_ACTIVE],
  );
  return found[0] ? holiday(found[0]) : null;
}

export async function advanceHolidayCursor(tx: Tx, id: number, cursor: number, finishedOn: string | null): Promise<void> {
  await tx.query(`update cob.holiday set reschedule_cursor = ?, rescheduled_on = ?::date where tenant_id = ? and id = ?`, [cursor, finishedOn, tx.tenantId, id]);
}

export interface DueDateMove {
  loanId: number;
  period: number;
  oldDueDate: string;
  newDueDate: string;
}

export async function recordMoves(tx: Tx, holidayId: number, businessDate: string, moves: readonly DueDateMove[]): Promise<void> {
  if (moves.length === 0) return;
  await tx.query(
    `insert into cob.loan_due_date_move (tenant_id, holiday_id, loan_id, period, old_due_date, new_due_date, business_date)
     select ?, ?, m.loan_id, m.period, m.old_due, m.new_due, ?::date from unnest(?::int[], ?::int[], ?::date[], ?::date[]) as m(loan_id, period, old_due, new_due)
     on conflict do nothing`,
    [tx.tenantId, holidayId, businessDate, pgArray(moves.map((m) => m.loanId)), pgArray(moves.map((m) => m.period)), pgArray(moves.map((m) => m.oldDueDate)), pgArray(moves.map((m) => m.newDueDate))],
  );
}

/** A loan's holiday moves, oldest first. */
export async function movesOfLoan(tx: Tx, loanId: number): Promise<(DueDateMove & { holidayId: number; businessDate: string })[]> {
  const found = await tx.query<{ holiday_id: number; loan_id: number; period: number; old_due: string; new_due: string; business_date: string }>(
    `select holiday_id, loan_id, period, to_char(old_due_date, 'YYYY-MM-DD') as old_due, to_char(new_due_date, 'YYYY-MM-DD') as new_due, to_char(business_date, 'YYYY-MM-DD') as business_date
       from cob.loan_due_date_move where tenant_id = ? and loan_id = ? order by created_at, holiday_id, period limit 1000`,
    [tx.tenantId, loanId],
  );
  return found.map((r) => ({ holidayId: Number(r.holiday_id), loanId: Number(r.loan_id), period: Number(r.period), oldDueDate: r.old_due, newDueDate: r.new_due, businessDate: r.business_date }));
}
