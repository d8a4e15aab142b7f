import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import { nextValue } from '../kernel/sequence.js';
import type { OfficeService } from './office.service.js';
import { Office } from './office.entity.js';
import { Staff } from './staff.entity.js';
import { AppUser } from './user.entity.js';
import { ORGANISATION_CODES } from './codes.js';

export interface StaffInput {
  officeId?: number | null;
  firstname?: string | null;
  lastname?: string | null;
  isLoanOfficer?: boolean | null;
  isActive?: boolean | null;
  mobileNo?: string | null;
  externalId?: string | null;
  joiningDate?: string | null;
}

export interface StaffFilter {
  officeId?: number | null;
  status?: 'active' | 'inactive' | 'all' | null;
  loanOfficersOnly?: boolean | null;
}

const staffNotFound = (id: number) => errors.notFound(ORGANISATION_CODES.staffIdInvalid, `Staff with identifier ${id} does not exist`, id);

/** Staff members (employees) of offices. The only writer of organisation.staff. */
export class StaffService {
  constructor(
    private readonly db: Database,
    private readonly offices: OfficeService,
  ) {}

  async list(identity: Identity, filter: StaffFilter = {}): Promise<Staff[]> {
    const staff = requireStaff(identity, 'READ_STAFF');
    return this.db.tx(staff.tenantId, async (tx) => {
      const visibleOffices = await tx.em.find(Office, { hierarchy: { $like: `${staff.officeHierarchy}%` } }, { fields: ['id'] });
      const officeIds = visibleOffices.map((o) => o.id).filter((id) => filter.officeId == null || id === filter.officeId);
      const status = filter.status ?? 'active';
      return tx.em.find(
        Staff,
        {
          officeId: { $in: officeIds },
          ...(status === 'all' ? {} : { isActive: status === 'active' }),
          ...(filter.loanOfficersOnly ? { isLoanOfficer: true } : {}),
        },
        { orderBy: { lastname: 'asc', firstname: 'asc', id: 'asc' } },
      );
    });
  }

  async get(identity: Identity, id: number): Promise<Staff> {
    const staff = requireStaff(identity, 'READ_STAFF');
    return this.db.tx(staff.tenantId, async (tx) => {
      const member = await tx.em.findOne(Staff, { id });
      if (!member || !(await this.offices.findInScope(tx, staff, member.officeId))) throw staffNotFound(id);
      return member;
    });
  }

  /** Staff members by id in one query (read models: a page of clients with their officers). */
  async byIds(tenantId: string, ids: readonly number[]): Promise<Map<number, Staff>> {
    const members = await this.db.tx(tenantId, (tx) => tx.em.find(Staff, { id: { $in: [...ids] } }));
    return new Map(members.map((m) => [m.id, m]));
  }

  /** Staff display names by id, for other modules' read models. */
  async names(tenantId: string, ids: readonly number[]): Promise<Map<number, string>> {
    return new Map([...(await this.byIds(tenantId, ids))].map(([id, member]) => [id, member.displayName]));
  }

  /** For other modules inside their transaction: the staff member, or null when absent. */
  async find(tx: Tx, id: number): Promise<Staff | null> {
    return tx.em.findOne(Staff, { id });
  }

  /** The staff record linked to a user (the till's open-till rule), inside the caller's transaction; null when none. */
  async ofUser(tx: Tx, userId: number): Promise<Staff | null> {
    const user = await tx.em.findOne(AppUser, { id: userId });
    return user?.staffId == null ? null : tx.em.findOne(Staff, { id: user.staffId });
  }

  /** Active staff of one office, inside the caller's transaction (the cashier template's options). */
  async activeAtOffice(tx: Tx, officeId: number): Promise<Staff[]> {
    return tx.em.find(Staff, { officeId, isActive: true }, { orderBy: { lastname: 'asc', firstname: 'asc', id: 'asc' } });
  }

  async create(identity: Identity, input: StaffInput): Promise<Staff> {
    const actor = requireStaff(identity, 'CREATE_STAFF');
    return this.db.tx(actor.tenantId, (tx) => this.createCore(tx, actor, input));
  }

