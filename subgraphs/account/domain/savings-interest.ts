import BigNumber from 'bignumber.js';

/*
 * Savings interest as Fineract 1.x computes it (SavingsAccount.calculateInterestUsing, PostingPeriod,
 * CompoundingPeriod, EndOfDayBalance): from end-of-day balances, each posting period split into compounding
 * periods; interest is kept unrounded (scale 9, products in 16 significant digits as Java's DECIMAL64) and
 * rounded to the currency's digits only when the posting period's total is posted, half-even.
 */

/** Java's MathContext.DECIMAL64 (16 significant digits) and BigDecimal.setScale(9), both half-even. */
const D = BigNumber.clone({ DECIMAL_PLACES: 40, ROUNDING_MODE: BigNumber.ROUND_HALF_EVEN, EXPONENTIAL_AT: [-60, 60] });
type D = BigNumber;
const d64 = (x: D): D => (x.isZero() ? x : x.precision(16, BigNumber.ROUND_HALF_EVEN));
const scale9 = (x: D): D => x.decimalPlaces(9, BigNumber.ROUND_HALF_EVEN);

export const CALCULATION_DAILY_BALANCE = 1;
export const CALCULATION_AVERAGE_DAILY_BALANCE = 2;
/** Fineract's SavingsCompoundingInterestPeriodType ids this service applies. */
export const COMPOUNDING_TYPES = [1, 4, 5, 6, 7] as const;
/** Fineract's SavingsPostingInterestPeriodType ids this service applies. */
export const POSTING_TYPES = [4, 5, 6, 7] as const;
export const DAYS_IN_YEAR_TYPES = [360, 365] as const;

export interface InterestSettings {
  /** Nominal annual rate in percent. */
  rate: string;
  calculationType: number;
  compoundingType: number;
  postingType: number;
  daysInYear: number;
  minBalance: string;
  /** The currency's digits: the posted amount is rounded to them. */
  digits: number;
}

/** One transaction as interest sees it. An interest posting or its tax counts from the day after its date. */
export interface BalanceMove {
  date: string;
  /** Signed: a credit positive, a debit negative. */
  amount: string;
  interestPosting: boolean;
}

export interface Period {
  start: string;
  end: string;
}

const MS_DAY = 86_400_000;
const toDay = (iso: string): number => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / MS_DAY;
const toIso = (day: number): string => new Date(day * MS_DAY).toISOString().slice(0, 10);
export const addDays = (iso: string, days: number): string => toIso(toDay(iso) + days);
export const daysBetween = (from: string, to: string): number => toDay(to) - toDay(from);

/** Months a period of the type spans (posting and compounding types share ids for monthly and longer). */
const MONTHS: Record<number, number> = { 4: 1, 5: 3, 6: 6, 7: 12 };

/** The last day of the period of `type` holding `date` (calendar months, quarters, halves and years from January). */
export function periodEnd(date: string, type: number): string {
  if (type === 1) return date;
  const months = MONTHS[type];
  if (!months) throw new Error(`period type ${type}`);
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1;
  const lastMonth = Math.floor(month / months) * months + months - 1;
  return toIso(Date.UTC(year, lastMonth + 1, 0) / MS_DAY);
}

/** The posting periods from `from` (activation) whose end is on or before `through`, in order. */
export function endedPostingPeriods(from: string, through: string, postingType: number): Period[] {
  const periods: Period[] = [];
  for (let start = from; ; ) {
    const end = periodEnd(start, postingType);
    if (end > through) return periods;
    periods.push({ start, end });
    start = addDays(end, 1);
  }
}

/** The period in progress on `date` (from the day after the last ended one), or null before `from`. */
export function currentPostingPeriod(from: string, date: string, postingType: number): Period | null {
  if (date < from) return null;
  const ended = endedPostingPeriods(from, addDays(date, -1), postingType);
  const start = ended.length > 0 ? addDays(ended[ended.length - 1]!.end, 1) : from;
  return { start, end: date };
}

/** A run of days with one end-of-day balance. */
interface Run {
  balance: D;
  days: number;
}

