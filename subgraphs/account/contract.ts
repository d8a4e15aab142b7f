/**
 * What the account module publishes to the modules that depend on it, as types only: a consumer's ports
 * pick from here (`import type`) instead of re-declaring the shapes, and its codes.ts refers to the codes
 * it shares with account through AccountCodes. The implementations are wired in subgraphs/composition/.
 */
import type { ACCOUNT_CODES } from './codes.js';

export type { AccountForPayments, InterbankMovement } from './account-for-payments.js';
export type { TransferRow as AccountTransfer } from './store/transfer.store.js';
export type { TransferInput as AccountTransferInput } from './transfer.service.js';

export type AccountCodes = typeof ACCOUNT_CODES;

/** An account as self-service shows it (docs/interface.md). */
export interface AccountForSelf {
  id: number;
  accountNo: string;
  clientId: number;
  officeId: number;
  productId: number;
  productName: string;
  /** 'SAVINGS' | 'CURRENT' */
  accountType: string;
  currency: { code: string; name: string; displaySymbol: string | null; decimalPlaces: number };
  accountBalance: string;
  availableBalance: string;
  /** 100 submitted ... 300 active ... 600 closed. */
  status: number;
  shortProductName: string;
  nominalAnnualInterestRate: string;
  totalDeposits: string;
  totalWithdrawals: string;
  /** YYYY-MM-DD dates of the account's lifecycle steps (null until taken). */
  submittedOnDate: string;
  approvedOnDate: string | null;
  activatedOnDate: string | null;
  closedOnDate: string | null;
  /** Staff blocks: the whole account, debits only, credits only. */
  blocked: boolean;
  debitBlocked: boolean;
  creditBlocked: boolean;
}

/** A savings product customers may apply for themselves (its `allowSelfService` set). */
export interface SavingsProductForSelf {
  id: number;
  name: string;
  shortName: string;
  description: string | null;
  /** 'SAVINGS' | 'CURRENT' */
  accountType: string;
  nominalAnnualInterestRate: string;
  currency: { code: string; name: string; displaySymbol: string | null; decimalPlaces: number };
}

/** A savings transaction as self-service shows it. */
export interface AccountTransactionForSelf {
  id: number;
  /** 1 deposit, 2 withdrawal (Fineract's savings transaction types). */
  transactionType: number;
  credit: boolean;
  date: string;
  amount: string;
  runningBalance: string;
  note: string | null;
  reversed: boolean;
  transferId: number | null;
}

/** A transaction of one of several accounts, as a customer's recent transactions list it. */
export interface AccountRecentTransactionForSelf extends AccountTransactionForSelf {
  accountId: number;
  accountNo: string;
  currencyCode: string;
  submittedOnDate: string;
}
