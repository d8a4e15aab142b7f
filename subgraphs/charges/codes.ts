import type { AccountCodes } from '../account/contract.js';
import type { CustomerCodes } from '../customer/contract.js';
import type { LedgerCodes } from '../ledger/contract.js';

/** The charges module's globalisation codes (Fineract's, where Fineract has one). */
export const CHARGES_CODES = {
  chargeNotFound: 'error.msg.charge.id.invalid',
  duplicateName: 'error.msg.charge.duplicate.name',
  cannotBeDeleted: 'error.msg.charge.cannot.be.deleted.it.is.already.used.in.loan',
  cannotBeUpdated: 'error.msg.charge.cannot.be.updated.it.is.used.in.loan',
  appliesToUpdateNotSupported: 'error.msg.charge.update.of.charge.applies.to.is.not.supported',
  disbursementCannotBePenalty: 'error.msg.charge.due.at.disbursement.cannot.be.penalty',
  mustBePenalty: 'error.msg.charge.must.be.penalty',
  chargeNotActive: 'error.msg.charge.is.not.active',
  currencyNotEnabled: 'error.msg.currency.currencyCode.invalid',
  incomeAccountInvalid: 'error.msg.glaccount.id.invalid' satisfies LedgerCodes['glaccountIdInvalid'],
} as const;

/** Savings charges' codes. */
export const SAVINGS_CHARGE_CODES = {
  notFound: 'error.msg.savings.account.charge.id.invalid',
  cannotApply: 'error.msg.charge.cannot.be.applied.tosavings',
  currencyMismatch: 'error.msg.savings.account.charge.currency.mismatch',
  accountNotActive: 'error.msg.savingsaccount.transaction.account.is.not.active' satisfies AccountCodes['savingsaccountTransactionAccountIsNotActive'],
  inactive: 'error.msg.savings.account.charge.is.not.active',
  nothingOutstanding: 'error.msg.savings.account.charge.no.outstanding.amount',
  exceedsOutstanding: 'error.msg.savings.account.charge.transaction.amount.exceeds.outstanding',
  cannotBeDeleted: 'error.msg.savings.account.charge.cannot.be.deleted.already.paid.or.waived',
} as const;

/** Loan charges' codes (Fineract's, from LoanChargeWritePlatformServiceImpl and its exceptions). */
export const LOAN_CHARGE_CODES = {
  notFound: 'error.msg.loanCharge.id.invalid',
  cannotApply: 'error.msg.charge.cannot.be.applied.toloan',
  currencyMismatch: 'error.msg.loanCharge.attach.to.loan',
  overdueCannotBeAdded: 'error.msg.loanCharge.overdue.charge',
  dateBeforeDisbursement: 'error.msg.loanCharge.date.is.before.last.transaction.date',
  dueDateOutsideSchedule: 'error.msg.loanCharge.due.date.outside.schedule',
  disbursementAfterDisbursal: 'error.msg.loanCharge.disbursement.charge.after.disbursal',
  loanNotOpen: 'error.msg.loan.charge.associated.loan.inactive',
  notPending: 'error.msg.loan.charge.associated.loan.not.in.submitted.and.pending.approval.stage',
  alreadyPaid: 'error.msg.loan.charge.already.paid',
  alreadyWaived: 'error.msg.loan.charge.already.waived',
  installmentNotFound: 'error.msg.loanCharge.installment.not.found',
} as const;

/** Client charges' codes (Fineract's ClientChargeNotFoundException and ClientChargeWritePlatformServiceJpaRepositoryImpl). */
export const CLIENT_CHARGE_CODES = {
  notFound: 'error.msg.client.charge.id.invalid',
  clientNotFound: 'error.msg.client.id.invalid' satisfies CustomerCodes['clientIdInvalid'],
  cannotApply: 'error.msg.charge.cannot.be.applied.toclient',
  clientNotActive: 'error.msg.client.is.not.active',
  nothingOutstanding: 'error.msg.client.charge.no.outstanding.amount',
  exceedsOutstanding: 'error.msg.client.charge.transaction.amount.exceeds.outstanding',
  currencyMismatch: 'error.msg.client.charge.currency.mismatch',
  accountNotFound: 'error.msg.saving.account.id.invalid' satisfies AccountCodes['savingAccountIdInvalid'],
} as const;
