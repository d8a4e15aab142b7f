import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import type { CashRecordSql, RecordCash } from '../kernel/ports.js';
import { CashierService } from './cashier.service.js';
import { SettlementService } from './settlement.service.js';
import { TellerService } from './teller.service.js';
import { TillCashService } from './till-cash.service.js';
import type { TillDependencies, TillNames } from './till.ports.js';
import { TillStore } from './till.store.js';

/**
 * The till module's facade. `recordCash` is the open-till rule the account and loan modules call in their
 * transaction; `cashSql` is the same record as CTEs for the caller's own statement.
 */
export interface TillServices {
  tellers: TellerService;
  cashiers: CashierService;
  cash: TillCashService;
  settlements: SettlementService;
  recordCash: RecordCash;
  cashSql: CashRecordSql;
  /** A cashier of the staff record with a till not yet settled, in the caller's transaction (user administration asks). */
  openTillOfStaff: (tx: Tx, staffId: number) => Promise<{ cashierId: number; businessDate: string } | null>;
  names: TillNames;
}

export function createTillServices(db: Database, deps: TillDependencies): TillServices {
  const store = new TillStore(deps);
  const cash = new TillCashService(db, deps, store);
  return {
    tellers: new TellerService(db, deps, store),
    cashiers: new CashierService(db, deps, store),
    cash,
    settlements: new SettlementService(db, deps, store),
    recordCash: (tx, movement) => cash.recordCash(tx, movement),
    cashSql: (tx, movement, after) => cash.cashSql(tx, movement, after),
    openTillOfStaff: (tx, staffId) => store.openTillOfStaff(tx, staffId),
    names: {
      offices: deps.officeNames,
      staff: deps.staffNames,
      tellers: async (tenantId, ids) => new Map([...(await db.tx(tenantId, (tx) => store.tellersByIds(tx, ids)))].map(([id, t]) => [id, t.name])),
    },
  };
}
