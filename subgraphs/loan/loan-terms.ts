import BigNumber from 'bignumber.js';
import { Validator } from '../kernel/errors.js';
import type { DayCount } from './domain/day-count.js';
import { MAX_REPAYMENT_EVERY, MAX_REPAYMENTS, type ScheduleTerms } from './domain/schedule.js';
import type { LoanProductRow } from './loan-product.rows.js';
import type { LoanRow, LoanTerms } from './store/loans.js';

/**
 * A loan application's terms: the product's defaults filled in and Fineract's checks, without the database
 * (the service reads the product and the business date and passes them in).
 */

export interface LoanApplicationInput {
  clientId?: number | null;
  productId?: number | null;
  principal?: string | null;
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
  expectedDisbursementDate?: string | null;
  submittedOnDate?: string | null;
  repaymentsStartingFromDate?: string | null;
  /** individual (default) or jlg: a member's own loan within a group (groupId). */
  loanType?: string | null;
  groupId?: number | null;
  calendarId?: number | null;
  syncRepaymentsWithMeeting?: boolean | null;
  syncDisbursementWithMeeting?: boolean | null;
  linkAccountId?: number | null;
  externalId?: string | null;
  loanOfficerId?: number | null;
  graceOnPrincipalPayment?: number | null;
  graceOnInterestPayment?: number | null;
  charges?: unknown[] | null;
  collateral?: unknown[] | null;
  disbursementData?: unknown[] | null;
  isEqualAmortization?: boolean | null;
  isTopup?: boolean | null;
  /** Fineract charges interest from this date instead of the disbursement; only the disbursement date itself is accepted. */
  interestChargedFromDate?: string | null;
}

/** The application's terms after product defaults, ready for the schedule and the row. */
export interface Terms {
  product: LoanProductRow;
  principal: string;
  loanTermFrequency: number;
  loanTermFrequencyType: number;
  numberOfRepayments: number;
  repaymentEvery: number;
  repaymentFrequencyType: number;
  interestRatePerPeriod: string;
  interestRateFrequencyType: number;
  amortizationType: number;
  interestType: number;
  interestCalculationPeriodType: number;
  transactionProcessingStrategyCode: string;
  graceOnPrincipalPayment: number;
  graceOnInterestPayment: number;
  expectedDisbursementDate: string;
  submittedOnDate: string;
  repaymentsStartingFromDate: string | null;
}

const inRange = (value: BigNumber.Value, min: BigNumber.Value | null, max: BigNumber.Value | null) =>
  (min == null || new BigNumber(value).gte(min)) && (max == null || new BigNumber(value).lte(max));

/** The product's day count, which the loan's schedule and payoff use (loans do not override it). */
export const dayCountOf = (product: Pick<LoanProductRow, 'daysInYearType' | 'daysInMonthType'>): DayCount => ({ daysInYearType: product.daysInYearType, daysInMonthType: product.daysInMonthType });

export const scheduleTerms = (loan: LoanRow, disbursementDate: string, principal: string, dayCount: DayCount): ScheduleTerms => ({
  principal, numberOfRepayments: loan.numberOfRepayments, repaymentEvery: loan.repaymentEvery, repaymentFrequencyType: loan.repaymentFrequencyType,
  interestRatePerPeriod: loan.interestRatePerPeriod, interestRateFrequencyType: loan.interestRateFrequencyType, amortizationType: loan.amortizationType,
  interestType: loan.interestType, digits: loan.digits, graceOnPrincipalPayment: loan.graceOnPrincipalPayment, graceOnInterestPayment: loan.graceOnInterestPayment,
  disbursementDate, repaymentsStartingFromDate: loan.repaymentsStartingFrom, dayCount, interestCalculationPeriodType: loan.interestCalculationPeriodType,
});

/** The schedule an application's terms give, from its expected disbursement date. */
export function scheduleTermsOf(terms: Terms): ScheduleTerms {
  return {
    principal: terms.principal, numberOfRepayments: terms.numberOfRepayments, repaymentEvery: terms.repaymentEvery, repaymentFrequencyType: terms.repaymentFrequencyType,
    interestRatePerPeriod: terms.interestRatePerPeriod, interestRateFrequencyType: terms.interestRateFrequencyType, amortizationType: terms.amortizationType,
    interestType: terms.interestType, digits: terms.product.digitsAfterDecimal, graceOnPrincipalPayment: terms.graceOnPrincipalPayment,
    graceOnInterestPayment: terms.graceOnInterestPayment, disbursementDate: terms.expectedDisbursementDate, repaymentsStartingFromDate: terms.repaymentsStartingFromDate,
    dayCount: dayCountOf(terms.product), interestCalculationPeriodType: terms.interestCalculationPeriodType,
  };
}

