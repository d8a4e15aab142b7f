import BigNumber from 'bignumber.js';
import type { ServicedPeriod } from './payoff.js';

/**
 * An interest waiver (Fineract's waiveinterest): `amount` comes off the unpaid interest of the earliest instalments
 * first. Answers each touched instalment's new interest due; null when the amount is above the unpaid interest.
 */
export function waiveInterest(periods: readonly ServicedPeriod[], amount: BigNumber.Value, digits: number): { period: number; interestDue: string }[] | null {
  let left = new BigNumber(amount);
  const unpaid = periods.reduce((s, p) => s.plus(p.interestDue).minus(p.interestPaid), new BigNumber(0));
  if (left.gt(unpaid)) return null;
  const changed: { period: number; interestDue: string }[] = [];
  for (const p of [...periods].sort((a, b) => a.period - b.period)) {
    if (left.isZero()) break;
    const waived = BigNumber.min(left, new BigNumber(p.interestDue).minus(p.interestPaid));
    if (waived.lte(0)) continue;
    left = left.minus(waived);
    changed.push({ period: p.period, interestDue: new BigNumber(p.interestDue).minus(waived).toFixed(digits) });
  }
  return changed;
}
