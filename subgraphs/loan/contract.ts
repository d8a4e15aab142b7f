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
  currency: { code: string; name: string; decimalPlaces: number; displayLabel: string };
  loanType: { id: number; code: string; value: string };
  /** The terms as Fineract's `{id, code, value}` options where Fineract has them. */
  terms: {
    termFrequency: number;
    termPeriodFrequencyType: { id: number; code: string; value: string };
    numberOfRepayments: number;
    repaymentEvery: number;
    repaymentFrequencyType: { id: number; code: string; value: string };
    interestRatePerPeriod: string;
    interestRateFrequencyType: { id: number; code: string; value: string };
  };
  /** YYYY-MM-DD dates of the loan's lifecycle steps (null until taken). */
  timeline: {
    submittedOnDate: string; expectedDisbursementDate: string | null; approvedOnDate: string | null; actualDisbursementDate: string | null;
    withdrawnOnDate: string | null; rejectedOnDate: string | null; closedOnDate: string | null; expectedMaturityDate: string | null;
  };
  /** Totals as decimal strings; null before disbursement, as Fineract has none then. */
  summary: {
    principalDisbursed: string; principalPaid: string; principalOutstanding: string; interestCharged: string; interestPaid: string; interestOutstanding: string;
    feeChargesCharged: string; penaltyChargesCharged: string; totalExpectedRepayment: string; totalRepayment: string; totalOutstanding: string; totalOverdue: string;
  } | null;
  /** The schedule's totals (decimal strings). */
  scheduleTotals: { totalRepaymentExpected: string; totalRepayment: string; totalOutstanding: string };
  inArrears: boolean;
}

/** A loan transaction (disbursement or repayment) as self-service shows it. */
export interface LoanTransactionForSelf {
  id: number;
  type: { id: number; code: string; value: string };
  date: string;
  amount: string;
}

/** A loan product's terms with its currency's display details, for the customer apps' loan template. */
export type LoanProductForSelf = LoanProductTerms & {
  currency: { code: string; name: string; decimalPlaces: number; displayLabel: string };
  /** The product's choices as Fineract's `{id, code, value}` options, as its loan template has them. */
  options: Record<'termPeriodFrequencyType' | 'repaymentFrequencyType' | 'interestRateFrequencyType' | 'amortizationType' | 'interestType' | 'interestCalculationPeriodType', { id: number; code: string; value: string }>;
};

/** A loan product's terms: the self-service loan template and the offers staff record. */
export type LoanProductTerms = Pick<
  LoanProductRow,
  | 'id' | 'name' | 'currencyCode' | 'principal' | 'minPrincipal' | 'maxPrincipal' | 'numberOfRepayments' | 'minNumberOfRepayments' | 'maxNumberOfRepayments'
  | 'repaymentEvery' | 'repaymentFrequencyType'
  | 'interestRatePerPeriod' | 'interestRateFrequencyType' | 'amortizationType' | 'interestType' | 'interestCalculationPeriodType' | 'transactionProcessingStrategyCode'
>;
