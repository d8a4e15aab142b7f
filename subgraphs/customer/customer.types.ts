import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { connectionType } from '../kernel/connection.type.js';
import { declareParameterFields } from '../kernel/fineract-parameters.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';
import { CLIENT_PARAMETERS } from './client.parameters.js';

@ObjectType('ClientNonPersonDetails', { description: 'Corporate details of an entity client (legalFormId 2).' })
export class ClientNonPersonDetailsType {
  @Field(() => Int, { description: 'Code value id of the entity\'s constitution (legal form), or null.', nullable: true }) constitutionId!: number | null;
  @Field(() => EnumOption, { nullable: true, description: 'Legal entity type, codes 200200..200207.' }) constitution!: EnumOption | null;
  @Field(() => Int, { nullable: true, description: 'Industry sector code, 200220..200232.' }) mainBusinessLineId!: number | null;
  @Field(() => String, { description: 'Company registration number (CAC in Nigeria), or null.', nullable: true }) incorpNumber!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the incorporation certificate expires (YYYY-MM-DD), or null.', nullable: true }) incorpValidityTillDate!: string | null;
  @Field(() => String, { description: 'Free-text remarks, or null.', nullable: true }) remarks!: string | null;
  @Field(() => String, { description: 'SCUML registration number (Nigeria\'s Special Control Unit against Money Laundering), or null.', nullable: true }) scumlNumber!: string | null;
}

@ObjectType('ClientTimeline', { description: 'Dates of a client\'s lifecycle steps and who did them.' })
export class ClientTimelineType {
  @Field(() => LocalDateScalar, { description: 'Day the application was submitted (YYYY-MM-DD).' }) submittedOnDate!: string;
  @Field(() => LocalDateScalar, { description: 'Day it was activated (YYYY-MM-DD), or null.', nullable: true }) activatedOnDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day it was closed (YYYY-MM-DD), or null.', nullable: true }) closedOnDate?: string | null;
  @Field(() => LocalDateScalar, { description: 'Day it was rejected (YYYY-MM-DD), or null.', nullable: true }) rejectedOnDate?: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the applicant withdrew it (YYYY-MM-DD), or null.', nullable: true }) withdrawnOnDate?: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the client was reactivated (YYYY-MM-DD), or null.', nullable: true }) reactivatedOnDate?: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the client was reopened (YYYY-MM-DD), or null.', nullable: true }) reopenedOnDate?: string | null;
}

@ObjectType('ClientCodeValue', { description: "A code value on a client (gender, client type, classification, reasons), Fineract's {id, name, active, mandatory}." })
export class ClientCodeValueType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field({ description: 'True when the record is in use; inactive records are kept for history.' }) active!: boolean;
  @Field({ description: 'Fineract\'s `mandatory` flag of the code value.' }) mandatory!: boolean;
}

@ObjectType('ClientGroup', { description: 'A group the client belongs to (Fineract\'s `groups` of GET /clients/{id}).' })
export class ClientGroupType {
  @Field(() => Int, { description: 'The group\'s id.' }) id!: number;
  @Field({ description: 'The group\'s account number.' }) accountNo!: string;
  @Field({ description: 'The group\'s name.' }) name!: string;
  @Field(() => String, { description: 'The group\'s external id, or null.', nullable: true }) externalId!: string | null;
}

@ObjectType('ClientOfficial', { description: 'A director, signatory or beneficial owner of a corporate client.' })
export class ClientOfficialType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field({ description: 'DIRECTOR, SIGNATORY or BENEFICIAL_OWNER.' }) officialType!: string;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => String, { description: 'Bank Verification Number (11 digits), or null.', nullable: true }) bvn!: string | null;
  @Field(() => String, { description: 'Tax Identification Number, or null.', nullable: true }) tin!: string | null;
  @Field(() => DecimalScalar, { nullable: true, description: 'Percentage of equity or control.' }) ownershipPct!: string | null;
  @Field(() => String, { description: 'Phone number.', nullable: true }) phone!: string | null;
  @Field(() => String, { description: 'E-mail address, or null.', nullable: true }) email!: string | null;
}

