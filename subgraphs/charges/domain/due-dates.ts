/**
 * When charges fall due. Pure, on ISO dates (YYYY-MM-DD), calendar arithmetic in UTC.
 */

const parse = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return { y, m, d };
};
const format = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The date in month `m` of year `y` on `day`, or the month's last day when it is shorter (Fineract's setDayOfMonth). */
function onDay(y: number, m: number, day: number): string {
  return format(y, m, Math.min(day, daysInMonth(y, m)));
}

/** Adds months, keeping `day` where the month has it. */
function plusMonths(iso: string, months: number, day: number): string {
  const { y, m } = parse(iso);
  const index = y * 12 + (m - 1) + months;
  return onDay(Math.floor(index / 12), (index % 12) + 1, day);
}

export interface RecurringFee {
  /** 6 annual, 7 monthly. */
  kind: 'annual' | 'monthly';
  /** feeOnMonthDay: the month (1-12) and day (1-31). */
  month: number;
  day: number;
  /** Months between monthly fees (1-12); ignored for annual fees. */
  interval: number;
}

/** The due date after `due`: a year later for annual fees, `interval` months later for monthly fees. */
export function nextRecurringDueDate(fee: RecurringFee, due: string): string {
  if (fee.kind === 'annual') {
    const { y } = parse(due);
    return onDay(y + 1, fee.month, fee.day);
  }
  return plusMonths(due, fee.interval, fee.day);
}

/**
 * The first due date on or after `from` (the account's activation): feeOnMonthDay in `from`'s year, moved
 * on by the fee's step while it is before `from` (Fineract's getNextDueDateFrom).
 */
export function firstRecurringDueDate(fee: RecurringFee, from: string): string {
  let due = onDay(parse(from).y, fee.month, fee.day);
  while (due < from) due = nextRecurringDueDate(fee, due);
  return due;
}

/** Every due date of a recurring fee from `first` up to and including `through`, at most `limit` of them. */
export function recurringDueDatesThrough(fee: RecurringFee, first: string, through: string, limit: number): string[] {
  const dates: string[] = [];
  for (let due = first; due <= through && dates.length < limit; due = nextRecurringDueDate(fee, due)) dates.push(due);
  return dates;
}

export interface PeriodDates {
  period: number;
  /** The period's first day (the disbursement date or the previous due date), exclusive except for the first period. */
  fromDate: string;
  dueDate: string;
}

/**
 * The instalment a specified-due-date loan charge falls into: the period whose (fromDate, dueDate] holds
 * the date; the first period also holds its fromDate (a charge due on the disbursement day). A date after
 * the last due date has no instalment (null): it cannot be added.
 */
export function instalmentContaining(periods: readonly PeriodDates[], date: string): number | null {
  for (const [i, p] of periods.entries()) {
    if ((date > p.fromDate || (i === 0 && date === p.fromDate)) && date <= p.dueDate) return p.period;
  }
  return null;
}

/**
 * "dd MMM" (Fineract's monthDayFormat with the en locale) or "--MM-dd" (ISO) as month and day; null
 * when it is neither or the day does not exist in a leap year.
 */
export function parseMonthDay(text: string, format = 'dd MMM'): { month: number; day: number } | null {
  const iso = /^--(\d{2})-(\d{2})$/.exec(text);
  let month: number;
  let day: number;
  if (iso) {
    month = Number(iso[1]);
    day = Number(iso[2]);
  } else {
    const m = /^(\d{1,2}) ([A-Za-z]{3,9})$/.exec(text.trim());
    if (!m || !/^d{1,2} MMM{1,2}$/.test(format)) return null;
    day = Number(m[1]);
    month = MONTHS.findIndex((name) => name.toLowerCase().startsWith(m[2]!.toLowerCase()) && m[2]!.length >= 3) + 1;
  }
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(2024, month)) return null;
  return { month, day };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
