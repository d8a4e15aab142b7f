import type { Database, Tx } from '../kernel/database.js';
import type { BusinessDates, CashRecordSql, RecordCash, Scope } from '../kernel/ports.js';
import { CashierService } from './cashier.service.js';
import type { PostingLineSpec } from './domain/till-rules.js';
import { SettlementService } from './settlement.service.js';
import { TellerService } from './teller.service.js';
import { TillCashService } from './till-cash.service.js';
import { TillStore } from './till.store.js';

/** A staff member as the till module needs it (from the organisation module). */
export interface StaffRecord {
  id: number;
  officeId: number;
  isActive: boolean;
  displayName: string;
}

/** Staff lookups inside the caller's transaction (organisation module). */
export interface StaffDirectory {
  find(tx: Tx, staffId: number): Promise<StaffRecord | null>;
  /** The staff record linked to an application user, or null when the user has none. */
  ofUser(tx: Tx, userId: number): Promise<StaffRecord | null>;
  /** Active staff of an office (the cashier template's options). */
  activeAtOffice(tx: Tx, officeId: number): Promise<StaffRecord[]>;
}

/** Posts a balanced journal inside the caller's transaction (the ledger's posting engine). */
export type PostJournal = (
  tx: Tx,
  request: { officeId: number; currency: string; date: string; lines: PostingLineSpec[]; source: { entityType: string; entityId: number; transactionId: string }; comments?: string | null; actor?: number | null },
) => Promise<{ transactionId: string }>;

export interface TillDependencies {
  businessDates: BusinessDates;
  scope: Scope;
  staff: StaffDirectory;
  postJournal: PostJournal;
  /** Roles besides the cashier themself that may close a till. */
  settlingRoleIds: readonly number[];
  /** Names for read models, each in its own short transaction (resolvers, never inside a command). */
  officeNames: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
  staffNames: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
}

/** Batched names for the GraphQL read side. */
export interface TillNames {
  offices: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
  staff: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
  tellers: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
}

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
