import BigNumber from 'bignumber.js';
import { chargesDueOn } from './charges-due.js';
import { daysBetween, interestBetween, type DayCount } from './day-count.js';
import type { ScheduleMethod } from './schedule.js';

/**
 * What closes a loan on a date (Fineract's prepayLoan and foreclosure templates): the principal still owed,
 * the interest earned up to the date and no more, the fees and penalties due, and the schedule as it stands
 * when the loan is closed that day. Pure; exact to the currency.
 *
 * Interest earned, period by period:
 * - a period due on or before the date: its scheduled interest, whole;
 * - the period the date falls in: on a declining or reducing balance loan, the principal outstanding at the
 *   interest rate for the days from the period's start to the date by the day count, never more than the period's
 *   scheduled interest; on a flat loan, by `preClosureInterestCalculationStrategy`: 1 the period's flat interest
 *   pro rata to the days elapsed, 2 the whole period's interest;
 * - a period starting on or after the date: nothing (interest not yet earned is never charged).
 * Interest already paid stays paid: a period never owes less than it received.
 */

export const PRE_CLOSURE_TO_DATE = 1;
export const PRE_CLOSURE_TO_PERIOD_END = 2;

export interface ServicedPeriod {
  period: number;
  fromDate: string;
  dueDate: string;
  principalDue: string;
  interestDue: string;
  principalPaid: string;
  interestPaid: string;
}

export interface PayoffTerms {
  method: ScheduleMethod;
  /** Nominal annual rate as a fraction (0.24 for 24%). */
  annualRate: BigNumber.Value;
  dayCount: DayCount;
  preClosureInterestCalculationStrategy: number;
  digits: number;
}

export interface Payoff {
  date: string;
  principal: string;
  interest: string;
  fee: string;
  penalty: string;
  total: string;
  /** The interest each period owes when the loan closes on the date (paid plus still owed); its principal is unchanged. */
  interestByPeriod: { period: number; interestDue: string }[];
}

const zero = () => new BigNumber(0);

/** The interest a period has earned by `date` (before what was paid is taken off). */
export function interestEarned(p: ServicedPeriod, date: string, principalOutstanding: BigNumber.Value, terms: PayoffTerms): BigNumber {
  const scheduled = new BigNumber(p.interestDue);
  if (p.dueDate <= date) return scheduled;
  if (p.fromDate >= date) return zero();
  let earned: BigNumber;
  if (terms.method === 'flat') {
    if (terms.preClosureInterestCalculationStrategy === PRE_CLOSURE_TO_PERIOD_END) return scheduled;
    const elapsed = daysBetween(p.fromDate, date, terms.dayCount.daysInMonthType);
    const length = daysBetween(p.fromDate, p.dueDate, terms.dayCount.daysInMonthType);
    earned = length <= 0 ? scheduled : scheduled.times(elapsed).div(length);
  } else {
    earned = interestBetween(principalOutstanding, terms.annualRate, p.fromDate, date, terms.dayCount);
  }
  return BigNumber.min(scheduled, earned.decimalPlaces(terms.digits, BigNumber.ROUND_HALF_EVEN));
}

export function payoffOn(periods: readonly ServicedPeriod[], date: string, terms: PayoffTerms): Payoff {
  const principal = periods.reduce((s, p) => s.plus(p.principalDue).minus(p.principalPaid), zero());
  let interest = zero();
  const interestByPeriod = periods.map((p) => {
    const due = BigNumber.max(interestEarned(p, date, principal, terms), p.interestPaid);
    interest = interest.plus(due).minus(p.interestPaid);
    return { period: p.period, interestDue: due.toFixed(terms.digits) };
  });
  const charges = chargesDueOn(periods, date);
  const fee = charges.reduce((s, c) => s.plus(c.fee), zero());
  const penalty = charges.reduce((s, c) => s.plus(c.penalty), zero());
  const d = terms.digits;
  return {
    date, principal: principal.toFixed(d), interest: interest.toFixed(d), fee: fee.toFixed(d), penalty: penalty.toFixed(d),
    total: principal.plus(interest).plus(fee).plus(penalty).toFixed(d), interestByPeriod,
  };
}
