import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { emit } from '../kernel/outbox.js';
import { todayIso } from '../kernel/scalars.js';
import type { BvnHolder, BvnVerifier } from './bvn-verifier.js';
import { CLIENT_STATUS_ACTIVE, CLIENT_STATUS_CLOSED, CLIENT_STATUS_PENDING, LEGAL_FORM_ENTITY } from './client.entity.js';
import type { ClientChecks } from './client-checks.js';
import { CODE_FIELDS, type BvnCheck, type ClientChange, type ClientRef, type PreparedChange, type UpdateClientInput, type UpgradeKycInput } from './client.model.js';
import type { ClientQueries } from './client.queries.js';
import {
  applyNonPerson, assertScumlOnFile, clientEventData, displayNameOf, nonPersonSnapshot, requiredOrThrow, validateContact, validateNonPerson,
} from './domain/client-rules.js';
import type { CustomerDependencies } from './customer.ports.js';
import { CUSTOMER_CODES } from './codes.js';

/**
 * Changing an onboarded client: its details, activation, KYC tier 2 and relationship officer. Each command
 * has an in-transaction core `xCore(tx, actor, ...)` that never opens a transaction; the public method
 * authorizes and opens one. The BVN engine is asked first, in `prepareUpdate` or `prepareUpgradeKyc`,
 * outside any transaction, and the core takes its answer. (Close, reject, withdraw: client-lifecycle.service.ts.)
 */
export class ClientMaintenance {
  constructor(
    private readonly db: Database,
    private readonly bvnVerifier: BvnVerifier,
    private readonly queries: ClientQueries,
    private readonly checks: ClientChecks,
    private readonly deps: Pick<CustomerDependencies, 'officeInScope'>,
  ) {}

