import type { LedgerServices } from '../../ledger/ledger.services.js';
import type { LoanDependencies } from '../../loan/loan.ports.js';

/** Disbursements, repayments and their reversals are posted in the loan's transaction; products' GL mappings are checked by code. */
export function loanFromLedger(ledger: LedgerServices): Pick<LoanDependencies, 'post' | 'glCode'> {
  return { post: (tx, request) => ledger.engine.post(tx, request), glCode: (tx, id) => ledger.glAccounts.glCodeOf(tx, id) };
}
