import type { LedgerServices } from '../../ledger/ledger.services.js';
import type { LoanDependencies } from '../../loan/loan.ports.js';

/** Disbursements, repayments and their reversals are posted in the loan's transaction. */
export function loanFromLedger(ledger: LedgerServices): Pick<LoanDependencies, 'post'> {
  return { post: (tx, request) => ledger.engine.post(tx, request) };
}
