import { Validator } from '../../kernel/errors.js';
import { BVN_PATTERN } from '../bvn-verifier.js';
import { LEGAL_FORM_ENTITY, CLIENT_STATUS_ACTIVE, CLIENT_STATUS_CLOSED, CLIENT_STATUS_PENDING, CLIENT_STATUS_REJECTED, CLIENT_STATUS_WITHDRAWN, type Client } from '../client.entity.js';
import type { NonPersonDetailsInput } from '../client.model.js';
import { BUSINESS_LINE_RANGE, CONSTITUTION_RANGE, requiresScumlNumber } from '../kyc.js';

/* The client's rules that need no database: names, validation of a command's fields, the event payload. */

const NIN_PATTERN = /^\d{11}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function displayNameOf(c: Pick<Client, 'legalFormId' | 'firstname' | 'middlename' | 'lastname' | 'fullname'>): string {
  if (c.legalFormId === LEGAL_FORM_ENTITY) return c.fullname ?? '';
  return [c.firstname, c.middlename, c.lastname].filter((p) => p && p.trim() !== '').join(' ');
}

export function requiredOrThrow(parameterName: string, value: unknown): void {
  const v = new Validator('client');
  v.required(parameterName, value);
  v.throwIfAny();
}

/** A list's status filter: active, pending, closed, withdrawn, rejected or a status id; undefined when it is none of them. */
export function parseStatus(status: string): number | undefined {
  const s = status.trim().toLowerCase();
  if (s === 'active' || s === '300') return CLIENT_STATUS_ACTIVE;
  if (s === 'pending' || s === '100') return CLIENT_STATUS_PENDING;
  if (s === 'closed' || s === '600') return CLIENT_STATUS_CLOSED;
  if (s === 'withdrawn' || s === '800') return CLIENT_STATUS_WITHDRAWN;
  if (s === 'rejected' || s === '700') return CLIENT_STATUS_REJECTED;
  return undefined;
}

export function validateContact(v: Validator, input: { mobileNo?: string | null; emailAddress?: string | null; bvn?: string | null; nin?: string | null }): void {
  v.maxLength('mobileNo', input.mobileNo, 50);
  if (input.emailAddress) {
    v.maxLength('emailAddress', input.emailAddress, 150);
    v.check(EMAIL_PATTERN.test(input.emailAddress), 'emailAddress', 'invalid.format', 'The parameter `emailAddress` is not a valid email address.', input.emailAddress);
  }
  if (input.bvn) v.check(BVN_PATTERN.test(input.bvn), 'bvn', 'must.be.11.digits', 'The parameter `bvn` must be exactly 11 digits.', input.bvn);
  if (input.nin) v.check(NIN_PATTERN.test(input.nin), 'nin', 'must.be.11.digits', 'The parameter `nin` must be exactly 11 digits.', input.nin);
}

export function validateNonPerson(v: Validator, details: NonPersonDetailsInput | null | undefined): void {
  if (!details) return;
  const inRange = (value: number | null | undefined, [min, max]: readonly [number, number]) => value == null || (value >= min && value <= max);
  v.check(inRange(details.constitutionId, CONSTITUTION_RANGE), 'constitutionId', 'is.not.within.expected.range', `The parameter \`constitutionId\` must be between ${CONSTITUTION_RANGE[0]} and ${CONSTITUTION_RANGE[1]}.`, details.constitutionId);
  v.check(inRange(details.mainBusinessLineId, BUSINESS_LINE_RANGE), 'mainBusinessLineId', 'is.not.within.expected.range', `The parameter \`mainBusinessLineId\` must be between ${BUSINESS_LINE_RANGE[0]} and ${BUSINESS_LINE_RANGE[1]}.`, details.mainBusinessLineId);
  v.maxLength('incorpNumber', details.incorpNumber, 100);
  v.maxLength('remarks', details.remarks, 500);
  v.maxLength('scumlNumber', details.scumlNumber, 100);
}

export function applyNonPerson(client: Client, details: NonPersonDetailsInput): void {
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

/** The non-person details as a change list compares them. */
export function nonPersonSnapshot(c: Client) {
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
