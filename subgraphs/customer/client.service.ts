import { LockMode } from '@mikro-orm/core';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { escapeLike, isUniqueViolation } from '../kernel/db-errors.js';
import { errors, PlatformError, Validator } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { emit } from '../kernel/outbox.js';
import { addDays, todayIso } from '../kernel/scalars.js';
import { ordering } from '../kernel/paging.js';
import { unsupportedParameters } from '../kernel/fineract-parameters.js';
import { nextValue } from '../kernel/sequence.js';
import { activationsByDay } from './client-report.store.js';
import { CLIENT_PARAMETERS } from './client.parameters.js';
import { BVN_PATTERN, type BvnHolder, type BvnVerification, type BvnVerifier } from './bvn-verifier.js';
import {
  Client, CLIENT_STATUS_ACTIVE, CLIENT_STATUS_CLOSED, CLIENT_STATUS_PENDING, CLIENT_STATUS_REJECTED, CLIENT_STATUS_WITHDRAWN, LEGAL_FORM_ENTITY, LEGAL_FORM_PERSON,
} from './client.entity.js';
import type { CustomerDependencies, CustomerOffice } from './customer.ports.js';
import { BUSINESS_LINE_RANGE, CONSTITUTION_RANGE, kycTierLimits, requiresScumlNumber, type KycTierLimits } from './kyc.js';
import { CUSTOMER_CODES } from './codes.js';

export interface NonPersonDetailsInput {
  constitutionId?: number | null;
  mainBusinessLineId?: number | null;
  incorpNumber?: string | null;
  incorpValidityTillDate?: string | null;
  remarks?: string | null;
  scumlNumber?: string | null;
}

export interface CreateClientInput {
  officeId?: number | null;
  legalFormId?: number | null;
  firstname?: string | null;
  middlename?: string | null;
  lastname?: string | null;
  fullname?: string | null;
  externalId?: string | null;
  staffId?: number | null;
  active?: boolean | null;
  activationDate?: string | null;
  submittedOnDate?: string | null;
  mobileNo?: string | null;
  emailAddress?: string | null;
  dateOfBirth?: string | null;
  bvn?: string | null;
  nin?: string | null;
  clientNonPersonDetails?: NonPersonDetailsInput | null;
  genderId?: number | null;
  clientTypeId?: number | null;
  clientClassificationId?: number | null;
}

export interface UpdateClientInput {
  firstname?: string | null;
  middlename?: string | null;
  lastname?: string | null;
  fullname?: string | null;
  externalId?: string | null;
  staffId?: number | null;
  mobileNo?: string | null;
  emailAddress?: string | null;
  dateOfBirth?: string | null;
  bvn?: string | null;
  nin?: string | null;
  proofOfAddressReference?: string | null;
  clientNonPersonDetails?: NonPersonDetailsInput | null;
  genderId?: number | null;
  clientTypeId?: number | null;
  clientClassificationId?: number | null;
}

/** A lifecycle command's request: its date and, for close/reject/withdraw, the reason (a code value id). */
export interface LifecycleInput {
  date?: string | null;
  reasonId?: number | null;
}

/** A client named by its id or, on Fineract's /clients/external-id/{externalId} paths, by its external id. */
export type ClientRef = number | { externalId: string };

export interface UpgradeKycInput {
  bvn?: string | null;
  nin?: string | null;
  proofOfAddressReference?: string | null;
}

export interface ClientFilter {
  officeId?: number | null;
  externalId?: string | null;
  displayName?: string | null;
  /** Fineract's search text: a substring of the display name, or exactly an account number, CIF, external id or mobile number. */
  search?: string | null;
  /** active, pending, closed, or a status id (100, 300, 600). */
  status?: string | null;
  staffId?: number | null;
  offset?: number | null;
  limit?: number | null;
  /** A column of CLIENT_ORDER_COLUMNS (camelCase or Fineract's snake_case); ASC or DESC. */
  orderBy?: string | null;
  sortOrder?: string | null;
}

