import type { ChargesServices } from '../../charges/charges.services.js';
import type { LoanServices } from '../../loan/loan.services.js';

/**
 * Savings fees that fall due are also charged by the loan scheduler's daily job (and its executeJob), as
 * before close of business existed; both paths are idempotent per date, so a date run by both changes
 * nothing the second time.
 */
export function registerChargesWithLoan(charges: ChargesServices, loan: LoanServices): void {
  loan.delinquency.addDailyStep((tx, businessDate) => charges.daily(tx, businessDate));
}
