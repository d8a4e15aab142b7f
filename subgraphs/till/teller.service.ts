import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { isUniqueViolation } from '../kernel/db-errors.js';
import { errors, Validator } from '../kernel/errors.js';
import { actorId, requireStaff, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { nextValue } from '../kernel/sequence.js';
import { TELLER_ACTIVE, TELLER_INACTIVE } from './domain/till-rules.js';
import type { TillDependencies } from './till.ports.js';
import { deleteTeller, insertTeller, tellerHasCashiers, tellerNameTaken, tellers, updateTeller } from './staffing.store.js';
import type { TellerRow, TillStore } from './till.store.js';
import { TILL_CODES } from './codes.js';

export interface TellerInput {
  officeId?: number | null;
  name?: string | null;
  description?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  status?: number | null;
}

const duplicateName = (name: string) => errors.duplicate(TILL_CODES.tellerDuplicateName, `Teller with name ${name} already exists in this office.`, 'name', name);

/** Tellers (counter positions of a branch). The only writer of till.teller. */
export class TellerService {
  constructor(
    private readonly db: Database,
    private readonly deps: TillDependencies,
    private readonly store: TillStore,
  ) {}

  async list(identity: Identity, officeId?: number | null): Promise<TellerRow[]> {
    const staff = requireStaff(identity, 'READ_TELLER');
    return this.db.tx(staff.tenantId, async (tx) => {
      return tellers(tx, await this.deps.scope.officeIds(tx, staff), officeId ?? null);
    });
  }

  async get(identity: Identity, id: number): Promise<TellerRow> {
    const staff = requireStaff(identity, 'READ_TELLER');
    return this.db.tx(staff.tenantId, (tx) => this.store.tellerInScope(tx, staff, id));
  }

  async create(identity: Identity, input: TellerInput): Promise<TellerRow> {
    const staff = requireStaff(identity, 'CREATE_TELLER');
    return this.db.tx(staff.tenantId, (tx) => this.createCore(tx, staff, input));
  }

  async createCore(tx: Tx, staff: StaffIdentity, input: TellerInput): Promise<TellerRow> {
    validate(input, true);
    if (!(await this.deps.scope.officeVisible(tx, staff, input.officeId!))) {
      throw errors.notFound(TILL_CODES.officeIdInvalid, `Office with identifier ${input.officeId} does not exist`, input.officeId);
    }
    await this.assertNameFree(tx, input.officeId!, input.name!.trim(), null);
    const id = await nextValue(tx, 'till.teller');
    const by = actorId(staff);
    try {
      await insertTeller(
        tx,
        id,
        { officeId: input.officeId!, name: input.name!.trim(), description: input.description ?? null, startDate: input.startDate!, endDate: input.endDate ?? null, status: input.status! },
        by,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateName(input.name!.trim());
      throw error;
    }
    return (await this.store.teller(tx, id))!;
  }

  async update(identity: Identity, id: number, input: TellerInput): Promise<{ teller: TellerRow; changes: Record<string, unknown> }> {
    const staff = requireStaff(identity, 'UPDATE_TELLER');
    return this.db.tx(staff.tenantId, async (tx) => {
      const current = await this.store.tellerInScope(tx, staff, id, true);
      validate(input, false);
      const next: TellerRow = {
        ...current,
        officeId: input.officeId ?? current.officeId,
        name: input.name != null ? input.name.trim() : current.name,
        description: input.description !== undefined ? input.description : current.description,
        startDate: input.startDate ?? current.startDate,
        endDate: input.endDate !== undefined ? input.endDate : current.endDate,
        status: input.status ?? current.status,
      };
      if (next.endDate !== null && next.endDate < next.startDate) {
        throw errors.validation([{ code: TILL_CODES.tellerEndDateIsLessThanStartDate, message: 'The end date must not be before the start date.', parameterName: 'endDate', value: next.endDate }]);
      }
      if (next.officeId !== current.officeId) {
        if (!(await this.deps.scope.officeVisible(tx, staff, next.officeId))) {
          throw errors.notFound(TILL_CODES.officeIdInvalid, `Office with identifier ${next.officeId} does not exist`, next.officeId);
        }
        if (await tellerHasCashiers(tx, id)) throw errors.domainRule(TILL_CODES.tellerOfficeCannotChange, 'A teller with cashiers cannot move to another office.', [id], 'officeId');
      }
      if (next.officeId !== current.officeId || next.name.toLowerCase() !== current.name.toLowerCase()) await this.assertNameFree(tx, next.officeId, next.name, id);
      const changes: Record<string, unknown> = {};
      for (const key of ['officeId', 'name', 'description', 'startDate', 'endDate', 'status'] as const) {
        if (next[key] !== current[key]) changes[key] = next[key];
      }
      try {
        await updateTeller(tx, id, next, actorId(staff));
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(next.name);
        throw error;
      }
      return { teller: (await this.store.teller(tx, id))!, changes };
    });
  }

  /** Deletes a teller that never had cashiers; one with history is made inactive instead. */
  async delete(identity: Identity, id: number): Promise<TellerRow> {
    const staff = requireStaff(identity, 'DELETE_TELLER');
    return this.db.tx(staff.tenantId, async (tx) => {
      const teller = await this.store.tellerInScope(tx, staff, id, true);
      if (await tellerHasCashiers(tx, id)) throw errors.domainRule(TILL_CODES.tellerHasCashiers, `Teller ${id} has cashiers and cannot be deleted; make it inactive instead.`, [id]);
      await deleteTeller(tx, id);
      return teller;
    });
  }

  private async assertNameFree(tx: Tx, officeId: number, name: string, exceptId: number | null): Promise<void> {
    if (await tellerNameTaken(tx, officeId, name, exceptId)) throw duplicateName(name);
  }
}

function validate(input: TellerInput, creating: boolean): void {
  const v = new Validator('teller');
  if (creating) {
    v.required('officeId', input.officeId);
    v.required('name', input.name);
    v.required('startDate', input.startDate);
    v.required('status', input.status);
  } else {
    if (input.name !== undefined) v.required('name', input.name);
    if (input.startDate !== undefined) v.required('startDate', input.startDate);
  }
  v.maxLength('name', input.name, 100);
  v.maxLength('description', input.description, 500);
  if (input.status != null) v.check(input.status === TELLER_ACTIVE || input.status === TELLER_INACTIVE, 'status', 'is.not.one.of.expected.enumerations', 'The status is 300 (active) or 400 (inactive).', input.status);
  if (input.startDate && input.endDate && input.endDate < input.startDate) {
    v.fail('endDate', 'is.less.than.start.date', 'The end date must not be before the start date.', input.endDate);
  }
  v.throwIfAny();
}
