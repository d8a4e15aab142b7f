import type { ParameterCatalogue } from '../kernel/fineract-parameters.js';

/**
 * The parameters of Fineract's SavingsProductDataValidator that a savings product has no column for
 * (see kernel/fineract-parameters.ts for what `stored` and `off` mean).
 */
export const SAVINGS_PRODUCT_PARAMETERS: ParameterCatalogue = {
  // Applied by savings interest: a day below it earns nothing. The overdraft interest pair stays descriptive.
  minBalanceForInterestCalculation: { use: 'stored', type: 'Decimal' },
  nominalAnnualInterestRateOverdraft: { use: 'stored', type: 'Decimal' },
  minOverdraftForInterestCalculation: { use: 'stored', type: 'Decimal' },
  withdrawalFeeForTransfers: { use: 'stored', type: 'Boolean' },
  // Applied by savings interest: with withHoldTax, each posting withholds the tax group's components (tax.service.ts).
  withHoldTax: { use: 'stored', type: 'Boolean' },
  taxGroupId: { use: 'stored', type: 'Int' },
  lockinPeriodFrequencyType: { use: 'stored', type: 'Int' },
  // GL ids of Fineract's accounting mapping: kept for its clients; postings use the chart's fixed accounts, so
  // the two roles deposits and withdrawals post (control, reference) may only name those (product.service.ts).
  savingsReferenceAccountId: { use: 'stored', type: 'Int' },
  savingsControlAccountId: { use: 'stored', type: 'Int' },
  incomeFromFeeAccountId: { use: 'stored', type: 'Int' },
  incomeFromPenaltyAccountId: { use: 'stored', type: 'Int' },
  interestOnSavingsAccountId: { use: 'stored', type: 'Int' },
  transfersInSuspenseAccountId: { use: 'stored', type: 'Int' },
  overdraftPortfolioControlId: { use: 'stored', type: 'Int' },
  incomeFromInterestId: { use: 'stored', type: 'Int' },
  writeOffAccountId: { use: 'stored', type: 'Int' },
  escheatLiabilityId: { use: 'stored', type: 'Int' },
  penaltiesReceivableAccountId: { use: 'stored', type: 'Int' },
  feesReceivableAccountId: { use: 'stored', type: 'Int' },
  interestPayableAccountId: { use: 'stored', type: 'Int' },
  // Dormancy: close of business moves accounts without customer transactions to inactive, dormant, escheat (store/dormancy.store.ts).
  isDormancyTrackingActive: { use: 'stored', type: 'Boolean' },
  daysToInactive: { use: 'stored', type: 'Int' },
  daysToDormancy: { use: 'stored', type: 'Int' },
  daysToEscheat: { use: 'stored', type: 'Int' },
  // Features this service lacks: accepted only off.
  minRequiredOpeningBalance: { use: 'off' },
  lockinPeriodFrequency: { use: 'off' },
  withdrawalFeeAmount: { use: 'off' },
  withdrawalFeeType: { use: 'off' },
  feeAmount: { use: 'off' },
  feeOnMonthDay: { use: 'off' },
  // The charges each account opened on the product gets ([{id}]); the charges module checks and records them too.
  charges: { use: 'stored', type: 'JSON' },
  paymentChannelToFundSourceMappings: { use: 'off' },
  feeToIncomeAccountMappings: { use: 'off' },
  penaltyToIncomeAccountMappings: { use: 'off' },
  lienAllowed: { use: 'off' },
  maxAllowedLienLimit: { use: 'off' },
};