@ObjectType('CorporateKyc', { description: 'Corporate KYC attributes (docs/interface.md, Resources). scumlExpiry is an ISO 8601 date string.' })
export class CorporateKycType {
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field(() => String, { description: 'Tax Identification Number, or null.', nullable: true }) tin!: string | null;
  @Field(() => String, { description: 'SCUML registration number (Nigeria\'s Special Control Unit against Money Laundering), or null.', nullable: true }) scumlNumber!: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' }) scumlExpiry!: string | null;
}

/** The organisation subgraph's Office, referenced by id; the gateway fetches its other fields from there. */
@Directive('@key(fields: "id", resolvable: false)')
@ObjectType('Office')
export class OfficeReference {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
}

/** The organisation subgraph's Staff, referenced by id. */
@Directive('@key(fields: "id", resolvable: false)')
@ObjectType('Staff', { description: 'A staff member of an office (loan officers included); not necessarily a user who can log in.' })
export class StaffReference {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
}

@Directive('@key(fields: "id")')
@ObjectType('Client', { description: 'A customer: a person (legalFormId 1) or a corporate entity (2), identified by a fixed CIF.' })
export class ClientType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: '"CIF" followed by 8 digits; never changes.' }) cif!: string;
  @Field({ description: '9 digits.' }) accountNo!: string;
  @Field(() => String, { description: 'Caller-supplied reference, unique per tenant; null when none was given.', nullable: true }) externalId!: string | null;
  @Field(() => Int, { description: 'KYC tier 1, 2 or 3 (docs/interface.md, KYC tiers).' }) kycTier!: number;
  @Field(() => EnumOption, { description: 'Fineract\'s client status: 100 Pending, 300 Active, 600 Closed, 700 Rejected, 800 Withdrawn (303 and 304, transfers, are never set here).' }) status!: EnumOption;
  @Field({ description: 'True when the record is in use; inactive records are kept for history.' }) active!: boolean;
  @Field(() => LocalDateScalar, { description: 'Day it was or is to be activated (YYYY-MM-DD).', nullable: true }) activationDate!: string | null;
  @Field({ description: 'Name to display: the person\'s names joined, or the entity\'s full name.' }) displayName!: string;
  @Field(() => String, { description: 'First (given) name of a person.', nullable: true }) firstname!: string | null;
  @Field(() => String, { description: 'Middle name of a person, or null.', nullable: true }) middlename!: string | null;
  @Field(() => String, { description: 'Last (family) name of a person.', nullable: true }) lastname!: string | null;
  @Field(() => String, { description: 'Full name of an entity (corporate) client; null for a person.', nullable: true }) fullname!: string | null;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true }) officeName?: string | null;
  @Field(() => Int, { description: 'Id of the staff member concerned, or null.', nullable: true }) staffId!: number | null;
  @Field(() => String, { description: 'Display name of the staff member concerned, or null.', nullable: true }) staffName?: string | null;
  @Field(() => EnumOption, { description: 'Legal form: 1 person, 2 entity (corporate).' }) legalForm!: EnumOption;
  @Field(() => ClientNonPersonDetailsType, { description: 'Details of an entity (corporate) client, or null for a person.', nullable: true }) clientNonPersonDetails!: ClientNonPersonDetailsType | null;
  @Field(() => ClientTimelineType, { description: 'Dates of the record\'s lifecycle steps and who did them.' }) timeline!: ClientTimelineType;
  @Field(() => String, { description: 'Mobile phone number in international or local format, or null.', nullable: true }) mobileNo!: string | null;
  @Field(() => String, { description: 'E-mail address, or null.', nullable: true }) emailAddress!: string | null;
  @Field(() => LocalDateScalar, { description: 'Date of birth (YYYY-MM-DD), or null.', nullable: true }) dateOfBirth!: string | null;
  @Field(() => String, { description: 'Bank Verification Number (11 digits), or null.', nullable: true }) bvn!: string | null;
  @Field({ description: 'True once the BVN was verified.' }) bvnVerified!: boolean;
  @Field({ description: 'Compliance flag: the BVN is also on another active client of the institution.' }) bvnDuplicate!: boolean;
  @Field(() => String, { description: 'National Identification Number (11 digits), or null.', nullable: true }) nin!: string | null;
  @Field(() => String, { description: 'Reference of the proof-of-address document on file, or null.', nullable: true }) proofOfAddressReference!: string | null;
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
  @Field(() => String, { description: 'Text to find in names, account numbers, mobile numbers or external ids.', nullable: true }) text?: string | null;
}

