/**
 * What the loan module publishes to the modules that depend on it, as types only: a consumer's ports pick
 * from here (`import type`) instead of re-declaring the shapes, and its codes.ts refers to the codes it
 * shares with loan through LoanCodes. The implementations are wired in subgraphs/composition/.
 */
import type { LOAN_CODES } from './codes.js';
import type { LoanProductRow } from './loan-product.rows.js';

export type { LoanApplicationInput } from './loan-terms.js';
export type { GroupMeetings, MeetingSchedule } from './loan.ports.js';

export type LoanCodes = typeof LOAN_CODES;

/** One period of a loan's repayment schedule, as self-service shows it. */
export interface LoanPeriodForSelf {
  period: number;
  fromDate: string | null;
  dueDate: string;
  principalDue: string;
  interestDue: string;
  totalDue: string;
  totalOutstanding: string;
  complete: boolean;
}

/** A loan as self-service shows it: figures, status and the repayment schedule. */
export interface LoanForSelf {
  id: number;
  accountNo: string;
  clientId: number;
  productId: number;
  productName: string;
  status: number;
  statusCode: string;
  statusValue: string;
  principal: string;
  currencyCode: string;
  schedule: LoanPeriodForSelf[];
}

/** A loan transaction (disbursement or repayment) as self-service shows it. */
export interface LoanTransactionForSelf {
  id: number;
  type: { id: number; code: string; value: string };
  date: string;
  amount: string;
}

/** A loan product's terms: the self-service loan template and the offers staff record. */
export type LoanProductTerms = Pick<
  LoanProductRow,
  | 'id' | 'name' | 'currencyCode' | 'principal' | 'minPrincipal' | 'maxPrincipal' | 'numberOfRepayments' | 'minNumberOfRepayments' | 'maxNumberOfRepayments'
  | 'repaymentEvery' | 'repaymentFrequencyType'
  | 'interestRatePerPeriod' | 'interestRateFrequencyType' | 'amortizationType' | 'interestType' | 'interestCalculationPeriodType' | 'transactionProcessingStrategyCode'
>;