/** The columns a client list may be ordered by (Fineract orderBy), mapped to entity properties. */
export const CLIENT_ORDER_COLUMNS = {
  id: 'id', accountNo: 'accountNo', cif: 'cif', displayName: 'displayName', firstname: 'firstname', lastname: 'lastname', fullname: 'fullname',
  externalId: 'externalId', officeId: 'officeId', staffId: 'staffId', status: 'statusId', submittedOnDate: 'submittedOnDate',
  activationDate: 'activationDate', mobileNo: 'mobileNo', kycTier: 'kycTier',
} as const satisfies Record<string, keyof Client>;

/** The code each code-valued client field takes its values from. */
const CODE_FIELDS = { genderId: 'Gender', clientTypeId: 'ClientType', clientClassificationId: 'ClientClassification' } as const;

export interface ClientChange {
  client: Client;
  changes: Record<string, unknown>;
}

export const DEFAULT_PAGE_LIMIT = 200;
/** Every page is capped at 200 (a larger `limit` is clamped, as Fineract does; GraphQL refuses it at the edge). */
export const MAX_PAGE_LIMIT = 200;

export const clientNotFound = (ref: ClientRef) =>
  typeof ref === 'number'
    ? errors.notFound(CUSTOMER_CODES.clientIdInvalid, `Client with identifier ${ref} does not exist`, ref)
    : errors.notFound(CUSTOMER_CODES.clientIdInvalid, `Client with external identifier ${ref.externalId} does not exist`, ref.externalId);

/** A code value id that is not a value of its code: 404 naming the parameter (Fineract's CodeValueNotFoundException). */
export const codeValueNotFound = (parameterName: string, id: number) =>
  new PlatformError('notFound', `Code value with identifier ${id} does not exist for \`${parameterName}\``, [
    { code: CUSTOMER_CODES.codevalueIdInvalid, message: `Code value with identifier ${id} does not exist`, parameterName, value: id, args: [id] },
  ]);

const NIN_PATTERN = /^\d{11}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function displayNameOf(c: Pick<Client, 'legalFormId' | 'firstname' | 'middlename' | 'lastname' | 'fullname'>): string {
  if (c.legalFormId === LEGAL_FORM_ENTITY) return c.fullname ?? '';
  return [c.firstname, c.middlename, c.lastname].filter((p) => p && p.trim() !== '').join(' ');
}

/** A create-client command validated and its BVN asked about, ready for `createCore` (see `prepareCreate`). */
export interface NewClient {
  input: CreateClientInput;
  bvnCheck: BvnVerification | null;
}

/** What the BVN engine said about a number, asked before the transaction opened. */
export interface BvnCheck {
  bvn: string;
  result: BvnVerification;
}

/** A client command validated, its client's id resolved and its BVN asked about, ready for its core. */
export interface PreparedChange<I> {
  id: number;
  input: I;
  bvnCheck: BvnCheck | null;
}

/**
 * Clients (customers): onboarding, maintenance, activation, KYC tier. The only writer of customer.client.
 * Each command has an in-transaction core `xCore(tx, actor, ...)` that never opens a transaction, so a
 * transaction script (self-registration) can compose it; the public method authorizes and opens one.
 * What must not hold a connection (the BVN engine) is asked first, in `prepareCreate`, `prepareUpdate` or
 * `prepareUpgradeKyc`, whose result the core takes.
 */