/** What can be checked before the product is read; throws the validation errors found. */
export function checkApplication(input: LoanApplicationInput, requireClient: boolean): void {
  const v = new Validator('loan');
  if (requireClient) v.required('clientId', input.clientId);
  v.required('productId', input.productId);
  v.required('principal', input.principal);
  v.required('expectedDisbursementDate', input.expectedDisbursementDate);
  const loanType = input.loanType?.toLowerCase() ?? 'individual';
  // A loan to a group itself (loanType group) has no client borrower: not offered.
  if (loanType !== 'individual' && loanType !== 'jlg') v.fail('loanType', 'is.not.one.of.expected.enumerations', 'loanType must be individual or jlg.', input.loanType);
  if (loanType === 'jlg') v.required('groupId', input.groupId);
  if (loanType !== 'jlg' && input.groupId != null) v.fail('groupId', 'not.supported.for.individual.loans', 'A groupId goes with loanType jlg.', input.groupId);
  if ((input.syncRepaymentsWithMeeting || input.syncDisbursementWithMeeting) && loanType === 'jlg') v.required('calendarId', input.calendarId);
  if ((input.syncRepaymentsWithMeeting || input.syncDisbursementWithMeeting) && loanType !== 'jlg') {
    v.fail('syncRepaymentsWithMeeting', 'not.supported.for.individual.loans', 'Only a JLG loan follows a group meeting.', true);
  }
  v.maxLength('externalId', input.externalId, 100);
  for (const name of ['collateral', 'disbursementData'] as const) {
    if ((input[name]?.length ?? 0) > 0) v.fail(name, 'not.supported', `Loan ${name} are not supported; send an empty list or leave ${name} out.`);
  }
  if (input.isEqualAmortization === true) v.fail('isEqualAmortization', 'not.supported', 'Equal amortization of interest is not supported.');
  if (input.isTopup === true) v.fail('isTopup', 'not.supported', 'Top-up loans are not supported.');
  if (input.interestChargedFromDate != null && input.interestChargedFromDate !== input.expectedDisbursementDate) {
    v.fail('interestChargedFromDate', 'not.supported', 'Interest is charged from the disbursement date; another start date is not supported.', input.interestChargedFromDate);
  }
  v.throwIfAny();
}

