import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { errors, Validator } from '../../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../../kernel/identity.js';
import { nextValue } from '../../kernel/sequence.js';
import { GROUPS_CODES } from '../codes.js';
import { accountNoOf, LEVEL, staffOfficeAllowed, STATUS, type Level } from '../domain/grouping.js';
import type { GroupOffice, GroupsDependencies } from '../ports.js';
import * as store from '../store/grouping.store.js';
import { ENTITY, RESOURCE, visibleGrouping, type GroupingResult } from './grouping-checks.js';
import type { Membership } from './membership.command.js';

/** POST and PUT /groups and /centers: Fineract's fields (any subset on update). */
export interface GroupingInput {
  officeId?: number | null;
  name?: string | null;
  externalId?: string | null;
  staffId?: number | null;
  /** Groups only: the center it belongs to. */
  centerId?: number | null;
  /** Groups only: the clients it starts with. */
  clientMembers?: number[] | null;
  /** Centers only: the groups it starts with. */
  groupMembers?: number[] | null;
  active?: boolean | null;
  activationDate?: string | null;
  submittedOnDate?: string | null;
}

const rule = (code: string, message: string, args: unknown[] = [], parameterName?: string) => errors.domainRule(code, message, args, parameterName);

/**
 * Creates, changes, activates, closes and deletes centers and groups, and assigns their loan officer.
 * The only writer of groups.grouping besides membership changes (membership.command.ts).
 */
export class GroupingCommands {
  constructor(
    private readonly db: Database,
    private readonly deps: GroupsDependencies,
    private readonly membership: Membership,
  ) {}

  async create(identity: Identity, level: Level, input: GroupingInput): Promise<GroupingResult> {
    const actor = requireStaff(identity, `CREATE_${ENTITY[level]}`);
    return this.db.tx(actor.tenantId, (tx) => this.createCore(tx, actor, level, input));
  }

  async createCore(tx: Tx, actor: Actor, level: Level, input: GroupingInput): Promise<GroupingResult> {
    const v = new Validator(RESOURCE[level]);
    v.required('officeId', input.officeId);
    v.required('name', input.name);
    v.maxLength('name', input.name, 100);
    v.maxLength('externalId', input.externalId, 100);
    if (input.active) v.required('activationDate', input.activationDate);
    if (level === LEVEL.center && input.centerId != null) v.fail('centerId', 'not.supported', 'A center cannot belong to a center.', input.centerId);
    if (level === LEVEL.center && input.clientMembers != null) v.fail('clientMembers', 'not.supported', 'A center holds groups, not clients.');
    if (level === LEVEL.group && input.groupMembers != null) v.fail('groupMembers', 'not.supported', 'A group holds clients, not groups.');
    v.throwIfAny();
    const office = await this.deps.officeInScope(tx, actor, input.officeId!);
    if (!office) throw errors.notFound(GROUPS_CODES.officeIdInvalid, `Office with identifier ${input.officeId} does not exist`, input.officeId);
    const today = await this.deps.businessDates.today(tx);
    const activatedOn = input.active ? input.activationDate! : null;
    // Fineract's web app sends no submittedOnDate for a group activated at once: it was submitted that day.
    const submittedOn = input.submittedOnDate ?? activatedOn ?? today;
    this.checkDates(office, today, submittedOn, activatedOn);
    const name = input.name!.trim();
    const externalId = input.externalId?.trim() || null;
    await this.checkUnique(tx, name, externalId, null);
    const staffId = input.staffId == null ? null : await this.checkStaff(tx, office, input.staffId);
    const id = await nextValue(tx, 'grouping');
    const row: store.GroupingRow = {
      id, level, accountNo: accountNoOf(id), name, externalId, officeId: office.id, staffId, parentId: null,
      status: activatedOn ? STATUS.active : STATUS.pending, submittedOn, activatedOn, closedOn: null, closureReasonId: null,
    };
    await store.insertGrouping(tx, row, actor.userId);
    if (level === LEVEL.group && input.centerId != null) await this.membership.joinCenter(tx, actor, row, input.centerId);
    if (level === LEVEL.group && input.clientMembers?.length) await this.membership.addClients(tx, actor, row, input.clientMembers, activatedOn ?? submittedOn);
    if (level === LEVEL.center && input.groupMembers?.length) await this.membership.addGroups(tx, actor, row, input.groupMembers);
    return { id, officeId: office.id, changes: {} };
  }

