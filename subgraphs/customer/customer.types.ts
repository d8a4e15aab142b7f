import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { declareParameterFields } from '../kernel/fineract-parameters.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';
import { CLIENT_PARAMETERS } from './client.parameters.js';

@ObjectType('ClientNonPersonDetails', { description: 'Corporate details of an entity client (legalFormId 2).' })
export class ClientNonPersonDetailsType {
  @Field(() => Int, { nullable: true }) constitutionId!: number | null;
  @Field(() => EnumOption, { nullable: true, description: 'Legal entity type, codes 200200..200207.' }) constitution!: EnumOption | null;
  @Field(() => Int, { nullable: true, description: 'Industry sector code, 200220..200232.' }) mainBusinessLineId!: number | null;
  @Field(() => String, { nullable: true }) incorpNumber!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) incorpValidityTillDate!: string | null;
  @Field(() => String, { nullable: true }) remarks!: string | null;
  @Field(() => String, { nullable: true }) scumlNumber!: string | null;
}

@ObjectType('ClientTimeline')
export class ClientTimelineType {
  @Field(() => LocalDateScalar) submittedOnDate!: string;
  @Field(() => LocalDateScalar, { nullable: true }) activatedOnDate!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) closedOnDate?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) rejectedOnDate?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) withdrawnOnDate?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) reactivatedOnDate?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) reopenedOnDate?: string | null;
}

@ObjectType('ClientCodeValue', { description: "A code value on a client (gender, client type, classification, reasons), Fineract's {id, name, active, mandatory}." })
export class ClientCodeValueType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field() active!: boolean;
  @Field() mandatory!: boolean;
}

@ObjectType('ClientOfficial', { description: 'A director, signatory or beneficial owner of a corporate client.' })
export class ClientOfficialType {
  @Field(() => Int) id!: number;
  @Field(() => Int) clientId!: number;
  @Field({ description: 'DIRECTOR, SIGNATORY or BENEFICIAL_OWNER.' }) officialType!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) bvn!: string | null;
  @Field(() => String, { nullable: true }) tin!: string | null;
  @Field(() => DecimalScalar, { nullable: true, description: 'Percentage of equity or control.' }) ownershipPct!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => String, { nullable: true }) email!: string | null;
}

@ObjectType('CorporateKyc', { description: 'Corporate KYC attributes (docs/interface.md, Resources). scumlExpiry is an ISO 8601 date string.' })
export class CorporateKycType {
  @Field(() => Int) clientId!: number;
  @Field(() => String, { nullable: true }) tin!: string | null;
  @Field(() => String, { nullable: true }) scumlNumber!: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' }) scumlExpiry!: string | null;
}

/** The organisation subgraph's Office, referenced by id; the gateway fetches its other fields from there. */
@Directive('@key(fields: "id", resolvable: false)')
@ObjectType('Office')
export class OfficeReference {
  @Field(() => Int) id!: number;
}

/** The organisation subgraph's Staff, referenced by id. */
@Directive('@key(fields: "id", resolvable: false)')
@ObjectType('Staff')
export class StaffReference {
  @Field(() => Int) id!: number;
}

@Directive('@key(fields: "id")')
@ObjectType('Client', { description: 'A customer: a person (legalFormId 1) or a corporate entity (2), identified by a fixed CIF.' })
export class ClientType {
  @Field(() => Int) id!: number;
  @Field({ description: '"CIF" followed by 8 digits; never changes.' }) cif!: string;
  @Field({ description: '9 digits.' }) accountNo!: string;
  @Field(() => String, { nullable: true }) externalId!: string | null;
  @Field(() => Int, { description: 'KYC tier 1, 2 or 3 (docs/interface.md, KYC tiers).' }) kycTier!: number;
  @Field(() => EnumOption, { description: '100 Pending, 300 Active, 400 Withdrawn, 600 Closed, 700 Rejected.' }) status!: EnumOption;
  @Field() active!: boolean;
  @Field(() => LocalDateScalar, { nullable: true }) activationDate!: string | null;
  @Field() displayName!: string;
  @Field(() => String, { nullable: true }) firstname!: string | null;
  @Field(() => String, { nullable: true }) middlename!: string | null;
  @Field(() => String, { nullable: true }) lastname!: string | null;
  @Field(() => String, { nullable: true }) fullname!: string | null;
  @Field(() => Int) officeId!: number;
  @Field(() => String, { nullable: true }) officeName?: string | null;
  @Field(() => Int, { nullable: true }) staffId!: number | null;
  @Field(() => String, { nullable: true }) staffName?: string | null;
  @Field(() => EnumOption) legalForm!: EnumOption;
  @Field(() => ClientNonPersonDetailsType, { nullable: true }) clientNonPersonDetails!: ClientNonPersonDetailsType | null;
  @Field(() => ClientTimelineType) timeline!: ClientTimelineType;
  @Field(() => String, { nullable: true }) mobileNo!: string | null;
  @Field(() => String, { nullable: true }) emailAddress!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) dateOfBirth!: string | null;
  @Field(() => String, { nullable: true }) bvn!: string | null;
  @Field() bvnVerified!: boolean;
  @Field({ description: 'Compliance flag: the BVN is also on another active client of the institution.' }) bvnDuplicate!: boolean;
  @Field(() => String, { nullable: true }) nin!: string | null;
  @Field(() => String, { nullable: true }) proofOfAddressReference!: string | null;
  @Field(() => [ClientOfficialType], { nullable: true, description: 'Corporate entities only.' }) officials?: ClientOfficialType[] | null;
  @Field(() => CorporateKycType, { nullable: true, description: 'Corporate entities only.' }) corporateKyc?: CorporateKycType | null;
  @Field(() => ClientCodeValueType, { nullable: true, description: 'A value of the code Gender.' }) gender?: ClientCodeValueType | null;
  @Field(() => ClientCodeValueType, { nullable: true, description: 'A value of the code ClientType.' }) clientType?: ClientCodeValueType | null;
  @Field(() => ClientCodeValueType, { nullable: true, description: 'A value of the code ClientClassification.' }) clientClassification?: ClientCodeValueType | null;
  @Field(() => ClientCodeValueType, { nullable: true, description: 'Why the client was closed (code ClientClosureReason).' }) closureReason?: ClientCodeValueType | null;
  @Field(() => ClientCodeValueType, { nullable: true, description: 'Why the client was rejected (code ClientRejectReason).' }) rejectionReason?: ClientCodeValueType | null;
  @Field(() => ClientCodeValueType, { nullable: true, description: 'Why the client withdrew (code ClientWithdrawReason).' }) withdrawalReason?: ClientCodeValueType | null;
  /** Code value ids behind the fields above; resolved to values in one batch per request. */
  codeValueIds!: { gender: number | null; clientType: number | null; clientClassification: number | null; closureReason: number | null; rejectionReason: number | null; withdrawalReason: number | null };
}