@InputType({ description: 'Sort order of a client search.' })
export class ClientSearchSortInput {
  @Field(() => String, { description: 'Field to sort by, e.g. "displayName".' }) property!: string;
  @Field(() => String, { nullable: true, description: 'ASC or DESC.' }) direction?: string | null;
}

@InputType({ description: "Fineract's POST /v2/clients/search body: a page number from 0 and a page size." })
export class ClientSearchInput {
  @Field(() => ClientSearchTextInput, { description: 'What to search for.', nullable: true }) request?: ClientSearchTextInput | null;
  @Field(() => Int, { description: 'Page number, 0 for the first.', nullable: true }) page?: number | null;
  @Field(() => Int, { description: 'Page size.', nullable: true }) size?: number | null;
  @Field(() => [ClientSearchSortInput], { description: 'Sort order, first key first.', nullable: true }) sorts?: ClientSearchSortInput[] | null;
}

@ObjectType('ClientDayCount', { description: 'Clients activated on one day (the ClientTrendsByDay report).' })
export class ClientDayCountType {
  @Field(() => LocalDateScalar, { description: 'The day counted (YYYY-MM-DD).' }) days!: string;
  @Field(() => Int, { description: 'Number of records.' }) count!: number;
}

@ObjectType('ClientPage', { description: 'A page of clients.' })
export class ClientPageType {
  @Field(() => Int, { description: 'How many records match the filters in all (not only this page).' }) totalFilteredRecords!: number;
  @Field(() => [ClientType], { description: 'The records of this page, in the requested order.' }) pageItems!: ClientType[];
}