  async createCore(tx: Tx, actor: Actor, input: StaffInput): Promise<Staff> {
    const v = new Validator('staff');
    v.required('officeId', input.officeId);
    if (v.required('firstname', input.firstname)) v.maxLength('firstname', input.firstname, 50);
    if (v.required('lastname', input.lastname)) v.maxLength('lastname', input.lastname, 50);
    v.maxLength('mobileNo', input.mobileNo, 50);
    v.maxLength('externalId', input.externalId, 100);
    v.throwIfAny();
    const office = await this.offices.findInScope(tx, actor, input.officeId!);
    if (!office) throw errors.notFound(ORGANISATION_CODES.officeIdInvalid, `Office with identifier ${input.officeId} does not exist`, input.officeId);
    await this.assertExternalIdFree(tx, input.externalId ?? null, null);
    const member = new Staff();
    member.tenantId = tx.tenantId;
    member.id = await nextValue(tx, 'staff');
    member.officeId = office.id;
    member.firstname = input.firstname!.trim();
    member.lastname = input.lastname!.trim();
    member.isLoanOfficer = input.isLoanOfficer ?? false;
    member.isActive = input.isActive ?? true;
    member.mobileNo = input.mobileNo ?? null;
    member.externalId = input.externalId ?? null;
    member.joiningDate = input.joiningDate ?? null;
    member.createdBy = member.updatedBy = actor.userId;
    await tx.em.persist(member).flush();
    return member;
  }

  async update(identity: Identity, id: number, input: StaffInput): Promise<{ staff: Staff; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_STAFF');
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, id, input));
  }

  async updateCore(tx: Tx, actor: Actor, id: number, input: StaffInput): Promise<{ staff: Staff; changes: Record<string, unknown> }> {
    const v = new Validator('staff');
    if (input.firstname !== undefined && v.required('firstname', input.firstname)) v.maxLength('firstname', input.firstname, 50);
    if (input.lastname !== undefined && v.required('lastname', input.lastname)) v.maxLength('lastname', input.lastname, 50);
    v.throwIfAny();
    const member = await tx.em.findOne(Staff, { id });
    if (!member || !(await this.offices.findInScope(tx, actor, member.officeId))) throw staffNotFound(id);
    const changes: Record<string, unknown> = {};
    if (input.officeId != null && input.officeId !== member.officeId) {
      const office = await this.offices.findInScope(tx, actor, input.officeId);
      if (!office) throw errors.notFound(ORGANISATION_CODES.officeIdInvalid, `Office with identifier ${input.officeId} does not exist`, input.officeId);
      member.officeId = changes.officeId = office.id;
    }
    const assign = <K extends 'firstname' | 'lastname' | 'isLoanOfficer' | 'isActive' | 'mobileNo' | 'joiningDate'>(key: K) => {
      const value = input[key];
      if (value !== undefined && value !== member[key]) {
        (member[key] as unknown) = value;
        changes[key] = value;
      }
    };
    (['firstname', 'lastname', 'isLoanOfficer', 'isActive', 'mobileNo', 'joiningDate'] as const).forEach(assign);
    if (input.externalId !== undefined && input.externalId !== member.externalId) {
      await this.assertExternalIdFree(tx, input.externalId, member.id);
      member.externalId = changes.externalId = input.externalId;
    }
    if (Object.keys(changes).length > 0) {
      member.updatedBy = actor.userId;
      await tx.em.flush();
    }
    return { staff: member, changes };
  }

  private async assertExternalIdFree(tx: Tx, externalId: string | null, exceptId: number | null): Promise<void> {
    if (!externalId) return;
    const clash = await tx.em.findOne(Staff, { externalId, ...(exceptId === null ? {} : { id: { $ne: exceptId } }) });
    if (clash) throw errors.duplicate(ORGANISATION_CODES.staffDuplicateExternalId, `Staff with externalId \`${externalId}\` already exists`, 'externalId', externalId);
  }
}
