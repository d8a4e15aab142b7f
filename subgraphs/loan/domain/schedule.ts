import BigNumber from 'bignumber.js';
import { addPeriods, FREQUENCY_DAYS, FREQUENCY_MONTHS, FREQUENCY_WEEKS, FREQUENCY_YEARS } from './dates.js';
import { annualRate, DAYS_IN_YEAR_ACTUAL, yearFraction, type DayCount } from './day-count.js';

/**
 * Repayment schedules for the three amortisation methods of docs/interface.md, exact to the currency's
 * decimals. Pure: no I/O, no JS number arithmetic on money.
 */

/** Working precision for rates and the annuity factor; amounts are rounded to the currency only at the end of each step. */
const Exact = BigNumber.clone({ DECIMAL_PLACES: 40, ROUNDING_MODE: BigNumber.ROUND_HALF_EVEN, EXPONENTIAL_AT: [-60, 60] });

/**
 * Bounds on a schedule's size whatever a product allows: a 1 KB application must not ask for a schedule of
 * a billion periods. 1,200 repayments is a century of monthly instalments; a period is at most a year of days.
 */
export const MAX_REPAYMENTS = 1200;
export const MAX_REPAYMENT_EVERY = 366;

export const AMORTIZATION_EQUAL_PRINCIPAL = 0;
export const AMORTIZATION_EQUAL_INSTALLMENTS = 1;
export const INTEREST_DECLINING_BALANCE = 0;
export const INTEREST_FLAT = 1;
export const INTEREST_RATE_PER_MONTH = 2;
export const INTEREST_RATE_PER_YEAR = 3;
/** interestCalculationPeriodType: 0 daily (every period by its days), 1 same as the repayment period. */
export const INTEREST_CALCULATION_DAILY = 0;
export const INTEREST_CALCULATION_SAME_AS_REPAYMENT = 1;

export type ScheduleMethod = 'flat' | 'reducing-balance' | 'declining-balance';

export interface ScheduleTerms {
  /** Decimal text. */
  principal: string;
  numberOfRepayments: number;
  repaymentEvery: number;
  /** 0 days, 1 weeks, 2 months, 3 years. */
  repaymentFrequencyType: number;
  /** Percent, decimal text (2 means 2%). */
  interestRatePerPeriod: string;
  /** 2 per month, 3 per year. */
  interestRateFrequencyType: number;
  /** 0 equal principal, 1 equal instalments. */
  amortizationType: number;
  /** 0 declining balance, 1 flat. */
  interestType: number;
  /** Currency decimals. */
  digits: number;
  graceOnPrincipalPayment?: number;
  graceOnInterestPayment?: number;
  /** YYYY-MM-DD */
  disbursementDate: string;
  /** First due date when the borrower asked for one; later periods follow it. */
  repaymentsStartingFromDate?: string | null;
  /**
   * The product's day count. With it, a part period (a first period longer or shorter than the repayment
   * frequency, from repaymentsStartingFromDate or a reschedule's adjusted due date) earns interest for its days
   * by the convention, and so does every period when interest is calculated daily. Without it every period
   * earns the period rate whole (schedules built before day counts were used).
   */
  dayCount?: DayCount;
  /** 0 daily, 1 same as the repayment period (the default). */
  interestCalculationPeriodType?: number;
}

export interface SchedulePeriod {
  period: number;
  fromDate: string;
  dueDate: string;
  principal: string;
  interest: string;
  total: string;
  /** Principal still owed after this instalment is paid. */
  outstanding: string;
}

export interface Schedule {
  method: ScheduleMethod;
  periods: SchedulePeriod[];
  totalPrincipal: string;
  totalInterest: string;
  totalRepayment: string;
}

export function methodOf(interestType: number, amortizationType: number): ScheduleMethod {
  if (interestType === INTEREST_FLAT) return 'flat';
  return amortizationType === AMORTIZATION_EQUAL_INSTALLMENTS ? 'reducing-balance' : 'declining-balance';
}

const UNITS_PER_YEAR: Record<number, number> = { [FREQUENCY_DAYS]: 365, [FREQUENCY_WEEKS]: 52, [FREQUENCY_MONTHS]: 12, [FREQUENCY_YEARS]: 1 };

/**
 * The interest rate of one repayment period as a fraction: the nominal rate brought to a year, then to
 * the period (repaymentEvery x frequency). A monthly rate on monthly repayments stays exact (2% -> 0.02).
 */
export function periodRate(terms: Pick<ScheduleTerms, 'interestRatePerPeriod' | 'interestRateFrequencyType' | 'repaymentEvery' | 'repaymentFrequencyType' | 'dayCount'>): BigNumber {
  const rate = new Exact(terms.interestRatePerPeriod).div(100);
  // Daily repayments on a fixed year (360, 364, 365) divide the year by its days, as Fineract does; actual keeps 365.
  const fixedYear = terms.dayCount && terms.dayCount.daysInYearType !== DAYS_IN_YEAR_ACTUAL ? terms.dayCount.daysInYearType : null;
  const unitsPerYear = terms.repaymentFrequencyType === FREQUENCY_DAYS && fixedYear !== null ? fixedYear : UNITS_PER_YEAR[terms.repaymentFrequencyType];
  if (unitsPerYear === undefined) throw new RangeError(`unknown repayment frequency ${terms.repaymentFrequencyType}`);
  if (terms.interestRateFrequencyType === INTEREST_RATE_PER_MONTH && terms.repaymentFrequencyType === FREQUENCY_MONTHS) return rate.times(terms.repaymentEvery);
  const annual = terms.interestRateFrequencyType === INTEREST_RATE_PER_MONTH ? rate.times(12) : rate;
  return annual.times(terms.repaymentEvery).div(unitsPerYear);
}

