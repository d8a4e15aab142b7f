import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { errors, Validator } from '../../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../../kernel/identity.js';
import { GROUPS_CODES } from '../codes.js';
import { LEVEL, STATUS } from '../domain/grouping.js';
import type { GroupsDependencies } from '../ports.js';
import * as calendars from '../store/calendar.store.js';
import * as store from '../store/grouping.store.js';
import { MAX_MEMBERS_PER_REQUEST, notFound, visibleGrouping, type GroupingResult } from './grouping-checks.js';

const rule = (code: string, message: string, args: unknown[] = [], parameterName?: string) => errors.domainRule(code, message, args, parameterName);

/** Distinct ids, refused past the cap before any of them is looked up. */
function memberList(resource: string, field: string, ids: readonly number[] | null | undefined): number[] {
  const v = new Validator(resource);
  if (ids == null || ids.length === 0) v.fail(field, 'cannot.be.blank', `The parameter \`${field}\` is mandatory.`);
  else if (ids.length > MAX_MEMBERS_PER_REQUEST) v.fail(field, 'exceeds.max.length', `At most ${MAX_MEMBERS_PER_REQUEST} members per request.`, undefined, [MAX_MEMBERS_PER_REQUEST]);
  v.throwIfAny();
  return [...new Set(ids)];
}

/**
 * Who belongs to what: clients to groups (a client may be in several groups of its office) and groups to
 * a center (at most one, of the same office). The only writer of groups.client_member and of parent_id.
 */
export class Membership {
  constructor(
    private readonly db: Database,
    private readonly deps: GroupsDependencies,
  ) {}

  async associateClients(identity: Identity, groupId: number, input: { clientMembers?: number[] | null }): Promise<GroupingResult> {
    const actor = requireStaff(identity, 'ASSOCIATECLIENTS_GROUP');
    const ids = memberList('group', 'clientMembers', input.clientMembers);
    return this.db.tx(actor.tenantId, async (tx) => {
      const { row } = await visibleGrouping(tx, this.deps, actor, LEVEL.group, groupId, true);
      await this.addClients(tx, actor, row, ids, await this.deps.businessDates.today(tx));
      return { id: groupId, officeId: row.officeId, changes: { clientMembers: ids } };
    });
  }

  async disassociateClients(identity: Identity, groupId: number, input: { clientMembers?: number[] | null }): Promise<GroupingResult> {
    const actor = requireStaff(identity, 'DISASSOCIATECLIENTS_GROUP');
    const ids = memberList('group', 'clientMembers', input.clientMembers);
    return this.db.tx(actor.tenantId, async (tx) => {
      const { row } = await visibleGrouping(tx, this.deps, actor, LEVEL.group, groupId, true);
      const members = new Set(await store.memberIds(tx, groupId));
      const stranger = ids.find((id) => !members.has(id));
      if (stranger !== undefined) throw rule(GROUPS_CODES.clientNotMember, `Client with identifier ${stranger} is not a member of group ${groupId}.`, [stranger, groupId], 'clientMembers');
      await store.removeMembers(tx, groupId, ids);
      return { id: groupId, officeId: row.officeId, changes: { clientMembers: ids } };
    });
  }

  async associateGroups(identity: Identity, centerId: number, input: { groupMembers?: number[] | null }): Promise<GroupingResult> {
    const actor = requireStaff(identity, 'ASSOCIATEGROUPS_CENTER');
    const ids = memberList('center', 'groupMembers', input.groupMembers);
    return this.db.tx(actor.tenantId, async (tx) => {
      const { row } = await visibleGrouping(tx, this.deps, actor, LEVEL.center, centerId, true);
      await this.addGroups(tx, actor, row, ids);
      return { id: centerId, officeId: row.officeId, changes: { groupMembers: ids } };
    });
  }

