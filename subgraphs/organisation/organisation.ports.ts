import type { Tx } from '../kernel/tx.js';

/**
 * What the organisation module needs from other modules, wired by the composition root
 * (subgraphs/registry.ts). Each runs inside the caller's transaction.
 */
export interface OrganisationPorts {
  /**
   * A cashier of the staff record whose till is not yet settled (the till module), or null. A login linked
   * to that staff record moves that till's cash, so user administration must not re-link one to it.
   */
  openTillOfStaff(tx: Tx, staffId: number): Promise<{ cashierId: number; businessDate: string } | null>;
}
