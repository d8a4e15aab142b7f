import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { escapeLike } from '../kernel/db-errors.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { emit } from '../kernel/outbox.js';
import { nextValue } from '../kernel/sequence.js';
import { todayIso } from '../kernel/scalars.js';
import { HEAD_OFFICE_ID, Office } from './office.entity.js';
import { ORGANISATION_CODES } from './codes.js';
import { childOfficeIdNamed, movePaths } from './store/offices.store.js';

export interface CreateOfficeInput {
  name?: string | null;
  parentId?: number | null;
  openingDate?: string | null;
  externalId?: string | null;
}

export interface UpdateOfficeInput {
  name?: string | null;
  parentId?: number | null;
  openingDate?: string | null;
  externalId?: string | null;
}

export interface OfficeChange {
  office: Office;
  changes: Record<string, unknown>;
}

/** An office named by its id or, on Fineract's /offices/external-id/{externalId} paths, by its external id. */
export type OfficeRef = number | { externalId: string };

const officeNotFound = (ref: OfficeRef) =>
  typeof ref === 'number'
    ? errors.notFound(ORGANISATION_CODES.officeIdInvalid, `Office with identifier ${ref} does not exist`, ref)
    : errors.notFound(ORGANISATION_CODES.officeIdInvalid, `Office with external identifier ${ref.externalId} does not exist`, ref.externalId);

/** Offices and their hierarchy. The only writer of organisation.office. */
export class OfficeService {
  constructor(private readonly db: Database) {}

  /** Offices the caller may see: its own office and everything below it, in hierarchy order. */
  async list(identity: Identity): Promise<Office[]> {
    const staff = requireStaff(identity, 'READ_OFFICE');
    return this.db.tx(staff.tenantId, (tx) => this.visible(tx, staff));
  }

  async get(identity: Identity, ref: OfficeRef): Promise<Office> {
    const staff = requireStaff(identity, 'READ_OFFICE');
    return this.db.tx(staff.tenantId, (tx) => this.getVisible(tx, staff, ref));
  }

  /** For other modules inside their transaction (customer onboarding checks the branch). */
  async findInScope(tx: Tx, staff: StaffIdentity, id: number): Promise<Office | null> {
    const office = await tx.em.findOne(Office, { id });
    return office && office.hierarchy.startsWith(staff.officeHierarchy) ? office : null;
  }

  /** For other modules' list filters inside their transaction: ids of the caller's office and every office below it. */
  async subtreeIds(tx: Tx, staff: StaffIdentity): Promise<number[]> {
    return (await this.visible(tx, staff)).map((o) => o.id);
  }

  async byIds(tenantId: string, ids: readonly number[]): Promise<Map<number, Office>> {
    const offices = await this.db.tx(tenantId, (tx) => tx.em.find(Office, { id: { $in: [...ids] } }));
    return new Map(offices.map((o) => [o.id, o]));
  }

  /** Office names by id, for other modules' read models (a page of records in one query). */
  async names(tenantId: string, ids: readonly number[]): Promise<Map<number, string>> {
    return new Map([...(await this.byIds(tenantId, ids))].map(([id, o]) => [id, o.name]));
  }

  /** For other modules inside their transaction (the posting engine's date check): the office's opening date, or null when absent. */
  /** The office, whoever asks (self-service books its customers at a configured office), or null. */
  async find(tx: Tx, id: number): Promise<Office | null> {
    return tx.em.findOne(Office, { id });
  }

  /** An office directly under `parentId` with this name (case-insensitive), read from the table, never a cache. */
  async findChildNamed(tx: Tx, parentId: number, name: string): Promise<Office | null> {
    const id = await childOfficeIdNamed(tx, parentId, name);
    return id === null ? null : this.find(tx, id);
  }

  async openingDate(tx: Tx, id: number): Promise<string | null> {
    return (await tx.em.findOne(Office, { id }))?.openingDate ?? null;
  }

  /**
   * For other modules' reports inside their transaction: ids of `officeId` and every office below it, or
   * null when it is the head office (every office). 404 when the office is outside the caller's subtree.
   */
  async subtreeOf(tx: Tx, staff: StaffIdentity, officeId: number): Promise<number[] | null> {
    const office = await this.findInScope(tx, staff, officeId);
    if (!office) throw officeNotFound(officeId);
    if (office.parentId === null) return null;
    return (await tx.em.find(Office, { hierarchy: { $like: `${office.hierarchy}%` } })).map((o) => o.id);
  }

  async create(identity: Identity, input: CreateOfficeInput): Promise<Office> {
    const actor = requireStaff(identity, 'CREATE_OFFICE');
    return this.db.tx(actor.tenantId, (tx) => this.createCore(tx, actor, input));
  }

