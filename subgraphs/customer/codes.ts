import type { OrganisationCodes } from '../organisation/contract.js';

// A code another module owns is written `'…' satisfies <Owner>Codes['key']`: the owner's contract names it,
// and a type-only import cannot bring the text, so it is repeated here and checked against the owner's.
/** The customer module's globalisation codes: the contract clients match on, named once. */
export const CUSTOMER_CODES = {
  clientActivateOnNonpendingAccount: 'error.msg.client.activate.on.nonpending.account',
  clientActivationDateBeforeOfficeOpeningDate: 'error.msg.client.activationDate.before.office.opening.date',
  clientActivationDateBeforeSubmittedOnDate: 'error.msg.client.activationDate.before.submittedOnDate',
  clientCannotBeDeletedNotPending: 'error.msg.client.cannot.be.deleted.not.pending',
  clientCloseNonClosedSavingsAccount: 'error.msg.client.close.non.closed.savings.account',
  clientDuplicateExternalId: 'error.msg.client.duplicate.externalId',
  clientHasNoStaff: 'error.msg.client.has.no.staff',
  clientIdInvalid: 'error.msg.client.id.invalid',
  clientIdOrExternalIdRequired: 'error.msg.client.id.or.externalId.required',
  clientIsClosed: 'error.msg.client.is.closed',
  clientKycTier2RequirementsMissing: 'error.msg.client.kyc.tier2.requirements.missing',
  clientKycTierAlreadyReached: 'error.msg.client.kyc.tier.already.reached',
  clientKycUpgradeNotApplicable: 'error.msg.client.kyc.upgrade.not.applicable',
  clientNotCorporateEntity: 'error.msg.client.not.corporate.entity',
  clientOfficeMustBeBranch: 'error.msg.client.office.must.be.branch',
  clientOfficialBeneficialOwnerBelowThreshold: 'error.msg.client.official.beneficial.owner.below.threshold',
  clientOfficialIdInvalid: 'error.msg.client.official.id.invalid',
  clientOfficialOwnershipExceedsTotal: 'error.msg.client.official.ownership.exceeds.total',
  clientStaffInactive: 'error.msg.client.staff.inactive',
  clientStaffNotAssigned: 'error.msg.client.staff.not.assigned',
  clientStaffNotInOfficeHierarchy: 'error.msg.client.staff.not.in.office.hierarchy',
  clientSubmittedOnDateBeforeOfficeOpeningDate: 'error.msg.client.submittedOnDate.before.office.opening.date',
  clientsAlreadyActive: 'error.msg.clients.already.active',
  codevalueIdInvalid: 'error.msg.codevalue.id.invalid' satisfies OrganisationCodes['codevalueIdInvalid'],
  officeIdInvalid: 'error.msg.office.id.invalid' satisfies OrganisationCodes['officeIdInvalid'],
  staffIdInvalid: 'error.msg.staff.id.invalid' satisfies OrganisationCodes['staffIdInvalid'],
} as const;