export class ClientService {
  constructor(
    private readonly db: Database,
    private readonly bvnVerifier: BvnVerifier,
    private readonly deps: Pick<CustomerDependencies, 'codeValueValid' | 'officeInScope' | 'officeSubtree' | 'officeSubtreeOf' | 'staffMember' | 'staffNames' | 'portfolioStaffId'>,
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

  // ---- reads ---------------------------------------------------------------------------------

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
    const statusId = filter.status == null || filter.status === '' ? null : parseStatus(filter.status);
    if (statusId === undefined) v.fail('status', 'is.not.one.of.expected.enumerations', 'The parameter `status` must be pending, active, withdrawn, closed or rejected.', filter.status);
    v.throwIfAny();
    const order = ordering(CLIENT_ORDER_COLUMNS, filter.orderBy, filter.sortOrder, 'id');
    return this.db.tx(staff.tenantId, async (tx) => {
      let officeIds = await this.deps.officeSubtree(tx, staff);
      if (filter.officeId != null) officeIds = officeIds.filter((id) => id === filter.officeId);
      const where: Record<string, unknown> = { officeId: { $in: officeIds } };
      if (this.isAccountOfficer(staff)) {
        // An account officer's book is exactly the clients assigned to them.
        if (filter.staffId != null && filter.staffId !== staff.staffId) return { total: 0, items: [] };
        where.staffId = staff.staffId ?? -1;
      } else if (filter.staffId != null) where.staffId = filter.staffId;
      if (filter.externalId) where.externalId = filter.externalId;
      if (filter.displayName) where.displayName = { $ilike: `%${escapeLike(filter.displayName.trim())}%` };
      const text = filter.search?.trim();
      if (text) where.$or = [{ displayName: { $ilike: `%${escapeLike(text)}%` } }, { accountNo: text }, { cif: text.toUpperCase() }, { externalId: text }, { mobileNo: text }];
      if (statusId != null) where.statusId = statusId;
      // The id breaks ties, so pages of a non-unique column never overlap or skip.
      const orderBy = order.column === 'id' ? { id: order.direction } : { [order.column]: order.direction, id: order.direction };
      const [items, total] = await tx.em.findAndCount(Client, where, { orderBy, offset, limit: Math.min(limit, MAX_PAGE_LIMIT) });
      return { total, items };
    });
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

  /**
   * For other modules inside their transaction (accounts opening for a client): the client when the
   * caller may see it (office subtree, account officer's own book), otherwise null.
   */
  async findInScope(tx: Tx, staff: StaffIdentity, id: number): Promise<Client | null> {
    const client = await tx.em.findOne(Client, { id });
    if (!client) return null;
    if (this.isAccountOfficer(staff) && (staff.staffId == null || client.staffId !== staff.staffId)) return null;
    return (await this.deps.officeInScope(tx, staff, client.officeId)) ? client : null;
  }

  /** For the loan module inside its transaction: what a loan needs to know of its borrower, or null. */
  async forLoans(tx: Tx, clientId: number): Promise<{ id: number; officeId: number; staffId: number | null; active: boolean; cif: string; accountNo: string; displayName: string } | null> {
    const client = await tx.em.findOne(Client, { id: clientId });
    if (!client) return null;
    return { id: client.id, officeId: client.officeId, staffId: client.staffId, active: client.statusId === CLIENT_STATUS_ACTIVE, cif: client.cif, accountNo: client.accountNo, displayName: client.displayName };
  }

  /** Interface section 8 limits of the client's current tier, for deposit and balance checks. */
  async tierLimits(tx: Tx, clientId: number): Promise<KycTierLimits> {
    const client = await tx.em.findOne(Client, { id: clientId });
    if (!client) throw clientNotFound(clientId);
    return kycTierLimits(client.kycTier);
  }

  /** For the organisation module's codes: whether any client holds this code value (gender, type, a reason...). */
  async usesCodeValue(tx: Tx, valueId: number): Promise<boolean> {
    const rows = await tx.em.execute(
      `select 1 from customer.client where tenant_id = ? and ? in (gender_id, client_type_id, client_classification_id, closure_reason_id, rejection_reason_id, withdrawal_reason_id) limit 1`,
      [tx.tenantId, valueId],
    );
    return rows.length > 0;
  }

  async staffNames(tenantId: string, ids: readonly number[]): Promise<Map<number, string>> {
    return this.deps.staffNames(tenantId, ids);
  }

  // ---- writes --------------------------------------------------------------------------------

  async create(identity: Identity, input: CreateClientInput): Promise<Client> {
    const actor = requireStaff(identity, 'CREATE_CLIENT');
    const prepared = await this.prepareCreate(input);
    return this.db.tx(actor.tenantId, (tx) => this.createCore(tx, actor, prepared));
  }

  /**
   * Validates a new client and asks the BVN engine about its BVN, outside any transaction: a slow engine
   * must not hold a connection. A transaction script calls it before opening its transaction.
   */
  async prepareCreate(input: CreateClientInput): Promise<NewClient> {
    const today = todayIso();
    const v = new Validator('client');
    for (const error of unsupportedParameters('client', input, CLIENT_PARAMETERS)) v.add(error);
    v.required('officeId', input.officeId);
    if (v.required('legalFormId', input.legalFormId)) {
      v.check(input.legalFormId === LEGAL_FORM_PERSON || input.legalFormId === LEGAL_FORM_ENTITY, 'legalFormId', 'is.not.one.of.expected.enumerations', 'The parameter `legalFormId` must be 1 (person) or 2 (entity).', input.legalFormId);
    }
    const entity = input.legalFormId === LEGAL_FORM_ENTITY;
    if (entity) {
      if (v.required('fullname', input.fullname)) v.maxLength('fullname', input.fullname, 160);
      validateNonPerson(v, input.clientNonPersonDetails);
    } else {
      if (v.required('firstname', input.firstname)) v.maxLength('firstname', input.firstname, 50);
      if (v.required('lastname', input.lastname)) v.maxLength('lastname', input.lastname, 50);
      v.maxLength('middlename', input.middlename, 50);
    }
    if (input.active) {
      if (v.required('activationDate', input.activationDate)) {
        v.check(input.activationDate! <= today, 'activationDate', 'cannot.be.a.future.date', 'The activation date cannot be in the future.', input.activationDate);
      }
    }
    if (input.submittedOnDate) v.check(input.submittedOnDate <= today, 'submittedOnDate', 'cannot.be.a.future.date', 'The submitted date cannot be in the future.', input.submittedOnDate);
    if (input.dateOfBirth) v.check(input.dateOfBirth <= today, 'dateOfBirth', 'cannot.be.a.future.date', 'The date of birth cannot be in the future.', input.dateOfBirth);
    validateContact(v, input);
    v.throwIfAny();
    return { input, bvnCheck: input.bvn ? await this.bvnVerifier.verify(input.bvn, input) : null };
  }

  /** Onboards a prepared client inside the caller's transaction: client.created (and a BVN duplicate flag) with it. */
  async createCore(tx: Tx, actor: Actor, { input, bvnCheck }: NewClient): Promise<Client> {
    const today = todayIso();
    const entity = input.legalFormId === LEGAL_FORM_ENTITY;
    const office = await this.branchOffice(tx, actor, input.officeId!);
    const submittedOnDate = input.submittedOnDate ?? (input.active ? (input.activationDate! < today ? input.activationDate! : today) : today);
    if (input.active && input.activationDate! < submittedOnDate) {
      throw errors.domainRule(CUSTOMER_CODES.clientActivationDateBeforeSubmittedOnDate, 'A client cannot be activated before it was submitted.', [input.activationDate], 'activationDate');
    }
    if (input.active && input.activationDate! < office.openingDate) {
      throw errors.domainRule(CUSTOMER_CODES.clientActivationDateBeforeOfficeOpeningDate, 'A client cannot be activated before its office opened.', [input.activationDate, office.openingDate], 'activationDate');
    }
    if (submittedOnDate < office.openingDate) {
      throw errors.domainRule(CUSTOMER_CODES.clientSubmittedOnDateBeforeOfficeOpeningDate, 'A client cannot be submitted before its office opened.', [submittedOnDate, office.openingDate], 'submittedOnDate');
    }
    const staffId = await this.resolveStaff(tx, actor, office, input.staffId ?? null, true);
    await this.assertExternalIdFree(tx, input.externalId ?? null, null);
    await this.assertCodeValues(tx, input);

    const client = new Client();
    client.tenantId = tx.tenantId;
    client.legalFormId = input.legalFormId!;
    if (entity) {
      client.fullname = input.fullname!.trim();
      applyNonPerson(client, input.clientNonPersonDetails ?? {});
      assertScumlOnFile(client);
    } else {
      client.firstname = input.firstname!.trim();
      client.middlename = input.middlename?.trim() || null;
      client.lastname = input.lastname!.trim();
    }
    client.displayName = displayNameOf(client);
    client.officeId = office.id;
    client.staffId = staffId;
    client.externalId = input.externalId ?? null;
    client.submittedOnDate = submittedOnDate;
    client.statusId = input.active ? CLIENT_STATUS_ACTIVE : CLIENT_STATUS_PENDING;
    client.activationDate = input.active ? input.activationDate! : null;
    client.mobileNo = input.mobileNo ?? null;
    client.emailAddress = input.emailAddress ?? null;
    client.dateOfBirth = input.dateOfBirth ?? null;
    client.nin = input.nin ?? null;
    client.genderId = input.genderId ?? null;
    client.clientTypeId = input.clientTypeId ?? null;
    client.clientClassificationId = input.clientClassificationId ?? null;
    // Corporate entities are tier 3 from onboarding (docs/interface.md); persons start at tier 1.
    client.kycTier = entity ? 3 : 1;
    if (input.bvn) {
      client.bvn = input.bvn;
      client.bvnVerified = bvnCheck!.verified;
    }
    client.id = await nextValue(tx, 'client');
    client.cif = `CIF${String(await nextValue(tx, 'client_cif')).padStart(8, '0')}`;
    client.accountNo = String(await nextValue(tx, 'client_account_no')).padStart(9, '0');
    client.createdBy = client.updatedBy = actor.userId;
    tx.em.persist(client);
    await this.flushUnique(tx, client.externalId);
    await emit(tx, { eventType: 'client.created', entityName: 'CLIENT', actionName: 'CREATE', data: clientEventData(client) });
    await this.detectDuplicateBvn(tx, client);
    return client;
  }

  async update(identity: Identity, ref: ClientRef, input: UpdateClientInput): Promise<ClientChange> {
    const actor = requireStaff(identity, 'UPDATE_CLIENT');
    const prepared = await this.prepareUpdate(actor, ref, input);
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, prepared));
  }

  /** Validates an update and asks the BVN engine about a new BVN, before (and outside) the update's transaction. */
  async prepareUpdate(actor: Actor, ref: ClientRef, input: UpdateClientInput): Promise<PreparedChange<UpdateClientInput>> {
    const id = await this.idOf(actor, ref);
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
    const client = await this.getVisible(tx, actor, id, true);
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
      await this.assertExternalIdFree(tx, input.externalId, client.id);
      client.externalId = changes.externalId = input.externalId;
    }
    if (input.staffId !== undefined && input.staffId !== client.staffId) {
      const office = await this.deps.officeInScope(tx, actor, client.officeId);
      client.staffId = changes.staffId = await this.resolveStaff(tx, actor, office!, input.staffId, false);
    }
    await this.assertCodeValues(tx, input);
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
      await this.flushUnique(tx, client.externalId);
      if (bvnChanged) await this.detectDuplicateBvn(tx, client);
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
    const client = await this.getVisible(tx, actor, ref, true);
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
    await this.detectDuplicateBvn(tx, client);
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
    const id = await this.idOf(actor, ref);
    const v = new Validator('client');
    validateContact(v, input);
    v.maxLength('proofOfAddressReference', input.proofOfAddressReference, 100);
    v.throwIfAny();
    return { id, input, bvnCheck: await this.checkBvn(actor, id, input.bvn ?? null, {}) };
  }

  async upgradeKycCore(tx: Tx, actor: Actor, { id, input, bvnCheck }: PreparedChange<UpgradeKycInput>): Promise<ClientChange> {
    const client = await this.getVisible(tx, actor, id, true);
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
    if (bvnChanged) await this.detectDuplicateBvn(tx, client);
    return { client, changes };
  }

  /** Fineract's assignStaff: the client's relationship officer becomes `staffId`. */
  async assignStaff(identity: Identity, ref: ClientRef, staffId: number | null | undefined): Promise<ClientChange> {
    const actor = requireStaff(identity, 'ASSIGNSTAFF_CLIENT');
    return this.db.tx(actor.tenantId, (tx) => this.assignStaffCore(tx, actor, ref, staffId));
  }

  async assignStaffCore(tx: Tx, actor: Actor, ref: ClientRef, staffId: number | null | undefined): Promise<ClientChange> {
    requiredOrThrow('staffId', staffId);
    const client = await this.getVisible(tx, actor, ref, true);
    const office = await this.deps.officeInScope(tx, actor, client.officeId);
    const assigned = await this.resolveStaff(tx, actor, office!, staffId!, false);
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
    const client = await this.getVisible(tx, actor, ref, true);
    if (client.staffId === null) throw errors.domainRule(CUSTOMER_CODES.clientHasNoStaff, `Client with identifier ${client.id} has no staff assigned.`, [client.id], 'staffId');
    if (client.staffId !== staffId) {
      throw errors.domainRule(CUSTOMER_CODES.clientStaffNotAssigned, `Staff ${staffId} is not the staff assigned to client ${client.id}.`, [staffId], 'staffId');
    }
    // An account officer's book is the clients assigned to them: releasing one would hide it from them for good.
    if (this.isAccountOfficer(actor)) throw errors.forbidden('An account officer cannot release a client from their own book.');
    client.staffId = null;
    client.updatedBy = actor.userId;
    await tx.em.flush();
    await emit(tx, { eventType: 'client.staff_unassigned', entityName: 'CLIENT', actionName: 'UNASSIGNSTAFF', data: clientEventData(client) });
    return { client, changes: { staffId: null } };
  }

  /** An Account Officer's book is exactly the clients booked to their staff record (the scope port decides who is one). */
  private isAccountOfficer(staff: StaffIdentity): boolean {
    return this.deps.portfolioStaffId(staff) !== undefined;
  }

  // ---- helpers -------------------------------------------------------------------------------

  /** The id of a client the caller may see (a short read for external ids; numbers pass through). */
  private async idOf(staff: StaffIdentity, ref: ClientRef): Promise<number> {
    if (typeof ref === 'number') return ref;
    return this.db.tx(staff.tenantId, async (tx) => (await this.getVisible(tx, staff, ref)).id);
  }

  /** genderId, clientTypeId, clientClassificationId must be values of their codes: 404 error.msg.codevalue.id.invalid otherwise. */
  private async assertCodeValues(tx: Tx, input: Partial<Record<keyof typeof CODE_FIELDS, number | null>>): Promise<void> {
    for (const [param, codeName] of Object.entries(CODE_FIELDS) as [keyof typeof CODE_FIELDS, string][]) {
      const valueId = input[param];
      if (valueId != null && !(await this.deps.codeValueValid(tx, codeName, valueId))) throw codeValueNotFound(param, valueId);
    }
  }

  /** Reads a client the caller may see, or 404 error.msg.client.id.invalid (also for other tenants' ids). */
  /**
   * Asks the verification engine about `bvn` (or, when null, the client's stored, unverified BVN) with
   * the holder's names, outside any transaction: an engine may be slow and must not hold a connection.
   */
  private async checkBvn(staff: StaffIdentity, id: number, bvn: string | null, names: BvnHolder): Promise<BvnCheck | null> {
    const current = await this.db.tx(staff.tenantId, (tx) => this.getVisible(tx, staff, id));
    const target = bvn ?? (current.bvnVerified ? null : current.bvn);
    if (!target) return null;
    const result = await this.bvnVerifier.verify(target, { firstname: names.firstname ?? current.firstname, lastname: names.lastname ?? current.lastname });
    return { bvn: target, result };
  }

  async getVisible(tx: Tx, staff: StaffIdentity, ref: ClientRef, forUpdate = false): Promise<Client> {
    const id = typeof ref === 'number' ? ref : (await tx.em.findOne(Client, { externalId: ref.externalId }, { fields: ['id'] }))?.id;
    const client = id === undefined ? null : await this.findInScope(tx, staff, id);
    if (!client) throw clientNotFound(ref);
    if (!forUpdate) return client;
    // Lock, then read again: the row as read before the lock may predate a concurrent command's commit
    // (two lifecycle commands would both see "pending" and both succeed).
    const locked = await tx.em.findOne(Client, { id: client.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!locked) throw clientNotFound(ref);
    return locked;
  }

  private async branchOffice(tx: Tx, staff: StaffIdentity, officeId: number): Promise<CustomerOffice> {
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
  private async resolveStaff(tx: Tx, staff: StaffIdentity, office: CustomerOffice, staffId: number | null, creating: boolean): Promise<number | null> {
    if (this.isAccountOfficer(staff)) {
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

  private async assertExternalIdFree(tx: Tx, externalId: string | null, exceptId: number | null): Promise<void> {
    if (!externalId) return;
    const clash = await tx.em.findOne(Client, { externalId, ...(exceptId === null ? {} : { id: { $ne: exceptId } }) });
    if (clash) throw duplicateExternalId(externalId);
  }

  /** Flushes; a concurrent request that took the same external id after our check loses with the same 403. */
  private async flushUnique(tx: Tx, externalId: string | null): Promise<void> {
    try {
      await tx.em.flush();
    } catch (error) {
      if (isUniqueViolation(error, 'client_external_id')) throw duplicateExternalId(externalId);
      throw error;
    }
  }

  /**
   * Active clients holding `bvn`, read under the BVN's lock (the one onboarding takes, held to the end of
   * the caller's transaction), so a concurrent onboarding of the same number waits and then sees this one.
   */
  async activeWithBvn(tx: Tx, bvn: string): Promise<{ id: number; cif: string }[]> {
    await this.lockBvn(tx, bvn);
    const found = await tx.em.find(Client, { bvn, statusId: CLIENT_STATUS_ACTIVE }, { fields: ['id', 'cif'], orderBy: { id: 'asc' } });
    return found.map((c) => ({ id: c.id, cif: c.cif }));
  }

  /**
   * Compliance flag for an onboarding refused because its BVN is already on active clients (self-service
   * registration): bvn.duplicate_detected with no new client, naming the matching ones.
   */
  async reportRefusedDuplicateBvn(tx: Tx, matching: { id: number; cif: string }[], channel: string): Promise<void> {
    await emit(tx, {
      eventType: 'bvn.duplicate_detected',
      entityName: 'CLIENT',
      actionName: 'BVNDUPLICATE',
      data: { clientId: null, channel, matchingClientIds: matching.map((m) => m.id), matchingCifs: matching.map((m) => m.cif) },
    });
  }

  private async lockBvn(tx: Tx, bvn: string): Promise<void> {
    await tx.em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`${tx.tenantId}:bvn:${bvn}`]);
  }

  /**
   * Compliance flag (docs/interface.md, Events): the BVN is already on another active client of the tenant.
   * Onboarding goes on; the client is flagged and bvn.duplicate_detected is written with the change.
   * An advisory lock per BVN serializes concurrent onboardings of the same number, so neither misses the other.
   */
  private async detectDuplicateBvn(tx: Tx, client: Client): Promise<void> {
    if (!client.bvn) return;
    await this.lockBvn(tx, client.bvn);
    const others = await tx.em.find(Client, { bvn: client.bvn, id: { $ne: client.id }, statusId: CLIENT_STATUS_ACTIVE }, { fields: ['id', 'cif'], orderBy: { id: 'asc' } });
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

function requiredOrThrow(parameterName: string, value: unknown): void {
  const v = new Validator('client');
  v.required(parameterName, value);
  v.throwIfAny();
}

const duplicateExternalId = (externalId: string | null) =>
  errors.duplicate(CUSTOMER_CODES.clientDuplicateExternalId, `Client with externalId \`${externalId}\` already exists`, 'externalId', externalId);

function parseStatus(status: string): number | undefined {
  const s = status.trim().toLowerCase();
  if (s === 'active' || s === '300') return CLIENT_STATUS_ACTIVE;
  if (s === 'pending' || s === '100') return CLIENT_STATUS_PENDING;
  if (s === 'closed' || s === '600') return CLIENT_STATUS_CLOSED;
  if (s === 'withdrawn' || s === '400') return CLIENT_STATUS_WITHDRAWN;
  if (s === 'rejected' || s === '700') return CLIENT_STATUS_REJECTED;
  return undefined;
}

function validateContact(v: Validator, input: { mobileNo?: string | null; emailAddress?: string | null; bvn?: string | null; nin?: string | null }): void {
  v.maxLength('mobileNo', input.mobileNo, 50);
  if (input.emailAddress) {
    v.maxLength('emailAddress', input.emailAddress, 150);
    v.check(EMAIL_PATTERN.test(input.emailAddress), 'emailAddress', 'invalid.format', 'The parameter `emailAddress` is not a valid email address.', input.emailAddress);
  }
  if (input.bvn) v.check(BVN_PATTERN.test(input.bvn), 'bvn', 'must.be.11.digits', 'The parameter `bvn` must be exactly 11 digits.', input.bvn);
  if (input.nin) v.check(NIN_PATTERN.test(input.nin), 'nin', 'must.be.11.digits', 'The parameter `nin` must be exactly 11 digits.', input.nin);
}

function validateNonPerson(v: Validator, details: NonPersonDetailsInput | null | undefined): void {
  if (!details) return;
  const inRange = (value: number | null | undefined, [min, max]: readonly [number, number]) => value == null || (value >= min && value <= max);
  v.check(inRange(details.constitutionId, CONSTITUTION_RANGE), 'constitutionId', 'is.not.within.expected.range', `The parameter \`constitutionId\` must be between ${CONSTITUTION_RANGE[0]} and ${CONSTITUTION_RANGE[1]}.`, details.constitutionId);
  v.check(inRange(details.mainBusinessLineId, BUSINESS_LINE_RANGE), 'mainBusinessLineId', 'is.not.within.expected.range', `The parameter \`mainBusinessLineId\` must be between ${BUSINESS_LINE_RANGE[0]} and ${BUSINESS_LINE_RANGE[1]}.`, details.mainBusinessLineId);
  v.maxLength('incorpNumber', details.incorpNumber, 100);
  v.maxLength('remarks', details.remarks, 500);
  v.maxLength('scumlNumber', details.scumlNumber, 100);
}

function applyNonPerson(client: Client, details: NonPersonDetailsInput): void {
  for (const key of ['constitutionId', 'mainBusinessLineId', 'incorpNumber', 'incorpValidityTillDate', 'remarks', 'scumlNumber'] as const) {
    if (details[key] !== undefined) (client[key] as unknown) = details[key];
  }
}

/** A designated non-financial business (see kyc.ts BUSINESS_LINES) cannot be on file without its SCUML number. */
export function assertScumlOnFile(client: Pick<Client, 'mainBusinessLineId' | 'scumlNumber'>): void {
  if (requiresScumlNumber(client.mainBusinessLineId) && !client.scumlNumber) {
    new Validator('client')
      .fail('scumlNumber', 'required.for.designated.business', `Business line ${client.mainBusinessLineId} is a designated non-financial business: \`scumlNumber\` is mandatory.`, null, [client.mainBusinessLineId])
      .throwIfAny();
  }
}

function nonPersonSnapshot(c: Client) {
  return { constitutionId: c.constitutionId, mainBusinessLineId: c.mainBusinessLineId, incorpNumber: c.incorpNumber, incorpValidityTillDate: c.incorpValidityTillDate, remarks: c.remarks, scumlNumber: c.scumlNumber };
}

export function clientEventData(client: Client): Record<string, unknown> {
  return {
    clientId: client.id,
    cif: client.cif,
    accountNo: client.accountNo,
    officeId: client.officeId,
    staffId: client.staffId,
    legalFormId: client.legalFormId,
    displayName: client.displayName,
    externalId: client.externalId,
    statusId: client.statusId,
    kycTier: client.kycTier,
    activationDate: client.activationDate,
  };
}
