import type { Tx } from '../kernel/tx.js';
import { isUniqueViolation } from '../kernel/db-errors.js';
import { errors } from '../kernel/errors.js';
import type { StaffIdentity } from '../kernel/identity.js';
import { emit } from '../kernel/outbox.js';
import type { Client } from './client.entity.js';
import { CODE_FIELDS, codeValueNotFound, duplicateExternalId } from './client.model.js';
import type { ClientQueries } from './client.queries.js';
import { externalIdTaken, lockedActiveWithBvn } from './client.store.js';
import type { CustomerDependencies, CustomerOffice } from './customer.ports.js';
import { CUSTOMER_CODES } from './codes.js';

/**
 * The rules the client commands share that read the database: the client's office and relationship
 * officer, code values, a free external id, and the duplicate-BVN flag. Each runs in the caller's transaction.
 */
export class ClientChecks {
  constructor(
    private readonly queries: ClientQueries,
    private readonly deps: Pick<CustomerDependencies, 'codeValueValid' | 'officeInScope' | 'staffMember'>,
  ) {}

  async branchOffice(tx: Tx, staff: StaffIdentity, officeId: number): Promise<CustomerOffice> {
    if (officeId === 1) {
      throw errors.domainRule(CUSTOMER_CODES.clientOfficeMustBeBranch, 'Clients are onboarded at a branch; the head office takes no customers.', [officeId], 'officeId');
    }
    const office = await this.deps.officeInScope(tx, staff, officeId);
    if (!office) throw errors.notFound(CUSTOMER_CODES.officeIdInvalid, `Office with identifier ${officeId} does not exist`, officeId);
    return office;
  }

  /**
   * The relationship officer: an active staff member of the client's office or an office above it.
   * An account officer may only book clients to themselves (and gets them by default).
   */
  async resolveStaff(tx: Tx, staff: StaffIdentity, office: CustomerOffice, staffId: number | null, creating: boolean): Promise<number | null> {
    if (this.queries.isAccountOfficer(staff)) {
      if (staff.staffId == null) throw errors.forbidden('An account officer must be linked to a staff member to hold clients.');
      if (staffId === null && creating) return staff.staffId;
      if (staffId !== staff.staffId) throw errors.forbidden('An account officer can only hold clients in their own book.');
    }
    if (staffId === null) return null;
    const member = await this.deps.staffMember(tx, staffId);
    if (!member) throw errors.notFound(CUSTOMER_CODES.staffIdInvalid, `Staff with identifier ${staffId} does not exist`, staffId);
    const chain = [1, ...office.hierarchy.split('.').filter(Boolean).map(Number)];
    if (!chain.includes(member.officeId)) {
      throw errors.domainRule(CUSTOMER_CODES.clientStaffNotInOfficeHierarchy, `Staff ${staffId} does not belong to the client's office or an office above it.`, [staffId], 'staffId');
    }
    if (!member.isActive) throw errors.domainRule(CUSTOMER_CODES.clientStaffInactive, `Staff ${staffId} is not active.`, [staffId], 'staffId');
    return member.id;
  }

  /** genderId, clientTypeId, clientClassificationId must be values of their codes: 404 error.msg.codevalue.id.invalid otherwise. */
  async assertCodeValues(tx: Tx, input: Partial<Record<keyof typeof CODE_FIELDS, number | null>>): Promise<void> {
    for (const [param, codeName] of Object.entries(CODE_FIELDS) as [keyof typeof CODE_FIELDS, string][]) {
      const valueId = input[param];
      if (valueId != null && !(await this.deps.codeValueValid(tx, codeName, valueId))) throw codeValueNotFound(param, valueId);
    }
  }

  async assertExternalIdFree(tx: Tx, externalId: string | null, exceptId: number | null): Promise<void> {
    if (externalId && (await externalIdTaken(tx, externalId, exceptId))) throw duplicateExternalId(externalId);
  }

  /** Flushes; a concurrent request that took the same external id after our check loses with the same 403. */
  async flushUnique(tx: Tx, externalId: string | null): Promise<void> {
    try {
      await tx.em.flush();
    } catch (error) {
      if (isUniqueViolation(error, 'client_external_id')) throw duplicateExternalId(externalId);
      throw error;
    }
  }

  /**
   * Compliance flag (docs/interface.md, Events): the BVN is already on another active client of the tenant.
   * Onboarding goes on; the client is flagged and bvn.duplicate_detected is written with the change.
   * An advisory lock per BVN serializes concurrent onboardings of the same number, so neither misses the
   * other. The client's changes must be flushed before.
   */
  async detectDuplicateBvn(tx: Tx, client: Client): Promise<void> {
    if (!client.bvn) return;
    const others = await lockedActiveWithBvn(tx, client.bvn, client.id);
    if (others.length === 0 || client.bvnDuplicate) return;
    client.bvnDuplicate = true;
    await tx.em.flush();
    await emit(tx, {
      eventType: 'bvn.duplicate_detected',
      entityName: 'CLIENT',
      actionName: 'BVNDUPLICATE',
      data: { clientId: client.id, cif: client.cif, officeId: client.officeId, matchingClientIds: others.map((o) => o.id), matchingCifs: others.map((o) => o.cif) },
    });
  }
}