/** The application's terms on `product`, validated (throws the validation errors found); `submittedOnDefault` when it names no submission date. */
export function applicationTerms(input: LoanApplicationInput, product: LoanProductRow, submittedOnDefault: string): Terms {
  const v = new Validator('loan');
  const t: Terms = {
    product,
    principal: new BigNumber(input.principal!).toFixed(),
    numberOfRepayments: input.numberOfRepayments ?? product.numberOfRepayments,
    repaymentEvery: input.repaymentEvery ?? product.repaymentEvery,
    repaymentFrequencyType: input.repaymentFrequencyType ?? product.repaymentFrequencyType,
    loanTermFrequency: 0,
    loanTermFrequencyType: 0,
    interestRatePerPeriod: new BigNumber(input.interestRatePerPeriod ?? product.interestRatePerPeriod).toFixed(),
    interestRateFrequencyType: input.interestRateFrequencyType ?? product.interestRateFrequencyType,
    amortizationType: input.amortizationType ?? product.amortizationType,
    interestType: input.interestType ?? product.interestType,
    interestCalculationPeriodType: input.interestCalculationPeriodType ?? product.interestCalculationPeriodType,
    transactionProcessingStrategyCode: input.transactionProcessingStrategyCode ?? product.transactionProcessingStrategyCode,
    graceOnPrincipalPayment: input.graceOnPrincipalPayment ?? product.graceOnPrincipalPayment,
    graceOnInterestPayment: input.graceOnInterestPayment ?? product.graceOnInterestPayment,
    expectedDisbursementDate: input.expectedDisbursementDate!,
    submittedOnDate: input.submittedOnDate ?? submittedOnDefault,
    repaymentsStartingFromDate: input.repaymentsStartingFromDate ?? null,
  };
  t.loanTermFrequency = input.loanTermFrequency ?? t.numberOfRepayments * t.repaymentEvery;
  t.loanTermFrequencyType = input.loanTermFrequencyType ?? t.repaymentFrequencyType;

  const principal = new BigNumber(t.principal);
  if (!principal.isFinite() || principal.lte(0)) v.fail('principal', 'not.greater.than.zero', 'The parameter `principal` must be greater than 0.', input.principal);
  else if (!inRange(principal, product.minPrincipal, product.maxPrincipal)) {
    v.fail('principal', 'is.not.within.expected.range', `principal must be between ${new BigNumber(product.minPrincipal).toFixed()} and ${new BigNumber(product.maxPrincipal).toFixed()}.`, input.principal, [product.minPrincipal, product.maxPrincipal]);
  } else if ((principal.decimalPlaces() ?? 0) > product.digitsAfterDecimal) {
    v.fail('principal', 'exceeds.decimal.places', `principal has more decimal places than ${product.currencyCode} allows (${product.digitsAfterDecimal}).`, input.principal);
  }
  if (!Number.isInteger(t.numberOfRepayments) || t.numberOfRepayments < 1) v.fail('numberOfRepayments', 'must.be.greater.than.zero', 'numberOfRepayments must be at least 1.', t.numberOfRepayments);
  else if (t.numberOfRepayments > MAX_REPAYMENTS) v.fail('numberOfRepayments', 'is.not.within.expected.range', `numberOfRepayments is at most ${MAX_REPAYMENTS}.`, t.numberOfRepayments);
  else if (!inRange(t.numberOfRepayments, product.minNumberOfRepayments, product.maxNumberOfRepayments)) {
    v.fail('numberOfRepayments', 'is.not.within.expected.range', `numberOfRepayments must be between ${product.minNumberOfRepayments} and ${product.maxNumberOfRepayments}.`, t.numberOfRepayments, [product.minNumberOfRepayments, product.maxNumberOfRepayments]);
  }
  if (!Number.isInteger(t.repaymentEvery) || t.repaymentEvery < 1) v.fail('repaymentEvery', 'must.be.greater.than.zero', 'repaymentEvery must be at least 1.', t.repaymentEvery);
  else if (t.repaymentEvery > MAX_REPAYMENT_EVERY) v.fail('repaymentEvery', 'is.not.within.expected.range', `repaymentEvery is at most ${MAX_REPAYMENT_EVERY}.`, t.repaymentEvery);
  if (![0, 1, 2].includes(t.repaymentFrequencyType)) v.fail('repaymentFrequencyType', 'is.not.one.of.expected.enumerations', 'repaymentFrequencyType is 0 days, 1 weeks or 2 months.', t.repaymentFrequencyType);
  if (![0, 1, 2, 3].includes(t.loanTermFrequencyType)) v.fail('loanTermFrequencyType', 'is.not.one.of.expected.enumerations', 'loanTermFrequencyType is 0 days, 1 weeks, 2 months or 3 years.', t.loanTermFrequencyType);
  if (![2, 3].includes(t.interestRateFrequencyType)) v.fail('interestRateFrequencyType', 'is.not.one.of.expected.enumerations', 'interestRateFrequencyType is 2 per month or 3 per year.', t.interestRateFrequencyType);
  if (![0, 1].includes(t.amortizationType)) v.fail('amortizationType', 'is.not.one.of.expected.enumerations', 'amortizationType is 0 equal principal or 1 equal instalments.', t.amortizationType);
  if (![0, 1].includes(t.interestType)) v.fail('interestType', 'is.not.one.of.expected.enumerations', 'interestType is 0 declining balance or 1 flat.', t.interestType);
  if (![0, 1].includes(t.interestCalculationPeriodType)) v.fail('interestCalculationPeriodType', 'is.not.one.of.expected.enumerations', 'interestCalculationPeriodType is 0 daily or 1 same as repayment period.', t.interestCalculationPeriodType);
  if (t.transactionProcessingStrategyCode !== product.transactionProcessingStrategyCode) {
    v.fail('transactionProcessingStrategyCode', 'is.not.one.of.expected.enumerations', `The strategy of this product is ${product.transactionProcessingStrategyCode}.`, t.transactionProcessingStrategyCode);
  }
  const rate = new BigNumber(t.interestRatePerPeriod);
  if (!rate.isFinite() || rate.lt(0)) v.fail('interestRatePerPeriod', 'not.zero.or.greater', 'interestRatePerPeriod must be zero or more.', input.interestRatePerPeriod);
  else if (!inRange(rate, product.minInterestRatePerPeriod, product.maxInterestRatePerPeriod)) {
    v.fail('interestRatePerPeriod', 'is.not.within.expected.range', 'interestRatePerPeriod is outside the product range.', input.interestRatePerPeriod);
  }
  if (t.graceOnPrincipalPayment < 0 || t.graceOnPrincipalPayment >= t.numberOfRepayments) v.fail('graceOnPrincipalPayment', 'is.not.within.expected.range', 'graceOnPrincipalPayment must be below numberOfRepayments.', t.graceOnPrincipalPayment);
  if (t.graceOnInterestPayment < 0 || t.graceOnInterestPayment >= t.numberOfRepayments) v.fail('graceOnInterestPayment', 'is.not.within.expected.range', 'graceOnInterestPayment must be below numberOfRepayments.', t.graceOnInterestPayment);
  // The term must cover the repayments, in the same unit (Fineract's rule).
  if (t.loanTermFrequencyType === t.repaymentFrequencyType && t.loanTermFrequency < t.numberOfRepayments * t.repaymentEvery) {
    v.fail('loanTermFrequency', 'is.less.than.repayment.structure.suggests', 'loanTermFrequency is shorter than numberOfRepayments x repaymentEvery.', t.loanTermFrequency);
  }
  if (t.expectedDisbursementDate < t.submittedOnDate) {
    v.fail('expectedDisbursementDate', 'cannot.be.before.submittal.date', 'expectedDisbursementDate cannot be before submittedOnDate.', t.expectedDisbursementDate);
  }
  if (t.repaymentsStartingFromDate !== null && t.repaymentsStartingFromDate <= t.expectedDisbursementDate) {
    v.fail('repaymentsStartingFromDate', 'cannot.be.before.disbursement.date', 'repaymentsStartingFromDate must be after the disbursement date.', t.repaymentsStartingFromDate);
  }
  v.throwIfAny();
  return t;
}

