import BigNumber from 'bignumber.js';

/**
 * The seam between loan servicing and loan charges: what fees and penalties each instalment owes on a date,
 * beyond what is already paid. The charges module lays each charge's part on the schedule's fee_due /
 * penalty_due (waivers already taken off), so what is owed is due less paid. Every instalment's fees and
 * penalties count whatever the date: a loan is closed only when all of them are paid (closeIfRepaid), so the
 * payoff includes them too.
 */

export interface ChargesDue {
  period: number;
  fee: string;
  penalty: string;
}

export interface ChargedPeriod {
  period: number;
  feeDue?: string;
  feePaid?: string;
  penaltyDue?: string;
  penaltyPaid?: string;
}

export function chargesDueOn(periods: readonly ChargedPeriod[], _onDate: string): ChargesDue[] {
  return periods.map((p) => ({
    period: p.period,
    fee: new BigNumber(p.feeDue ?? 0).minus(p.feePaid ?? 0).toFixed(),
    penalty: new BigNumber(p.penaltyDue ?? 0).minus(p.penaltyPaid ?? 0).toFixed(),
  }));
}
