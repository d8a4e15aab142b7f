import type { ChargesDependencies } from '../../charges/ports.js';
import type { LedgerServices } from '../../ledger/ledger.services.js';

type GlAccountRow = { id: number; name: string; glCode: string; type: number; usage: number; disabled: boolean };
/** Copies only what charges reads, so the module never holds the ledger's record. */
const glAccount = ({ id, name, glCode, type, usage, disabled }: GlAccountRow) => ({ id, name, glCode, type, usage, disabled });

/** Currencies a charge may be in, and the income accounts it may post to. */
export function chargesFromLedger(ledger: LedgerServices): Pick<ChargesDependencies, 'currency' | 'currencies' | 'glAccount' | 'incomeAccounts'> {
  return {
    currency: (tx, code) => ledger.currencies.enabled(tx, code),
    currencies: (tx) => ledger.currencies.allEnabled(tx),
    glAccount: async (tx, by) => {
      const found = await ledger.glAccounts.findInTx(tx, by);
      return found && glAccount(found);
    },
    incomeAccounts: async (tx) => (await ledger.glAccounts.detailAccountsOfType(tx, 4)).map(glAccount),
  };
}