@ObjectType({ description: 'The client after a command, and what changed (Fineract\'s `changes`).' })
export class ClientChangePayload {
  @Field(() => ClientType, { description: 'The client concerned.' }) client!: ClientType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@ObjectType({ description: 'The corporate KYC details after an update, and what changed.' })
export class CorporateKycChangePayload {
  @Field(() => CorporateKycType, { description: 'KYC details of an entity (corporate) client, or null.' }) corporateKyc!: CorporateKycType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@ObjectType('CorporateKycStatus', { description: 'Whether the tier 3 requirements held by the customer module are on file.' })
export class CorporateKycStatusType {
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field(() => Int, { description: 'KYC tier (1, 2 or 3) reached by the client; higher tiers allow larger deposits and balances.' }) kycTier!: number;
  @Field({ description: 'True when the instalment is fully paid.' }) complete!: boolean;
  @Field(() => [String], { description: 'What is still missing for the KYC to be complete, one item per entry.' }) missing!: string[];
  @Field(() => DecimalScalar, { description: 'Sum of the officials\' ownership, in percent (decimal string).' }) beneficialOwnershipPct!: string;
}

@ObjectType('KycTierLimits', { description: 'Interface section 8; null amounts are unlimited.' })
export class KycTierLimitsType {
  @Field(() => Int, { description: 'KYC tier: 1, 2 or 3.' }) tier!: number;
  @Field(() => DecimalScalar, { description: 'Largest single deposit at this tier (decimal string), or null for no limit.', nullable: true }) maxSingleDeposit!: string | null;
  @Field(() => DecimalScalar, { description: 'Largest total balance at this tier (decimal string), or null for no limit.', nullable: true }) maxCumulativeBalance!: string | null;
  @Field(() => [String], { description: 'What a client must provide to reach this tier.' }) requirements!: string[];
}

@InputType({ description: 'Details of an entity (corporate) client.' })
export class ClientNonPersonDetailsInput {
  @Field(() => Int, { description: 'Code value id of the entity\'s constitution (legal form), or null.', nullable: true }) constitutionId?: number | null;
  @Field(() => Int, { description: 'Code value id of the entity\'s main line of business, or null.', nullable: true }) mainBusinessLineId?: number | null;
  @Field(() => String, { description: 'Company registration number (CAC in Nigeria), or null.', nullable: true }) incorpNumber?: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the incorporation certificate expires (YYYY-MM-DD), or null.', nullable: true }) incorpValidityTillDate?: string | null;
  @Field(() => String, { description: 'Free-text remarks, or null.', nullable: true }) remarks?: string | null;
  @Field(() => String, { description: 'SCUML registration number (Nigeria\'s Special Control Unit against Money Laundering), or null.', nullable: true }) scumlNumber?: string | null;
}

@InputType({ description: 'A new client (person or entity), as Fineract\'s POST /clients body.' })
export class CreateClientInput {
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => Int, { description: '1 person, 2 entity.' }) legalFormId!: number;
  @Field(() => String, { description: 'First (given) name of a person.', nullable: true }) firstname?: string | null;
  @Field(() => String, { description: 'Middle name of a person, or null.', nullable: true }) middlename?: string | null;
  @Field(() => String, { description: 'Last (family) name of a person.', nullable: true }) lastname?: string | null;
  @Field(() => String, { description: 'Full name of an entity (corporate) client; null for a person.', nullable: true }) fullname?: string | null;
  @Field(() => String, { description: 'Caller-supplied reference, unique per tenant; null when none was given.', nullable: true }) externalId?: string | null;
  @Field(() => Int, { description: 'Id of the staff member concerned, or null.', nullable: true }) staffId?: number | null;
  @Field(() => Boolean, { description: 'True when the record is in use; inactive records are kept for history.', nullable: true }) active?: boolean | null;
  @Field(() => LocalDateScalar, { description: 'Day it was or is to be activated (YYYY-MM-DD).', nullable: true }) activationDate?: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the application was submitted (YYYY-MM-DD).', nullable: true }) submittedOnDate?: string | null;
  @Field(() => String, { description: 'Mobile phone number in international or local format, or null.', nullable: true }) mobileNo?: string | null;
  @Field(() => String, { description: 'E-mail address, or null.', nullable: true }) emailAddress?: string | null;
  @Field(() => LocalDateScalar, { description: 'Date of birth (YYYY-MM-DD), or null.', nullable: true }) dateOfBirth?: string | null;
  @Field(() => String, { description: 'Bank Verification Number (11 digits), or null.', nullable: true }) bvn?: string | null;
  @Field(() => String, { description: 'National Identification Number (11 digits), or null.', nullable: true }) nin?: string | null;
  @Field(() => ClientNonPersonDetailsInput, { description: 'Details of an entity (corporate) client, or null for a person.', nullable: true }) clientNonPersonDetails?: ClientNonPersonDetailsInput | null;
  @Field(() => Int, { nullable: true, description: 'A value of the code Gender.' }) genderId?: number | null;
  @Field(() => Int, { nullable: true, description: 'A value of the code ClientType.' }) clientTypeId?: number | null;
  @Field(() => Int, { nullable: true, description: 'A value of the code ClientClassification.' }) clientClassificationId?: number | null;
}
declareParameterFields(CreateClientInput, CLIENT_PARAMETERS);

@InputType({ description: 'cif, accountNo and officeId are not changeable here.' })
export class UpdateClientInput {
  @Field(() => String, { description: 'First (given) name of a person.', nullable: true }) firstname?: string | null;
  @Field(() => String, { description: 'Middle name of a person, or null.', nullable: true }) middlename?: string | null;
  @Field(() => String, { description: 'Last (family) name of a person.', nullable: true }) lastname?: string | null;
  @Field(() => String, { description: 'Full name of an entity (corporate) client; null for a person.', nullable: true }) fullname?: string | null;
  @Field(() => String, { description: 'Caller-supplied reference, unique per tenant; null when none was given.', nullable: true }) externalId?: string | null;
  @Field(() => Int, { description: 'Id of the staff member concerned, or null.', nullable: true }) staffId?: number | null;
  @Field(() => String, { description: 'Mobile phone number in international or local format, or null.', nullable: true }) mobileNo?: string | null;
  @Field(() => String, { description: 'E-mail address, or null.', nullable: true }) emailAddress?: string | null;
  @Field(() => LocalDateScalar, { description: 'Date of birth (YYYY-MM-DD), or null.', nullable: true }) dateOfBirth?: string | null;
  @Field(() => String, { description: 'Bank Verification Number (11 digits), or null.', nullable: true }) bvn?: string | null;
  @Field(() => String, { description: 'National Identification Number (11 digits), or null.', nullable: true }) nin?: string | null;
  @Field(() => String, { description: 'Reference of the proof-of-address document on file, or null.', nullable: true }) proofOfAddressReference?: string | null;
  @Field(() => ClientNonPersonDetailsInput, { description: 'Details of an entity (corporate) client, or null for a person.', nullable: true }) clientNonPersonDetails?: ClientNonPersonDetailsInput | null;
  @Field(() => Int, { nullable: true, description: 'A value of the code Gender.' }) genderId?: number | null;
  @Field(() => Int, { nullable: true, description: 'A value of the code ClientType.' }) clientTypeId?: number | null;
  @Field(() => Int, { nullable: true, description: 'A value of the code ClientClassification.' }) clientClassificationId?: number | null;
}

@InputType({ description: 'Activation of a client.' })
export class ActivateClientInput {
  @Field(() => LocalDateScalar, { nullable: true, description: 'Defaults to today.' }) activationDate?: string | null;
}

@InputType({ description: 'Identity details that raise a client\'s KYC tier.' })
export class UpgradeKycInput {
  @Field(() => String, { description: 'Bank Verification Number (11 digits), or null.', nullable: true }) bvn?: string | null;
  @Field(() => String, { description: 'National Identification Number (11 digits), or null.', nullable: true }) nin?: string | null;
  @Field(() => String, { description: 'Reference of the proof-of-address document on file, or null.', nullable: true }) proofOfAddressReference?: string | null;
}

@InputType({ description: 'KYC details of an entity (corporate) client.' })
export class CorporateKycInput {
  @Field(() => String, { description: 'Tax Identification Number, or null.', nullable: true }) tin?: string | null;
  @Field(() => String, { description: 'SCUML registration number (Nigeria\'s Special Control Unit against Money Laundering), or null.', nullable: true }) scumlNumber?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 8601 date YYYY-MM-DD.' }) scumlExpiry?: string | null;
}

@InputType({ description: 'A director or signatory of an entity client.' })
export class ClientOfficialInput {
  @Field(() => String, { description: 'DIRECTOR, SIGNATORY or BENEFICIAL_OWNER.' }) officialType!: string;
  @Field(() => String, { description: 'Display name.' }) name!: string;
  @Field(() => String, { description: 'Bank Verification Number (11 digits), or null.', nullable: true }) bvn?: string | null;
  @Field(() => String, { description: 'Tax Identification Number, or null.', nullable: true }) tin?: string | null;
  @Field(() => DecimalScalar, { description: 'Share of the entity the official owns, in percent (decimal string), or null.', nullable: true }) ownershipPct?: string | null;
  @Field(() => String, { description: 'Phone number.', nullable: true }) phone?: string | null;
  @Field(() => String, { description: 'E-mail address, or null.', nullable: true }) email?: string | null;
}

@InputType({ description: 'assignStaff / unassignStaff.' })
export class ClientStaffInput {
  @Field(() => Int, { description: 'Id of the staff member concerned.' }) staffId!: number;
}

@InputType({ description: 'Closure of a client.' })
export class CloseClientInput {
  @Field(() => LocalDateScalar, { description: 'Day the client is closed (YYYY-MM-DD).' }) closureDate!: string;
  @Field(() => Int, { description: 'A value of the code ClientClosureReason.' }) closureReasonId!: number;
}

@InputType({ description: 'Rejection of a pending client.' })
export class RejectClientInput {
  @Field(() => LocalDateScalar, { description: 'Day the client is rejected (YYYY-MM-DD).' }) rejectionDate!: string;
  @Field(() => Int, { description: 'A value of the code ClientRejectReason.' }) rejectionReasonId!: number;
}

@InputType({ description: 'Withdrawal of a pending client.' })
export class WithdrawClientInput {
  @Field(() => LocalDateScalar, { description: 'Day the client withdrew (YYYY-MM-DD).' }) withdrawalDate!: string;
  @Field(() => Int, { description: 'A value of the code ClientWithdrawReason.' }) withdrawalReasonId!: number;
}

@InputType({ description: 'Reactivation of a closed client.' })
export class ReactivateClientInput {
  @Field(() => LocalDateScalar, { description: 'Day the client is reactivated (YYYY-MM-DD).' }) reactivationDate!: string;
}

@InputType({ description: 'undoRejection / undoWithdrawal.' })
export class ReopenClientInput {
  @Field(() => LocalDateScalar, { description: 'Day the client is reopened (YYYY-MM-DD).' }) reopenedDate!: string;
}

export const ClientConnectionType = connectionType(ClientType, 'Client', 'client');
