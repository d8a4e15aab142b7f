import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { enumOption, type EnumOption } from '../kernel/enum-option.type.js';
import { requireStaff } from '../kernel/identity.js';
import { loader } from '../platform/loaders.js';
import type { RequestContext } from '../platform/request-context.js';
import { errors } from '../kernel/errors.js';
import { connection, keysetPage, type Connection } from '../kernel/connection.js';
import { clientStatusOption } from '../kernel/client-status.js';
import { CLIENT_STATUS_ACTIVE, LEGAL_FORM_ENTITY, type Client, type ClientOfficial } from './client.entity.js';
import type { ClientChange, ClientRef, LifecycleInput } from './client.model.js';
import type { LifecycleCommand } from './domain/client-lifecycle.js';
import type { CorporateKyc } from './corporate-kyc.service.js';
import type { CustomerServices } from './customer.services.js';
import type { CodeValueRef } from './customer.ports.js';
import {
  ActivateClientInput, ClientChangePayload, ClientCodeValueType, ClientGroupType, ClientStaffInput, CloseClientInput, ReactivateClientInput, RejectClientInput, ReopenClientInput, WithdrawClientInput, ClientDayCountType, ClientOfficialInput, ClientOfficialType, ClientPageType, ClientConnectionType, ClientSearchInput, ClientType, CorporateKycChangePayload,
  CorporateKycInput, CorporateKycStatusType, CorporateKycType, CreateClientInput, KycTierLimitsType, OfficeReference, StaffReference, UpdateClientInput, UpgradeKycInput,
} from './customer.types.js';
import { CONSTITUTIONS, KYC_TIER_LIMITS } from './kyc.js';
import { CUSTOMER_CODES } from './codes.js';
import { ClientStatusEnum, clientStatusEnum } from './client.enums.js';

export const LEGAL_FORMS: EnumOption[] = [enumOption(1, 'legalFormType.person', 'Person'), enumOption(2, 'legalFormType.entity', 'Entity')];

export function statusOption(statusId: number): EnumOption {
  const { id, code, value } = clientStatusOption(statusId);
  return enumOption(id, code, value);
}

export function toClientType(c: Client): ClientType {
  const entity = c.legalFormId === LEGAL_FORM_ENTITY;
  return {
    id: c.id,
    cif: c.cif,
    accountNo: c.accountNo,
    externalId: c.externalId,
    kycTier: c.kycTier,
    status: statusOption(c.statusId),
    active: c.statusId === CLIENT_STATUS_ACTIVE,
    activationDate: c.activationDate,
    displayName: c.displayName,
    firstname: c.firstname,
    middlename: c.middlename,
    lastname: c.lastname,
    fullname: c.fullname,
    officeId: c.officeId,
    staffId: c.staffId,
    legalForm: LEGAL_FORMS[entity ? 1 : 0]!,
    clientNonPersonDetails: entity
      ? {
          constitutionId: c.constitutionId,
          constitution: c.constitutionId == null ? null : enumOption(c.constitutionId, `constitution.${c.constitutionId}`, CONSTITUTIONS[c.constitutionId] ?? String(c.constitutionId)),
          mainBusinessLineId: c.mainBusinessLineId,
          incorpNumber: c.incorpNumber,
          incorpValidityTillDate: c.incorpValidityTillDate,
          remarks: c.remarks,
          scumlNumber: c.scumlNumber,
        }
      : null,
    timeline: {
      submittedOnDate: c.submittedOnDate, activatedOnDate: c.activationDate, closedOnDate: c.closedOnDate, rejectedOnDate: c.rejectedOnDate,
      withdrawnOnDate: c.withdrawnOnDate, reactivatedOnDate: c.reactivatedOnDate, reopenedOnDate: c.reopenedOnDate,
    },
    codeValueIds: {
      gender: c.genderId, clientType: c.clientTypeId, clientClassification: c.clientClassificationId,
      closureReason: c.closureReasonId, rejectionReason: c.rejectionReasonId, withdrawalReason: c.withdrawalReasonId,
    },
    mobileNo: c.mobileNo,
    emailAddress: c.emailAddress,
    dateOfBirth: c.dateOfBirth,
    bvn: c.bvn,
    bvnVerified: c.bvnVerified,
    bvnDuplicate: c.bvnDuplicate,
    nin: c.nin,
    proofOfAddressReference: c.proofOfAddressReference,
  };
}

export function toOfficialType(o: ClientOfficial): ClientOfficialType {
  return { id: o.id, clientId: o.clientId, officialType: o.officialType, name: o.name, bvn: o.bvn, tin: o.tin, ownershipPct: o.ownershipPct, phone: o.phone, email: o.email };
}

