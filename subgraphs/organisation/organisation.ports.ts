import type { Tx } from '../kernel/tx.js';

/**
 * What the organisation module asks of modules above it. Organisation depends on no module: a module that
 * must be consulted registers its check here (in the composition root, subgraphs/composition/), and each
 * check runs inside the caller's transaction.
 */

/**
 * A cashier of the staff record whose till is not yet settled (the till module registers it), or null. A
 * login linked to that staff record moves that till's cash, so user administration must not re-link one to it.
 */
export type OpenTillOfStaff = (tx: Tx, staffId: number) => Promise<{ cashierId: number; businessDate: string } | null>;
