import type { Tx } from '../kernel/tx.js';
import type { DelinquencyService } from './delinquency.service.js';
import { moveDueDatesOutOf, type MovedInstalment } from './store/calendar.js';

/**
 * What the close-of-business run (cob module) reaches loans through: the delinquency classification of a
 * date as one of its steps, and holidays applied to existing schedules. Both run inside the run's batch
 * transaction, which commits them with the step's progress.
 */
export function loansForCob(delinquency: DelinquencyService) {
  return {
    /** Ages every active loan on `businessDate`; idempotent per date. Returns the number of active loans. */
    age: (tx: Tx, businessDate: string): Promise<number> => delinquency.ageIn(tx, businessDate),
    moveDueDatesOutOf: (
      tx: Tx,
      move: { officeIds: readonly number[]; fromDate: string; toDate: string; rescheduledTo: string | null },
      afterLoanId: number,
      limit: number,
    ): Promise<{ lastLoanId: number | null; moves: MovedInstalment[] }> => moveDueDatesOutOf(tx, move, afterLoanId, limit),
  };
}
