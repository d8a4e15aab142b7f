import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { actorId, hasPermission, requireStaff, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { nextValue } from '../kernel/sequence.js';
import { datesOverlap, tellerOpen, validTime } from './domain/till-rules.js';
import type { StaffRecord, TillDependencies } from './till.ports.js';
import { cashierHasTransactions, cashiersOfTeller, deleteCashier, insertCashier, lockedAssignmentsOfStaff, updateCashier } from './staffing.store.js';
import type { CashierRow, TellerRow, TillStore } from './till.store.js';
import { TILL_CODES } from './codes.js';

export interface CashierInput {
  staffId?: number | null;
  description?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  isFullDay?: boolean | null;
  startTime?: string | null;
  endTime?: string | null;
  /** Fineract's web app sends the times split in hours and minutes. */
  hourStartTime?: number | null;
  minStartTime?: number | null;
  hourEndTime?: number | null;
  minEndTime?: number | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Cashiers: a staff member assigned to a teller for a date range. The only writer of till.cashier. */
export class CashierService {
  constructor(
    private readonly db: Database,
    private readonly deps: TillDependencies,
    private readonly store: TillStore,
  ) {}

  async listForTeller(identity: Identity, tellerId: number): Promise<{ teller: TellerRow; cashiers: CashierRow[] }> {
    const staff = requireStaff(identity, 'READ_TELLER');
    return this.db.tx(staff.tenantId, async (tx) => {
      const teller = await this.store.tellerInScope(tx, staff, tellerId);
      return { teller, cashiers: await cashiersOfTeller(tx, tellerId) };
    });
  }

  /** A cashier; READ_CASHIER suffices (the Teller role reads its own assignment). */
  async get(identity: Identity, cashierId: number, tellerId?: number): Promise<CashierRow> {
    const staff = requireReadCashier(identity);
    return this.db.tx(staff.tenantId, (tx) => this.store.cashierInScope(tx, staff, cashierId, tellerId));
  }

  async template(identity: Identity, tellerId: number): Promise<{ teller: TellerRow; staffOptions: StaffRecord[] }> {
    const staff = requireStaff(identity, 'READ_TELLER');
    return this.db.tx(staff.tenantId, async (tx) => {
      const teller = await this.store.tellerInScope(tx, staff, tellerId);
      return { teller, staffOptions: await this.deps.staff.activeAtOffice(tx, teller.officeId) };
    });
  }

  async create(identity: Identity, tellerId: number, input: CashierInput): Promise<CashierRow> {
    const staff = requireStaff(identity, 'ALLOCATECASHIER_TELLER');
    return this.db.tx(staff.tenantId, (tx) => this.createCore(tx, staff, tellerId, input));
  }

  async createCore(tx: Tx, staff: StaffIdentity, tellerId: number, input: CashierInput): Promise<CashierRow> {
    const teller = await this.store.tellerInScope(tx, staff, tellerId, true);
    const times = validate(input, true);
    if (!tellerOpen(teller, await this.deps.businessDates.today(tx))) {
      throw errors.domainRule(TILL_CODES.tellerInactive, `Teller ${tellerId} is inactive or ended and takes no new cashiers.`, [tellerId]);
    }
    await this.checkStaff(tx, teller, input.staffId!, input.startDate!, input.endDate!, null);
    const id = await nextValue(tx, 'till.cashier');
    const by = actorId(staff);
    await insertCashier(
      tx,
      id,
      teller,
      { staffId: input.staffId!, description: input.description ?? null, startDate: input.startDate!, endDate: input.endDate!, isFullDay: input.isFullDay!, startTime: times.start, endTime: times.end },
      by,
    );
    return (await this.store.cashier(tx, id))!;
  }

  async update(identity: Identity, tellerId: number, cashierId: number, input: CashierInput): Promise<{ cashier: CashierRow; changes: Record<string, unknown> }> {
    const staff = requireStaff(identity, 'UPDATECASHIERALLOCATION_TELLER');
    return this.db.tx(staff.tenantId, async (tx) => {
      const teller = await this.store.tellerInScope(tx, staff, tellerId, true);
      const current = await this.store.cashierInScope(tx, staff, cashierId, tellerId);
      const times = validate(input, false);
      const next: CashierRow = {
        ...current,
        staffId: input.staffId ?? current.staffId,
        description: input.description !== undefined ? input.description : current.description,
        startDate: input.startDate ?? current.startDate,
        endDate: input.endDate ?? current.endDate,
        isFullDay: input.isFullDay ?? current.isFullDay,
        startTime: times.start ?? current.startTime,
        endTime: times.end ?? current.endTime,
      };
      if (next.isFullDay) {
        next.startTime = null;
        next.endTime = null;
      } else if (!next.startTime || !next.endTime) {
        throw errors.validation([{ code: TILL_CODES.cashierStartTimeCannotBeBlank, message: 'A cashier who is not full day needs startTime and endTime.', parameterName: 'startTime' }]);
      }
      if (next.endDate < next.startDate) {
        throw errors.validation([{ code: TILL_CODES.cashierEndDateIsLessThanStartDate, message: 'The end date must not be before the start date.', parameterName: 'endDate', value: next.endDate }]);
      }
      if (next.staffId !== current.staffId || next.startDate !== current.startDate || next.endDate !== current.endDate) {
        if (next.staffId !== current.staffId && (await cashierHasTransactions(tx, cashierId))) {
          throw errors.domainRule(TILL_CODES.cashierHasTransactions, `Cashier ${cashierId} has transactions; its staff member cannot change.`, [cashierId], 'staffId');
        }
        await this.checkStaff(tx, teller, next.staffId, next.startDate, next.endDate, cashierId);
      }
      const changes: Record<string, unknown> = {};
      for (const key of ['staffId', 'description', 'startDate', 'endDate', 'isFullDay', 'startTime', 'endTime'] as const) {
        if (next[key] !== current[key]) changes[key] = next[key];
      }
      await updateCashier(tx, cashierId, next, actorId(staff));
      return { cashier: (await this.store.cashier(tx, cashierId))!, changes };
    });
  }

  /** Removes an assignment that never moved cash; one with transactions is history and stays. */
  async delete(identity: Identity, tellerId: number, cashierId: number): Promise<CashierRow> {
    const staff = requireStaff(identity, 'DELETECASHIERALLOCATION_TELLER');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.store.tellerInScope(tx, staff, tellerId, true);
      const cashier = await this.store.cashierInScope(tx, staff, cashierId, tellerId);
      if (await cashierHasTransactions(tx, cashierId)) {
        throw errors.domainRule(TILL_CODES.cashierHasTransactions, `Cashier ${cashierId} has transactions and cannot be deleted.`, [cashierId]);
      }
      await deleteCashier(tx, cashierId);
      return cashier;
    });
  }

  /**
   * The staff member must be active, at the teller's office, and hold no other assignment whose dates
   * overlap. A per-staff advisory lock makes two concurrent assignments of one person queue, so the
   * overlap check cannot be raced.
   */
  private async checkStaff(tx: Tx, teller: TellerRow, staffId: number, startDate: string, endDate: string, exceptCashierId: number | null): Promise<void> {
    const member = await this.deps.staff.find(tx, staffId);
    if (!member) throw errors.notFound(TILL_CODES.staffIdInvalid, `Staff with identifier ${staffId} does not exist`, staffId);
    if (!member.isActive || member.officeId !== teller.officeId) {
      throw errors.domainRule(TILL_CODES.cashierStaffNotInTellerOffice, `Staff ${staffId} is not an active member of the teller's office.`, [staffId], 'staffId');
    }
    const others = await lockedAssignmentsOfStaff(tx, staffId, exceptCashierId);
    if (others.some((o) => datesOverlap(o.start, o.end, startDate, endDate))) {
      throw errors.domainRule(TILL_CODES.cashierAlreadyAllocated, `Staff ${staffId} already holds a cashier assignment for overlapping dates.`, [staffId], 'staffId');
    }
  }
}