/** Equal instalment (annuity) over `n` periods at rate `r`, rounded to the currency: P r / (1 - (1 + r)^-n). */
export function equalInstallment(principal: BigNumber.Value, r: BigNumber, n: number, digits: number): BigNumber {
  const p = new Exact(principal);
  if (r.isZero()) return p.div(n).decimalPlaces(digits, BigNumber.ROUND_HALF_EVEN);
  const growth = new Exact(1).plus(r).pow(n);
  return p.times(r).times(growth).div(growth.minus(1)).decimalPlaces(digits, BigNumber.ROUND_HALF_EVEN);
}

export function generateSchedule(terms: ScheduleTerms): Schedule {
  const n = terms.numberOfRepayments;
  const digits = terms.digits;
  const round = (v: BigNumber) => new Exact(v).decimalPlaces(digits, BigNumber.ROUND_HALF_EVEN);
  const principal = new Exact(terms.principal);
  const r = periodRate(terms);
  const method = methodOf(terms.interestType, terms.amortizationType);
  const principalGrace = Math.min(terms.graceOnPrincipalPayment ?? 0, n - 1);
  const interestGrace = Math.min(terms.graceOnInterestPayment ?? 0, n - 1);
  const amortizing = n - principalGrace;

  const dueDate = (i: number): string =>
    terms.repaymentsStartingFromDate
      ? addPeriods(terms.repaymentsStartingFromDate, terms.repaymentFrequencyType, terms.repaymentEvery, i - 1)
      : addPeriods(terms.disbursementDate, terms.repaymentFrequencyType, terms.repaymentEvery, i);

  // Each period's interest as a fraction of its opening balance (of the principal, on a flat loan): the period
  // rate for a whole period; by the day count for a part period, or for every period when interest is daily.
  const dates = Array.from({ length: n }, (_, k) => ({ from: k === 0 ? terms.disbursementDate : dueDate(k), due: dueDate(k + 1) }));
  const naturalFirstDue = addPeriods(terms.disbursementDate, terms.repaymentFrequencyType, terms.repaymentEvery, 1);
  const daily = terms.interestCalculationPeriodType === INTEREST_CALCULATION_DAILY;
  const annual = annualRate(terms.interestRatePerPeriod, terms.interestRateFrequencyType);
  const factors = dates.map(({ from, due }, k) => {
    const part = k === 0 && due !== naturalFirstDue;
    return terms.dayCount && (daily || part) ? annual.times(yearFraction(from, due, terms.dayCount)) : r;
  });
  const factorSum = factors.reduce((s, f) => s.plus(f), new Exact(0));
  const flatInterestTotal = round(principal.times(factorSum));
  // Flat interest is shared out by the periods' factors: equal shares when every period is whole.
  const flatInterestOf = (k: number) => (factorSum.isZero() ? new Exact(0) : round(flatInterestTotal.times(factors[k]!).div(factorSum)));
  const equalPrincipal = round(principal.div(amortizing));
  const installment = method === 'reducing-balance' ? equalInstallment(principal, r, amortizing, digits) : null;

  const periods: SchedulePeriod[] = [];
  let outstanding = principal;
  let interestSoFar = new Exact(0);
  // Interest falling in the interest-grace periods is not waived: it is collected with the first instalment after them.
  let deferredInterest = new Exact(0);
  let fromDate = terms.disbursementDate;
  for (let i = 1; i <= n; i++) {
    const last = i === n;
    let interest: BigNumber;
    if (method === 'flat') interest = last ? flatInterestTotal.minus(interestSoFar) : flatInterestOf(i - 1);
    else interest = round(outstanding.times(factors[i - 1]!));
    interestSoFar = interestSoFar.plus(interest);

    let principalPart: BigNumber;
    if (i <= principalGrace) principalPart = new Exact(0);
    else if (last) principalPart = outstanding;
    // A long part period's interest can exceed the instalment: then it repays no principal.
    else if (installment) principalPart = BigNumber.min(BigNumber.max(installment.minus(interest), 0), outstanding);
    else principalPart = BigNumber.min(equalPrincipal, outstanding);

    let interestDue = interest;
    if (i <= interestGrace) {
      deferredInterest = deferredInterest.plus(interest);
      interestDue = new Exact(0);
    } else if (!deferredInterest.isZero()) {
      interestDue = interest.plus(deferredInterest);
      deferredInterest = new Exact(0);
    }

    outstanding = outstanding.minus(principalPart);
    const due = dates[i - 1]!.due;
    periods.push({
      period: i,
      fromDate,
      dueDate: due,
      principal: principalPart.toFixed(digits),
      interest: interestDue.toFixed(digits),
      total: principalPart.plus(interestDue).toFixed(digits),
      outstanding: outstanding.toFixed(digits),
    });
    fromDate = due;
  }
  const totalInterest = periods.reduce((s, p) => s.plus(p.interest), new Exact(0));
  return {
    method,
    periods,
    totalPrincipal: principal.toFixed(digits),
    totalInterest: totalInterest.toFixed(digits),
    totalRepayment: principal.plus(totalInterest).toFixed(digits),
  };
}