  async update(identity: Identity, level: Level, id: number, input: GroupingInput): Promise<GroupingResult> {
    const actor = requireStaff(identity, `UPDATE_${ENTITY[level]}`);
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, level, id, input));
  }

  /** Name, external id, loan officer and the dates; the office, center and members change through their own commands. */
  async updateCore(tx: Tx, actor: Actor, level: Level, id: number, input: GroupingInput): Promise<GroupingResult> {
    const { row, office } = await this.visible(tx, actor, level, id, true);
    const v = new Validator(RESOURCE[level]);
    if (input.name !== undefined) v.required('name', input.name);
    v.maxLength('name', input.name, 100);
    v.maxLength('externalId', input.externalId, 100);
    for (const field of ['officeId', 'centerId', 'clientMembers', 'groupMembers', 'active'] as const) {
      if (input[field] != null && !(field === 'officeId' && input.officeId === row.officeId)) {
        v.fail(field, 'not.supported.for.update', `The parameter \`${field}\` cannot be changed with PUT; use the commands.`, undefined);
      }
    }
    if (input.activationDate != null && row.status !== STATUS.active) v.fail('activationDate', 'not.supported.when.pending', 'A pending grouping is activated with ?command=activate.', input.activationDate);
    v.throwIfAny();
    const next: store.GroupingRow = {
      ...row,
      name: input.name?.trim() ?? row.name,
      externalId: input.externalId === undefined ? row.externalId : input.externalId?.trim() || null,
      submittedOn: input.submittedOnDate ?? row.submittedOn,
      activatedOn: input.activationDate ?? row.activatedOn,
    };
    const changes: Record<string, unknown> = {};
    if (next.name !== row.name) changes.name = next.name;
    if (next.externalId !== row.externalId) changes.externalId = next.externalId;
    if (next.submittedOn !== row.submittedOn) changes.submittedOnDate = next.submittedOn;
    if (next.activatedOn !== row.activatedOn) changes.activationDate = next.activatedOn;
    if (input.staffId !== undefined && input.staffId !== row.staffId) {
      next.staffId = input.staffId === null ? null : await this.checkStaff(tx, office, input.staffId);
      changes.staffId = next.staffId;
    }
    this.checkDates(office, await this.deps.businessDates.today(tx), next.submittedOn, next.activatedOn);
    if ('name' in changes || 'externalId' in changes) await this.checkUnique(tx, next.name, next.externalId, id);
    if (Object.keys(changes).length > 0) await store.updateGrouping(tx, next, actor.userId);
    return { id, officeId: row.officeId, changes };
  }

  async delete(identity: Identity, level: Level, id: number): Promise<GroupingResult> {
    const actor = requireStaff(identity, `DELETE_${ENTITY[level]}`);
    return this.db.tx(actor.tenantId, (tx) => this.deleteCore(tx, actor, level, id));
  }

  /** Only a pending grouping goes (Fineract): an active one has a history, and is closed instead. */
  async deleteCore(tx: Tx, actor: Actor, level: Level, id: number): Promise<GroupingResult> {
    const { row } = await this.visible(tx, actor, level, id, true);
    if (row.status !== STATUS.pending) throw rule(GROUPS_CODES.cannotBeDeleted, `${level === LEVEL.center ? 'Center' : 'Group'} with identifier ${id} cannot be deleted as it is not in pending state.`, [id]);
    await store.deleteGrouping(tx, id);
    return { id, officeId: row.officeId, changes: {} };
  }

  async activate(identity: Identity, level: Level, id: number, input: { activationDate?: string | null }): Promise<GroupingResult> {
    const actor = requireStaff(identity, `ACTIVATE_${ENTITY[level]}`);
    return this.db.tx(actor.tenantId, (tx) => this.activateCore(tx, actor, level, id, input));
  }

  async activateCore(tx: Tx, actor: Actor, level: Level, id: number, input: { activationDate?: string | null }): Promise<GroupingResult> {
    const v = new Validator(RESOURCE[level]);
    v.required('activationDate', input.activationDate);
    v.throwIfAny();
    const { row, office } = await this.visible(tx, actor, level, id, true);
    if (row.status !== STATUS.pending) throw rule(GROUPS_CODES.alreadyActive, `Cannot activate group. Group with identifier ${id} is already active or closed.`, [id]);
    this.checkDates(office, await this.deps.businessDates.today(tx), row.submittedOn, input.activationDate!);
    await store.updateGrouping(tx, { ...row, status: STATUS.active, activatedOn: input.activationDate! }, actor.userId);
    return { id, officeId: row.officeId, changes: { status: STATUS.active, activationDate: input.activationDate } };
  }

  async assignStaff(identity: Identity, level: Level, id: number, input: { staffId?: number | null }): Promise<GroupingResult> {
    const actor = requireStaff(identity, `ASSIGNSTAFF_${ENTITY[level]}`);
    return this.db.tx(actor.tenantId, async (tx) => {
      const v = new Validator(RESOURCE[level]);
      v.required('staffId', input.staffId);
      v.throwIfAny();
      const { row, office } = await this.visible(tx, actor, level, id, true);
      const staffId = await this.checkStaff(tx, office, input.staffId!);
      await store.updateGrouping(tx, { ...row, staffId }, actor.userId);
      return { id, officeId: row.officeId, changes: { staffId } };
    });
  }

  async unassignStaff(identity: Identity, level: Level, id: number, input: { staffId?: number | null }): Promise<GroupingResult> {
    const actor = requireStaff(identity, `UNASSIGNSTAFF_${ENTITY[level]}`);
    return this.db.tx(actor.tenantId, async (tx) => {
      const { row } = await this.visible(tx, actor, level, id, true);
      if (row.staffId === null) throw rule(GROUPS_CODES.hasNoStaff, `Group with identifier ${id} has no staff assigned.`, [id]);
      if (input.staffId != null && input.staffId !== row.staffId) throw rule(GROUPS_CODES.hasNoStaff, `Staff ${input.staffId} is not this group's staff.`, [input.staffId], 'staffId');
      await store.updateGrouping(tx, { ...row, staffId: null }, actor.userId);
      return { id, officeId: row.officeId, changes: { staffId: null } };
    });
  }

  async close(identity: Identity, level: Level, id: number, input: { closureDate?: string | null; closureReasonId?: number | null }): Promise<GroupingResult> {
    const actor = requireStaff(identity, `CLOSE_${ENTITY[level]}`);
    return this.db.tx(actor.tenantId, (tx) => this.closeCore(tx, actor, level, id, input));
  }

  /** A group closes once its clients have left it (or are closed); a center once its groups are closed. */
  async closeCore(tx: Tx, actor: Actor, level: Level, id: number, input: { closureDate?: string | null; closureReasonId?: number | null }): Promise<GroupingResult> {
    const v = new Validator(RESOURCE[level]);
    v.required('closureDate', input.closureDate);
    v.required('closureReasonId', input.closureReasonId);
    v.throwIfAny();
    const { row } = await this.visible(tx, actor, level, id, true);
    if (row.status !== STATUS.active) throw rule(level === LEVEL.center ? GROUPS_CODES.centerNotActive : GROUPS_CODES.notActive, `${level === LEVEL.center ? 'Center' : 'Group'} with identifier ${id} is not active.`, [id]);
    if (input.closureDate! < row.activatedOn! || input.closureDate! > (await this.deps.businessDates.today(tx))) {
      throw errors.validation([{ code: `validation.msg.${RESOURCE[level]}.closureDate.not.in.range`, message: 'The closure date must lie between the activation date and today.', parameterName: 'closureDate', value: input.closureDate }]);
    }
    if (level === LEVEL.group) {
      const members = await this.deps.clientsByIds(tx, await store.memberIds(tx, id));
      if (members.some((m) => m.active)) throw rule(GROUPS_CODES.closeWithActiveMembers, `Group with identifier ${id} cannot be closed while it has active client members.`, [id]);
    } else {
      const groups = await store.findGroupings(tx, LEVEL.group, await store.childIds(tx, id));
      if (groups.some((g) => g.status !== STATUS.closed)) throw rule(GROUPS_CODES.closeWithActiveGroups, `Center with identifier ${id} cannot be closed while it has groups that are not closed.`, [id]);
    }
    await store.updateGrouping(tx, { ...row, status: STATUS.closed, closedOn: input.closureDate!, closureReasonId: input.closureReasonId! }, actor.userId);
    return { id, officeId: row.officeId, changes: { status: STATUS.closed, closureDate: input.closureDate } };
  }

  private visible(tx: Tx, actor: Actor, level: Level, id: number, lock = false): Promise<{ row: store.GroupingRow; office: GroupOffice }> {
    return visibleGrouping(tx, this.deps, actor, level, id, lock);
  }

  private checkDates(office: GroupOffice, today: string, submittedOn: string, activatedOn: string | null): void {
    if (activatedOn !== null && activatedOn > today) throw rule(GROUPS_CODES.activationDateInFuture, 'The activation date cannot be in the future.', [activatedOn], 'activationDate');
    if (submittedOn > today) throw rule(GROUPS_CODES.submittedOnDateInFuture, 'The submitted on date cannot be in the future.', [submittedOn], 'submittedOnDate');
    if (activatedOn === null) return;
    if (submittedOn > activatedOn) throw rule(GROUPS_CODES.submittedOnDateAfterActivationDate, 'The submitted on date cannot be after the activation date.', [submittedOn], 'submittedOnDate');
    if (activatedOn < office.openingDate) throw rule(GROUPS_CODES.activationDateBeforeOfficeOpening, 'The activation date cannot be before the office opened.', [activatedOn], 'activationDate');
  }

  private async checkUnique(tx: Tx, name: string, externalId: string | null, exceptId: number | null): Promise<void> {
    if (await store.nameTaken(tx, name, exceptId)) throw errors.duplicate(GROUPS_CODES.duplicateName, `Group with name \`${name}\` already exists`, 'name', name);
    if (externalId !== null && (await store.externalIdTaken(tx, externalId, exceptId))) {
      throw errors.duplicate(GROUPS_CODES.duplicateExternalId, `Group with externalId \`${externalId}\` already exists`, 'externalId', externalId);
    }
  }

  /** The loan officer: an active staff member of the grouping's office or an office above it. */
  private async checkStaff(tx: Tx, office: GroupOffice, staffId: number): Promise<number> {
    const member = await this.deps.staffMember(tx, staffId);
    if (!member) throw errors.notFound(GROUPS_CODES.staffIdInvalid, `Staff with identifier ${staffId} does not exist`, staffId);
    if (!staffOfficeAllowed(member.officeId, office.hierarchy)) {
      throw rule(GROUPS_CODES.staffNotInOfficeHierarchy, `Staff ${staffId} does not belong to the office or an office above it.`, [staffId], 'staffId');
    }
    if (!member.isActive) throw rule(GROUPS_CODES.staffInactive, `Staff ${staffId} is not active.`, [staffId], 'staffId');
    return member.id;
  }
}
