import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { errors, Validator } from '../../kernel/errors.js';
import { requireStaff, type Identity } from '../../kernel/identity.js';
import { adjustDueDates, DEFAULT_RECURRENCE, RESCHEDULE_NEXT_WORKING_DAY, workingWeekdays, type Calendar } from '../domain/calendar.js';
import { activeHolidaysOf, findHoliday, listHolidays, loadWorkingDays, movesOfLoan, type DueDateMove, type HolidayRow, type WorkingDaysRow } from '../store/calendar.store.js';
import type { CobDependencies } from '../ports.js';
import { COB_CODES } from '../codes.js';

/** Fineract's seeded working days: every day works, and a date that does not moves to the next working day. */
export const DEFAULT_WORKING_DAYS: WorkingDaysRow = { recurrence: DEFAULT_RECURRENCE, repaymentRescheduleType: RESCHEDULE_NEXT_WORKING_DAY, extendTermForDailyRepayments: false };

/** A page of holidays is bounded: a tenant has a few dozen a year. */
export const MAX_HOLIDAYS = 1000;

export const holidayNotFound = (id: number) => errors.notFound(COB_CODES.holidayIdInvalid, `Holiday with identifier ${id} does not exist`, id);

/** Reads of the calendar: working days, holidays, and a schedule's due dates moved by them. */
export class CalendarQueries {
  constructor(
    private readonly db: Database,
    private readonly deps: CobDependencies,
  ) {}

  async workingDays(identity: Identity): Promise<WorkingDaysRow> {
    const staff = requireStaff(identity, 'READ_WORKINGDAYS');
    return this.db.tx(staff.tenantId, (tx) => this.workingDaysIn(tx));
  }

  async workingDaysIn(tx: Tx): Promise<WorkingDaysRow> {
    return (await loadWorkingDays(tx)) ?? DEFAULT_WORKING_DAYS;
  }

  async holiday(identity: Identity, id: number): Promise<HolidayRow> {
    const staff = requireStaff(identity, 'READ_HOLIDAY');
    return this.db.tx(staff.tenantId, (tx) => this.visibleHoliday(tx, identity, id));
  }

  /** A holiday the caller may see: one of its offices is in the caller's scope (404 otherwise, as for another tenant's). */
  async visibleHoliday(tx: Tx, identity: Identity, id: number, lock = false): Promise<HolidayRow> {
    const staff = requireStaff(identity, 'READ_HOLIDAY');
    const found = await findHoliday(tx, id, lock);
    if (!found) throw holidayNotFound(id);
    const scope = await this.deps.officesInScope(tx, staff);
    if (scope !== null && !found.officeIds.some((o) => scope.includes(o))) throw holidayNotFound(id);
    return found;
  }

  /** GET /holidays?officeId=&fromDate=&toDate=: Fineract requires the office. */
  async holidays(identity: Identity, filter: { officeId?: number | null; fromDate?: string | null; toDate?: string | null }): Promise<HolidayRow[]> {
    const staff = requireStaff(identity, 'READ_HOLIDAY');
    const v = new Validator('holiday');
    v.required('officeId', filter.officeId);
    v.throwIfAny();
    return this.db.tx(staff.tenantId, async (tx) => {
      const scope = await this.deps.officesInScope(tx, staff);
      if (scope !== null && !scope.includes(filter.officeId!)) return [];
      return listHolidays(tx, { officeIds: [filter.officeId!], fromDate: filter.fromDate ?? null, toDate: filter.toDate ?? null, limit: MAX_HOLIDAYS });
    });
  }

  /** The holiday moves a loan's instalments went through (the loan's calendar history). */
  async movesOfLoan(identity: Identity, loanId: number): Promise<(DueDateMove & { holidayId: number; businessDate: string })[]> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.deps.requireLoanVisible(tx, identity, loanId);
      return movesOfLoan(tx, loanId);
    });
  }

  /** The calendar of an office: the tenant's working days and the office's active holidays. */
  async calendarOf(tx: Tx, officeId: number): Promise<Calendar> {
    const days = await this.workingDaysIn(tx);
    const holidays = await activeHolidaysOf(tx, officeId);
    return {
      workingDays: workingWeekdays(days.recurrence) ?? workingWeekdays(DEFAULT_RECURRENCE)!,
      repaymentRescheduleType: days.repaymentRescheduleType,
      holidays: holidays.map((h) => ({ fromDate: h.fromDate, toDate: h.toDate, reschedulingType: h.reschedulingType, repaymentsRescheduledTo: h.repaymentsRescheduledTo })),
    };
  }

  /** The loan module's port: a new schedule's due dates on the calendar of the loan's office. */
  async adjustDueDates(tx: Tx, officeId: number, dueDates: readonly string[]): Promise<string[]> {
    return adjustDueDates(await this.calendarOf(tx, officeId), dueDates);
  }
}