@InputType({ description: "Fineract's v2 client search text." })
export class ClientSearchTextInput {
  @Field(() => String, { nullable: true }) text?: string | null;
}

@InputType()
export class ClientSearchSortInput {
  @Field(() => String) property!: string;
  @Field(() => String, { nullable: true, description: 'ASC or DESC.' }) direction?: string | null;
}

@InputType({ description: "Fineract's POST /v2/clients/search body: a page number from 0 and a page size." })
export class ClientSearchInput {
  @Field(() => ClientSearchTextInput, { nullable: true }) request?: ClientSearchTextInput | null;
  @Field(() => Int, { nullable: true }) page?: number | null;
  @Field(() => Int, { nullable: true }) size?: number | null;
  @Field(() => [ClientSearchSortInput], { nullable: true }) sorts?: ClientSearchSortInput[] | null;
}

@ObjectType('ClientDayCount', { description: 'Clients activated on one day (the ClientTrendsByDay report).' })
export class ClientDayCountType {
  @Field(() => LocalDateScalar) days!: string;
  @Field(() => Int) count!: number;
}

@ObjectType('ClientPage')
export class ClientPageType {
  @Field(() => Int) totalFilteredRecords!: number;
  @Field(() => [ClientType]) pageItems!: ClientType[];
}

@ObjectType()
export class ClientChangePayload {
  @Field(() => ClientType) client!: ClientType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@ObjectType()
export class CorporateKycChangePayload {
  @Field(() => CorporateKycType) corporateKyc!: CorporateKycType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@ObjectType('CorporateKycStatus', { description: 'Whether the tier 3 requirements held by the customer module are on file.' })
export class CorporateKycStatusType {
  @Field(() => Int) clientId!: number;
  @Field(() => Int) kycTier!: number;
  @Field() complete!: boolean;
  @Field(() => [String]) missing!: string[];
  @Field(() => DecimalScalar) beneficialOwnershipPct!: string;
}

@ObjectType('KycTierLimits', { description: 'Interface section 8; null amounts are unlimited.' })
export class KycTierLimitsType {
  @Field(() => Int) tier!: number;
  @Field(() => DecimalScalar, { nullable: true }) maxSingleDeposit!: string | null;
  @Field(() => DecimalScalar, { nullable: true }) maxCumulativeBalance!: string | null;
  @Field(() => [String]) requirements!: string[];
}

@InputType()
export class ClientNonPersonDetailsInput {
  @Field(() => Int, { nullable: true }) constitutionId?: number | null;
  @Field(() => Int, { nullable: true }) mainBusinessLineId?: number | null;
  @Field(() => String, { nullable: true }) incorpNumber?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) incorpValidityTillDate?: string | null;
  @Field(() => String, { nullable: true }) remarks?: string | null;
  @Field(() => String, { nullable: true }) scumlNumber?: string | null;
}

@InputType()
export class CreateClientInput {
  @Field(() => Int, { nullable: true }) officeId?: number | null;
  @Field(() => Int, { nullable: true, description: '1 person, 2 entity.' }) legalFormId?: number | null;
  @Field(() => String, { nullable: true }) firstname?: string | null;
  @Field(() => String, { nullable: true }) middlename?: string | null;
  @Field(() => String, { nullable: true }) lastname?: string | null;
  @Field(() => String, { nullable: true }) fullname?: string | null;
  @Field(() => String, { nullable: true }) externalId?: string | null;
  @Field(() => Int, { nullable: true }) staffId?: number | null;
  @Field(() => Boolean, { nullable: true }) active?: boolean | null;
  @Field(() => LocalDateScalar, { nullable: true }) activationDate?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) submittedOnDate?: string | null;
  @Field(() => String, { nullable: true }) mobileNo?: string | null;
  @Field(() => String, { nullable: true }) emailAddress?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) dateOfBirth?: string | null;
  @Field(() => String, { nullable: true }) bvn?: string | null;
  @Field(() => String, { nullable: true }) nin?: string | null;
  @Field(() => ClientNonPersonDetailsInput, { nullable: true }) clientNonPersonDetails?: ClientNonPersonDetailsInput | null;
  @Field(() => Int, { nullable: true, description: 'A value of the code Gender.' }) genderId?: number | null;
  @Field(() => Int, { nullable: true, description: 'A value of the code ClientType.' }) clientTypeId?: number | null;
  @Field(() => Int, { nullable: true, description: 'A value of the code ClientClassification.' }) clientClassificationId?: number | null;
}
declareParameterFields(CreateClientInput, CLIENT_PARAMETERS);

