import type { AdjustDueDates } from '../cob/contract.js';
import type { ClientOfGroup } from '../customer/contract.js';
import type { Identity, StaffIdentity } from '../kernel/identity.js';
import type { Tx } from '../kernel/tx.js';

/** What the groups module needs from other modules, wired in subgraphs/composition/. */

/** An office as a grouping needs it: where it is booked, and since when. */
export interface GroupOffice {
  id: number;
  name: string;
  /** The path from the head office (".", ".2.5."): a grouping's staff sits on it. */
  hierarchy: string;
  openingDate: string;
}

/** A staff member as a grouping's loan officer. */
export interface GroupStaff {
  id: number;
  officeId: number;
  isActive: boolean;
}

/** A member's JLG loan on a collection sheet: due on or before the meeting date and unpaid. */
export interface SheetLoan {
  loanId: number;
  accountNo: string;
  clientId: number;
  groupId: number;
  productId: number;
  currencyCode: string;
  principalDue: string;
  interestDue: string;
  feeDue: string;
  penaltyDue: string;
  totalDue: string;
}

/** A member's active savings account on a collection sheet. */
export interface SheetSavings {
  id: number;
  accountNo: string;
  clientId: number;
  productId: number;
  productName: string;
  currencyCode: string;
}

/** A repayment or deposit of a collection sheet line. */
export interface SheetPayment {
  transactionDate: string;
  transactionAmount: string;
  paymentTypeId: number | null;
}

export interface GroupsDependencies {
  /** Inside the caller's transaction: the office when it is the caller's or below it, otherwise null. */
  officeInScope: (tx: Tx, staff: StaffIdentity, officeId: number) => Promise<GroupOffice | null>;
  /** Inside the caller's transaction: ids of the caller's office and every office below it. */
  officeSubtree: (tx: Tx, staff: StaffIdentity) => Promise<number[]>;
  officeNames: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
  staffMember: (tx: Tx, staffId: number) => Promise<GroupStaff | null>;
  staffNames: (tenantId: string, ids: readonly number[]) => Promise<Map<number, string>>;
  /** Active staff of an office the caller sees (the template's staffOptions), read in a transaction of its own. */
  staffOfOffice: (identity: Identity, officeId: number) => Promise<{ id: number; displayName: string }[]>;
  /** Offices the caller sees (the template's officeOptions), read in a transaction of its own. */
  visibleOffices: (identity: Identity) => Promise<{ id: number; name: string }[]>;
  /** Inside the caller's transaction: a client the caller may see (office subtree, own book), or null. */
  client: (tx: Tx, staff: StaffIdentity, clientId: number) => Promise<ClientOfGroup | null>;
  /** Clients by id, whoever asks: the members a group already holds were checked when they joined. */
  clientsByIds: (tx: Tx, ids: readonly number[]) => Promise<ClientOfGroup[]>;
  businessDates: { today(tx: Tx): Promise<string> };
  /** The tenant's working days and the office's holidays applied to meeting dates (cob's calendar). */
  adjustDueDates: AdjustDueDates;
  /** Inside the caller's transaction: the tenant's payment types (a sheet's paymentTypeOptions). */
  paymentTypes: (tx: Tx) => Promise<{ id: number; name: string; isCashPayment: boolean }[]>;
  /** Inside the caller's transaction: the groups' active JLG loans with what is due up to `on`. */
  loansDue: (tx: Tx, groupIds: readonly number[], on: string) => Promise<SheetLoan[]>;
  /** Inside the caller's transaction: the clients' active savings accounts. */
  savingsOf: (tx: Tx, clientIds: readonly number[]) => Promise<SheetSavings[]>;
  /** The loan module's repayment core, in the caller's transaction (the caller has authorized it). */
  repay: (tx: Tx, staff: StaffIdentity, loanId: number, payment: SheetPayment) => Promise<{ transactionId: number }>;
  /** The savings deposit core, in the caller's transaction (the caller has authorized it). */
  deposit: (tx: Tx, staff: StaffIdentity, accountId: number, payment: SheetPayment) => Promise<{ transactionId: number }>;
}
