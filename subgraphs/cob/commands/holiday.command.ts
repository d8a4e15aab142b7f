import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { errors, Validator } from '../../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../../kernel/identity.js';
import { nextValue } from '../../kernel/sequence.js';
import {
  addDays, DEFAULT_RECURRENCE, HOLIDAY_ACTIVE, HOLIDAY_DELETED, HOLIDAY_PENDING, HOLIDAY_RESCHEDULE_TYPES, HOLIDAY_TO_SPECIFIC_DATE, weekday, workingWeekdays,
} from '../domain/calendar.js';
import { holidayNameTaken, saveHoliday, setHolidayStatus, type HolidayRow } from '../store/calendar.store.js';
import type { CalendarQueries } from '../queries/calendar.query.js';
import type { CobDependencies } from '../ports.js';
import { COB_CODES } from '../codes.js';

export interface HolidayInput {
  name?: string | null;
  fromDate?: string | null;
  toDate?: string | null;
  reschedulingType?: number | null;
  repaymentsRescheduledTo?: string | null;
  description?: string | null;
  offices?: { officeId?: number | null }[] | null;
}

/** A holiday spans offices; Fineract's console sends the whole tree at most, and nobody has more offices than this. */
export const MAX_HOLIDAY_OFFICES = 1000;
/** Fineract keeps a named date within 30 days of the holiday. */
const RESCHEDULE_WINDOW_DAYS = 30;

/**
 * Holidays (Fineract's /holidays): created pending, edited while pending, activated (then the run moves
 * existing loans' instalments out of them, once), deleted (an active one too; moved dates stay moved).
 */
export class HolidayCommands {
  constructor(
    private readonly db: Database,
    private readonly deps: CobDependencies,
    private readonly queries: CalendarQueries,
  ) {}

  async create(identity: Identity, input: HolidayInput): Promise<HolidayRow> {
    const actor = requireStaff(identity, 'CREATE_HOLIDAY');
    return this.db.tx(actor.tenantId, (tx) => this.createCore(tx, actor, input));
  }

  async createCore(tx: Tx, actor: Actor, input: HolidayInput): Promise<HolidayRow> {
    const v = new Validator('holiday');
    v.required('name', input.name);
    v.required('fromDate', input.fromDate);
    v.required('toDate', input.toDate);
    const reschedulingType = input.reschedulingType ?? HOLIDAY_TO_SPECIFIC_DATE;
    if (reschedulingType === HOLIDAY_TO_SPECIFIC_DATE) v.required('repaymentsRescheduledTo', input.repaymentsRescheduledTo);
    if (!input.offices || input.offices.length === 0) v.fail('offices', 'cannot.be.blank', 'The parameter `offices` is mandatory.');
    this.checkFields(v, input);
    v.throwIfAny();
    const holiday = {
      id: 0, name: input.name!.trim(), fromDate: input.fromDate!, toDate: input.toDate!, reschedulingType,
      repaymentsRescheduledTo: reschedulingType === HOLIDAY_TO_SPECIFIC_DATE ? input.repaymentsRescheduledTo! : null, description: input.description ?? null,
      officeIds: [...new Set(input.offices!.map((o) => o.officeId!))],
    };
    await this.checkRules(tx, actor, holiday, null);
    holiday.id = await nextValue(tx, 'holiday');
    await saveHoliday(tx, holiday, actor.userId);
    return this.queries.visibleHoliday(tx, actor, holiday.id);
  }

