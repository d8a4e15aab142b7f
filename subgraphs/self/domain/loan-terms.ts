import { Validator } from '../../kernel/errors.js';
import { Money } from '../../kernel/money.js';

/** A product's terms as a self-service application must take them. */
export interface ProductLoanTerms {
  numberOfRepayments: number;
  minNumberOfRepayments: number;
  maxNumberOfRepayments: number;
  repaymentEvery: number;
  repaymentFrequencyType: number;
  interestRatePerPeriod: string;
  interestRateFrequencyType: number;
  amortizationType: number;
  interestType: number;
  interestCalculationPeriodType: number;
  transactionProcessingStrategyCode: string;
}

/** The application's fields these rules read and fill. */
export interface AppliedLoanTerms {
  loanTermFrequency?: number | null;
  loanTermFrequencyType?: number | null;
  numberOfRepayments?: number | null;
  repaymentEvery?: number | null;
  repaymentFrequencyType?: number | null;
  interestRatePerPeriod?: string | null;
  interestRateFrequencyType?: number | null;
  amortizationType?: number | null;
  interestType?: number | null;
  interestCalculationPeriodType?: number | null;
  transactionProcessingStrategyCode?: string | null;
  submittedOnDate?: string | null;
  expectedDisbursementDate?: string | null;
  repaymentsStartingFromDate?: string | null;
}

/** Fields a customer may send only as the product has them: the price and the repayment shape. */
const PINNED = ['repaymentEvery', 'repaymentFrequencyType', 'interestRateFrequencyType', 'amortizationType', 'interestType', 'interestCalculationPeriodType', 'transactionProcessingStrategyCode'] as const;

/**
 * A customer's loan application priced and shaped by its product, never by the customer (a customer once
 * applied at 0% for a 1,000-year term with one repayment, dated 2020, and staff approved it unchanged):
 * the rate, its period, the amortization, the interest method and the repayment frequency are the
 * product's (an absent field takes it, a different one is 400); the number of repayments lies within the
 * product's bounds; the term is exactly repayments x frequency in the frequency's unit; the submission
 * date is the business date and the disbursement is not before it; the first repayment date follows the
 * schedule (a customer cannot push it out). Every problem is listed in one 400
 * (`validation.msg.loan.<param>.<rule>`); the answer is the application with the product's terms filled in.
 */
export function selfLoanTerms<T extends AppliedLoanTerms>(product: ProductLoanTerms, input: T, businessDate: string): { terms: T; validator: Validator } {
  const v = new Validator('loan');
  const terms: T = { ...input };
  for (const name of PINNED) {
    const given = input[name];
    if (given != null && given !== product[name]) {
      v.fail(name, 'not.equal.to.product.value', `The parameter \`${name}\` must be the product's (${product[name]}) for a self-service application.`, given, [product[name]]);
    }
  }
  if (input.interestRatePerPeriod != null && !new Money(input.interestRatePerPeriod).eq(product.interestRatePerPeriod)) {
    v.fail('interestRatePerPeriod', 'not.equal.to.product.value', `The parameter \`interestRatePerPeriod\` must be the product's (${product.interestRatePerPeriod}) for a self-service application.`, input.interestRatePerPeriod, [product.interestRatePerPeriod]);
  }
  Object.assign(terms, {
    repaymentEvery: product.repaymentEvery,
    repaymentFrequencyType: product.repaymentFrequencyType,
    interestRatePerPeriod: product.interestRatePerPeriod,
    interestRateFrequencyType: product.interestRateFrequencyType,
    amortizationType: product.amortizationType,
    interestType: product.interestType,
    interestCalculationPeriodType: product.interestCalculationPeriodType,
    transactionProcessingStrategyCode: product.transactionProcessingStrategyCode,
  });
  const repayments = input.numberOfRepayments ?? product.numberOfRepayments;
  if (repayments < product.minNumberOfRepayments || repayments > product.maxNumberOfRepayments) {
    v.fail('numberOfRepayments', 'not.within.product.range', `The parameter \`numberOfRepayments\` must be from ${product.minNumberOfRepayments} to ${product.maxNumberOfRepayments}.`, repayments, [product.minNumberOfRepayments, product.maxNumberOfRepayments]);
  }
  terms.numberOfRepayments = repayments;
  if (input.loanTermFrequencyType != null && input.loanTermFrequencyType !== product.repaymentFrequencyType) {
    v.fail('loanTermFrequencyType', 'not.equal.to.repaymentFrequencyType', 'The term is counted in the repayment frequency\'s unit.', input.loanTermFrequencyType, [product.repaymentFrequencyType]);
  }
  const term = repayments * product.repaymentEvery;
  if (input.loanTermFrequency != null && input.loanTermFrequency !== term) {
    v.fail('loanTermFrequency', 'not.equal.to.repayments.times.frequency', `The term must be numberOfRepayments x repaymentEvery (${term}).`, input.loanTermFrequency, [term]);
  }
  terms.loanTermFrequency = term;
  terms.loanTermFrequencyType = product.repaymentFrequencyType;
  if (input.submittedOnDate != null && input.submittedOnDate !== businessDate) {
    v.fail('submittedOnDate', 'not.equal.to.business.date', `A self-service application is submitted on the business date (${businessDate}).`, input.submittedOnDate, [businessDate]);
  }
  terms.submittedOnDate = businessDate;
  if (input.expectedDisbursementDate != null && input.expectedDisbursementDate < businessDate) {
    v.fail('expectedDisbursementDate', 'cannot.be.before.business.date', `The disbursement cannot be expected before the business date (${businessDate}).`, input.expectedDisbursementDate, [businessDate]);
  }
  if (input.repaymentsStartingFromDate != null) {
    v.fail('repaymentsStartingFromDate', 'not.supported.for.self.service', 'A self-service application follows the product\'s schedule from disbursement.', input.repaymentsStartingFromDate);
  }
  return { terms, validator: v };
}
