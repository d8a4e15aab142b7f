import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { Validator } from '../../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../../kernel/identity.js';
import { REPAYMENT_RESCHEDULE_TYPES, workingWeekdays } from '../domain/calendar.js';
import { saveWorkingDays, type WorkingDaysRow } from '../store/calendar.store.js';
import type { CalendarQueries } from '../queries/calendar.query.js';

export interface WorkingDaysInput {
  recurrence?: string | null;
  repaymentRescheduleType?: number | null;
  extendTermForDailyRepayments?: boolean | null;
}

/** PUT /workingdays: the tenant's working days and what a due date on another day becomes. */
export class UpdateWorkingDaysCommand {
  constructor(
    private readonly db: Database,
    private readonly queries: CalendarQueries,
  ) {}

  async run(identity: Identity, input: WorkingDaysInput): Promise<{ workingDays: WorkingDaysRow; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_WORKINGDAYS');
    return this.db.tx(actor.tenantId, (tx) => this.core(tx, actor, input));
  }

  async core(tx: Tx, actor: Actor, input: WorkingDaysInput): Promise<{ workingDays: WorkingDaysRow; changes: Record<string, unknown> }> {
    const v = new Validator('workingdays');
    if (input.recurrence != null) {
      v.maxLength('recurrence', input.recurrence, 200);
      const days = workingWeekdays(input.recurrence);
      if (days === null) v.fail('recurrence', 'invalid', 'The recurrence is a weekly RRULE naming the working days, e.g. FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR.', input.recurrence.slice(0, 200));
      else if (days.size === 0) v.fail('recurrence', 'invalid', 'At least one day must be a working day.', input.recurrence);
    }
    if (input.repaymentRescheduleType != null && !Object.hasOwn(REPAYMENT_RESCHEDULE_TYPES, input.repaymentRescheduleType)) {
      v.fail('repaymentRescheduleType', 'is.not.one.of.expected.enumerations', 'repaymentRescheduleType is 1 (same day), 2 (next working day), 3 (next repayment meeting day) or 4 (previous working day).', input.repaymentRescheduleType);
    }
    v.throwIfAny();
    const current = await this.queries.workingDaysIn(tx);
    const next: WorkingDaysRow = {
      recurrence: input.recurrence ?? current.recurrence,
      repaymentRescheduleType: input.repaymentRescheduleType ?? current.repaymentRescheduleType,
      extendTermForDailyRepayments: input.extendTermForDailyRepayments ?? current.extendTermForDailyRepayments,
    };
    const changes: Record<string, unknown> = {};
    for (const key of Object.keys(next) as (keyof WorkingDaysRow)[]) if (next[key] !== current[key]) changes[key] = next[key];
    await saveWorkingDays(tx, next, actor.userId);
    return { workingDays: next, changes };
  }
}
