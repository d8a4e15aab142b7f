import type { AccountDependencies } from '../../account/account.ports.js';
import { CATALOGUE_BY_CODE } from '../../ledger/currencies.js';
import type { LedgerServices } from '../../ledger/ledger.services.js';

/** Postings and reversals in the movement's transaction, and the tenant's enabled currencies. */
export function accountFromLedger(ledger: LedgerServices): Pick<AccountDependencies, 'journal' | 'currency' | 'currencyInfo'> {
  return {
    journal: { post: (tx, request) => ledger.engine.post(tx, request), reverse: (tx, id, options) => ledger.engine.reverse(tx, id, options), glCode: (tx, id) => ledger.glAccounts.glCodeOf(tx, id) },
    currency: (tx, code) => ledger.currencies.enabled(tx, code),
    currencyInfo: (code) => CATALOGUE_BY_CODE.get(code) ?? null,
  };
}