const toKycType = (k: CorporateKyc): CorporateKycType => ({ ...k });

/** Fineract's /clients/{id} and /clients/external-id/{externalId}: exactly one of the two names the client. */
function clientRef(id: number | undefined | null, externalId: string | undefined | null): ClientRef {
  if ((id == null) === (externalId == null)) {
    throw errors.badRequest(CUSTOMER_CODES.clientIdOrExternalIdRequired, 'Give exactly one of `id` and `externalId`.', 'id');
  }
  return id ?? { externalId: externalId! };
}

const toPayload = ({ client, changes }: ClientChange): ClientChangePayload => ({ client: toClientType(client), changes });

@Resolver(() => ClientType)
export class ClientResolver {
  constructor(private readonly services: CustomerServices) {}

  @FieldResolver(() => ClientStatusEnum, { nullable: true, description: 'The status as an enum, beside Fineract\'s status object (null for a status outside the set).' })
  statusEnum(@Root() client: ClientType): ClientStatusEnum | null {
    return clientStatusEnum(client.status.id);
  }

  @Query(() => ClientType, { description: 'A client by id or by external id.' })
  async client(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".', nullable: true }) id?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
  ): Promise<ClientType> {
    return toClientType(await this.services.clients.get(ctx.identity, clientRef(id, externalId)));
  }

  @Query(() => ClientPageType, { description: 'Clients visible to the caller (office subtree; an account officer sees only their own book).' })
  async clients(
    @Ctx() ctx: RequestContext,
    @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
    @Arg('displayName', () => String, { nullable: true, description: 'Case-insensitive substring.' }) displayName?: string,
    @Arg('status', () => String, { nullable: true, description: 'active, pending or closed.' }) status?: string,
    @Arg('search', () => String, { nullable: true, description: 'A substring of the display name, or exactly an account number, CIF, external id or mobile number.' }) search?: string,
    @Arg('staffId', () => Int, { description: 'Staff member id.', nullable: true }) staffId?: number,
    @Arg('offset', () => Int, { description: 'Rows to skip before the page starts (0 when omitted).', nullable: true }) offset?: number,
    @Arg('limit', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) limit?: number,
    @Arg('orderBy', () => String, { nullable: true, description: 'id, accountNo, displayName, externalId, officeId, status, submittedOnDate... (Fineract orderBy).' }) orderBy?: string,
    @Arg('sortOrder', () => String, { nullable: true, description: 'ASC or DESC.' }) sortOrder?: string,
  ): Promise<ClientPageType> {
    const page = await this.services.clients.list(ctx.identity, { officeId, externalId, displayName, search, status, staffId, offset, limit, orderBy, sortOrder });
    return { totalFilteredRecords: page.total, pageItems: page.items.map(toClientType) };
  }

