import type { AccountCodes } from '../account/contract.js';

// A code another module owns is written `'…' satisfies <Owner>Codes['key']`: the owner's contract names it,
// and a type-only import cannot bring the text, so it is repeated here and checked against the owner's.
/** The payments module's globalisation codes (issue 22). Numbers, paths and codes are the contract. */
export const PAYMENTS_CODES = {
  accountNotFound: 'error.msg.interbank.account.not.found',
  switchUnavailable: 'error.msg.interbank.switch.unavailable',
  signatureInvalid: 'error.msg.interbank.signature.invalid',
  /** 503: the credit lost a lock race on every run; nothing was credited and the same session may be sent again. */
  inboundRetry: 'error.msg.interbank.inbound.retry',
  /** 404: no inter-bank return with this id in the caller's tenant and offices. */
  returnNotFound: 'error.msg.interbank.return.id.invalid',
  /** 404: no SUCCESSFUL outbound transfer or CREDITED inbound credit with this session id. */
  returnLegNotFound: 'error.msg.interbank.return.leg.not.found',
  /** 403: the leg already has a PENDING or APPROVED return. */
  returnExists: 'error.msg.interbank.return.already.exists',
  /** 403: the return was already approved or rejected. */
  returnNotPending: 'error.msg.interbank.return.not.pending',
  /** 403: four eyes; the maker (or a key issued by or for the maker) cannot approve. */
  returnCannotApproveOwn: 'error.msg.interbank.return.cannot.approve.own',
  transferNotFound: 'error.msg.accounttransfer.id.invalid' satisfies AccountCodes['accounttransferIdInvalid'],
  savingAccountIdInvalid: 'error.msg.saving.account.id.invalid' satisfies AccountCodes['savingAccountIdInvalid'],
  savingsaccountBalanceLimitExceeded: 'error.msg.savingsaccount.balance.limit.exceeded' satisfies AccountCodes['savingsaccountBalanceLimitExceeded'],
  savingsaccountCurrencyMismatch: 'error.msg.savingsaccount.currency.mismatch' satisfies AccountCodes['savingsaccountCurrencyMismatch'],
  savingsaccountKycTierBalanceLimitExceeded: 'error.msg.savingsaccount.kyc.tier.balance.limit.exceeded' satisfies AccountCodes['savingsaccountKycTierBalanceLimitExceeded'],
  savingsaccountKycTierSingleDepositLimitExceeded: 'error.msg.savingsaccount.kyc.tier.single.deposit.limit.exceeded' satisfies AccountCodes['savingsaccountKycTierSingleDepositLimitExceeded'],
  savingsaccountTransactionAccountIsNotActive: 'error.msg.savingsaccount.transaction.account.is.not.active' satisfies AccountCodes['savingsaccountTransactionAccountIsNotActive'],
  savingsaccountTransactionCreditBlocked: 'error.msg.savingsaccount.transaction.credit.blocked' satisfies AccountCodes['savingsaccountTransactionCreditBlocked'],
} as const;

/** What the bank answers the switch when it refuses an inbound credit (in the body, with 200). */
export const INBOUND_REFUSALS = {
  unknownAccount: 'UNKNOWN_ACCOUNT',
  creditBlocked: 'CREDIT_BLOCKED',
  tierLimit: 'TIER_LIMIT',
  accountInactive: 'ACCOUNT_INACTIVE',
  invalidAmount: 'INVALID_AMOUNT',
} as const;

/** An inter-bank transfer's states: PENDING until the switch's answer makes it one of the two final ones. */
export type InterbankStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED';

/** An account number at a bank: digits (a NUBAN has 10; other schemes and test numbers differ in length). */
export const ACCOUNT_NUMBER = /^\d{1,20}$/;