  async disassociateGroups(identity: Identity, centerId: number, input: { groupMembers?: number[] | null }): Promise<GroupingResult> {
    const actor = requireStaff(identity, 'DISASSOCIATEGROUPS_CENTER');
    const ids = memberList('center', 'groupMembers', input.groupMembers);
    return this.db.tx(actor.tenantId, async (tx) => {
      const { row } = await visibleGrouping(tx, this.deps, actor, LEVEL.center, centerId, true);
      const children = new Set(await store.childIds(tx, centerId));
      const stranger = ids.find((id) => !children.has(id));
      if (stranger !== undefined) throw rule(GROUPS_CODES.groupNotInCenter, `Group with identifier ${stranger} is not in center ${centerId}.`, [stranger, centerId], 'groupMembers');
      await store.setParent(tx, ids, null, actor.userId);
      return { id: centerId, officeId: row.officeId, changes: { groupMembers: ids } };
    });
  }

  /** In the caller's transaction: clients the caller sees, of the group's office, not yet members, join it. */
  async addClients(tx: Tx, actor: Actor, group: store.GroupingRow, clientIds: readonly number[], joinedOn: string): Promise<void> {
    const ids = memberList('group', 'clientMembers', clientIds);
    if (group.status === STATUS.closed) throw rule(GROUPS_CODES.notActive, `Group with identifier ${group.id} is closed.`, [group.id]);
    const already = new Set(await store.memberIds(tx, group.id));
    for (const id of ids) {
      const client = await this.deps.client(tx, actor, id);
      if (!client) throw errors.notFound(GROUPS_CODES.clientIdInvalid, `Client with identifier ${id} does not exist`, id);
      if (client.officeId !== group.officeId) {
        throw rule(GROUPS_CODES.clientNotInGroupOffice, `Client with identifier ${id} does not belong to the group's office.`, [id, group.id], 'clientMembers');
      }
      if (already.has(id)) throw rule(GROUPS_CODES.clientAlreadyMember, `Client with identifier ${id} is already a member of group ${group.id}.`, [id, group.id], 'clientMembers');
    }
    await store.addMembers(tx, group.id, ids, joinedOn);
  }

  /** In the caller's transaction: groups of the center's office that are in no center join it. */
  async addGroups(tx: Tx, actor: Actor, center: store.GroupingRow, groupIds: readonly number[]): Promise<void> {
    const ids = memberList('center', 'groupMembers', groupIds);
    if (center.status === STATUS.closed) throw rule(GROUPS_CODES.centerNotActive, `Center with identifier ${center.id} is closed.`, [center.id]);
    const groups = new Map((await store.findGroupings(tx, LEVEL.group, ids)).map((g) => [g.id, g]));
    for (const id of ids) {
      const group = groups.get(id);
      if (!group || !(await this.deps.officeInScope(tx, actor, group.officeId))) throw notFound(LEVEL.group, id);
      if (group.officeId !== center.officeId) throw rule(GROUPS_CODES.groupNotInCenterOffice, `Group with identifier ${id} does not belong to the center's office.`, [id, center.id], 'groupMembers');
      if (group.parentId !== null) throw rule(GROUPS_CODES.groupAlreadyInCenter, `Group with identifier ${id} is already in center ${group.parentId}.`, [id, group.parentId], 'groupMembers');
      // A group in a center meets with the center: one with a meeting of its own would have two.
      if (await calendars.calendarOf(tx, id)) throw rule(GROUPS_CODES.groupHasOwnMeeting, `Group with identifier ${id} has a meeting of its own.`, [id, center.id], 'groupMembers');
    }
    await store.setParent(tx, ids, center.id, actor.userId);
  }

  /** In the caller's transaction: a new group joins the center it names. */
  async joinCenter(tx: Tx, actor: Actor, group: store.GroupingRow, centerId: number): Promise<void> {
    const { row: center } = await visibleGrouping(tx, this.deps, actor, LEVEL.center, centerId, true);
    if (group.status === STATUS.active && center.status !== STATUS.active) {
      throw rule(GROUPS_CODES.centerNotActive, `Center with identifier ${centerId} is not active.`, [centerId], 'centerId');
    }
    await this.addGroups(tx, actor, center, [group.id]);
  }
}
