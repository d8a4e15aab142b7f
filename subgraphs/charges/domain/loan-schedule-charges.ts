import BigNumber from 'bignumber.js';
import { chargeAmount } from './amount.js';
import { TIME_TYPE } from './charge-kinds.js';
import { instalmentContaining } from './due-dates.js';

/**
 * Loan charges laid onto a repayment schedule: which instalment owes which fee or penalty. The schedule
 * generator is not changed; this overlay adds the charges' parts to the periods it produced.
 */

export interface SchedulePeriodIn {
  period: number;
  fromDate: string;
  dueDate: string;
  principal: string;
  interest: string;
}

export interface LoanChargeIn {
  /** The loan charge's id. */
  id: number;
  timeTypeId: number;
  calculationTypeId: number;
  /** Flat amount or percentage, decimal text. */
  amount: string;
  penalty: boolean;
  /** A specified-due-date charge's date. */
  dueDate?: string | null;
  minCap?: string | null;
  maxCap?: string | null;
}

export interface PeriodCharge {
  chargeId: number;
  period: number;
  dueDate: string;
  amount: string;
  penalty: boolean;
}

export interface PeriodChargeTotals {
  period: number;
  feeChargesDue: string;
  penaltyChargesDue: string;
}

/**
 * The charges each period owes: an instalment fee in every period (a percentage of that period's
 * principal and/or interest), a specified-due-date charge in the period containing its date (a percentage
 * of the whole loan's principal and/or interest). Disbursement charges belong to no period (they are
 * collected at disbursement); overdue penalties are added when an instalment falls overdue.
 */
export function chargesOnSchedule(periods: readonly SchedulePeriodIn[], charges: readonly LoanChargeIn[], digits: number): PeriodCharge[] {
  const out: PeriodCharge[] = [];
  const totalPrincipal = periods.reduce((s, p) => s.plus(p.principal), new BigNumber(0)).toFixed();
  const totalInterest = periods.reduce((s, p) => s.plus(p.interest), new BigNumber(0)).toFixed();
  for (const c of charges) {
    const caps = { minCap: c.minCap, maxCap: c.maxCap, digits };
    if (c.timeTypeId === TIME_TYPE.instalmentFee.id) {
      for (const p of periods) {
        const amount = chargeAmount({ calculationTypeId: c.calculationTypeId, amount: c.amount, principal: p.principal, interest: p.interest, ...caps });
        out.push({ chargeId: c.id, period: p.period, dueDate: p.dueDate, amount, penalty: c.penalty });
      }
    } else if (c.timeTypeId === TIME_TYPE.specifiedDueDate.id && c.dueDate) {
      const period = instalmentContaining(periods, c.dueDate);
      if (period === null) continue;
      const amount = chargeAmount({ calculationTypeId: c.calculationTypeId, amount: c.amount, principal: totalPrincipal, interest: totalInterest, ...caps });
      out.push({ chargeId: c.id, period, dueDate: c.dueDate, amount, penalty: c.penalty });
    }
  }
  return out;
}

/** Sums the charges of each period into its fee and penalty columns (every period listed, zero when none). */
export function periodTotals(periods: readonly { period: number }[], charges: readonly PeriodCharge[]): PeriodChargeTotals[] {
  return periods.map(({ period }) => {
    let fee = new BigNumber(0);
    let penalty = new BigNumber(0);
    for (const c of charges) {
      if (c.period !== period) continue;
      if (c.penalty) penalty = penalty.plus(c.amount);
      else fee = fee.plus(c.amount);
    }
    return { period, feeChargesDue: fee.toFixed(), penaltyChargesDue: penalty.toFixed() };
  });
}

/**
 * The overdue-instalment penalty of one instalment: a percentage of what is overdue of it (principal, or
 * principal and interest, or interest, per the charge's calculation type), or the flat amount.
 */
export function overduePenalty(charge: Pick<LoanChargeIn, 'calculationTypeId' | 'amount' | 'minCap' | 'maxCap'>, overdue: { principal: string; interest: string }, digits: number): string {
  return chargeAmount({ calculationTypeId: charge.calculationTypeId, amount: charge.amount, principal: overdue.principal, interest: overdue.interest, minCap: charge.minCap, maxCap: charge.maxCap, digits });
}

/** The date an instalment's overdue penalty applies: its due date plus the grace days (graceOnArrearsAgeing), plus one. */
export function penaltyDateOf(dueDate: string, graceDays: number): string {
  const d = new Date(`${dueDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + graceDays + 1);
  return d.toISOString().slice(0, 10);
}
