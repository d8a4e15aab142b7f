import BigNumber from 'bignumber.js';
import { allocate, totalOutstanding, type Allocation, type InstalmentBalance, type PeriodAllocation } from './allocation.js';
import { interestBetween } from './day-count.js';
import { equalInstallment } from './schedule.js';
import { interestEarned, type PayoffTerms, type ServicedPeriod } from './payoff.js';

/**
 * Interest recalculation after a part prepayment (products with isInterestRecalculationEnabled, a declining
 * or reducing balance, no compounding, daily rest). Pure; exact to the currency.
 *
 * On the prepayment's date D, what is due up to D (overdue instalments, the current period's interest earned so
 * far) is paid first by the caller's allocation; the extra principal X then lowers the balance from D. Periods due
 * on or before D are left as they are. The current period (the one D falls in, or the one starting on D) earns
 * interest on the old balance up to D and on the new one after it, by the day count, never more than it was
 * scheduled to earn. Later periods are regenerated on the new balance at the period rate, by
 * `rescheduleStrategyMethod`:
 * - 1 reschedule next repayments: instalments keep their principal; X is paid in advance into the principal of
 *   the next instalments in order, and each later period's interest falls with the lower balance;
 * - 2 reduce number of instalments: the instalment stays (the equal instalment, or the equal principal), so the
 *   loan ends earlier; trailing periods disappear;
 * - 3 reduce EMI amount: the number of instalments stays and the instalment is recomputed on the new balance.
 * With 2 and 3, X is recorded in the current period as principal due and paid at once, so the schedule's principal
 * still sums to what was disbursed.
 */

export const RESCHEDULE_NEXT_REPAYMENTS = 1;
export const REDUCE_NUMBER_OF_INSTALLMENTS = 2;
export const REDUCE_EMI_AMOUNT = 3;
export const RESCHEDULE_STRATEGIES = [1, 2, 3] as const;

export interface RecalculationTerms extends PayoffTerms {
  /** Interest rate of one repayment period as a fraction (domain/schedule.ts periodRate). */
  periodRate: BigNumber.Value;
  rescheduleStrategyMethod: number;
}

const Exact = BigNumber.clone({ DECIMAL_PLACES: 40, ROUNDING_MODE: BigNumber.ROUND_HALF_EVEN, EXPONENTIAL_AT: [-60, 60] });

/**
 * The schedule after `extraPrincipal` is prepaid on `date`, everything due up to the date already paid. Answers
 * every period (those before the date unchanged); throws a RangeError when there is nothing left to prepay
 * or the extra covers the whole balance (that is a payoff, domain/payoff.ts).
 */
export function recalculateAfterPrepayment(periods: readonly ServicedPeriod[], date: string, extraPrincipal: BigNumber.Value, terms: RecalculationTerms): ServicedPeriod[] {
  const d = terms.digits;
  const round = (v: BigNumber.Value) => new Exact(v).decimalPlaces(d, BigNumber.ROUND_HALF_EVEN);
  const r = new Exact(terms.periodRate);
  const fixed = periods.filter((p) => p.dueDate <= date);
  const future = periods.filter((p) => p.dueDate > date);
  if (future.length === 0) throw new RangeError('no instalment falls due after the prepayment date');
  const x = new Exact(extraPrincipal);
  const oldBalance = future.reduce((s, p) => s.plus(p.principalDue).minus(p.principalPaid), new Exact(0));
  const newBalance = oldBalance.minus(x);
  if (x.lte(0) || newBalance.lte(0)) throw new RangeError('the extra principal must be above zero and below the balance');
  const current = future[0]!;
  const start = current.fromDate < date ? current.fromDate : date;
  const split = interestBetween(oldBalance, terms.annualRate, start, date, terms.dayCount).plus(interestBetween(newBalance, terms.annualRate, date, current.dueDate, terms.dayCount));
  const currentInterest = BigNumber.max(BigNumber.min(round(split), current.interestDue), current.interestPaid);

  if (terms.rescheduleStrategyMethod === RESCHEDULE_NEXT_REPAYMENTS) {
    let advance = x;
    let balance = newBalance;
    return [...fixed, ...future.map((p, i) => {
      const unpaid = new Exact(p.principalDue).minus(p.principalPaid);
      const paidNow = BigNumber.min(advance, unpaid);
      advance = advance.minus(paidNow);
      const interest = i === 0 ? currentInterest : BigNumber.max(round(balance.times(r)), p.interestPaid);
      // The next period's interest runs on what is left once this one's unprepaid principal is paid when due.
      balance = balance.minus(unpaid.minus(paidNow));
      return { ...p, interestDue: interest.toFixed(d), principalPaid: new Exact(p.principalPaid).plus(paidNow).toFixed(d) };
    })];
  }

  const k = future.length;
  const equalPrincipal = terms.method === 'reducing-balance' ? null : round(terms.rescheduleStrategyMethod === REDUCE_EMI_AMOUNT ? newBalance.div(k) : current.principalDue);
  const installment = terms.method !== 'reducing-balance' ? null
    : terms.rescheduleStrategyMethod === REDUCE_EMI_AMOUNT ? equalInstallment(newBalance, r, k, d) : new Exact(current.principalDue).plus(current.interestDue);
  const out: ServicedPeriod[] = [...fixed];
  let balance = newBalance;
  for (let i = 0; i < k && balance.gt(0); i++) {
    const p = future[i]!;
    const interest = i === 0 ? currentInterest : round(balance.times(r));
    const last = i === k - 1;
    let principal = installment ? installment.minus(i === 0 ? round(newBalance.times(r)) : interest) : equalPrincipal!;
    if (last || principal.gte(balance)) principal = balance;
    balance = balance.minus(principal);
    const prepaid = i === 0 ? x : new Exact(0);
    out.push({ ...p, principalDue: principal.plus(prepaid).toFixed(d), interestDue: interest.toFixed(d), principalPaid: new Exact(p.principalPaid).plus(prepaid).toFixed(d) });
  }
  return out;
}

