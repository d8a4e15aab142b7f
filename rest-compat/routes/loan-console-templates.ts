/**
 * What the staff console's loan product and loan application forms read from Fineract's templates beyond the
 * module's own fields (issue 41): the features this service does not offer as Fineract shows them off (empty option
 * lists, false flags), and the one schedule kind it has (cumulative, horizontal, repayments from the disbursement).
 */

const option = (id: number, code: string, value: string) => ({ id, code, value });
// LoanScheduleType.asEnumOptionData: the ordinal, the name, the label.
const CUMULATIVE = option(0, 'CUMULATIVE', 'Cumulative');
const HORIZONTAL = option(0, 'HORIZONTAL', 'Horizontal');
const FROM_DISBURSEMENT = option(1, 'repaymentStartDateType.disbursementDate', 'Disbursement Date');
const REGULAR_CHARGE_OFF = { id: 'REGULAR', code: 'REGULAR', value: 'Regular' };

/** An application may change every attribute Fineract lets a product lock: the application's input takes them all. */
const ALL_OVERRIDES = {
  amortizationType: true, interestType: true, transactionProcessingStrategyCode: true, interestCalculationPeriodType: true,
  inArrearsTolerance: true, repaymentEvery: true, graceOnPrincipalAndInterestPayment: true, graceOnArrearsAgeing: true,
};

/** Features a product of this service never has, off as in Fineract's sensible defaults. */
const FEATURES_OFF = {
  isLinkedToFloatingInterestRates: false, isFloatingInterestRateCalculationAllowed: false, allowVariableInstallments: false,
  includeInBorrowerCycle: false, useBorrowerCycle: false, multiDisburseLoan: false, holdGuaranteeFunds: false, canDefineInstallmentAmount: false,
  isInterestRecalculationEnabled: false, isEqualAmortization: false, canUseForTopup: false, enableDownPayment: false, enableIncomeCapitalization: false,
  enableInstallmentLevelDelinquency: false, accountMovesOutOfNPAOnlyOnArrearsCompletion: false, disallowExpectedDisbursements: false,
  allowApprovedDisbursedAmountsOverApplied: false, enableAccrualActivityPosting: false, interestRecognitionOnDisbursementDate: false,
};

/** GET /loanproducts/template: Fineract's LoanProductData.sensibleDefaultsForNewLoanProductCreation with its option lists. */
export function loanProductConsoleDefaults() {
  return {
    // CurrencyData.blank(): the console then proposes the first of currencyOptions.
    currency: { code: '', name: '', decimalPlaces: 0, inMultiplesOf: 0, displaySymbol: '', nameCode: '', displayLabel: ' []' },
    repaymentStartDateType: FROM_DISBURSEMENT, repaymentStartDateTypeOptions: [FROM_DISBURSEMENT],
    loanScheduleType: CUMULATIVE, loanScheduleTypeOptions: [CUMULATIVE],
    loanScheduleProcessingType: HORIZONTAL, loanScheduleProcessingTypeOptions: [HORIZONTAL],
    chargeOffBehaviour: REGULAR_CHARGE_OFF, chargeOffBehaviourOptions: [REGULAR_CHARGE_OFF],
    // The payoff's interest to the payoff date (1) or to the end of its period (2), both served (issue 36).
    preClosureInterestCalculationStrategyOptions: [
      option(1, 'loanPreClosureInterestCalculationStrategy.tillPreClosureDate', 'Till Pre-Close Date'),
      option(2, 'loanPreClosureInterestCalculationStrategy.tillRestFrequencyDate', 'Till Rest Frequency Date'),
    ],
    principalVariationsForBorrowerCycle: [], interestRateVariationsForBorrowerCycle: [], numberOfRepaymentVariationsForBorrowerCycle: [],
    valueConditionTypeOptions: [], floatingRateOptions: [], fundOptions: [], rescheduleStrategyTypeOptions: [],
    interestRecalculationCompoundingTypeOptions: [], interestRecalculationFrequencyTypeOptions: [], interestRecalculationNthDayTypeOptions: [],
    interestRecalculationDayOfWeekTypeOptions: [], advancedPaymentAllocationTransactionTypes: [], advancedPaymentAllocationTypes: [],
    advancedPaymentAllocationFutureInstallmentAllocationRules: [], creditAllocationTransactionTypes: [], creditAllocationAllocationTypes: [],
    supportedInterestRefundTypesOptions: [], daysInYearCustomStrategyOptions: [], chargeOffReasonOptions: [],
    capitalizedIncomeCalculationTypeOptions: [], capitalizedIncomeStrategyOptions: [], capitalizedIncomeTypeOptions: [],
    ...FEATURES_OFF,
  };
}

/**
 * GET /loans/template with a product: the terms step reads the product's own flags (`product`), the schedule kind,
 * and the data tables and overdue charges the service does not offer.
 */
export function loanApplicationConsoleDefaults(productId: number | undefined, productName: unknown) {
  return {
    loanScheduleType: CUMULATIVE, loanScheduleProcessingType: HORIZONTAL, repaymentStartDateType: FROM_DISBURSEMENT,
    datatables: [], overdueCharges: [],
    ...(productId !== undefined ? { product: { id: productId, name: productName, allowAttributeOverrides: ALL_OVERRIDES, ...FEATURES_OFF } } : {}),
  };
}
