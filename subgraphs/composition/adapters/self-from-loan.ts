import type { LoanServices } from '../../loan/loan.services.js';
import type { SelfDependencies } from '../../self/self.ports.js';

/** The customer's own loans, applications and repayments (loan-for-self.ts). */
export function selfFromLoan(loan: LoanServices): Pick<SelfDependencies, 'loans'> {
  return { loans: loan.forSelf };
}
