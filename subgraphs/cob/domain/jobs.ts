import { COB_STEP_CODES, type CobStepCode } from './steps.js';

/**
 * The run's steps as Fineract's scheduler jobs (/jobs). Job 1 stays the delinquency classification, the id
 * clients called before the run existed; the others follow in run order.
 */
export const JOB_IDS: Record<CobStepCode, number> = {
  LOAN_DELINQUENCY_CLASSIFICATION: 1,
  APPLY_CHARGE_TO_OVERDUE_LOAN_INSTALLMENT: 2,
  ADD_PERIODIC_ACCRUAL_ENTRIES: 3,
  POST_INTEREST_FOR_SAVINGS: 4,
  PAY_DUE_SAVINGS_CHARGES: 5,
  UPDATE_SAVINGS_DORMANT_ACCOUNTS: 6,
  APPLY_HOLIDAYS_TO_LOANS: 7,
};

export function stepOfJob(jobId: number): CobStepCode | null {
  return COB_STEP_CODES.find((code) => JOB_IDS[code] === jobId) ?? null;
}

/** Fineract's default: every day at midnight (Quartz: seconds minutes hours day-of-month month day-of-week year). */
export const DEFAULT_CRON = '0 0 0 1/1 * ? *';

const FIELD = /^\d{1,2}$/;

/**
 * The time of day (seconds after midnight, UTC) a daily Quartz expression fires at, or null when the
 * expression is not a daily one. The run closes one business date a day, so only daily expressions are
 * accepted: seconds, minutes and hours as numbers, every day of every month (`*`, `?` or `1/1`).
 */
export function dailyCronSeconds(expression: string): number | null {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 6 && parts.length !== 7) return null;
  const [sec, min, hour, dayOfMonth, month, dayOfWeek, year] = parts as [string, string, string, string, string, string, string | undefined];
  if (![sec, min, hour].every((f) => FIELD.test(f))) return null;
  const [s, m, h] = [Number(sec), Number(min), Number(hour)];
  if (s > 59 || m > 59 || h > 23) return null;
  const every = (f: string) => f === '*' || f === '?' || f === '1/1';
  if (!every(dayOfMonth) || month !== '*' || !every(dayOfWeek)) return null;
  if (year !== undefined && year !== '*') return null;
  return h * 3600 + m * 60 + s;
}

/** The next instant after `now` at which a daily expression fires (UTC). */
export function nextRun(secondsOfDay: number, now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const today = midnight + secondsOfDay * 1000;
  return new Date(today > now.getTime() ? today : today + 86_400_000);
}

/**
 * The last business date whose closing is due at `now` for a run that fires at `secondsOfDay`: the day
 * before the calendar date (UTC) of the latest firing at or before `now`.
 */
export function dueThrough(secondsOfDay: number, now: Date): string {
  const fired = new Date(now.getTime() - secondsOfDay * 1000);
  const day = Date.UTC(fired.getUTCFullYear(), fired.getUTCMonth(), fired.getUTCDate()) - 86_400_000;
  return new Date(day).toISOString().slice(0, 10);
}
