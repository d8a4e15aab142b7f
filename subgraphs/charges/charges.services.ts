import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { ChargeDefinitionCommands } from './commands/charge-definition.command.js';
import { SavingsChargeCommands } from './commands/savings-charge.command.js';
import { LoanChargeCommands } from './commands/loan-charge.command.js';
import { LoanChargeQueries } from './queries/loan-charge.query.js';
import { ClientChargeCommands } from './commands/client-charge.command.js';
import { ClientChargeQueries } from './queries/client-charge.query.js';
import { SavingsChargeQueries } from './queries/savings-charge.query.js';
import type { ChargesDependencies } from './ports.js';
import { ChargeQueries } from './queries/charge.query.js';
import { chargeUsage } from './store/usage.store.js';

/** The charges module's facade. */
export interface ChargesServices {
  definitions: ChargeDefinitionCommands;
  queries: ChargeQueries;
  savingsCharges: SavingsChargeCommands;
  savingsChargeQueries: SavingsChargeQueries;
  loanCharges: LoanChargeCommands;
  loanChargeQueries: LoanChargeQueries;
  clientCharges: ClientChargeCommands;
  clientChargeQueries: ClientChargeQueries;
  /**
   * The module's daily work for one tenant's business date, in the caller's transaction (the close-of-business
   * run's step; until it exists, the loan scheduler's daily tick): savings fees that fall due are charged and
   * collected. Idempotent per date: a second run finds nothing due.
   */
  daily(tx: Tx, businessDate: string): Promise<void>;
}

export function createChargesServices(db: Database, deps: ChargesDependencies): ChargesServices {
  const savingsCharges = new SavingsChargeCommands(db, deps);
  const queries = new ChargeQueries(db, deps);
  const clientCharges = new ClientChargeCommands(db, deps);
  return {
    definitions: new ChargeDefinitionCommands(db, deps, chargeUsage),
    queries,
    savingsCharges,
    savingsChargeQueries: new SavingsChargeQueries(db, deps, queries),
    loanCharges: new LoanChargeCommands(db, deps),
    loanChargeQueries: new LoanChargeQueries(db, deps, queries),
    clientCharges,
    clientChargeQueries: new ClientChargeQueries(db, deps, clientCharges),
    daily: async (tx, businessDate) => {
      await savingsCharges.applyDueFees(tx, businessDate);
    },
  };
}
