import type { Identity, StaffIdentity } from '../kernel/identity.js';
import type { BusinessDates } from '../kernel/ports.js';
import type { Tx } from '../kernel/tx.js';

/** What the cob module needs from other modules; the composition root wires them. */

/** A loan instalment moved out of a holiday. */
export interface MovedDueDate {
  loanId: number;
  period: number;
  oldDueDate: string;
  newDueDate: string;
}

export interface HolidayMove {
  officeIds: readonly number[];
  fromDate: string;
  toDate: string;
  /** The holiday's named date; null: each instalment goes to its loan's next repayment date (the day after the holiday for a last one). */
  rescheduledTo: string | null;
}

/** The loan module: moves the due dates of its open loans' instalments that fall in a holiday, loans (afterLoanId, afterLoanId + limit loans]. */
export interface LoansForCob {
  moveDueDatesOutOf(tx: Tx, move: HolidayMove, afterLoanId: number, limit: number): Promise<{ lastLoanId: number | null; moves: MovedDueDate[] }>;
}

export interface CobDependencies {
  businessDates: BusinessDates & {
    /** Inside the caller's transaction: the tenant's COB_DATE becomes `closedDate` and BUSINESS_DATE the day after, unless they are already past it. */
    closed(tx: Tx, closedDate: string): Promise<void>;
    /** COB_DATE: the last date whose business is over (the day before the business date unless pinned). */
    cobDate(tx: Tx): Promise<string>;
  };
  /** The offices the caller sees (null: every office). */
  officesInScope: (tx: Tx, staff: StaffIdentity) => Promise<number[] | null>;
  officeExists: (tx: Tx, officeId: number) => Promise<boolean>;
  loans: LoansForCob;
  /** Every tenant (system query), for the health check. */
  tenantIds: () => Promise<string[]>;
  /** Inside the caller's transaction: throws the loan module's 404 unless the caller may see the loan. */
  requireLoanVisible: (tx: Tx, identity: Identity, loanId: number) => Promise<void>;
}
