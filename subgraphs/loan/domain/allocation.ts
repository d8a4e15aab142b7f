import BigNumber from 'bignumber.js';

/**
 * Fineract's `mifos-standard-strategy`: a repayment pays the oldest unpaid instalment first, and within
 * an instalment penalties, then fees, then interest, then principal, before moving to the next one.
 */
export const MIFOS_STANDARD_STRATEGY = 'mifos-standard-strategy';

export interface InstalmentBalance {
  period: number;
  principalDue: string;
  interestDue: string;
  feeDue: string;
  penaltyDue: string;
  principalPaid: string;
  interestPaid: string;
  feePaid: string;
  penaltyPaid: string;
}

export interface PeriodAllocation {
  period: number;
  principal: string;
  interest: string;
  fee: string;
  penalty: string;
}

export interface Allocation {
  principal: string;
  interest: string;
  fee: string;
  penalty: string;
  periods: PeriodAllocation[];
}

const COMPONENTS = ['penalty', 'fee', 'interest', 'principal'] as const;

export function outstandingOf(i: InstalmentBalance): BigNumber {
  return new BigNumber(i.principalDue).minus(i.principalPaid)
    .plus(new BigNumber(i.interestDue).minus(i.interestPaid))
    .plus(new BigNumber(i.feeDue).minus(i.feePaid))
    .plus(new BigNumber(i.penaltyDue).minus(i.penaltyPaid));
}

export function totalOutstanding(instalments: readonly InstalmentBalance[]): BigNumber {
  return instalments.reduce((sum, i) => sum.plus(outstandingOf(i)), new BigNumber(0));
}

/** Splits `amount` over the instalments; null when it exceeds what is owed (an overpayment). */
export function allocate(instalments: readonly InstalmentBalance[], amount: BigNumber.Value): Allocation | null {
  let left = new BigNumber(amount);
  if (left.gt(totalOutstanding(instalments))) return null;
  const totals = { principal: new BigNumber(0), interest: new BigNumber(0), fee: new BigNumber(0), penalty: new BigNumber(0) };
  const periods: PeriodAllocation[] = [];
  for (const inst of [...instalments].sort((a, b) => a.period - b.period)) {
    if (left.isZero()) break;
    const portion = { principal: new BigNumber(0), interest: new BigNumber(0), fee: new BigNumber(0), penalty: new BigNumber(0) };
    for (const c of COMPONENTS) {
      const owed = new BigNumber(inst[`${c}Due`]).minus(inst[`${c}Paid`]);
      const paid = BigNumber.min(owed, left);
      if (paid.lte(0)) continue;
      portion[c] = paid;
      totals[c] = totals[c].plus(paid);
      left = left.minus(paid);
    }
    if (COMPONENTS.some((c) => !portion[c].isZero())) {
      periods.push({ period: inst.period, principal: portion.principal.toFixed(), interest: portion.interest.toFixed(), fee: portion.fee.toFixed(), penalty: portion.penalty.toFixed() });
    }
  }
  return { principal: totals.principal.toFixed(), interest: totals.interest.toFixed(), fee: totals.fee.toFixed(), penalty: totals.penalty.toFixed(), periods };
}
