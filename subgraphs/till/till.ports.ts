import type { Tx } from '../kernel/tx.js';
import type { BusinessDates, Scope } from '../kernel/ports.js';
import type { PostingLineSpec } from './domain/till-rules.js';

/*
 * What the till module needs from the others (staff, the ledger), and the shapes it sees them in. A leaf:
 * it imports no service, so the module's services import it without a circle; subgraphs/registry.ts
 * wires the implementations.
 */

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
