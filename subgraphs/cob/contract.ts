import type { Tx } from '../kernel/tx.js';

/**
 * What the cob module offers other modules (types only). A module that does daily work registers a step
 * through the composition root; a module whose schedules respect the calendar calls `adjustDueDates`.
 */

/** One batch's outcome: the cursor after it (the last account id it finished), how many accounts it processed, and whether the step is done for the date. */
export interface StepBatch {
  cursor: number;
  processed: number;
  done: boolean;
}

/**
 * A close-of-business step. `batch` works on the accounts after `cursor` (ids ascending), at most `limit` of
 * them, inside the engine's transaction; the engine commits the new cursor with the batch's work, so a crash
 * never leaves an account done without its cursor past it, and a resumed run never does it twice. A step
 * that cannot split its work (it is idempotent per date as a whole) does it in one batch and answers done.
 */
export interface CobStepWork {
  batch(tx: Tx, businessDate: string, cursor: number, limit: number): Promise<StepBatch>;
}

export type { CobStepCode } from './domain/steps.js';

/** The tenant's calendar applied to a new schedule's due dates (in order), for a loan of `officeId`. */
export type AdjustDueDates = (tx: Tx, officeId: number, dueDates: readonly string[]) => Promise<string[]>;

/** A `cob.completed` event's data (docs/events/cob.completed.json): the date closed and each step's counts, in order. */
export interface CobCompletedEvent {
  businessDate: string;
  steps: { code: string; processed: number; batches: number; failures: number; durationMs: number }[];
}
