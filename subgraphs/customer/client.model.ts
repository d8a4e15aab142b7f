import { errors, PlatformError } from '../kernel/errors.js';
import type { BvnVerification } from './bvn-verifier.js';
import type { Client } from './client.entity.js';
import { CUSTOMER_CODES } from './codes.js';

/*
 * What the client commands and queries take and answer (the resolvers, the lifecycle and corporate KYC
 * services and other modules' ports speak it), and the errors they share.
 */

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
export const CODE_FIELDS = { genderId: 'Gender', clientTypeId: 'ClientType', clientClassificationId: 'ClientClassification' } as const;

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

export const duplicateExternalId = (externalId: string | null) =>
  errors.duplicate(CUSTOMER_CODES.clientDuplicateExternalId, `Client with externalId \`${externalId}\` already exists`, 'externalId', externalId);


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