  async update(identity: Identity, ref: ClientRef, input: UpdateClientInput): Promise<ClientChange> {
    const actor = requireStaff(identity, 'UPDATE_CLIENT');
    const prepared = await this.prepareUpdate(actor, ref, input);
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, prepared));
  }

  /** Validates an update and asks the BVN engine about a new BVN, before (and outside) the update's transaction. */
  async prepareUpdate(actor: Actor, ref: ClientRef, input: UpdateClientInput): Promise<PreparedChange<UpdateClientInput>> {
    const id = await this.queries.idOf(actor, ref);
    const v = new Validator('client');
    if (input.firstname !== undefined && v.required('firstname', input.firstname)) v.maxLength('firstname', input.firstname, 50);
    if (input.lastname !== undefined && v.required('lastname', input.lastname)) v.maxLength('lastname', input.lastname, 50);
    if (input.fullname !== undefined && v.required('fullname', input.fullname)) v.maxLength('fullname', input.fullname, 160);
    v.maxLength('middlename', input.middlename, 50);
    v.maxLength('proofOfAddressReference', input.proofOfAddressReference, 100);
    if (input.dateOfBirth) v.check(input.dateOfBirth <= todayIso(), 'dateOfBirth', 'cannot.be.a.future.date', 'The date of birth cannot be in the future.', input.dateOfBirth);
    validateContact(v, input);
    validateNonPerson(v, input.clientNonPersonDetails);
    v.throwIfAny();
    return { id, input, bvnCheck: input.bvn ? await this.checkBvn(actor, id, input.bvn, input) : null };
  }

  async updateCore(tx: Tx, actor: Actor, { id, input, bvnCheck }: PreparedChange<UpdateClientInput>): Promise<ClientChange> {
    const client = await this.queries.getVisible(tx, actor, id, true);
    const entity = client.legalFormId === LEGAL_FORM_ENTITY;
    const wrongForm: string[] = entity
      ? (['firstname', 'middlename', 'lastname'] as const).filter((k) => input[k] != null)
      : [...(input.fullname != null ? ['fullname'] : []), ...(input.clientNonPersonDetails != null ? ['clientNonPersonDetails'] : [])];
    if (wrongForm.length > 0) {
      const field = wrongForm[0]!;
      throw errors.domainRule(`error.msg.client.${field}.not.applicable.to.legal.form`, `The parameter \`${field}\` does not apply to a ${entity ? 'corporate entity' : 'person'}.`, [field], field);
    }
    const changes: Record<string, unknown> = {};
    const assign = <K extends 'firstname' | 'middlename' | 'lastname' | 'fullname' | 'mobileNo' | 'emailAddress' | 'dateOfBirth' | 'nin' | 'proofOfAddressReference'>(key: K) => {
      const raw = input[key];
      if (raw === undefined) return;
      const value = typeof raw === 'string' ? raw.trim() || null : raw;
      if (value !== client[key]) {
        (client[key] as unknown) = value;
        changes[key] = value;
      }
    };
    (['firstname', 'middlename', 'lastname', 'fullname', 'mobileNo', 'emailAddress', 'dateOfBirth', 'nin', 'proofOfAddressReference'] as const).forEach(assign);
    if (input.clientNonPersonDetails) {
      const before = nonPersonSnapshot(client);
      applyNonPerson(client, input.clientNonPersonDetails);
      assertScumlOnFile(client);
      const after = nonPersonSnapshot(client);
      for (const key of Object.keys(after) as (keyof typeof after)[]) if (after[key] !== before[key]) changes[key] = after[key];
    }
    const displayName = displayNameOf(client);
    if (displayName !== client.displayName) client.displayName = changes.displayName = displayName;
    if (input.externalId !== undefined && input.externalId !== client.externalId) {
      await this.checks.assertExternalIdFree(tx, input.externalId, client.id);
      client.externalId = changes.externalId = input.externalId;
    }
    if (input.staffId !== undefined && input.staffId !== client.staffId) {
      const office = await this.deps.officeInScope(tx, actor, client.officeId);
      client.staffId = changes.staffId = await this.checks.resolveStaff(tx, actor, office!, input.staffId, false);
    }
    await this.checks.assertCodeValues(tx, input);
    for (const key of Object.keys(CODE_FIELDS) as (keyof typeof CODE_FIELDS)[]) {
      if (input[key] !== undefined && input[key] !== client[key]) client[key] = changes[key] = input[key] ?? null;
    }
    let bvnChanged = false;
    if (input.bvn !== undefined && input.bvn !== client.bvn) {
      client.bvn = changes.bvn = input.bvn || null;
      client.bvnVerified = client.bvn !== null && bvnCheck?.bvn === client.bvn && bvnCheck.result.verified;
      client.bvnDuplicate = false;
      bvnChanged = true;
    }
    if (Object.keys(changes).length > 0) {
      client.updatedBy = actor.userId;
      await this.checks.flushUnique(tx, client.externalId);
      if (bvnChanged) await this.checks.detectDuplicateBvn(tx, client);
    }
    return { client, changes };
  }

  async activate(identity: Identity, ref: ClientRef, activationDate: string | null | undefined): Promise<ClientChange> {
    const actor = requireStaff(identity, 'ACTIVATE_CLIENT');
    return this.db.tx(actor.tenantId, (tx) => this.activateCore(tx, actor, ref, activationDate));
  }

  async activateCore(tx: Tx, actor: Actor, ref: ClientRef, activationDate: string | null | undefined): Promise<ClientChange> {
    const date = activationDate ?? todayIso();
    const v = new Validator('client');
    v.check(date <= todayIso(), 'activationDate', 'cannot.be.a.future.date', 'The activation date cannot be in the future.', date);
    v.throwIfAny();
    const client = await this.queries.getVisible(tx, actor, ref, true);
    const id = client.id;
    if (client.statusId === CLIENT_STATUS_ACTIVE) throw errors.domainRule(CUSTOMER_CODES.clientsAlreadyActive, `Client with identifier ${id} is already active.`, [id]);
    if (client.statusId === CLIENT_STATUS_CLOSED) throw errors.domainRule(CUSTOMER_CODES.clientIsClosed, `Client with identifier ${id} is closed.`, [id]);
    if (client.statusId !== CLIENT_STATUS_PENDING) throw errors.domainRule(CUSTOMER_CODES.clientActivateOnNonpendingAccount, `Client with identifier ${id} is not pending.`, [id]);
    if (date < client.submittedOnDate) {
      throw errors.domainRule(CUSTOMER_CODES.clientActivationDateBeforeSubmittedOnDate, 'A client cannot be activated before it was submitted.', [date], 'activationDate');
    }
    client.statusId = CLIENT_STATUS_ACTIVE;
    client.activationDate = date;
    client.updatedBy = actor.userId;
    await tx.em.flush();
    await emit(tx, { eventType: 'client.activated', entityName: 'CLIENT', actionName: 'ACTIVATE', data: clientEventData(client) });
    await this.checks.detectDuplicateBvn(tx, client);
    return { client, changes: { status: 'Active', activationDate: date } };
  }

  /**
   * Tier 1 -> 2 for persons (docs/interface.md, KYC tiers): needs a verified BVN, a national identity number and a
   * proof-of-address reference. Values sent with the command are stored first; if anything is still
   * missing the call fails (403) listing what, and nothing is stored.
   */
  async upgradeKyc(identity: Identity, ref: ClientRef, input: UpgradeKycInput): Promise<ClientChange> {
    const actor = requireStaff(identity, 'UPGRADEKYC_CLIENT');
    const prepared = await this.prepareUpgradeKyc(actor, ref, input);
    return this.db.tx(actor.tenantId, (tx) => this.upgradeKycCore(tx, actor, prepared));
  }

  /** Validates a KYC upgrade and asks the BVN engine about the BVN, before (and outside) the upgrade's transaction. */
  async prepareUpgradeKyc(actor: Actor, ref: ClientRef, input: UpgradeKycInput): Promise<PreparedChange<UpgradeKycInput>> {
    const id = await this.queries.idOf(actor, ref);
    const v = new Validator('client');
    validateContact(v, input);
    v.maxLength('proofOfAddressReference', input.proofOfAddressReference, 100);
    v.throwIfAny();
    return { id, input, bvnCheck: await this.checkBvn(actor, id, input.bvn ?? null, {}) };
  }

  async upgradeKycCore(tx: Tx, actor: Actor, { id, input, bvnCheck }: PreparedChange<UpgradeKycInput>): Promise<ClientChange> {
    const client = await this.queries.getVisible(tx, actor, id, true);
    const checked = (bvn: string) => bvnCheck?.bvn === bvn && bvnCheck.result.verified;
    if (client.legalFormId === LEGAL_FORM_ENTITY) {
      throw errors.domainRule(CUSTOMER_CODES.clientKycUpgradeNotApplicable, 'Corporate entities are KYC tier 3 from onboarding.', [client.kycTier]);
    }
    if (client.kycTier >= 2) throw errors.domainRule(CUSTOMER_CODES.clientKycTierAlreadyReached, `Client is already at KYC tier ${client.kycTier}.`, [client.kycTier]);
    const changes: Record<string, unknown> = {};
    let bvnChanged = false;
    if (input.bvn && input.bvn !== client.bvn) {
      client.bvn = changes.bvn = input.bvn;
      client.bvnVerified = checked(input.bvn);
      client.bvnDuplicate = false;
      bvnChanged = true;
    } else if (client.bvn && !client.bvnVerified) {
      client.bvnVerified = checked(client.bvn);
    }
    if (input.nin && input.nin !== client.nin) client.nin = changes.nin = input.nin;
    if (input.proofOfAddressReference && input.proofOfAddressReference.trim() !== client.proofOfAddressReference) {
      client.proofOfAddressReference = changes.proofOfAddressReference = input.proofOfAddressReference.trim();
    }
    const missing: string[] = [];
    if (!client.bvn) missing.push('bvn');
    else if (!client.bvnVerified) missing.push('bvn.verification');
    if (!client.nin) missing.push('nin');
    if (!client.proofOfAddressReference) missing.push('proofOfAddressReference');
    if (missing.length > 0) {
      throw errors.domainRule(CUSTOMER_CODES.clientKycTier2RequirementsMissing, `KYC tier 2 needs a verified BVN, a national identity number and a proof of address; missing: ${missing.join(', ')}.`, missing, 'kycTier');
    }
    client.kycTier = changes.kycTier = 2;
    client.updatedBy = actor.userId;
    await tx.em.flush();
    if (bvnChanged) await this.checks.detectDuplicateBvn(tx, client);
    return { client, changes };
  }

  /** Fineract's assignStaff: the client's relationship officer becomes `staffId`. */
  async assignStaff(identity: Identity, ref: ClientRef, staffId: number | null | undefined): Promise<ClientChange> {
    const actor = requireStaff(identity, 'ASSIGNSTAFF_CLIENT');
    return this.db.tx(actor.tenantId, (tx) => this.assignStaffCore(tx, actor, ref, staffId));
  }

  async assignStaffCore(tx: Tx, actor: Actor, ref: ClientRef, staffId: number | null | undefined): Promise<ClientChange> {
    requiredOrThrow('staffId', staffId);
    const client = await this.queries.getVisible(tx, actor, ref, true);
    const office = await this.deps.officeInScope(tx, actor, client.officeId);
    const assigned = await this.checks.resolveStaff(tx, actor, office!, staffId!, false);
    const changes: Record<string, unknown> = {};
    if (assigned !== client.staffId) {
      client.staffId = changes.staffId = assigned;
      client.updatedBy = actor.userId;
      await tx.em.flush();
      await emit(tx, { eventType: 'client.staff_assigned', entityName: 'CLIENT', actionName: 'ASSIGNSTAFF', data: clientEventData(client) });
    }
    return { client, changes };
  }

  /** Fineract's unassignStaff: `staffId` must be the client's current officer. */
  async unassignStaff(identity: Identity, ref: ClientRef, staffId: number | null | undefined): Promise<ClientChange> {
    const actor = requireStaff(identity, 'UNASSIGNSTAFF_CLIENT');
    return this.db.tx(actor.tenantId, (tx) => this.unassignStaffCore(tx, actor, ref, staffId));
  }

  async unassignStaffCore(tx: Tx, actor: Actor, ref: ClientRef, staffId: number | null | undefined): Promise<ClientChange> {
    requiredOrThrow('staffId', staffId);
    const client = await this.queries.getVisible(tx, actor, ref, true);
    if (client.staffId === null) throw errors.domainRule(CUSTOMER_CODES.clientHasNoStaff, `Client with identifier ${client.id} has no staff assigned.`, [client.id], 'staffId');
    if (client.staffId !== staffId) {
      throw errors.domainRule(CUSTOMER_CODES.clientStaffNotAssigned, `Staff ${staffId} is not the staff assigned to client ${client.id}.`, [staffId], 'staffId');
    }
    // An account officer's book is the clients assigned to them: releasing one would hide it from them for good.
    if (this.queries.isAccountOfficer(actor)) throw errors.forbidden('An account officer cannot release a client from their own book.');
    client.staffId = null;
    client.updatedBy = actor.userId;
    await tx.em.flush();
    await emit(tx, { eventType: 'client.staff_unassigned', entityName: 'CLIENT', actionName: 'UNASSIGNSTAFF', data: clientEventData(client) });
    return { client, changes: { staffId: null } };
  }

  /**
   * Asks the verification engine about `bvn` (or, when null, the client's stored, unverified BVN) with
   * the holder's names, outside any transaction: an engine may be slow and must not hold a connection.
   */
  private async checkBvn(staff: StaffIdentity, id: number, bvn: string | null, names: BvnHolder): Promise<BvnCheck | null> {
    const current = await this.db.tx(staff.tenantId, (tx) => this.queries.getVisible(tx, staff, id));
    const target = bvn ?? (current.bvnVerified ? null : current.bvn);
    if (!target) return null;
    const result = await this.bvnVerifier.verify(target, { firstname: names.firstname ?? current.firstname, lastname: names.lastname ?? current.lastname });
    return { bvn: target, result };
  }
}
