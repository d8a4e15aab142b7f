import type { LoanProductTemplateType } from './loan.types.js';
import {
  ACCOUNTING_RULES, AMORTIZATION_OPTIONS, DAYS_IN_MONTH, DAYS_IN_YEAR, INTEREST_CALCULATION_OPTIONS, INTEREST_RATE_FREQUENCY_OPTIONS, INTEREST_TYPE_OPTIONS,
  REPAYMENT_FREQUENCY_OPTIONS, STRATEGY_OPTIONS,
} from './loan.view.js';

/**
 * Fineract's loan product template, limited to what this service computes; the defaults are Fineract's.
 * A function, not a constant: loan.view.js reaches this file back through loan-product.service.js, so its
 * option lists are not initialised yet while this module loads.
 */
export const loanProductTemplate = (): LoanProductTemplateType => ({
  amortizationType: AMORTIZATION_OPTIONS[1]!, interestType: INTEREST_TYPE_OPTIONS[0]!, interestCalculationPeriodType: INTEREST_CALCULATION_OPTIONS[1]!,
  repaymentFrequencyType: REPAYMENT_FREQUENCY_OPTIONS[2]!, interestRateFrequencyType: INTEREST_RATE_FREQUENCY_OPTIONS[0]!, accountingRule: ACCOUNTING_RULES[0]!,
  daysInYearType: DAYS_IN_YEAR[0]!, daysInMonthType: DAYS_IN_MONTH[0]!, transactionProcessingStrategyCode: STRATEGY_OPTIONS[0]!.code,
  amortizationTypeOptions: AMORTIZATION_OPTIONS, interestTypeOptions: INTEREST_TYPE_OPTIONS, interestCalculationPeriodTypeOptions: INTEREST_CALCULATION_OPTIONS,
  repaymentFrequencyTypeOptions: REPAYMENT_FREQUENCY_OPTIONS, interestRateFrequencyTypeOptions: INTEREST_RATE_FREQUENCY_OPTIONS,
  transactionProcessingStrategyOptions: STRATEGY_OPTIONS, accountingRuleOptions: ACCOUNTING_RULES, daysInYearTypeOptions: DAYS_IN_YEAR, daysInMonthTypeOptions: DAYS_IN_MONTH,
});