/** The runs of end-of-day balances over [start, end], from every move (those before `start` make the opening balance). */
function balanceRuns(moves: readonly BalanceMove[], start: string, end: string): Run[] {
  const startDay = toDay(start);
  const count = toDay(end) - startDay + 1;
  // What changes the balance at the end of each day of the window (index 0: everything up to the start).
  const deltas: D[] = Array.from({ length: count }, () => new D(0));
  for (const move of moves) {
    // An interest posting dated d is the previous period's: it joins the balance from d + 1.
    const index = toDay(move.date) - startDay + (move.interestPosting ? 1 : 0);
    if (index >= count) continue;
    const i = Math.max(index, 0);
    deltas[i] = deltas[i]!.plus(move.amount);
  }
  const runs: Run[] = [];
  let balance = new D(0);
  for (const delta of deltas) {
    balance = balance.plus(delta);
    const last = runs[runs.length - 1];
    if (last && last.balance.eq(balance)) last.days++;
    else runs.push({ balance, days: 1 });
  }
  return runs;
}

/** The compounding periods of a posting period: each ends at its calendar end or the posting period's end. */
function compoundingPeriods(period: Period, compoundingType: number): (Period & { compounds: boolean })[] {
  if (compoundingType === 1) return [{ ...period, compounds: true }];
  const out: (Period & { compounds: boolean })[] = [];
  for (let start = period.start; start <= period.end; ) {
    const natural = periodEnd(start, compoundingType);
    const end = natural < period.end ? natural : period.end;
    out.push({ start, end, compounds: end === natural });
    start = addDays(end, 1);
  }
  return out;
}

/**
 * The unrounded interest (scale 9) earned over one posting period, compounding inside it as configured;
 * interest of earlier posting periods is in the balance already (posted), so compounding starts at zero.
 */
export function periodInterestUnrounded(settings: InterestSettings, moves: readonly BalanceMove[], period: Period): BigNumber {
  const fraction = d64(new D(settings.rate).div(100));
  const perDay = d64(new D(1).div(settings.daysInYear));
  const minBalance = new D(settings.minBalance);
  let compounded = new D(0);
  let total = new D(0);
  for (const part of compoundingPeriods(period, settings.compoundingType)) {
    const runs = balanceRuns(moves, part.start, part.end);
    let earned = new D(0);
    if (settings.calculationType === CALCULATION_AVERAGE_DAILY_BALANCE) {
      const days = runs.reduce((n, r) => n + r.days, 0);
      const cumulative = runs.reduce((sum, r) => sum.plus(r.balance.plus(compounded).times(r.days)), new D(0));
      if (!cumulative.isZero() && days > 0) {
        const average = scale9(d64(cumulative.div(days)));
        if (average.gte(0) && average.gte(minBalance)) earned = scale9(d64(average.times(d64(d64(fraction.times(perDay)).times(days)))));
      }
    } else if (settings.compoundingType === 1) {
      // Daily compounding: each run's interest joins the balance the next run earns on (EndOfDayBalance.calculateInterestOnBalanceAndInterest).
      let toCompound = compounded;
      for (const run of runs) {
        const present = run.balance.plus(toCompound);
        let interest = new D(0);
        if (present.gte(0) && present.gte(minBalance)) {
          // Fineract raises (1 + r) to the run's days in double precision.
          const powered = new D(String(Math.pow(new D(1).plus(fraction.times(perDay)).toNumber(), run.days)));
          interest = scale9(d64(present.times(powered))).minus(present);
        }
        toCompound = scale9(d64(toCompound.plus(interest)));
        earned = earned.plus(interest);
      }
    } else {
      const daily = d64(fraction.times(perDay));
      for (const run of runs) {
        const real = run.balance.plus(compounded);
        if (real.gte(0) && real.gte(minBalance)) earned = earned.plus(scale9(d64(real.times(d64(daily.times(run.days))))));
      }
    }
    total = total.plus(earned);
    if (part.compounds) compounded = compounded.plus(earned);
  }
  return total;
}

/** The amount a posting period posts: its unrounded interest rounded half-even to the currency's digits (Money.of). */
export function periodInterest(settings: InterestSettings, moves: readonly BalanceMove[], period: Period): string {
  return periodInterestUnrounded(settings, moves, period).decimalPlaces(settings.digits, BigNumber.ROUND_HALF_EVEN).toFixed(settings.digits);
}
