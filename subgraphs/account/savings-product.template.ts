import { enumOption, type EnumOption } from '../kernel/enum-option.type.js';

/**
 * The option lists of Fineract's GET /savingsproducts/template, with Fineract's ids and codes
 * (SavingsEnumerations). Interest settings are stored as chosen; accounting rules are the two this
 * service posts by (1 none, 2 cash based).
 */
const options = (prefix: string, values: [number, string, string][]) => values.map(([id, code, value]) => enumOption(id, `${prefix}${code}`, value));

const INTEREST_COMPOUNDING_OPTIONS = options('savings.interest.period.savingsCompoundingInterestPeriodType.', [
  [1, 'daily', 'Daily'], [4, 'monthly', 'Monthly'], [5, 'quarterly', 'Quarterly'], [6, 'biannual', 'Semi-Annual'], [7, 'annual', 'Annually'],
]);
const INTEREST_POSTING_OPTIONS = options('savings.interest.posting.period.savingsPostingInterestPeriodType.', [
  [1, 'daily', 'Daily'], [4, 'monthly', 'Monthly'], [5, 'quarterly', 'Quarterly'], [6, 'biannual', 'BiAnnual'], [7, 'annual', 'Annually'],
]);
const INTEREST_CALCULATION_OPTIONS = options('savingsInterestCalculationType.', [[1, 'dailybalance', 'Daily Balance'], [2, 'averagedailybalance', 'Average Daily Balance']]);
const DAYS_IN_YEAR_OPTIONS = options('savingsInterestCalculationDaysInYearType.', [[360, 'days360', '360 Days'], [365, 'days365', '365 Days']]);
const LOCKIN_PERIOD_OPTIONS = options('savings.lockin.savingsPeriodFrequencyType.', [[0, 'days', 'Days'], [1, 'weeks', 'Weeks'], [2, 'months', 'Months'], [3, 'years', 'Years']]);
const ACCOUNTING_RULE_OPTIONS = options('accountingRuleType.', [[1, 'none', 'NONE'], [2, 'cash', 'CASH BASED']]);
/** Fineract's defaults for a new product: daily compounding, monthly posting, daily balance, 365 days. */
const TEMPLATE_DEFAULTS = { interestCompoundingPeriodType: INTEREST_COMPOUNDING_OPTIONS[0]!, interestPostingPeriodType: INTEREST_POSTING_OPTIONS[1]!, interestCalculationType: INTEREST_CALCULATION_OPTIONS[0]!, interestCalculationDaysInYearType: DAYS_IN_YEAR_OPTIONS[1]!, accountingRule: ACCOUNTING_RULE_OPTIONS[0]! };

export interface SavingsProductTemplate {
  interestCompoundingPeriodType: EnumOption;
  interestPostingPeriodType: EnumOption;
  interestCalculationType: EnumOption;
  interestCalculationDaysInYearType: EnumOption;
  accountingRule: EnumOption;
  interestCompoundingPeriodTypeOptions: EnumOption[];
  interestPostingPeriodTypeOptions: EnumOption[];
  interestCalculationTypeOptions: EnumOption[];
  interestCalculationDaysInYearTypeOptions: EnumOption[];
  lockinPeriodFrequencyTypeOptions: EnumOption[];
  accountingRuleOptions: EnumOption[];
}

export const SAVINGS_PRODUCT_TEMPLATE: SavingsProductTemplate = {
  ...TEMPLATE_DEFAULTS,
  interestCompoundingPeriodTypeOptions: INTEREST_COMPOUNDING_OPTIONS,
  interestPostingPeriodTypeOptions: INTEREST_POSTING_OPTIONS,
  interestCalculationTypeOptions: INTEREST_CALCULATION_OPTIONS,
  interestCalculationDaysInYearTypeOptions: DAYS_IN_YEAR_OPTIONS,
  lockinPeriodFrequencyTypeOptions: LOCKIN_PERIOD_OPTIONS,
  accountingRuleOptions: ACCOUNTING_RULE_OPTIONS,
};
