/**
 * The seam between loan servicing and loan charges: what fees and penalties each instalment owes on a date,
 * beyond what is already paid. Charges on loans are built apart (fees, penalties, disbursement fees fill the
 * schedule's fee_due / penalty_due); until they land this answers zero for every period, and the payoff, the
 * write-off and the waiver read fees and penalties only through it, so merging them is a change here alone.
 */

export interface ChargesDue {
  period: number;
  fee: string;
  penalty: string;
}

export function chargesDueOn(periods: readonly { period: number }[], _onDate: string): ChargesDue[] {
  return periods.map((p) => ({ period: p.period, fee: '0', penalty: '0' }));
}
