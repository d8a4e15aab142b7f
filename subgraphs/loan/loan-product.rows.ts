/** Cash-based GL mapping of every loan product on the default chart (docs/interface.md, general ledger). A leaf, so the product service, its template and the views share it without a circle. */
export const LOAN_GL = { loanPortfolio: '13101', interestIncome: '41101', fundSource: '11101', bankSettlement: '11201', loanLoss: '52101', badDebtRecovered: '42301' } as const;

export interface LoanProductRow {
  id: number;
  name: string;
  shortName: string;
  description: string | null;
  currencyCode: string;
  digitsAfterDecimal: number;
  inMultiplesOf: number | null;
  principal: string;
  minPrincipal: string;
  maxPrincipal: string;
  numberOfRepayments: number;
  minNumberOfRepayments: number;
  maxNumberOfRepayments: number;
  repaymentEvery: number;
  repaymentFrequencyType: number;
  interestRatePerPeriod: string;
  minInterestRatePerPeriod: string | null;
  maxInterestRatePerPeriod: string | null;
  interestRateFrequencyType: number;
  amortizationType: number;
  interestType: number;
  interestCalculationPeriodType: number;
  transactionProcessingStrategyCode: string;
  daysInYearType: number;
  daysInMonthType: number;
  graceOnPrincipalPayment: number;
  graceOnInterestPayment: number;
  accountingRule: number;
  delinquencyBucketId: number | null;
  /** Fineract's parameters without a column of their own (loan-product.parameters.ts), as given. */
  parameters: Record<string, unknown>;
}
