import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { Validator } from '../kernel/errors.js';
import { requireStaff, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { addDays, todayIso } from '../kernel/scalars.js';
import { ordering } from '../kernel/paging.js';
import type { KeysetPage } from '../kernel/connection.js';
import { activationsByDay } from './client-report.store.js';
import { Client, CLIENT_STATUS_ACTIVE } from './client.entity.js';
import { CLIENT_ORDER_COLUMNS, clientNotFound, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, type ClientFilter, type ClientRef } from './client.model.js';
import { clientById, clientIdByExternalId, clientsByIds, clientKeysetPage, clientPage, type ClientListQuery, clientsUseCodeValue, lockClient, lockedActiveWithBvn } from './client.store.js';
import type { ClientGroup, ClientOfGroup, GroupsOfClient } from './contract.js';
import type { CustomerDependencies } from './customer.ports.js';
import { parseStatus } from './domain/client-rules.js';
import { kycTierLimits, type KycTierLimits } from './kyc.js';

/**
 * Reading clients: one client, the lists and the dashboard trend for staff, and the in-transaction reads
 * other modules and the client commands make. Visibility (office subtree, an account officer's own book)
 * is decided here for all of them.
 */
export class ClientQueries {
  private groupsReader: GroupsOfClient = async () => [];

  constructor(
    private readonly db: Database,
    private readonly deps: Pick<CustomerDependencies, 'officeInScope' | 'officeSubtree' | 'officeSubtreeOf' | 'staffNames' | 'portfolioStaffId'>,
  ) {}

  /**
   * Fineract's ClientTrendsByDay dashboard report: clients activated on each of the 12 days before today
   * at an office and below it (head office: all). Days without activations are left out, as Fineract does.
   */
  async trendsByDay(identity: Identity, officeId: number | null | undefined): Promise<{ day: string; count: number }[]> {
    const staff = requireStaff(identity, 'READ_CLIENT');
    const today = todayIso();
    return this.db.tx(staff.tenantId, async (tx) => {
      const offices = await this.deps.officeSubtreeOf(tx, staff, officeId ?? staff.officeId);
      return activationsByDay(tx, offices, addDays(today, -12), addDays(today, -1));
    });
  }

  async get(identity: Identity, ref: ClientRef): Promise<Client> {
    const staff = requireStaff(identity, 'READ_CLIENT');
    return this.db.tx(staff.tenantId, (tx) => this.getVisible(tx, staff, ref));
  }

  async list(identity: Identity, filter: ClientFilter = {}): Promise<{ total: number; items: Client[] }> {
    const staff = requireStaff(identity, 'READ_CLIENT');
    const v = new Validator('client');
    const offset = filter.offset ?? 0;
    const limit = filter.limit ?? DEFAULT_PAGE_LIMIT;
    v.check(Number.isInteger(offset) && offset >= 0, 'offset', 'must.be.zero.or.greater', 'The parameter `offset` must be zero or greater.', offset);
    v.check(Number.isInteger(limit) && limit >= 1, 'limit', 'must.be.greater.than.zero', 'The parameter `limit` must be greater than zero.', limit);
    const statusId = checkedStatus(v, filter.status);
    v.throwIfAny();
    const order = ordering(CLIENT_ORDER_COLUMNS, filter.orderBy, filter.sortOrder, 'id');
    return this.db.tx(staff.tenantId, async (tx) => {
      const query = await this.listQuery(tx, staff, filter, statusId);
      if (query === null) return { total: 0, items: [] };
      return clientPage(tx, query, order.column, order.direction, offset, Math.min(limit, MAX_PAGE_LIMIT));
    });
  }

  /** The clients list as a connection: by id, `page.first` after the cursor's id, the same filters and walls as list. */
  async keysetPage(identity: Identity, filter: ClientFilter, page: KeysetPage): Promise<{ total: number; items: Client[] }> {
    const staff = requireStaff(identity, 'READ_CLIENT');
    const v = new Validator('client');
    const statusId = checkedStatus(v, filter.status);
    v.throwIfAny();
    return this.db.tx(staff.tenantId, async (tx) => {
      const query = await this.listQuery(tx, staff, filter, statusId);
      if (query === null) return { total: 0, items: [] };
      // One row beyond the page tells whether another follows.
      return clientKeysetPage(tx, query, page.after === null ? null : Number(page.after[0]), page.first + 1);
    });
  }

  /** The list's filters within the caller's walls (office subtree, an officer's own book); null: nothing visible. */
  private async listQuery(tx: Tx, staff: StaffIdentity, filter: ClientFilter, statusId: number | null): Promise<ClientListQuery | null> {
    let officeIds = await this.deps.officeSubtree(tx, staff);
    if (filter.officeId != null) officeIds = officeIds.filter((id) => id === filter.officeId);
    let staffId = filter.staffId ?? null;
    if (this.isAccountOfficer(staff)) {
      // An account officer's book is exactly the clients assigned to them.
      if (staffId !== null && staffId !== staff.staffId) return null;
      staffId = staff.staffId ?? -1;
    }
    return { officeIds, staffId, externalId: filter.externalId || null, displayName: filter.displayName ? filter.displayName.trim() : null, search: filter.search?.trim() || null, statusId };
  }

  /** Fineract's v2 search: pages numbered from 0, `size` clamped like any page. */
  async searchPage(identity: Identity, input: { text?: string | null; page?: number | null; size?: number | null; orderBy?: string | null; sortOrder?: string | null }): Promise<{ total: number; items: Client[] }> {
    const page = input.page ?? 0;
    const size = Math.min(input.size ?? DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT);
    const v = new Validator('client');
    v.check(Number.isInteger(page) && page >= 0, 'page', 'must.be.zero.or.greater', 'The parameter `page` must be zero or greater.', page);
    v.check(Number.isInteger(size) && size >= 1, 'size', 'must.be.greater.than.zero', 'The parameter `size` must be greater than zero.', size);
    v.throwIfAny();
    // The v2 API names the account number accountNumber; the other sort properties are the list's own.
    const orderBy = input.orderBy === 'accountNumber' ? 'accountNo' : input.orderBy;
    return this.list(identity, { search: input.text, offset: page * size, limit: size, orderBy, sortOrder: input.sortOrder });
  }

  async staffNames(tenantId: string, ids: readonly number[]): Promise<Map<number, string>> {
    return this.deps.staffNames(tenantId, ids);
  }

  /**
   * For other modules inside their transaction (accounts opening for a client): the client when the
   * caller may see it (office subtree, account officer's own book), otherwise null.
   */
  async findInScope(tx: Tx, staff: StaffIdentity, id: number): Promise<Client | null> {
    const client = await clientById(tx, id);
    if (!client) return null;
    if (this.isAccountOfficer(staff) && (staff.staffId == null || client.staffId !== staff.staffId)) return null;
    return (await this.deps.officeInScope(tx, staff, client.officeId)) ? client : null;
  }

  /** Reads a client the caller may see, or 404 error.msg.client.id.invalid (also for other tenants' ids); `forUpdate` locks it. */
  async getVisible(tx: Tx, staff: StaffIdentity, ref: ClientRef, forUpdate = false): Promise<Client> {
    const id = typeof ref === 'number' ? ref : await clientIdByExternalId(tx, ref.externalId);
    const client = id === null ? null : await this.findInScope(tx, staff, id);
    if (!client) throw clientNotFound(ref);
    if (!forUpdate) return client;
    const locked = await lockClient(tx, client.id);
    if (!locked) throw clientNotFound(ref);
    return locked;
  }

  /** The id of a client the caller may see (a short read for external ids; numbers pass through). */
  async idOf(staff: StaffIdentity, ref: ClientRef): Promise<number> {
    if (typeof ref === 'number') return ref;
    return this.db.tx(staff.tenantId, async (tx) => (await this.getVisible(tx, staff, ref)).id);
  }

  /** For the loan module inside its transaction: what a loan needs to know of its borrower, or null. */
  async forLoans(tx: Tx, clientId: number): Promise<{ id: number; officeId: number; staffId: number | null; active: boolean; cif: string; accountNo: string; displayName: string } | null> {
    const client = await clientById(tx, clientId);
    if (!client) return null;
    return { id: client.id, officeId: client.officeId, staffId: client.staffId, active: client.statusId === CLIENT_STATUS_ACTIVE, cif: client.cif, accountNo: client.accountNo, displayName: client.displayName };
  }

  /** For the groups module inside its transaction: a client the caller may see, as a member, or null. */
  async forGroups(tx: Tx, staff: StaffIdentity, clientId: number): Promise<ClientOfGroup | null> {
    const client = await this.findInScope(tx, staff, clientId);
    return client && memberOf(client);
  }

  /** For the groups module: its members by id (already checked when they joined). */
  async membersByIds(tx: Tx, ids: readonly number[]): Promise<ClientOfGroup[]> {
    return ids.length === 0 ? [] : (await clientsByIds(tx, ids)).map(memberOf);
  }

  /** The groups module registers what answers a client's groups (it depends on customer, not the reverse). */
  setGroupsReader(reader: GroupsOfClient): void {
    this.groupsReader = reader;
  }

  /** The groups of a client the caller has already been allowed to read. */
  async groupsOf(tenantId: string, clientId: number): Promise<ClientGroup[]> {
    return this.db.tx(tenantId, (tx) => this.groupsReader(tx, clientId));
  }

  /** Interface section 8 limits of the client's current tier, for deposit and balance checks. */
  async tierLimits(tx: Tx, clientId: number): Promise<KycTierLimits> {
    const client = await clientById(tx, clientId);
    if (!client) throw clientNotFound(clientId);
    return kycTierLimits(client.kycTier);
  }

  /** For the organisation module's codes: whether any client holds this code value (gender, type, a reason...). */
  usesCodeValue(tx: Tx, valueId: number): Promise<boolean> {
    return clientsUseCodeValue(tx, valueId);
  }

  /**
   * Active clients holding `bvn`, read under the BVN's lock (the one onboarding takes, held to the end of
   * the caller's transaction), so a concurrent onboarding of the same number waits and then sees this one.
   */
  activeWithBvn(tx: Tx, bvn: string): Promise<{ id: number; cif: string }[]> {
    return lockedActiveWithBvn(tx, bvn, null);
  }

  /** An Account Officer's book is exactly the clients booked to their staff record (the scope port decides who is one). */
  isAccountOfficer(staff: StaffIdentity): boolean {
    return this.deps.portfolioStaffId(staff) !== undefined;
  }
}

function memberOf(client: Client): ClientOfGroup {
  return {
    id: client.id, accountNo: client.accountNo, displayName: client.displayName, officeId: client.officeId, staffId: client.staffId,
    statusId: client.statusId, active: client.statusId === CLIENT_STATUS_ACTIVE, activationDate: client.activationDate ?? null,
  };
}

/** The status filter's id (null: all); a name outside the set is noted on `v`. */
function checkedStatus(v: Validator, status: string | null | undefined): number | null {
  const statusId = status == null || status === '' ? null : parseStatus(status);
  if (statusId === undefined) v.fail('status', 'is.not.one.of.expected.enumerations', 'The parameter `status` must be pending, active, withdrawn, closed or rejected.', status);
  return statusId ?? null;
}
