import type { Tx } from '../kernel/tx.js';
import type { StaffIdentity } from '../kernel/identity.js';
import type { AccountDependencies } from './account.ports.js';
import { STATUS_ACTIVE, type AccountRow } from './account.rows.js';
import { validateTransactionInput, type TransactionInput } from './movement-rules.js';
import type { SavingsTransactionCommands } from './savings-transaction.commands.js';
import { loadAccountsOfClients } from './store/account-read.store.js';

/** What the groups module's collection sheets reach savings through (wired in the composition root). */
export function accountsForGroups(deps: Required<AccountDependencies>, commands: SavingsTransactionCommands) {
  return {
    /** The clients' active savings accounts, in id order. */
    activeOfClients: async (tx: Tx, clientIds: readonly number[]): Promise<AccountRow[]> =>
      (await loadAccountsOfClients(tx, await deps.businessDates.today(tx), clientIds)).filter((a) => a.status === STATUS_ACTIVE),
    /** A deposit in the caller's transaction (the collection sheet's command has authorized it); a held one is not a deposit. */
    deposit: async (tx: Tx, staff: StaffIdentity, accountId: number, input: TransactionInput): Promise<{ transactionId: number }> => {
      validateTransactionInput(input);
      const result = await commands.depositCore(tx, { identity: staff }, { accountId, transaction: input });
      if (result.kind !== 'executed') throw new Error('a deposit is never held');
      return { transactionId: result.transaction.id };
    },
  };
}
