import type { LedgerServices } from '../../ledger/ledger.services.js';
import type { TillDependencies } from '../../till/till.ports.js';

/** Cash allocated to and settled from a till is posted to the ledger in the till's transaction. */
export function tillFromLedger(ledger: LedgerServices): Pick<TillDependencies, 'postJournal'> {
  return { postJournal: (tx, request) => ledger.engine.post(tx, request) };
}
