import type { AccountServices } from '../../account/account.services.js';
import type { LoanDependencies } from '../../loan/loan.ports.js';

/** Disbursement to a savings account and repayment from one, as the account module's movements. */
export function loanFromAccount(account: AccountServices): Pick<LoanDependencies, 'savings'> {
  return { savings: account.forLoans };
}
