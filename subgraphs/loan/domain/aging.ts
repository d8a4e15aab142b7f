import BigNumber from 'bignumber.js';
import { daysBetween } from './dates.js';

/**
 * Days past due and arrears of a loan on a business date, Fineract 1.8's way: the age counts from the due
 * date of the oldest unpaid instalment (the due date itself is day 0, so a loan is delinquent from day 1).
 */
export interface AgingInstalment {
  dueDate: string;
  /** Principal + interest (+ charges) still unpaid on this instalment. */
  unpaid: string;
}

export interface Aging {
  delinquentDays: number;
  /** Unpaid amount of the instalments due before the business date. */
  delinquentAmount: string;
  /** Due date of the oldest unpaid instalment, null when none is overdue. */
  delinquentDate: string | null;
}

export interface DelinquencyRange {
  id: number;
  classification: string;
  minimumAgeDays: number;
  maximumAgeDays: number | null;
}

export function ageLoan(instalments: readonly AgingInstalment[], businessDate: string): Aging {
  let amount = new BigNumber(0);
  let oldest: string | null = null;
  for (const i of instalments) {
    if (!new BigNumber(i.unpaid).gt(0) || daysBetween(i.dueDate, businessDate) < 1) continue;
    amount = amount.plus(i.unpaid);
    if (oldest === null || i.dueDate < oldest) oldest = i.dueDate;
  }
  return { delinquentDays: oldest === null ? 0 : daysBetween(oldest, businessDate), delinquentAmount: amount.toFixed(), delinquentDate: oldest };
}

/** The range an age falls in (inclusive bounds, null maximum: no cap), or null for a loan not in arrears. */
export function rangeFor(ranges: readonly DelinquencyRange[], days: number): DelinquencyRange | null {
  if (days < 1) return null;
  return ranges.find((r) => days >= r.minimumAgeDays && (r.maximumAgeDays === null || days <= r.maximumAgeDays)) ?? null;
}
