import type { Tx } from './database.js';
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