export function requireReadCashier(identity: Identity): StaffIdentity {
  return hasPermission(identity, 'READ_CASHIER') ? (identity as StaffIdentity) : requireStaff(identity, 'READ_TELLER');
}

/** Validates a cashier body; answers the normalised start and end times (HH:mm). */
function validate(input: CashierInput, creating: boolean): { start: string | null; end: string | null } {
  const v = new Validator('cashier');
  if (creating) {
    v.required('staffId', input.staffId);
    v.required('startDate', input.startDate);
    v.required('endDate', input.endDate);
    v.required('isFullDay', input.isFullDay);
  }
  v.maxLength('description', input.description, 500);
  if (input.startDate && input.endDate && input.endDate < input.startDate) v.fail('endDate', 'is.less.than.start.date', 'The end date must not be before the start date.', input.endDate);
  // A full-day assignment ignores any times sent with it (Fineract's web app sends its time pickers regardless).
  if (input.isFullDay === true) {
    v.throwIfAny();
    return { start: null, end: null };
  }
  const start = input.startTime ?? (input.hourStartTime != null ? `${pad(input.hourStartTime)}:${pad(input.minStartTime ?? 0)}` : null);
  const end = input.endTime ?? (input.hourEndTime != null ? `${pad(input.hourEndTime)}:${pad(input.minEndTime ?? 0)}` : null);
  if (creating && input.isFullDay === false) {
    if (!start) v.fail('startTime', 'cannot.be.blank', 'The parameter `startTime` is mandatory when isFullDay is false.');
    if (!end) v.fail('endTime', 'cannot.be.blank', 'The parameter `endTime` is mandatory when isFullDay is false.');
  }
  if (start && !validTime(start)) v.fail('startTime', 'invalid.time', 'The start time must be HH:mm.', start);
  if (end && !validTime(end)) v.fail('endTime', 'invalid.time', 'The end time must be HH:mm.', end);
  if (start && end && validTime(start) && validTime(end) && end.padStart(5, '0') <= start.padStart(5, '0')) v.fail('endTime', 'is.less.than.start.time', 'The end time must be after the start time.', end);
  v.throwIfAny();
  return { start: start?.padStart(5, '0') ?? null, end: end?.padStart(5, '0') ?? null };
}