/** An instalment with its dates and every due and paid amount (the schedule's row). */
export type RecalculatedPeriod = ServicedPeriod & InstalmentBalance;

/**
 * A repayment of `amount` on `date` on a loan with recalculation: everything due up to the date is paid first (the
 * instalments due on or before it, by the standard allocation, then the interest the current period has earned so
 * far), and what is left is extra principal that recalculateAfterPrepayment takes off the balance from the date.
 * Answers the whole schedule after it, with what was paid, and the payment's split per instalment (the difference
 * in amounts paid); null when nothing is left over for principal (an ordinary repayment) or the extra would close
 * the loan (a payoff).
 */
export function repayWithRecalculation(
  periods: readonly RecalculatedPeriod[], date: string, amount: BigNumber.Value, terms: RecalculationTerms,
): { periods: RecalculatedPeriod[]; allocation: Allocation } | null {
  const current = periods.find((p) => p.dueDate > date);
  if (!current) return null;
  const dueNow = periods.filter((p) => p.dueDate <= date);
  const owedNow = totalOutstanding(dueNow);
  const balance = periods.filter((p) => p.dueDate > date).reduce((s, p) => s.plus(p.principalDue).minus(p.principalPaid), new Exact(0));
  const accrued = BigNumber.max(interestEarned(current, date, balance, terms).minus(current.interestPaid), 0);
  const extra = new Exact(amount).minus(owedNow).minus(accrued);
  if (extra.lte(0) || extra.gte(balance)) return null;
  const paidNow = allocate(dueNow, owedNow)!;
  const byPeriod = new Map(paidNow.periods.map((a) => [a.period, a]));
  const paid = periods.map((p) => {
    const a = byPeriod.get(p.period);
    const add = (v: string, x: string | undefined) => new Exact(v).plus(x ?? 0).toFixed(terms.digits);
    const next = a ? { ...p, principalPaid: add(p.principalPaid, a.principal), interestPaid: add(p.interestPaid, a.interest), feePaid: add(p.feePaid, a.fee), penaltyPaid: add(p.penaltyPaid, a.penalty) } : { ...p };
    return p.period === current.period ? { ...next, interestPaid: new Exact(next.interestPaid).plus(accrued).toFixed(terms.digits) } : next;
  });
  const base = new Map(paid.map((p) => [p.period, p]));
  const regenerated = recalculateAfterPrepayment(paid, date, extra, terms).map((p) => ({ ...base.get(p.period)!, ...p }));
  const before = new Map(periods.map((p) => [p.period, p]));
  const parts: PeriodAllocation[] = [];
  const totals = { principal: new Exact(0), interest: new Exact(0), fee: new Exact(0), penalty: new Exact(0) };
  for (const p of regenerated) {
    const old = before.get(p.period)!;
    const diff = {
      principal: new Exact(p.principalPaid).minus(old.principalPaid), interest: new Exact(p.interestPaid).minus(old.interestPaid),
      fee: new Exact(p.feePaid).minus(old.feePaid), penalty: new Exact(p.penaltyPaid).minus(old.penaltyPaid),
    };
    if (Object.values(diff).every((x) => x.isZero())) continue;
    for (const k of ['principal', 'interest', 'fee', 'penalty'] as const) totals[k] = totals[k].plus(diff[k]);
    parts.push({ period: p.period, principal: diff.principal.toFixed(), interest: diff.interest.toFixed(), fee: diff.fee.toFixed(), penalty: diff.penalty.toFixed() });
  }
  return {
    periods: regenerated,
    allocation: { principal: totals.principal.toFixed(), interest: totals.interest.toFixed(), fee: totals.fee.toFixed(), penalty: totals.penalty.toFixed(), periods: parts },
  };
}
