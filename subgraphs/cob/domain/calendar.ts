/**
 * The tenant's calendar: which days are working days (an RRULE's BYDAY), and where an instalment due on a
 * non-working day or a holiday moves. Pure: dates are ISO text (YYYY-MM-DD), read and written in UTC.
 */

/** Fineract's RepaymentRescheduleType: what a due date on a non-working day becomes. */
export const RESCHEDULE_SAME_DAY = 1;
export const RESCHEDULE_NEXT_WORKING_DAY = 2;
export const RESCHEDULE_NEXT_REPAYMENT_MEETING_DAY = 3;
export const RESCHEDULE_PREVIOUS_WORKING_DAY = 4;

export const REPAYMENT_RESCHEDULE_TYPES: Record<number, { code: string; value: string }> = {
  [RESCHEDULE_SAME_DAY]: { code: 'RepaymentRescheduleType.same.day', value: 'same day' },
  [RESCHEDULE_NEXT_WORKING_DAY]: { code: 'RepaymentRescheduleType.move.to.next.working.day', value: 'move to next working day' },
  [RESCHEDULE_NEXT_REPAYMENT_MEETING_DAY]: { code: 'RepaymentRescheduleType.move.to.next.repayment.meeting.day', value: 'move to next repayment meeting day' },
  [RESCHEDULE_PREVIOUS_WORKING_DAY]: { code: 'RepaymentRescheduleType.move.to.previous.working.day', value: 'move to previous working day' },
};

/** Fineract's holiday RescheduleType: to the loan's next repayment date, or to a date the holiday names. */
export const HOLIDAY_TO_NEXT_REPAYMENT_DATE = 1;
export const HOLIDAY_TO_SPECIFIC_DATE = 2;

export const HOLIDAY_RESCHEDULE_TYPES: Record<number, { code: string; value: string }> = {
  [HOLIDAY_TO_NEXT_REPAYMENT_DATE]: { code: 'rescheduletype.rescheduletonextrepaymentdate', value: 'Reschedule to next repayment date' },
  [HOLIDAY_TO_SPECIFIC_DATE]: { code: 'rescheduletype.rescheduletospecificdate', value: 'Reschedule to specified date' },
};

/** Fineract's HolidayStatusType. */
export const HOLIDAY_PENDING = 100;
export const HOLIDAY_ACTIVE = 300;
export const HOLIDAY_DELETED = 600;

export const HOLIDAY_STATUSES: Record<number, { code: string; value: string }> = {
  [HOLIDAY_PENDING]: { code: 'holidayStatusType.pending.for.activation', value: 'Pending for activation' },
  [HOLIDAY_ACTIVE]: { code: 'holidayStatusType.active', value: 'Active' },
  [HOLIDAY_DELETED]: { code: 'holidayStatusType.deleted', value: 'Deleted' },
};

export const DEFAULT_RECURRENCE = 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR,SA,SU';

/** RRULE day codes in JavaScript's getUTCDay() order (0 is Sunday). */
const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/**
 * The working weekdays of a weekly RRULE (`FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR`), as getUTCDay()
 * numbers; null when the text is not such a rule (a weekly rule with interval 1 is all Fineract's console
 * sends, and the only kind that names working days). Parts may come in any order; BYDAY must name a day.
 */
export function workingWeekdays(recurrence: string): Set<number> | null {
  if (recurrence.length > 200) return null;
  const parts = new Map<string, string>();
  for (const part of recurrence.replace(/^RRULE:/i, '').split(';')) {
    const [key, value, extra] = part.split('=');
    if (!key || value === undefined || extra !== undefined || parts.has(key.toUpperCase())) return null;
    parts.set(key.toUpperCase(), value.toUpperCase());
  }
  if (parts.get('FREQ') !== 'WEEKLY' || (parts.get('INTERVAL') ?? '1') !== '1' || !parts.has('BYDAY')) return null;
  if ([...parts.keys()].some((k) => !['FREQ', 'INTERVAL', 'BYDAY'].includes(k))) return null;
  const days = new Set<number>();
  for (const code of parts.get('BYDAY')!.split(',')) {
    const day = DAY_CODES.indexOf(code as (typeof DAY_CODES)[number]);
    if (day < 0) return null;
    days.add(day);
  }
  return days;
}

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function weekday(iso: string): number {
  return new Date(`${iso}T00:00:00Z`).getUTCDay();
}

