import type { AccountCodes } from '../account/contract.js';
import type { CustomerCodes } from '../customer/contract.js';
import type { LoanCodes } from '../loan/contract.js';
import type { OrganisationCodes } from '../organisation/contract.js';

// A code another module owns is written `'…' satisfies <Owner>Codes['key']`: the owner's contract names it,
// and a type-only import cannot bring the text, so it is repeated here and checked against the owner's.
/** The self-service module's globalisation codes (issue 21). Numbers, paths and codes are the contract. */
export const SELF_CODES = {
  bvnInvalid: 'validation.msg.self.registration.bvn.invalid',
  bvnNotFound: 'error.msg.self.registration.bvn.not.found',
  bvnNameMismatch: 'error.msg.self.registration.bvn.name.mismatch',
  bvnUnavailable: 'error.msg.self.registration.bvn.verifier.unavailable',
  bvnAlreadyRegistered: 'error.msg.self.registration.bvn.already.registered',
  duplicateUser: 'error.msg.self.registration.duplicate.user',
  registrationThrottled: 'error.msg.self.registration.rate.limited',
  rateLimited: 'error.msg.self.rate.limited',
  beneficiaryRequired: 'error.msg.self.transfer.beneficiary.required',
  beneficiaryLimitExceeded: 'error.msg.self.transfer.beneficiary.limit.exceeded',
  dailyLimitExceeded: 'error.msg.self.transfer.daily.limit.exceeded',
  beneficiaryNotFound: 'error.msg.self.beneficiary.id.invalid',
  beneficiaryAccountNotFound: 'error.msg.self.beneficiary.account.not.found',
  beneficiaryDuplicate: 'error.msg.self.beneficiary.duplicate.name',
  transferNotFound: 'error.msg.accounttransfer.id.invalid' satisfies AccountCodes['accounttransferIdInvalid'],
  clientNotFound: 'error.msg.client.id.invalid' satisfies CustomerCodes['clientIdInvalid'],
  accountNotFound: 'error.msg.saving.account.id.invalid' satisfies AccountCodes['savingAccountIdInvalid'],
  loanNotFound: 'error.msg.loan.id.invalid' satisfies LoanCodes['loanIdInvalid'],
  imageNotFound: 'error.msg.entity.image.invalid',
  loanWithdrawNotAllowed: 'error.msg.loan.withdrawn.by.applicant.not.allowed' satisfies LoanCodes['loanWithdrawnByApplicantNotAllowed'],
  deviceRegistrationNotFound: 'error.msg.device.registration.id.invalid',
  deviceRegistrationDuplicate: 'error.msg.device.registration.duplicate.client',
  loanCannotModify: 'error.msg.loan.cannot.modify.loan.in.its.present.state' satisfies LoanCodes['loanCannotModifyLoanInItsPresentState'],
  loanClientCannotBeChanged: 'error.msg.loan.client.cannot.be.changed' satisfies LoanCodes['loanClientCannotBeChanged'],
  loanNotPrequalified: 'error.msg.self.loan.not.prequalified',
  loanOfferNotFound: 'error.msg.self.loanoffer.id.invalid',
  loanOfferInUse: 'error.msg.self.loan.offer.in.use',
  loanproductIdInvalid: 'error.msg.loanproduct.id.invalid' satisfies LoanCodes['loanproductIdInvalid'],
  savingsProductNotSelfService: 'error.msg.self.savingsproduct.not.self.service',
  savingsClientCannotBeChanged: 'error.msg.self.savingsaccount.client.cannot.be.changed',
  selfRegistrationOfficeInvalid: 'error.msg.self.registration.office.invalid',
  selfServiceCommandUnsupported: 'error.msg.client.selfservice.command.unsupported',
  selfServiceClientNotActive: 'error.msg.client.selfservice.client.not.active',
  selfServiceUserNotFound: 'error.msg.client.selfservice.user.not.found',
  authenticationPasswordCannotBeBlank: 'validation.msg.authentication.password.cannot.be.blank' satisfies OrganisationCodes['authenticationPasswordCannotBeBlank'],
  authenticationUsernameCannotBeBlank: 'validation.msg.authentication.username.cannot.be.blank' satisfies OrganisationCodes['authenticationUsernameCannotBeBlank'],
} as const;
