import type { Tx } from '../kernel/tx.js';
import type { StaffIdentity } from '../kernel/identity.js';

/*
 * What the ledger needs from the organisation module (offices, scope, payment types). A leaf: the
 * ledger's services import it without a circle; subgraphs/registry.ts wires the implementations.
 */

/** Whether the caller may post to or read an office (its office and below). */
export type OfficeInScope = (tx: Tx, staff: StaffIdentity, officeId: number) => Promise<boolean>;

export type OfficesInScope = (tx: Tx, staff: StaffIdentity) => Promise<number[] | null>;

/** Whether a payment type exists in the caller's tenant (from the organisation module). */
export type PaymentTypeExists = (tx: Tx, paymentTypeId: number) => Promise<boolean>;

/** Offices an office-level report covers (the office and everything below it), or null for "all" (head office). */
export type OfficeSubtree = (tx: Tx, staff: StaffIdentity, officeId: number) => Promise<number[] | null>;

export interface LedgerDependencies {
  /** The office's opening date (YYYY-MM-DD), or null when there is no such office. */
  officeOpeningDate: (tx: Tx, officeId: number) => Promise<string | null>;
  officeInScope: OfficeInScope;
  officeSubtree: OfficeSubtree;
  /** Offices the caller may see (its office and below), or null when that is every office. */
  officesInScope: OfficesInScope;
  officeNames: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
  usernames: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
  paymentTypeExists: PaymentTypeExists;
  paymentTypeNames: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
  /** Whether a code value belongs to the named code list (GL account tags). */
  codeValueOfCode: (tx: Tx, codeName: string, valueId: number) => Promise<boolean>;
  /** Code value names by id (a GL account's tag). */
  codeValueNames: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
}
