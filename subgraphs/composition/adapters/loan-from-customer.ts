import type { CustomerServices } from '../../customer/customer.services.js';
import type { LoanDependencies } from '../../loan/loan.ports.js';
import type { LoanServices } from '../../loan/loan.services.js';

/** The borrower, read in the loan's transaction. */
export function loanFromCustomer(customer: CustomerServices): Pick<LoanDependencies, 'borrower'> {
  return { borrower: (tx, clientId) => customer.clients.forLoans(tx, clientId) };
}

/** Loans not yet closed block closing their client. */
export function registerLoanWithCustomer(loan: LoanServices, customer: CustomerServices): void {
  customer.lifecycle.addOpenProductsCheck((tx, clientId) => loan.applications.openCount(tx, clientId));
}
