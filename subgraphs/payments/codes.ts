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