export interface HolidayRule {
  fromDate: string;
  toDate: string;
  /** HOLIDAY_TO_NEXT_REPAYMENT_DATE or HOLIDAY_TO_SPECIFIC_DATE. */
  reschedulingType: number;
  repaymentsRescheduledTo: string | null;
}

export interface Calendar {
  /** getUTCDay() numbers of the working days; never empty (the working-days command refuses that). */
  workingDays: ReadonlySet<number>;
  /** RESCHEDULE_SAME_DAY ... RESCHEDULE_PREVIOUS_WORKING_DAY. */
  repaymentRescheduleType: number;
  /** Active holidays of the loan's office. */
  holidays: readonly HolidayRule[];
}

/** How far a date may travel to find a working day that is no holiday: a holiday longer than a year is a typo. */
const MAX_STEPS = 400;

const holidayOf = (calendar: Calendar, date: string) => calendar.holidays.find((h) => h.fromDate <= date && date <= h.toDate);

/**
 * Where an instalment due on `dueDate` falls due, Fineract's way: a date inside an active holiday goes to the
 * holiday's named date, or to the loan's next repayment date (`nextDueDate`, the following instalment's
 * unmoved date; for the last instalment, which has none, the first day after the holiday); then a date on a
 * non-working day goes by the working days' rule (same day, next or previous working day, or the next
 * repayment date for "next meeting day", as loans without a group meeting have). A move is followed again
 * until the date is settled: the next working day may itself be a holiday.
 */
export function adjustDueDate(calendar: Calendar, dueDate: string, nextDueDate: string | null): string {
  let date = dueDate;
  for (let step = 0; step < MAX_STEPS; step++) {
    const holiday = holidayOf(calendar, date);
    if (holiday) {
      const target = holiday.reschedulingType === HOLIDAY_TO_SPECIFIC_DATE && holiday.repaymentsRescheduledTo
        ? holiday.repaymentsRescheduledTo
        : nextDueDate && nextDueDate > holiday.toDate ? nextDueDate : addDays(holiday.toDate, 1);
      // A named date is the operator's decision (validated as a working day when the holiday was saved): kept.
      if (holiday.reschedulingType === HOLIDAY_TO_SPECIFIC_DATE && holiday.repaymentsRescheduledTo) return target;
      date = target;
      continue;
    }
    if (calendar.workingDays.has(weekday(date))) return date;
    switch (calendar.repaymentRescheduleType) {
      case RESCHEDULE_SAME_DAY:
        return date;
      case RESCHEDULE_PREVIOUS_WORKING_DAY:
        date = previousWorkingDay(calendar, date);
        // Going back may land in a holiday whose rule sends the date forward again: settle it once more, forward.
        if (holidayOf(calendar, date)) return adjustDueDate({ ...calendar, repaymentRescheduleType: RESCHEDULE_NEXT_WORKING_DAY }, date, nextDueDate);
        return date;
      case RESCHEDULE_NEXT_REPAYMENT_MEETING_DAY:
        date = nextDueDate && nextDueDate > date ? nextDueDate : addDays(date, 1);
        break;
      default:
        date = addDays(date, 1);
    }
  }
  return date;
}

function previousWorkingDay(calendar: Calendar, date: string): string {
  let d = date;
  for (let i = 0; i < 7; i++) {
    d = addDays(d, -1);
    if (calendar.workingDays.has(weekday(d))) return d;
  }
  return date;
}

/**
 * A schedule's due dates moved by the calendar: each instalment's "next repayment date" is the following
 * instalment's unmoved date, as the generator produced it.
 */
export function adjustDueDates(calendar: Calendar, dueDates: readonly string[]): string[] {
  return dueDates.map((due, i) => adjustDueDate(calendar, due, dueDates[i + 1] ?? null));
}
