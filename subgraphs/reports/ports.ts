import type { StaffIdentity } from '../kernel/identity.js';
import type { BusinessDates, Scope } from '../kernel/ports.js';
import type { Tx } from '../kernel/tx.js';

/**
 * What the reports module needs from other modules through ports, wired in subgraphs/composition/. The loan
 * book, clients, offices and staff it reads set-based through the read-only views their owners publish
 * (docs/reporting.md), not through these.
 */
export interface ReportsDependencies {
  /** An office the caller sees and every office below it (null: every office); the organisation module's 404 otherwise. */
  officeSubtreeOf: (tx: Tx, staff: StaffIdentity, officeId: number) => Promise<number[] | null>;
  /** The tenant's business date: the default "as of" date of the portfolio reports. */
  businessDates: BusinessDates;
  /** Whether the caller (staff or a self-service customer) may see a record of this office, officer's book and client. */
  canSee: Scope['canSee'];
}
