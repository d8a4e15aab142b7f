import type { ClientGroup, ClientOfGroup } from '../../customer/contract.js';
import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { errors, Validator } from '../../kernel/errors.js';
import { requireStaff, type Identity } from '../../kernel/identity.js';
import { GROUPS_CODES } from '../codes.js';
import { ENTITY, RESOURCE, visibleGrouping } from '../commands/grouping-checks.js';
import { LEVEL, STATUS, statusOption, type Level } from '../domain/grouping.js';
import type { GroupsDependencies } from '../ports.js';
import * as store from '../store/grouping.store.js';

/** A client member as a group shows it. */
export interface ClientMemberView extends ClientOfGroup {
  officeName: string | null;
}

/** A center or group as GET /groups/{id} and /centers/{id} answer it (Fineract's GroupGeneralData, CenterData). */
export interface GroupingView {
  id: number;
  accountNo: string;
  name: string;
  externalId: string | null;
  status: { id: number; code: string; value: string };
  active: boolean;
  activationDate: string | null;
  officeId: number;
  officeName: string | null;
  staffId: number | null;
  staffName: string | null;
  centerId: number | null;
  centerName: string | null;
  /** "1" center, "2" group: Fineract's groupLevel. */
  groupLevel: string;
  timeline: { submittedOnDate: string; activatedOnDate: string | null; closedOnDate: string | null };
  /** Groups, with associations=clientMembers (or activeClientMembers): null when not asked for. */
  clientMembers: ClientMemberView[] | null;
  activeClientMembers: ClientMemberView[] | null;
  /** Centers, with associations=groupMembers: null when not asked for. */
  groupMembers: GroupingView[] | null;
}

export interface GroupingFilter {
  officeId?: number | null;
  staffId?: number | null;
  name?: string | null;
  externalId?: string | null;
  centerId?: number | null;
  offset?: number | null;
  limit?: number | null;
  /** Count all that match (Fineract's paged=true). */
  paged?: boolean | null;
}

const DEFAULT_LIMIT = 200;
const MAX_LIMIT = 1000;

/** Reading centers and groups; what the caller sees is its office subtree. */
export class GroupingQueries {
  constructor(
    private readonly db: Database,
    private readonly deps: GroupsDependencies,
  ) {}

  async list(identity: Identity, level: Level, filter: GroupingFilter): Promise<{ total: number | null; items: GroupingView[] }> {
    const staff = requireStaff(identity, `READ_${ENTITY[level]}`);
    const offset = filter.offset ?? 0;
    const limit = filter.limit ?? DEFAULT_LIMIT;
    const v = new Validator(RESOURCE[level]);
    v.check(Number.isInteger(offset) && offset >= 0, 'offset', 'must.be.zero.or.greater', 'The parameter `offset` must be zero or greater.', offset);
    v.check(Number.isInteger(limit) && limit >= 1, 'limit', 'must.be.greater.than.zero', 'The parameter `limit` must be greater than zero.', limit);
    v.maxLength('name', filter.name, 100);
    v.maxLength('externalId', filter.externalId, 100);
    v.throwIfAny();
    return this.db.tx(staff.tenantId, async (tx) => {
      let officeIds = await this.deps.officeSubtree(tx, staff);
      if (filter.officeId != null) officeIds = officeIds.filter((id) => id === filter.officeId);
      const page = await store.groupingPage(tx, {
        level, officeIds, staffId: filter.staffId ?? null, name: filter.name?.trim() || null, externalId: filter.externalId?.trim() || null,
        parentId: level === LEVEL.group ? filter.centerId ?? null : null,
      }, offset, Math.min(limit, MAX_LIMIT), filter.paged ?? false);
      return { total: page.total, items: await this.views(tx, staff.tenantId, page.items) };
    });
  }

