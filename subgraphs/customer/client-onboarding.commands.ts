import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import { emit } from '../kernel/outbox.js';
import { todayIso } from '../kernel/scalars.js';
import { unsupportedParameters } from '../kernel/fineract-parameters.js';
import { nextValue } from '../kernel/sequence.js';
import { CLIENT_PARAMETERS } from './client.parameters.js';
import type { BvnVerifier } from './bvn-verifier.js';
import { Client, CLIENT_STATUS_ACTIVE, CLIENT_STATUS_PENDING, LEGAL_FORM_ENTITY, LEGAL_FORM_PERSON } from './client.entity.js';
import type { ClientChecks } from './client-checks.js';
import type { CreateClientInput, NewClient } from './client.model.js';
import { applyNonPerson, assertScumlOnFile, clientEventData, displayNameOf, validateContact, validateNonPerson } from './domain/client-rules.js';
import { CUSTOMER_CODES } from './codes.js';

/**
 * Onboarding clients (customers): the only creator of customer.client rows. `createCore(tx, actor, prepared)`
 * never opens a transaction, so a transaction script (self-registration) can compose it; what must not
 * hold a connection (the BVN engine) is asked first, in `prepareCreate`, whose result the core takes.
 */
export class ClientOnboarding {
  constructor(
    private readonly db: Database,
    private readonly bvnVerifier: BvnVerifier,
    private readonly checks: ClientChecks,
  ) {}

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
    const office = await this.checks.branchOffice(tx, actor, input.officeId!);
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
    const staffId = await this.checks.resolveStaff(tx, actor, office, input.staffId ?? null, true);
    await this.checks.assertExternalIdFree(tx, input.externalId ?? null, null);
    await this.checks.assertCodeValues(tx, input);

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
    await this.checks.flushUnique(tx, client.externalId);
    await emit(tx, { eventType: 'client.created', entityName: 'CLIENT', actionName: 'CREATE', data: clientEventData(client) });
    await this.checks.detectDuplicateBvn(tx, client);
    return client;
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
}