/** The stored loan's terms as an application, for a change that gives only some of them. */
export function currentInput(loan: LoanRow): LoanApplicationInput {
  return {
    clientId: loan.clientId, productId: loan.productId, principal: loan.principal, loanTermFrequency: loan.loanTermFrequency,
    loanTermFrequencyType: loan.loanTermFrequencyType, numberOfRepayments: loan.numberOfRepayments, repaymentEvery: loan.repaymentEvery,
    repaymentFrequencyType: loan.repaymentFrequencyType, interestRatePerPeriod: loan.interestRatePerPeriod, interestRateFrequencyType: loan.interestRateFrequencyType,
    amortizationType: loan.amortizationType, interestType: loan.interestType, interestCalculationPeriodType: loan.interestCalculationPeriodType,
    transactionProcessingStrategyCode: loan.transactionProcessingStrategyCode, expectedDisbursementDate: loan.expectedDisbursementDate,
    submittedOnDate: loan.submittedOn, repaymentsStartingFromDate: loan.repaymentsStartingFrom, linkAccountId: loan.linkAccountId,
    externalId: loan.externalId, loanOfficerId: loan.loanOfficerId, graceOnPrincipalPayment: loan.graceOnPrincipalPayment, graceOnInterestPayment: loan.graceOnInterestPayment,
  };
}

/** The terms as the loan row stores them. */
export function storedTerms(t: Terms, rest: Pick<LoanTerms, 'linkAccountId' | 'externalId' | 'loanOfficerId'>): LoanTerms {
  return {
    productId: t.product.id, currencyCode: t.product.currencyCode, digits: t.product.digitsAfterDecimal, principal: t.principal, loanTermFrequency: t.loanTermFrequency,
    loanTermFrequencyType: t.loanTermFrequencyType, numberOfRepayments: t.numberOfRepayments, repaymentEvery: t.repaymentEvery, repaymentFrequencyType: t.repaymentFrequencyType,
    interestRatePerPeriod: t.interestRatePerPeriod, interestRateFrequencyType: t.interestRateFrequencyType, amortizationType: t.amortizationType, interestType: t.interestType,
    interestCalculationPeriodType: t.interestCalculationPeriodType, transactionProcessingStrategyCode: t.transactionProcessingStrategyCode,
    graceOnPrincipalPayment: t.graceOnPrincipalPayment, graceOnInterestPayment: t.graceOnInterestPayment, submittedOn: t.submittedOnDate,
    expectedDisbursementDate: t.expectedDisbursementDate, repaymentsStartingFrom: t.repaymentsStartingFromDate, ...rest,
  };
}
