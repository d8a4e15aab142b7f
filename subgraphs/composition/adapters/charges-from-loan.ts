import type { ChargesServices } from '../../charges/charges.services.js';
import type { ChargesDependencies } from '../../charges/ports.js';
import type { LoanServices } from '../../loan/loan.services.js';

/** The loans charges are laid on. */
export function chargesFromLoan(loan: LoanServices): Pick<ChargesDependencies, 'loans'> {
  return { loans: loan.forCharges };
}

/**
 * Savings fees that fall due are also charged by the loan scheduler's daily job (and its executeJob), as
 * before close of business existed; both paths are idempotent per date, so a date run by both changes
 * nothing the second time.
 */
export function registerChargesWithLoan(charges: ChargesServices, loan: LoanServices): void {
  loan.delinquency.addDailyStep((tx, businessDate) => charges.daily(tx, businessDate));
  loan.delinquency.addDailyStep(async (tx, businessDate) => {
    await charges.loanCharges.applyOverduePenalties(tx, businessDate);
  });
  // Where money meets loan charges (schedule, disbursement, repayments) the loan module calls the charges module.
  loan.forCharges.register(charges.loanCharges.hook());
}
