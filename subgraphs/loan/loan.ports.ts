import type { Tx } from '../kernel/tx.js';
import type { CompanionEvent } from '../kernel/outbox.js';
import type { StaffIdentity } from '../kernel/identity.js';
import type { BusinessDates, RecordCash, SavingsForLoans, Scope, TenantSettings } from '../kernel/ports.js';

/*
 * What the loan module needs from the others (borrowers, postings, savings), and the shapes it sees them in. A leaf:
 * it imports no service, so the module's services import it without a circle; subgraphs/registry.ts
 * wires the implementations.
 */

/** The borrower as the loan module needs it (from the customer module). */
export interface LoanBorrower {
  id: number;
  officeId: number;
  staffId: number | null;
  active: boolean;
  cif: string;
  accountNo: string;
  displayName: string;
}

/** Ports the loan module declares; subgraphs/registry.ts wires them. Every function runs in the caller's transaction. */
/** A journal posting as the loan module makes one (the ledger's posting engine accepts it). */
export interface LoanPosting {
  officeId: number;
  currency: string;
  /** YYYY-MM-DD */
  date: string;
  lines: { glCode: string; debit?: string; credit?: string }[];
  source: { entityType: 'LOAN'; entityId: number; transactionId: string };
  comments?: string | null;
  actor?: number | null;
  /** The posting's event comes back as `companion`, to ride in the loan event's row (PostingRequest.companionEvent). */
  companionEvent?: boolean;
}

/**
 * The tenant's calendar, registered by the cob module (which depends on this one): a new schedule's due dates,
 * in order, moved off non-working days and active holidays of the loan's office.
 */
export type ScheduleCalendar = (tx: Tx, officeId: number, dueDates: readonly string[]) => Promise<string[]>;

/** A meeting's dates for a loan that follows it (issue 39): already moved by working days and holidays. */
export interface MeetingSchedule {
  calendarId: number;
  /** The meeting's frequency: 1 daily, 2 weekly, 3 monthly, 4 yearly; and every how many. */
  frequency: number;
  interval: number;
  dates: string[];
}

/**
 * Group lending, registered by the groups module (which depends on this one). Each answers the groups
 * module's own 404 or 403 when the group is not the caller's to see, the client is not its member, or the
 * calendar is not the group's meeting.
 */
export interface GroupMeetings {
  /** Inside the caller's transaction: the active group the client belongs to, with the meeting it follows (null: none). */
  memberGroup(tx: Tx, staff: StaffIdentity, groupId: number, clientId: number): Promise<{ officeId: number; calendarId: number | null }>;
  /** The meeting dates of the group's calendar `calendarId` on or after `from`: at most `count`. */
  meetingDates(tx: Tx, groupId: number, calendarId: number, from: string, count: number): Promise<MeetingSchedule>;
}

export interface LoanDependencies {
  borrower: (tx: Tx, clientId: number) => Promise<LoanBorrower | null>;
  businessDates: BusinessDates;
  scope: Scope;
  /** Inside the caller's transaction: an office the caller sees and every office below it (null: every office); 404 otherwise. */
  officeSubtreeOf: (tx: Tx, staff: StaffIdentity, officeId: number) => Promise<number[] | null>;
  /** The ledger's posting engine, inside the caller's transaction: balanced lines by GL code, tagged with the loan transaction. */
  post: (tx: Tx, request: LoanPosting) => Promise<{ companion?: CompanionEvent }>;
  /** The GL code of one of the tenant's GL accounts, or null when there is none of that id (a product's mapping). */
  glCode: (tx: Tx, glAccountId: number) => Promise<string | null>;
  /** Whether a staff record exists and is a loan officer candidate (any active staff of the office subtree). */
  staffExists: (tx: Tx, staffId: number) => Promise<boolean>;
  /** The tenant's payment type (Cash, Bank Transfer...), or null. */
  paymentType: (tx: Tx, paymentTypeId: number) => Promise<{ id: number; isCashPayment: boolean } | null>;
  /** Active users holding `roleId` at `officeId` or any office above it, by id. */
  usersWithRoleAbove: (tx: Tx, roleId: number, officeId: number) => Promise<number[]>;
  /** The account module: disbursement to savings, repayment from savings (null in a deployment without it). */
  savings: SavingsForLoans | null;
  /** The till module's open-till rule for cash repayments (null in a deployment without it). */
  recordCash: RecordCash | null;
  /** Whether `valueId` is an active value of the code named `codeName` (WriteOffReasons, LoanRescheduleReason). */
  codeValueValid: (tx: Tx, codeName: string, valueId: number) => Promise<boolean>;
  /** The active values of the code named `codeName`, in order (a template's options: LoanRescheduleReason). */
  codeValues: (tx: Tx, codeName: string) => Promise<{ id: number; name: string }[]>;
  /** Tenant settings (loan-interest-waiver-ceiling). */
  settings: TenantSettings;
  /** Tenants the daily scheduler walks (system query). */
  tenantIds: () => Promise<string[]>;
  /** Operational warnings (an over-90 loan with no recovery officer to take it). */
  warn: (data: Record<string, unknown>, message: string) => void;
}
