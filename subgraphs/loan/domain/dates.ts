/** Calendar arithmetic on ISO dates (YYYY-MM-DD), in UTC so no time zone shifts a day. */

import { addDays } from '../../kernel/scalars.js';

const toDate = (iso: string): Date => new Date(`${iso}T00:00:00Z`);
const toIso = (d: Date): string => d.toISOString().slice(0, 10);

/** Adds months clamped to the month's last day (31 Jan + 1 month = 28/29 Feb), always from the anchor so days never drift. */
export function addMonths(iso: string, months: number): string {
  const d = toDate(iso);
  const day = d.getUTCDate();
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return toIso(target);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toDate(to).getTime() - toDate(from).getTime()) / 86_400_000);
}

/** Frequency codes of Fineract's periodFrequencyType: 0 days, 1 weeks, 2 months, 3 years. */
export const FREQUENCY_DAYS = 0;
export const FREQUENCY_WEEKS = 1;
export const FREQUENCY_MONTHS = 2;
export const FREQUENCY_YEARS = 3;

/** The date `count` periods of `every` x frequency after `anchor`. */
export function addPeriods(anchor: string, frequencyType: number, every: number, count: number): string {
  switch (frequencyType) {
    case FREQUENCY_DAYS:
      return addDays(anchor, every * count);
    case FREQUENCY_WEEKS:
      return addDays(anchor, 7 * every * count);
    case FREQUENCY_MONTHS:
      return addMonths(anchor, every * count);
    case FREQUENCY_YEARS:
      return addMonths(anchor, 12 * every * count);
    default:
      throw new RangeError(`unknown frequency type ${frequencyType}`);
  }
}
