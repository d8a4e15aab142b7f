import type { Tx } from './tx.js';
import type { CteFragment, CteRef } from './cte.js';
import type { Identity, StaffIdentity } from './identity.js';

/**
 * Ports that the organisation module provides and every money module (till, account, loan, hooks)
 * consumes inside its own transaction. Declared here, in the kernel, so a module depends on the shape,
 * never on organisation's code; the composition root (subgraphs/registry.ts) wires the implementation.
 */

/** One tenant setting, Fineract's global configuration row. */
export interface Setting {
  id: number;
  name: string;
  enabled: boolean;
  /** Integer settings (ceilings, limits) as exact decimal text; null when unset. */
  value: string | null;
  stringValue: string | null;
}

export interface TenantSettings {
  /** The setting by name; its catalogue default when the tenant never changed it. Throws for an unknown name. */
  read(tx: Tx, name: string): Promise<Setting>;
}

export interface BusinessDates {
  /**
   * The tenant's business date (YYYY-MM-DD): the date set through /businessdate, otherwise today's
   * calendar date in the tenant's time zone (setting `tenant-time-zone`, Africa/Lagos by default).
   * Every rule about "today" (future dates, tills, aging, maker-checker expiry) reads this.
   */
  today(tx: Tx): Promise<string>;
}

/** Where a record sits, for deciding who may see it. */
export interface ScopedRecord {
  officeId: number;
  /** The staff member whose book holds the record (a client's staffId). */
  staffId?: number | null;
  /** The customer the record belongs to (self-service sees only its own). */
  clientId?: number | null;
}

/**
 * The one place that decides data scope: the office subtree of a staff user, the Account Officer's
 * portfolio (records whose client is booked to their staff id), and a self-service customer's own clients.
 * Callers answer 404 (never 403) for a record outside scope.
 */
export interface Scope {
  /** Ids of the caller's office and every office below it; null means every office (head office users). */
  officeIds(tx: Tx, staff: StaffIdentity): Promise<number[] | null>;
  /** True when the office is the caller's or below it. */
  officeVisible(tx: Tx, staff: StaffIdentity, officeId: number): Promise<boolean>;
  /**
   * For list filters: the staff id an Account Officer's lists are limited to (-1 when the user has no
   * staff record, so nothing matches); undefined when no portfolio rule applies.
   */
  portfolioStaffId(staff: StaffIdentity): number | undefined;
  /** Whether the identity may see (and act on) a record booked at `officeId` to `staffId` for `clientId`. */
  canSee(tx: Tx, identity: Identity, record: ScopedRecord): Promise<boolean>;
}

/** A cash movement at a till, recorded by the till module inside the caller's (deposit's, repayment's) transaction. */
export interface CashMovement {
  /** The user posting the transaction: their staff record's open till is the one used. */
  userId: number;
  /** The office where the cash changes hands (the account's or loan's branch). */
  officeId: number;
  currency: string;
  direction: 'in' | 'out';
  /** Positive decimal text. */
  amount: string;
  /** What moved the cash, for the till's record. */
  source: { entityType: 'SAVINGS' | 'LOAN'; entityId: number; transactionId: string };
}

export interface CashRecorded {
  cashierId: number;
  cashierTransactionId: number;
}

/**
 * The open-till rule (docs/interface.md, Resources), provided by the till module. Refuses with 403
 * `error.msg.cashier.no.open.till` (no staff record, no cashier assignment today at that office, no
 * allocation today, or already settled) and `error.msg.cashier.insufficient.till.balance` (cash out above
 * the till's cash); on success records Cash In (103) / Cash Out (104) in the same transaction. Locks the
 * till's row, so concurrent cash-outs never overdraw it.
 */
export type RecordCash = (tx: Tx, movement: CashMovement) => Promise<CashRecorded>;

/**
 * The till's record of a cash movement as common table expressions for the caller's own statement, so the
 * movement and its till record take one round trip (and a busy account's row is held one round trip less).
 * They run only after the caller's CTE `after` has yielded a row; the fragment's `result` yields the
 * record, or nothing when the till refuses, and the caller then calls RecordCash, which says why.
 * Throws the refusals that need no till row.
 */
export type CashRecordSql = (tx: Tx, movement: CashMovement, after: CteRef) => Promise<CteFragment>;

/** The borrower's account as the loan module needs it. */
export interface OperatingAccount {
  id: number;
  accountNo: string;
  clientId: number;
  officeId: number;
  currency: string;
  /** The liability GL code of its product: 21101 savings, 21102 current. */
  liabilityGlCode: string;
}

/** A movement between a loan and the borrower's savings account; the loan module posts the journal. */
export interface LoanSavingsMovement {
  accountId: number;
  amount: string;
  /** YYYY-MM-DD */
  date: string;
  loanId: number;
  /** The loan transaction id, for the savings transaction's reference. */
  loanTransactionId: number;
  note?: string | null;
  userId: number | null;
}

/**
 * What the account module offers the loan module (disbursement to savings, repayment from savings).
 * Each call runs in the caller's transaction, locks the account row, writes the savings transaction and
 * its `account.credit`/`account.debit` event, and posts NO journal (the loan's journal covers both sides).
 */
export interface SavingsForLoans {
  /** linkAccountId when given (must be the client's active account), else the client's single active savings or current account. */
  operatingAccount(tx: Tx, clientId: number, linkAccountId?: number | null): Promise<OperatingAccount>;
  /** Credits a disbursement (KYC-exempt, no till). Returns the savings transaction id and the new balance. */
  creditFromLoan(tx: Tx, movement: LoanSavingsMovement): Promise<{ savingsTransactionId: number; runningBalance: string }>;
  /** Debits a repayment from savings (balance and debit block checked). */
  debitForLoan(tx: Tx, movement: LoanSavingsMovement): Promise<{ savingsTransactionId: number; runningBalance: string }>;
  /** Reverses a savings transaction made by creditFromLoan/debitForLoan (undo disbursal/repayment). */
  reverseForLoan(tx: Tx, savingsTransactionId: number, userId: number | null): Promise<void>;
}