  @Query(() => ClientConnectionType, { description: 'Clients visible to the caller as a cursor page (Relay connection), by id: the same filters and walls as clients.' })
  async clientsConnection(
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) first?: number,
    @Arg('after', () => String, { description: 'Resume after this cursor (an endCursor or edge cursor this list returned); from the start when omitted.', nullable: true }) after?: string,
    @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
    @Arg('displayName', () => String, { nullable: true, description: 'Case-insensitive substring.' }) displayName?: string,
    @Arg('status', () => String, { nullable: true, description: 'active, pending or closed.' }) status?: string,
    @Arg('search', () => String, { nullable: true, description: 'A substring of the display name, or exactly an account number, CIF, external id or mobile number.' }) search?: string,
    @Arg('staffId', () => Int, { description: 'Staff member id.', nullable: true }) staffId?: number,
  ): Promise<Connection<ClientType>> {
    const page = keysetPage('clients', 1, first, after);
    const found = await this.services.clients.keysetPage(ctx.identity, { officeId, externalId, displayName, search, status, staffId }, page);
    return connection('clients', page, found.items, found.total, (c) => [c.id], toClientType);
  }

  @Query(() => ClientPageType, { description: "Fineract's v2 client search: the text as in clients(search:), pages numbered from 0 (size at most 200)." })
  async clientSearch(@Arg('input', () => ClientSearchInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: ClientSearchInput, @Ctx() ctx: RequestContext): Promise<ClientPageType> {
    const sort = input.sorts?.[0];
    const result = await this.services.clients.searchPage(ctx.identity, { text: input.request?.text, page: input.page, size: input.size, orderBy: sort?.property, sortOrder: sort?.direction });
    return { totalFilteredRecords: result.total, pageItems: result.items.map(toClientType) };
  }

  @Query(() => [ClientDayCountType], { description: "Clients activated on each of the 12 days before today at an office and below it (Fineract's ClientTrendsByDay)." })
  async clientTrendsByDay(@Ctx() ctx: RequestContext, @Arg('officeId', () => Int, { description: 'Office (branch) id: only records of this office and its sub-offices; omit for every office you can see.', nullable: true }) officeId?: number): Promise<ClientDayCountType[]> {
    return (await this.services.clients.trendsByDay(ctx.identity, officeId)).map((d) => ({ days: d.day, count: d.count }));
  }

  @Query(() => [KycTierLimitsType], { description: 'KYC tier limits (docs/interface.md, KYC tiers).' })
  kycTierLimits(): KycTierLimitsType[] {
    return Object.values(KYC_TIER_LIMITS).map((l) => ({ ...l, requirements: [...l.requirements] }));
  }

  @Query(() => CorporateKycType, { description: 'KYC details of an entity client.' })
  async corporateKyc(@Arg('clientId', () => Int, { description: 'Client id.' }) clientId: number, @Ctx() ctx: RequestContext): Promise<CorporateKycType> {
    return toKycType(await this.services.corporateKyc.get(ctx.identity, clientId));
  }

  @Query(() => CorporateKycStatusType, { description: 'Whether an entity client\'s KYC is complete, and what is missing.' })
  async corporateKycStatus(@Arg('clientId', () => Int, { description: 'Client id.' }) clientId: number, @Ctx() ctx: RequestContext): Promise<CorporateKycStatusType> {
    return this.services.corporateKyc.status(ctx.identity, clientId);
  }

  @Query(() => [ClientOfficialType], { description: 'Directors and signatories of an entity client.' })
  async clientOfficials(@Arg('clientId', () => Int, { description: 'Client id.' }) clientId: number, @Ctx() ctx: RequestContext): Promise<ClientOfficialType[]> {
    return (await this.services.corporateKyc.officials(ctx.identity, clientId)).map(toOfficialType);
  }

  @Mutation(() => ClientType, { description: 'Creates a client: pending, or active when `active` is true with an activationDate.' })
  async createClient(@Arg('input', () => CreateClientInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateClientInput, @Ctx() ctx: RequestContext): Promise<ClientType> {
    return toClientType(await this.services.onboarding.create(ctx.identity, input));
  }

  @Mutation(() => ClientChangePayload, { description: 'Changes a client; omitted fields stay as they are.' })
  async updateClient(
    @Arg('input', () => UpdateClientInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateClientInput,
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".', nullable: true }) id?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
  ): Promise<ClientChangePayload> {
    return toPayload(await this.services.maintenance.update(ctx.identity, clientRef(id, externalId), input));
  }

  @Mutation(() => ClientChangePayload, { description: 'Activates a pending client.' })
  async activateClient(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".', nullable: true }) id?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
    @Arg('input', () => ActivateClientInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.', nullable: true }) input?: ActivateClientInput,
  ): Promise<ClientChangePayload> {
    return toPayload(await this.services.maintenance.activate(ctx.identity, clientRef(id, externalId), input?.activationDate));
  }

  @Mutation(() => ClientChangePayload, { description: 'KYC tier 1 -> 2 (verified BVN, NIN, proof of address).' })
  async upgradeClientKyc(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".', nullable: true }) id?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
    @Arg('input', () => UpgradeKycInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.', nullable: true }) input?: UpgradeKycInput,
  ): Promise<ClientChangePayload> {
    return toPayload(await this.services.maintenance.upgradeKyc(ctx.identity, clientRef(id, externalId), input ?? {}));
  }

  @Mutation(() => ClientChangePayload, { description: "Makes staffId the client's relationship officer (Fineract assignStaff)." })
  async assignClientStaff(
    @Arg('input', () => ClientStaffInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: ClientStaffInput,
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".', nullable: true }) id?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
  ): Promise<ClientChangePayload> {
    return toPayload(await this.services.maintenance.assignStaff(ctx.identity, clientRef(id, externalId), input.staffId));
  }

  @Mutation(() => ClientChangePayload, { description: 'Removes the relationship officer staffId from the client (Fineract unassignStaff).' })
  async unassignClientStaff(
    @Arg('input', () => ClientStaffInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: ClientStaffInput,
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".', nullable: true }) id?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
  ): Promise<ClientChangePayload> {
    return toPayload(await this.services.maintenance.unassignStaff(ctx.identity, clientRef(id, externalId), input.staffId));
  }

  @Mutation(() => ClientChangePayload, { description: 'Active -> Closed (600); refused while accounts or loans are open.' })
  async closeClient(
    @Arg('input', () => CloseClientInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CloseClientInput,
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".', nullable: true }) id?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
  ): Promise<ClientChangePayload> {
    return this.lifecycle(ctx, id, externalId, 'close', { date: input.closureDate, reasonId: input.closureReasonId });
  }

  @Mutation(() => ClientChangePayload, { description: 'Pending -> Rejected (700).' })
  async rejectClient(
    @Arg('input', () => RejectClientInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: RejectClientInput,
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".', nullable: true }) id?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
  ): Promise<ClientChangePayload> {
    return this.lifecycle(ctx, id, externalId, 'reject', { date: input.rejectionDate, reasonId: input.rejectionReasonId });
  }

  @Mutation(() => ClientChangePayload, { description: 'Pending -> Withdrawn (800).' })
  async withdrawClient(
    @Arg('input', () => WithdrawClientInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: WithdrawClientInput,
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".', nullable: true }) id?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
  ): Promise<ClientChangePayload> {
    return this.lifecycle(ctx, id, externalId, 'withdraw', { date: input.withdrawalDate, reasonId: input.withdrawalReasonId });
  }

  @Mutation(() => ClientChangePayload, { description: 'Closed -> Pending (100); activate it again afterwards.' })
  async reactivateClient(
    @Arg('input', () => ReactivateClientInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: ReactivateClientInput,
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".', nullable: true }) id?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
  ): Promise<ClientChangePayload> {
    return this.lifecycle(ctx, id, externalId, 'reactivate', { date: input.reactivationDate });
  }

  @Mutation(() => ClientChangePayload, { description: 'Rejected -> Pending (100).' })
  async undoClientRejection(
    @Arg('input', () => ReopenClientInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: ReopenClientInput,
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".', nullable: true }) id?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
  ): Promise<ClientChangePayload> {
    return this.lifecycle(ctx, id, externalId, 'undoRejection', { date: input.reopenedDate });
  }

  @Mutation(() => ClientChangePayload, { description: 'Withdrawn -> Pending (100).' })
  async undoClientWithdrawal(
    @Arg('input', () => ReopenClientInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: ReopenClientInput,
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".', nullable: true }) id?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
  ): Promise<ClientChangePayload> {
    return this.lifecycle(ctx, id, externalId, 'undoWithdrawal', { date: input.reopenedDate });
  }

  @Mutation(() => ClientType, { description: 'Deletes a pending client; returns it as it was.' })
  async deleteClient(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".', nullable: true }) id?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
  ): Promise<ClientType> {
    return toClientType(await this.services.lifecycle.delete(ctx.identity, clientRef(id, externalId)));
  }

  private async lifecycle(ctx: RequestContext, id: number | undefined, externalId: string | undefined, command: LifecycleCommand, input: LifecycleInput): Promise<ClientChangePayload> {
    return toPayload(await this.services.lifecycle.changeStatus(ctx.identity, clientRef(id, externalId), command, input));
  }

  @Mutation(() => CorporateKycChangePayload, { description: 'Sets an entity client\'s KYC details.' })
  async updateCorporateKyc(@Arg('clientId', () => Int, { description: 'Client id.' }) clientId: number, @Arg('input', () => CorporateKycInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CorporateKycInput, @Ctx() ctx: RequestContext): Promise<CorporateKycChangePayload> {
    const { kyc, changes } = await this.services.corporateKyc.update(ctx.identity, clientId, input);
    return { corporateKyc: toKycType(kyc), changes };
  }

  @Mutation(() => ClientOfficialType, { description: 'Adds a director or signatory to an entity client.' })
  async createClientOfficial(@Arg('clientId', () => Int, { description: 'Client id.' }) clientId: number, @Arg('input', () => ClientOfficialInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: ClientOfficialInput, @Ctx() ctx: RequestContext): Promise<ClientOfficialType> {
    return toOfficialType(await this.services.corporateKyc.addOfficial(ctx.identity, clientId, input));
  }

  @Mutation(() => ClientOfficialType, { description: 'Removes an official; returns it as it was.' })
  async deleteClientOfficial(@Arg('clientId', () => Int, { description: 'Client id.' }) clientId: number, @Arg('officialId', () => Int, { description: 'Id of the director or signatory to remove.' }) officialId: number, @Ctx() ctx: RequestContext): Promise<ClientOfficialType> {
    return toOfficialType(await this.services.corporateKyc.removeOfficial(ctx.identity, clientId, officialId));
  }

  @FieldResolver(() => OfficeReference, { description: 'The branch, resolved by the organisation subgraph.' })
  office(@Root() client: ClientType): OfficeReference {
    return { id: client.officeId };
  }

  @FieldResolver(() => StaffReference, { nullable: true, description: 'The relationship officer, resolved by the organisation subgraph.' })
  staff(@Root() client: ClientType): StaffReference | null {
    return client.staffId == null ? null : { id: client.staffId };
  }

  @FieldResolver(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true })
  async officeName(@Root() client: ClientType, @Ctx() ctx: RequestContext): Promise<string | null> {
    const byId = loader<number, string>(ctx, 'officeName', (ids) => this.services.officeNames(ctx.identity.tenantId, ids));
    return byId.load(client.officeId);
  }

  @FieldResolver(() => String, { description: 'Display name of the staff member concerned, or null.', nullable: true })
  async staffName(@Root() client: ClientType, @Ctx() ctx: RequestContext): Promise<string | null> {
    if (client.staffId == null) return null;
    const byId = loader<number, string>(ctx, 'staffName', (ids) => this.services.clients.staffNames(ctx.identity.tenantId, ids));
    return byId.load(client.staffId);
  }

  @FieldResolver(() => [ClientGroupType], { description: 'The groups the client belongs to (a client may be in several).' })
  async groups(@Root() client: ClientType, @Ctx() ctx: RequestContext): Promise<ClientGroupType[]> {
    // The client itself was read through a scoped query; its memberships follow it.
    return this.services.clients.groupsOf(ctx.identity.tenantId, client.id);
  }

  @FieldResolver(() => [ClientOfficialType], { nullable: true })
  async officials(@Root() client: ClientType, @Ctx() ctx: RequestContext): Promise<ClientOfficialType[] | null> {
    if (client.legalForm.id !== LEGAL_FORM_ENTITY) return null;
    requireStaff(ctx.identity, 'READ_CLIENTOFFICIAL');
    // The client itself was read through a scoped query; its officials follow it.
    const byClient = loader<number, ClientOfficial[]>(ctx, 'clientOfficials', (ids) => this.services.corporateKyc.officialsByClientIds(ctx.identity.tenantId, ids));
    return ((await byClient.load(client.id)) ?? []).map(toOfficialType);
  }
}

/** Client code-valued fields, one batch of code values per request. */
@Resolver(() => ClientType)
export class ClientCodeValueFieldResolver {
  constructor(private readonly services: CustomerServices) {}

  private async value(ctx: RequestContext, id: number | null): Promise<ClientCodeValueType | null> {
    if (id == null) return null;
    const byId = loader<number, CodeValueRef>(ctx, 'clientCodeValue', (ids) => this.services.codeValues(ctx.identity.tenantId, ids));
    return byId.load(id);
  }

  @FieldResolver(() => ClientCodeValueType, { nullable: true })
  gender(@Root() client: ClientType, @Ctx() ctx: RequestContext) {
    return this.value(ctx, client.codeValueIds.gender);
  }

  @FieldResolver(() => ClientCodeValueType, { nullable: true })
  clientType(@Root() client: ClientType, @Ctx() ctx: RequestContext) {
    return this.value(ctx, client.codeValueIds.clientType);
  }

  @FieldResolver(() => ClientCodeValueType, { nullable: true })
  clientClassification(@Root() client: ClientType, @Ctx() ctx: RequestContext) {
    return this.value(ctx, client.codeValueIds.clientClassification);
  }

  @FieldResolver(() => ClientCodeValueType, { nullable: true })
  closureReason(@Root() client: ClientType, @Ctx() ctx: RequestContext) {
    return this.value(ctx, client.codeValueIds.closureReason);
  }

  @FieldResolver(() => ClientCodeValueType, { nullable: true })
  rejectionReason(@Root() client: ClientType, @Ctx() ctx: RequestContext) {
    return this.value(ctx, client.codeValueIds.rejectionReason);
  }

  @FieldResolver(() => ClientCodeValueType, { nullable: true })
  withdrawalReason(@Root() client: ClientType, @Ctx() ctx: RequestContext) {
    return this.value(ctx, client.codeValueIds.withdrawalReason);
  }
}

/** Client.corporateKyc lives apart: the class above already has a corporateKyc query method. */
@Resolver(() => ClientType)
export class ClientKycFieldResolver {
  constructor(private readonly services: CustomerServices) {}

  @FieldResolver(() => CorporateKycType, { description: 'KYC details of an entity (corporate) client, or null.', nullable: true })
  async corporateKyc(@Root() client: ClientType, @Ctx() ctx: RequestContext): Promise<CorporateKycType | null> {
    if (client.legalForm.id !== LEGAL_FORM_ENTITY) return null;
    return toKycType(await this.services.corporateKyc.get(ctx.identity, client.id));
  }
}
