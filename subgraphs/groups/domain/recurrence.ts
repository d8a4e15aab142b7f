/**
 * A meeting's recurrence (Fineract's CalendarFrequencyType, CalendarWeekDaysType and its RRULE text), and the
 * dates it falls on. Pure: dates are ISO text (YYYY-MM-DD), computed in UTC.
 */

export const FREQUENCY = { daily: 1, weekly: 2, monthly: 3, yearly: 4 } as const;

const FREQUENCIES: Record<number, { rule: string; code: string; value: string }> = {
  1: { rule: 'DAILY', code: 'calendarFrequencyType.daily', value: 'Daily' },
  2: { rule: 'WEEKLY', code: 'calendarFrequencyType.weekly', value: 'Weekly' },
  3: { rule: 'MONTHLY', code: 'calendarFrequencyType.monthly', value: 'Monthly' },
  4: { rule: 'YEARLY', code: 'calendarFrequencyType.yearly', value: 'Yearly' },
};

/** Fineract's CalendarWeekDaysType: 1 Monday ... 7 Sunday. */
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

export interface Recurrence {
  startDate: string;
  endDate: string | null;
  repeating: boolean;
  frequency: number | null;
  interval: number | null;
  /** Weekly meetings: 1 Monday ... 7 Sunday; null: the start date's weekday. */
  repeatsOnDay: number | null;
}

export function frequencyOption(id: number): { id: number; code: string; value: string } {
  const f = FREQUENCIES[id];
  return f ? { id, code: f.code, value: f.value } : { id: 0, code: 'calendarFrequencyType.invalid', value: 'Invalid' };
}

export function weekDayOption(id: number): { id: number; code: string; value: string } {
  const day = DAYS[id - 1];
  return day ? { id, code: `calendarWeekDaysType.${day.toLowerCase()}`, value: day } : { id: 0, code: 'calendarWeekDaysType.invalid', value: 'Invalid' };
}

/** Fineract's weekday number (1 Monday ... 7 Sunday) of a date. */
export function weekDayOf(iso: string): number {
  const js = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return js === 0 ? 7 : js;
}

/** The RRULE Fineract stores and answers: `FREQ=WEEKLY;INTERVAL=1;BYDAY=TU`; null when it does not repeat. */
export function rrule(r: Recurrence): string | null {
  if (!r.repeating || r.frequency === null) return null;
  const base = `FREQ=${FREQUENCIES[r.frequency]!.rule};INTERVAL=${r.interval ?? 1}`;
  return r.frequency === FREQUENCY.weekly ? `${base};BYDAY=${DAYS[(r.repeatsOnDay ?? weekDayOf(r.startDate)) - 1]}` : base;
}

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The start date moved by whole months, kept to the month's last day (31 January + 1 month is 28 or 29 February). */
function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The n-th meeting (0 the first): weekly ones on repeatsOnDay on or after the start date. */
function occurrence(r: Recurrence, first: string, n: number): string {
  const interval = r.interval ?? 1;
  switch (r.frequency) {
    case FREQUENCY.daily: return addDays(first, n * interval);
    case FREQUENCY.weekly: return addDays(first, 7 * n * interval);
    case FREQUENCY.monthly: return addMonths(first, n * interval);
    default: return addMonths(first, 12 * n * interval);
  }
}

/** A loop's bound: ten years of daily meetings. */
const MAX_OCCURRENCES = 3660;

/**
 * The meeting dates on or after `from`, at most `count` of them and none after `until` (or the meeting's end):
 * the dates the recurrence gives, before the tenant's working days and holidays move them.
 */
export function meetingDates(r: Recurrence, from: string, count: number, until: string | null = null): string[] {
  let first = r.startDate;
  if (r.repeating && r.frequency === FREQUENCY.weekly) {
    const day = r.repeatsOnDay ?? weekDayOf(r.startDate);
    first = addDays(r.startDate, (day - weekDayOf(r.startDate) + 7) % 7);
  }
  const last = [until, r.endDate].filter((d): d is string => d !== null).sort()[0] ?? null;
  if (!r.repeating) return first >= from && (last === null || first <= last) ? [first].slice(0, count) : [];
  const dates: string[] = [];
  for (let n = 0; n < MAX_OCCURRENCES && dates.length < count; n++) {
    const date = occurrence(r, first, n);
    if (last !== null && date > last) break;
    if (date >= from) dates.push(date);
  }
  return dates;
}
