import type { Tx } from '../../kernel/tx.js';
import type { CobStepWork, StepBatch } from '../contract.js';
import type { CobDependencies } from '../ports.js';
import { advanceHolidayCursor, nextHolidayToReschedule, recordMoves } from '../store/calendar.store.js';

/**
 * The run's holiday step: for each activated holiday not yet applied, the open loans of its offices get
 * their instalments inside it moved (by the holiday's rule), a batch of loans at a time. The holiday's own
 * cursor (the last loan id done) moves with each batch and its `rescheduled_on` is set when no loan is
 * left, so each holiday is applied once, whatever date's run applies it and however often it is resumed.
 */
export class ApplyHolidaysStep implements CobStepWork {
  constructor(private readonly deps: CobDependencies) {}

  async batch(tx: Tx, businessDate: string, cursor: number, limit: number): Promise<StepBatch> {
    const holiday = await nextHolidayToReschedule(tx);
    if (!holiday) return { cursor, processed: 0, done: true };
    const move = { officeIds: holiday.officeIds, fromDate: holiday.fromDate, toDate: holiday.toDate, rescheduledTo: holiday.repaymentsRescheduledTo };
    const { lastLoanId, moves } = await this.deps.loans.moveDueDatesOutOf(tx, move, holiday.rescheduleCursor, limit);
    await recordMoves(tx, holiday.id, businessDate, moves);
    await advanceHolidayCursor(tx, holiday.id, lastLoanId ?? holiday.rescheduleCursor, lastLoanId === null ? businessDate : null);
    // The step's cursor counts batches: the holidays' own cursors say where each stands.
    return { cursor: cursor + 1, processed: new Set(moves.map((m) => m.loanId)).size, done: false };
  }
}
