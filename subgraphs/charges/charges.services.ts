import type { Database } from '../platform/database.js';
import { ChargeDefinitionCommands } from './commands/charge-definition.command.js';
import type { ChargesDependencies } from './ports.js';
import { ChargeQueries } from './queries/charge.query.js';
import { chargeUsage } from './store/usage.store.js';

/** The charges module's facade. */
export interface ChargesServices {
  definitions: ChargeDefinitionCommands;
  queries: ChargeQueries;
}

export function createChargesServices(db: Database, deps: ChargesDependencies): ChargesServices {
  return {
    definitions: new ChargeDefinitionCommands(db, deps, chargeUsage),
    queries: new ChargeQueries(db, deps),
  };
}