  async createCore(tx: Tx, actor: Actor, input: CreateOfficeInput): Promise<Office> {
    const v = new Validator('office');
    if (v.required('name', input.name)) v.maxLength('name', input.name, 100);
    v.required('parentId', input.parentId);
    v.maxLength('externalId', input.externalId, 100);
    v.throwIfAny();
    const parent = await this.getVisible(tx, actor, input.parentId!);
    const openingDate = input.openingDate ?? todayIso();
    if (openingDate < parent.openingDate) {
      throw errors.domainRule(ORGANISATION_CODES.officeOpeningDateBeforeParent, 'An office cannot open before its parent office.', [openingDate], 'openingDate');
    }
    await this.assertUnique(tx, input.name!, input.externalId ?? null, null);
    const office = new Office();
    office.tenantId = tx.tenantId;
    office.id = await nextValue(tx, 'office');
    office.parentId = parent.id;
    office.name = input.name!.trim();
    office.hierarchy = `${parent.hierarchy}${office.id}.`;
    office.openingDate = openingDate;
    office.externalId = input.externalId ?? null;
    office.createdBy = office.updatedBy = actor.userId;
    tx.em.persist(office);
    await tx.em.flush();
    await emit(tx, { eventType: 'office.created', entityName: 'OFFICE', actionName: 'CREATE', data: officeEventData(office) });
    return office;
  }

  async update(identity: Identity, ref: OfficeRef, input: UpdateOfficeInput): Promise<OfficeChange> {
    const actor = requireStaff(identity, 'UPDATE_OFFICE');
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, ref, input));
  }

  async updateCore(tx: Tx, actor: Actor, ref: OfficeRef, input: UpdateOfficeInput): Promise<OfficeChange> {
    const v = new Validator('office');
    if (input.name !== undefined) {
      if (v.required('name', input.name)) v.maxLength('name', input.name, 100);
    }
    v.maxLength('externalId', input.externalId, 100);
    v.throwIfAny();
    const office = await this.getVisible(tx, actor, ref);
    const changes: Record<string, unknown> = {};
    if (input.name != null && input.name.trim() !== office.name) {
      await this.assertUnique(tx, input.name, null, office.id);
      office.name = changes.name = input.name.trim();
    }
    if (input.externalId !== undefined && input.externalId !== office.externalId) {
      if (input.externalId) await this.assertUnique(tx, null, input.externalId, office.id);
      office.externalId = changes.externalId = input.externalId;
    }
    if (input.openingDate != null && input.openingDate !== office.openingDate) {
      office.openingDate = changes.openingDate = input.openingDate;
    }
    if (input.parentId != null && input.parentId !== office.parentId) {
      if (office.id === HEAD_OFFICE_ID) throw errors.domainRule(ORGANISATION_CODES.officeCannotMoveHeadOffice, 'The head office has no parent.', [], 'parentId');
      const parent = await this.getVisible(tx, actor, input.parentId);
      if (parent.hierarchy.startsWith(office.hierarchy)) {
        throw errors.domainRule(ORGANISATION_CODES.officeParentCannotBeDescendant, 'An office cannot be moved below itself.', [input.parentId], 'parentId');
      }
      const oldPrefix = office.hierarchy;
      const newPrefix = `${parent.hierarchy}${office.id}.`;
      // Moves the whole subtree: every descendant's path starts with the moved office's path.
      await movePaths(tx, oldPrefix, newPrefix);
      await tx.em.refresh(office);
      office.parentId = changes.parentId = parent.id;
    }
    if (Object.keys(changes).length > 0) {
      office.updatedBy = actor.userId;
      await tx.em.flush();
    }
    return { office, changes };
  }

  private async visible(tx: Tx, staff: StaffIdentity): Promise<Office[]> {
    return tx.em.find(Office, { hierarchy: { $like: `${staff.officeHierarchy}%` } }, { orderBy: { hierarchy: 'asc' } });
  }

  private async getVisible(tx: Tx, staff: StaffIdentity, ref: OfficeRef): Promise<Office> {
    const id = typeof ref === 'number' ? ref : (await tx.em.findOne(Office, { externalId: ref.externalId }, { fields: ['id'] }))?.id;
    const office = id === undefined ? null : await this.findInScope(tx, staff, id);
    if (!office) throw officeNotFound(ref);
    return office;
  }

  private async assertUnique(tx: Tx, name: string | null, externalId: string | null, exceptId: number | null): Promise<void> {
    const notSelf = exceptId === null ? {} : { id: { $ne: exceptId } };
    if (name) {
      const clash = await tx.em.findOne(Office, { name: { $ilike: escapeLike(name.trim()) }, ...notSelf });
      if (clash) throw errors.duplicate(ORGANISATION_CODES.officeDuplicateName, `Office with name \`${name}\` already exists`, 'name', name);
    }
    if (externalId) {
      const clash = await tx.em.findOne(Office, { externalId, ...notSelf });
      if (clash) throw errors.duplicate(ORGANISATION_CODES.officeDuplicateExternalId, `Office with externalId \`${externalId}\` already exists`, 'externalId', externalId);
    }
  }
}

export type OfficeEventData = Pick<Office, 'id' | 'name' | 'parentId' | 'hierarchy' | 'openingDate' | 'externalId'>;

export function officeEventData(office: Office): OfficeEventData & Record<string, unknown> {
  return { id: office.id, name: office.name, parentId: office.parentId, hierarchy: office.hierarchy, openingDate: office.openingDate, externalId: office.externalId };
}
