export const STATUS_SUBMITTED = 100;
export const STATUS_APPROVED = 200;
export const STATUS_ACTIVE = 300;
export const STATUS_WITHDRAWN = 400;
export const STATUS_REJECTED = 500;
export const STATUS_CLOSED = 600;

export const TXN_DEPOSIT = 1;
export const TXN_WITHDRAWAL = 2;
/** Fineract's savings transaction types of a collected fee. */
export const TXN_WITHDRAWAL_FEE = 4;
export const TXN_ANNUAL_FEE = 5;
export const TXN_PAY_CHARGE = 7;
/** Fineract's savings transaction types of savings interest: its posting and the tax withheld from it. */
export const TXN_INTEREST_POSTING = 3;
export const TXN_WITHHOLD_TAX = 18;
/** Interest paid on deposits is an expense (DR) of the institution. */
export const INTEREST_EXPENSE_GL = '51101';

export const CHARGE_WITHDRAWAL_FEE = 1;
export const CHARGE_FEES_OUTSTANDING = 2;

export type AccountType = 'SAVINGS' | 'CURRENT';

/** GL liability per product type (docs/interface.md and the mapping). */
export const LIABILITY_GL: Record<AccountType, string> = { SAVINGS: '21101', CURRENT: '21102' };
/** Cash payment types move the till's cash; every other payment type settles through the bank. */
export const CASH_GL = '11101';
export const SETTLEMENT_GL = '11201';

/** One savings or current account, as read from account.savings_account (amounts as exact text). */
export interface AccountRow {
  id: number;
  accountNo: string;
  externalId: string | null;
  clientId: number;
  officeId: number;
  productId: number;
  productName: string;
  shortProductName: string;
  accountType: AccountType;
  currencyCode: string;
  digitsAfterDecimal: number;
  status: number;
  submittedOnDate: string;
  approvedOnDate: string | null;
  activatedOnDate: string | null;
  closedOnDate: string | null;
  rejectedOnDate: string | null;
  withdrawnOnDate: string | null;
  nominalAnnualInterestRate: string;
  allowOverdraft: boolean;
  overdraftLimit: string;
  minRequiredBalance: string | null;
  enforceMinRequiredBalance: boolean;
  accountBalance: string;
  totalDeposits: string;
  totalWithdrawals: string;
  blocked: boolean;
  debitBlocked: boolean;
  creditBlocked: boolean;
  /** Pending maker-checker holds of the current business day, and inter-bank transfers awaiting the switch. */
  onHold: string;
  /** CHARGE_WITHDRAWAL_FEE | CHARGE_FEES_OUTSTANDING, kept by the charges module (savings-fees.ts). */
  chargeFlags: number;
  /** Fineract's sub-status of a tracked account without customer transactions: 0 none, 100 inactive, 200 dormant, 300 escheat (close of business sets it). */
  dormancyStatus: number;
}
