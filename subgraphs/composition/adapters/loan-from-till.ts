import type { LoanDependencies } from '../../loan/loan.ports.js';
import type { TillServices } from '../../till/till.services.js';

/** A disbursement or repayment in cash is recorded in the teller's till. */
export function loanFromTill(till: TillServices): Pick<LoanDependencies, 'recordCash'> {
  return { recordCash: (tx, movement) => till.recordCash(tx, movement) };
}