@InputType({ description: 'cif, accountNo and officeId are not changeable here.' })
export class UpdateClientInput {
  @Field(() => String, { nullable: true }) firstname?: string | null;
  @Field(() => String, { nullable: true }) middlename?: string | null;
  @Field(() => String, { nullable: true }) lastname?: string | null;
  @Field(() => String, { nullable: true }) fullname?: string | null;
  @Field(() => String, { nullable: true }) externalId?: string | null;
  @Field(() => Int, { nullable: true }) staffId?: number | null;
  @Field(() => String, { nullable: true }) mobileNo?: string | null;
  @Field(() => String, { nullable: true }) emailAddress?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) dateOfBirth?: string | null;
  @Field(() => String, { nullable: true }) bvn?: string | null;
  @Field(() => String, { nullable: true }) nin?: string | null;
  @Field(() => String, { nullable: true }) proofOfAddressReference?: string | null;
  @Field(() => ClientNonPersonDetailsInput, { nullable: true }) clientNonPersonDetails?: ClientNonPersonDetailsInput | null;
  @Field(() => Int, { nullable: true, description: 'A value of the code Gender.' }) genderId?: number | null;
  @Field(() => Int, { nullable: true, description: 'A value of the code ClientType.' }) clientTypeId?: number | null;
  @Field(() => Int, { nullable: true, description: 'A value of the code ClientClassification.' }) clientClassificationId?: number | null;
}

@InputType()
export class ActivateClientInput {
  @Field(() => LocalDateScalar, { nullable: true, description: 'Defaults to today.' }) activationDate?: string | null;
}

@InputType()
export class UpgradeKycInput {
  @Field(() => String, { nullable: true }) bvn?: string | null;
  @Field(() => String, { nullable: true }) nin?: string | null;
  @Field(() => String, { nullable: true }) proofOfAddressReference?: string | null;
}

@InputType()
export class CorporateKycInput {
  @Field(() => String, { nullable: true }) tin?: string | null;
  @Field(() => String, { nullable: true }) scumlNumber?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 8601 date YYYY-MM-DD.' }) scumlExpiry?: string | null;
}

@InputType()
export class ClientOfficialInput {
  @Field(() => String, { nullable: true, description: 'DIRECTOR, SIGNATORY or BENEFICIAL_OWNER.' }) officialType?: string | null;
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) bvn?: string | null;
  @Field(() => String, { nullable: true }) tin?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) ownershipPct?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
}

@InputType({ description: 'assignStaff / unassignStaff.' })
export class ClientStaffInput {
  @Field(() => Int, { nullable: true }) staffId?: number | null;
}

@InputType()
export class CloseClientInput {
  @Field(() => LocalDateScalar, { nullable: true }) closureDate?: string | null;
  @Field(() => Int, { nullable: true, description: 'A value of the code ClientClosureReason.' }) closureReasonId?: number | null;
}

@InputType()
export class RejectClientInput {
  @Field(() => LocalDateScalar, { nullable: true }) rejectionDate?: string | null;
  @Field(() => Int, { nullable: true, description: 'A value of the code ClientRejectReason.' }) rejectionReasonId?: number | null;
}

@InputType()
export class WithdrawClientInput {
  @Field(() => LocalDateScalar, { nullable: true }) withdrawalDate?: string | null;
  @Field(() => Int, { nullable: true, description: 'A value of the code ClientWithdrawReason.' }) withdrawalReasonId?: number | null;
}

@InputType()
export class ReactivateClientInput {
  @Field(() => LocalDateScalar, { nullable: true }) reactivationDate?: string | null;
}

@InputType({ description: 'undoRejection / undoWithdrawal.' })
export class ReopenClientInput {
  @Field(() => LocalDateScalar, { nullable: true }) reopenedDate?: string | null;
}