  async update(identity: Identity, id: number, input: HolidayInput): Promise<{ holiday: HolidayRow; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_HOLIDAY');
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, id, input));
  }

  /** A pending holiday changes freely; an active one only its name, description and rescheduling type (Fineract's rule). */
  async updateCore(tx: Tx, actor: Actor, id: number, input: HolidayInput): Promise<{ holiday: HolidayRow; changes: Record<string, unknown> }> {
    const current = await this.queries.visibleHoliday(tx, actor, id, true);
    const v = new Validator('holiday');
    if (input.name !== undefined) v.required('name', input.name);
    this.checkFields(v, input);
    if (input.offices != null && input.offices.length === 0) v.fail('offices', 'cannot.be.blank', 'The parameter `offices` is mandatory.');
    v.throwIfAny();
    if (current.statusId === HOLIDAY_ACTIVE) {
      const edits: [string, boolean][] = [
        ['fromDate', input.fromDate != null && input.fromDate !== current.fromDate],
        ['toDate', input.toDate != null && input.toDate !== current.toDate],
        ['repaymentsRescheduledTo', input.repaymentsRescheduledTo != null && input.repaymentsRescheduledTo !== current.repaymentsRescheduledTo],
        ['offices', input.offices != null],
      ];
      const refused = edits.filter(([, changed]) => changed).map(([name]) => name);
      if (refused.length > 0) {
        throw errors.validation(refused.map((name) => ({
          code: COB_CODES.holidayCannotEditActive, message: 'An active holiday\'s dates and offices cannot be changed; delete it and create another.', parameterName: name,
        })));
      }
    }
    const reschedulingType = input.reschedulingType ?? current.reschedulingType;
    const next = {
      id, name: input.name?.trim() ?? current.name, fromDate: input.fromDate ?? current.fromDate, toDate: input.toDate ?? current.toDate, reschedulingType,
      repaymentsRescheduledTo: reschedulingType === HOLIDAY_TO_SPECIFIC_DATE ? (input.repaymentsRescheduledTo ?? current.repaymentsRescheduledTo) : null,
      description: input.description === undefined ? current.description : input.description,
      officeIds: input.offices ? [...new Set(input.offices.map((o) => o.officeId!))] : current.officeIds,
    };
    if (next.reschedulingType === HOLIDAY_TO_SPECIFIC_DATE && next.repaymentsRescheduledTo === null) {
      new Validator('holiday').fail('repaymentsRescheduledTo', 'cannot.be.blank', 'The parameter `repaymentsRescheduledTo` is mandatory.').throwIfAny();
    }
    await this.checkRules(tx, actor, next, id);
    await saveHoliday(tx, next, actor.userId);
    const changes: Record<string, unknown> = {};
    for (const key of ['name', 'fromDate', 'toDate', 'reschedulingType', 'repaymentsRescheduledTo', 'description'] as const) if (next[key] !== current[key]) changes[key] = next[key];
    if (next.officeIds.join() !== current.officeIds.join()) changes.offices = next.officeIds.map((officeId) => ({ officeId }));
    return { holiday: await this.queries.visibleHoliday(tx, actor, id), changes };
  }

  async activate(identity: Identity, id: number): Promise<HolidayRow> {
    const actor = requireStaff(identity, 'ACTIVATE_HOLIDAY');
    return this.db.tx(actor.tenantId, (tx) => this.activateCore(tx, actor, id));
  }

  /** Pending to active: the next close of business moves existing loans' instalments out of it. */
  async activateCore(tx: Tx, actor: Actor, id: number): Promise<HolidayRow> {
    const current = await this.queries.visibleHoliday(tx, actor, id, true);
    if (current.statusId !== HOLIDAY_PENDING) throw errors.domainRule(COB_CODES.holidayNotPending, 'Only a holiday pending activation can be activated.', [id]);
    await setHolidayStatus(tx, id, HOLIDAY_ACTIVE, actor.userId);
    return this.queries.visibleHoliday(tx, actor, id);
  }

  async delete(identity: Identity, id: number): Promise<number> {
    const actor = requireStaff(identity, 'DELETE_HOLIDAY');
    return this.db.tx(actor.tenantId, (tx) => this.deleteCore(tx, actor, id));
  }

  /** Marks the holiday deleted (Fineract keeps the row); due dates it moved stay where they are. */
  async deleteCore(tx: Tx, actor: Actor, id: number): Promise<number> {
    await this.queries.visibleHoliday(tx, actor, id, true);
    await setHolidayStatus(tx, id, HOLIDAY_DELETED, actor.userId);
    return id;
  }

  private checkFields(v: Validator, input: HolidayInput): void {
    v.maxLength('name', input.name, 100);
    v.maxLength('description', input.description, 1000);
    if (input.reschedulingType != null && !Object.hasOwn(HOLIDAY_RESCHEDULE_TYPES, input.reschedulingType)) {
      v.fail('reschedulingType', 'is.not.one.of.expected.enumerations', 'reschedulingType is 1 (next repayment date) or 2 (specified date).', input.reschedulingType);
    }
    if (input.offices != null) {
      if (input.offices.length > MAX_HOLIDAY_OFFICES) v.fail('offices', 'size.exceeds', `At most ${MAX_HOLIDAY_OFFICES} offices.`, input.offices.length);
      else if (input.offices.some((o) => o.officeId == null)) v.fail('offices', 'cannot.be.blank', 'Each office needs its officeId.');
    }
  }

  /** Fineract's date rules (HolidayWritePlatformService.validateInputDates), the offices, and the unique name. */
  private async checkRules(tx: Tx, actor: Actor, h: { name: string; fromDate: string; toDate: string; repaymentsRescheduledTo: string | null; officeIds: readonly number[] }, exceptId: number | null): Promise<void> {
    if (h.toDate < h.fromDate) throw errors.domainRule(COB_CODES.holidayToDateBeforeFromDate, 'To Date date cannot be before the From Date.', [h.fromDate, h.toDate]);
    const to = h.repaymentsRescheduledTo;
    if (to !== null) {
      if (to >= h.fromDate && to <= h.toDate) throw errors.domainRule(COB_CODES.holidayRescheduledDateInHoliday, 'Repayments rescheduled date should be before from date or after to date.', [to]);
      const days = await this.queries.workingDaysIn(tx);
      if (!(workingWeekdays(days.recurrence) ?? workingWeekdays(DEFAULT_RECURRENCE)!).has(weekday(to))) {
        throw errors.domainRule(COB_CODES.holidayRescheduledDateOnNonWorkingDay, 'Repayments rescheduled date should not fall on non working days', [to]);
      }
      if (to < addDays(h.fromDate, -RESCHEDULE_WINDOW_DAYS) || to > addDays(h.toDate, RESCHEDULE_WINDOW_DAYS)) {
        throw errors.domainRule(COB_CODES.holidayRescheduledDateOutOfRange, 'Repayments Rescheduled to date must be within 30 days before or after from and to dates', [h.fromDate, h.toDate, to]);
      }
    }
    const scope = await this.deps.officesInScope(tx, actor);
    for (const officeId of h.officeIds) {
      if ((scope !== null && !scope.includes(officeId)) || !(await this.deps.officeExists(tx, officeId))) {
        throw errors.notFound(COB_CODES.officeIdInvalid, `Office with identifier ${officeId} does not exist`, officeId);
      }
    }
    if (await holidayNameTaken(tx, h.name, exceptId)) throw errors.duplicate(COB_CODES.holidayDuplicateName, `Holiday with name \`${h.name}\` already exists`, 'name', h.name);
  }
}