  async get(identity: Identity, level: Level, id: number, associations: readonly string[] = []): Promise<GroupingView> {
    const staff = requireStaff(identity, `READ_${ENTITY[level]}`);
    return this.db.tx(staff.tenantId, async (tx) => {
      const { row } = await visibleGrouping(tx, this.deps, staff, level, id);
      const [view] = await this.views(tx, staff.tenantId, [row]);
      const all = associations.includes('all');
      if (level === LEVEL.group && (all || associations.includes('clientMembers') || associations.includes('activeClientMembers'))) {
        const members = await this.members(tx, staff.tenantId, row.id);
        if (all || associations.includes('clientMembers')) view!.clientMembers = members;
        if (all || associations.includes('activeClientMembers')) view!.activeClientMembers = members.filter((m) => m.active);
      }
      if (level === LEVEL.center && (all || associations.includes('groupMembers'))) {
        view!.groupMembers = await this.views(tx, staff.tenantId, await store.findGroupings(tx, LEVEL.group, await store.childIds(tx, row.id)));
      }
      return view!;
    });
  }

  /** GET /groups/template and /centers/template: the caller's offices, the office's staff and (groups) its centers and clients. */
  async template(identity: Identity, level: Level, officeId: number | null): Promise<{
    officeId: number; officeOptions: { id: number; name: string }[]; staffOptions: { id: number; displayName: string }[];
    centerOptions: { id: number; name: string }[];
  }> {
    const staff = requireStaff(identity, `READ_${ENTITY[level]}`);
    const office = officeId ?? staff.officeId;
    const officeOptions = await this.deps.visibleOffices(identity);
    if (!officeOptions.some((o) => o.id === office)) throw errors.notFound(GROUPS_CODES.officeIdInvalid, `Office with identifier ${office} does not exist`, office);
    const staffOptions = await this.deps.staffOfOffice(identity, office);
    const centerOptions = level === LEVEL.group
      ? (await this.list(identity, LEVEL.center, { officeId: office, limit: MAX_LIMIT })).items.filter((c) => c.status.id === STATUS.active).map((c) => ({ id: c.id, name: c.name }))
      : [];
    return { officeId: office, officeOptions, staffOptions, centerOptions };
  }

  /** For the customer module's client view: the groups a client belongs to (the client was read under the caller's scope). */
  async groupsOfClient(tx: Tx, clientId: number): Promise<ClientGroup[]> {
    return (await store.groupsOfClient(tx, clientId)).map((g) => ({ id: g.id, accountNo: g.accountNo, name: g.name, externalId: g.externalId }));
  }

  private async members(tx: Tx, tenantId: string, groupId: number): Promise<ClientMemberView[]> {
    const clients = await this.deps.clientsByIds(tx, await store.memberIds(tx, groupId));
    const offices = await this.deps.officeNames(tenantId, [...new Set(clients.map((c) => c.officeId))]);
    return clients.map((c) => ({ ...c, officeName: offices.get(c.officeId) ?? null }));
  }

  private async views(tx: Tx, tenantId: string, rows: readonly store.GroupingRow[]): Promise<GroupingView[]> {
    if (rows.length === 0) return [];
    const offices = await this.deps.officeNames(tenantId, [...new Set(rows.map((r) => r.officeId))]);
    const staffIds = [...new Set(rows.flatMap((r) => (r.staffId === null ? [] : [r.staffId])))];
    const staffNames = staffIds.length > 0 ? await this.deps.staffNames(tenantId, staffIds) : new Map<number, string>();
    const parentIds = [...new Set(rows.flatMap((r) => (r.parentId === null ? [] : [r.parentId])))];
    const parents = new Map((await store.findGroupings(tx, LEVEL.center, parentIds)).map((c) => [c.id, c.name]));
    return rows.map((r) => ({
      id: r.id, accountNo: r.accountNo, name: r.name, externalId: r.externalId, status: statusOption(r.status), active: r.status === STATUS.active,
      activationDate: r.activatedOn, officeId: r.officeId, officeName: offices.get(r.officeId) ?? null, staffId: r.staffId,
      staffName: r.staffId === null ? null : staffNames.get(r.staffId) ?? null, centerId: r.parentId, centerName: r.parentId === null ? null : parents.get(r.parentId) ?? null,
      groupLevel: String(r.level), timeline: { submittedOnDate: r.submittedOn, activatedOnDate: r.activatedOn, closedOnDate: r.closedOn },
      clientMembers: null, activeClientMembers: null, groupMembers: null,
    }));
  }
}
