import type { Tx } from '../kernel/tx.js';
import { DEFAULT_POLICY_TIERS, type ApprovalPolicyService } from './approval-policy.service.js';
import type { DelinquencyService } from './delinquency.service.js';
import { MIFOS_STANDARD_STRATEGY } from './domain/allocation.js';
import type { LoanProductInput, LoanProductService } from './loan-product.service.js';
import { anyPolicy } from './store/approval-policies.js';

/** One product per amortisation method (docs/interface.md): 100,000 (1,000 to 10,000,000), 12 monthly repayments (1 to 60), 2% a month. */
const common: LoanProductInput = {
  currencyCode: 'NGN', digitsAfterDecimal: 2, principal: '100000', minPrincipal: '1000', maxPrincipal: '10000000', numberOfRepayments: 12,
  minNumberOfRepayments: 1, maxNumberOfRepayments: 60, repaymentEvery: 1, repaymentFrequencyType: 2, interestRatePerPeriod: '2',
  interestRateFrequencyType: 2, interestCalculationPeriodType: 1, transactionProcessingStrategyCode: MIFOS_STANDARD_STRATEGY,
  daysInYearType: 1, daysInMonthType: 1, graceOnPrincipalPayment: 0, graceOnInterestPayment: 0, accountingRule: 2, delinquencyBucketId: 1,
};

export const SEED_PRODUCTS: { id: number; input: LoanProductInput }[] = [
  { id: 1, input: { ...common, name: 'Reducing Balance Loan', shortName: 'RBL', description: 'Equal instalments, interest on the outstanding balance.', interestType: 0, amortizationType: 1 } },
  { id: 2, input: { ...common, name: 'Flat Rate Loan', shortName: 'FLT', description: 'Interest on the original principal every period.', interestType: 1, amortizationType: 1 } },
  { id: 3, input: { ...common, name: 'Declining Balance Loan', shortName: 'DBL', description: 'Equal principal, interest on the outstanding balance.', interestType: 0, amortizationType: 0 } },
];

/** Tenant seeding inside the provisioning transaction; idempotent (an existing tenant keeps what it has). */
export function loanSeeder(products: LoanProductService, policies: ApprovalPolicyService, delinquency: DelinquencyService) {
  return async (tx: Tx): Promise<void> => {
    await delinquency.seed(tx);
    for (const { id, input } of SEED_PRODUCTS) {
      if (!(await products.find(tx, id))) await products.createCore(tx, null, input, id);
    }
    if (!(await anyPolicy(tx))) {
      await policies.createCore(tx, null, { name: 'Default approval policy', description: 'Interface section 3 tiers.', isDefault: true, tiers: DEFAULT_POLICY_TIERS });
    }
  };
}
