import type { Tx } from '../kernel/tx.js';
import type { StaffIdentity } from '../kernel/identity.js';

/*
 * What the customer module needs from the others (offices, staff, codes), and the shapes it sees them in. A leaf:
 * it imports no service, so the module's services import it without a circle; subgraphs/registry.ts
 * wires the implementations.
 */

/** A code value as a client shows it (gender, client type, classification, reasons). */
export interface CodeValueRef {
  id: number;
  name: string;
  active: boolean;
  mandatory: boolean;
}

/** An office as the customer module needs it: where a client is booked. */
export interface CustomerOffice {
  id: number;
  /** The path from the head office (".", ".2.5."): a client's officer sits on it. */
  hierarchy: string;
  /** YYYY-MM-DD: no client is submitted or activated before it. */
  openingDate: string;
}

/** A staff member as the customer module needs it: who may be a client's relationship officer. */
export interface CustomerStaff {
  id: number;
  officeId: number;
  isActive: boolean;
}

/** What the customer module needs from others, wired in subgraphs/registry.ts. */
export interface CustomerDependencies {
  /** Inside the caller's transaction: the office when it is the caller's or below it, otherwise null. */
  officeInScope: (tx: Tx, staff: StaffIdentity, officeId: number) => Promise<CustomerOffice | null>;
  /** Inside the caller's transaction: ids of the caller's office and every office below it. */
  officeSubtree: (tx: Tx, staff: StaffIdentity) => Promise<number[]>;
  /** Inside the caller's transaction: an office the caller sees and every office below it (null: every office); 404 otherwise. */
  officeSubtreeOf: (tx: Tx, staff: StaffIdentity, officeId: number) => Promise<number[] | null>;
  /** Office names by id, for read models (one query per page). */
  officeNames: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
  /** Inside the caller's transaction: the staff member, or null. */
  staffMember: (tx: Tx, staffId: number) => Promise<CustomerStaff | null>;
  /** Staff display names by id, for read models. */
  staffNames: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
  /** The Account Officer's portfolio rule (the kernel's Scope port): a staff id when the caller's lists are limited to their book. */
  portfolioStaffId: (staff: StaffIdentity) => number | undefined;
  /** Inside the caller's transaction: whether valueId is a value of the code named codeName (organisation codes). */
  codeValueValid: (tx: Tx, codeName: string, valueId: number) => Promise<boolean>;
  /** Code values by id, for read models (one query per page). */
  codeValues: (tenantId: string, ids: readonly number[]) => Promise<Map<number, CodeValueRef>>;
  /**
   * Inside the caller's transaction: disables every self-service login of the client and revokes its
   * sessions (their streams end after commit). A closed, rejected or withdrawn client's customer is cut off at once.
   */
  cutOffSelfService: (tx: Tx, clientId: number, by: number) => Promise<void>;
}

/**
 * Inside the caller's transaction: how many of the client's products a module holds open (savings and
 * current accounts, loans not closed). Closing a client is refused while any are (Fineract's rule). The
 * modules that hold products depend on customer, so each registers its count (`lifecycle.addOpenProductsCheck`).
 */
export type OpenProductsOf = (tx: Tx, clientId: number) => Promise<number>;
