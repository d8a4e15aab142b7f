import BigNumber from 'bignumber.js';

/**
 * Day-count conventions for interest over part of a period (Fineract's `daysInYearType` and
 * `daysInMonthType`). Pure; dates are ISO (YYYY-MM-DD). A full scheduled period keeps the schedule's own
 * interest: the convention decides only what a part of one is worth.
 */

/** daysInYearType: 1 actual (365 or 366, by the calendar year each day falls in), 360, 364, 365. */
export const DAYS_IN_YEAR_ACTUAL = 1;
export const DAYS_IN_YEAR_TYPES = [1, 360, 364, 365] as const;
/** daysInMonthType: 1 actual days, 30 every month counted as 30 days. */
export const DAYS_IN_MONTH_ACTUAL = 1;
export const DAYS_IN_MONTH_30 = 30;
export const DAYS_IN_MONTH_TYPES = [1, 30] as const;

export interface DayCount {
  daysInYearType: number;
  daysInMonthType: number;
}

const Exact = BigNumber.clone({ DECIMAL_PLACES: 40, ROUNDING_MODE: BigNumber.ROUND_HALF_EVEN, EXPONENTIAL_AT: [-60, 60] });

const parts = (iso: string): [number, number, number] => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return [y, m, d];
};
const actualDays = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * Days from `from` to `to` under the month convention: actual calendar days, or 30/360 days where every month
 * has 30 (the 31st counts as the 30th, so 31 Jan to 28 Feb is 28 days, 1 Jan to 1 Feb is 30).
 */
export function daysBetween(from: string, to: string, daysInMonthType: number): number {
  if (daysInMonthType !== DAYS_IN_MONTH_30) return actualDays(from, to);
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return 360 * (y2 - y1) + 30 * (m2 - m1) + (Math.min(d2, 30) - Math.min(d1, 30));
}

/**
 * The fraction of a year from `from` to `to`. A fixed year (360, 364, 365) divides the days counted by the
 * month convention; the actual year splits the span at each 1 January, so days of a leap year count 1/366.
 */
export function yearFraction(from: string, to: string, dc: DayCount): BigNumber {
  if (to <= from) return new Exact(0);
  if (dc.daysInYearType !== DAYS_IN_YEAR_ACTUAL) return new Exact(daysBetween(from, to, dc.daysInMonthType)).div(dc.daysInYearType);
  let fraction = new Exact(0);
  let start = from;
  while (start < to) {
    const year = parts(start)[0];
    const nextYear = `${year + 1}-01-01`;
    const end = nextYear < to ? nextYear : to;
    fraction = fraction.plus(new Exact(daysBetween(start, end, dc.daysInMonthType)).div(isLeap(year) ? 366 : 365));
    start = end;
  }
  return fraction;
}

/** Interest on `balance` at `annualRate` (a fraction: 0.24 for 24%) from `from` to `to`, exact (the caller rounds). */
export function interestBetween(balance: BigNumber.Value, annualRate: BigNumber.Value, from: string, to: string, dc: DayCount): BigNumber {
  return new Exact(balance).times(annualRate).times(yearFraction(from, to, dc));
}

/** The nominal annual rate as a fraction: a monthly rate (frequency 2) times 12, a yearly rate (3) as it is. */
export function annualRate(interestRatePerPeriod: BigNumber.Value, interestRateFrequencyType: number): BigNumber {
  const rate = new Exact(interestRatePerPeriod).div(100);
  return interestRateFrequencyType === 2 ? rate.times(12) : rate;
}
