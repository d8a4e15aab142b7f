import { RESCHEDULE_STRATEGIES, type RecalculationTerms } from './domain/recalculation.js';
import { periodRate } from './domain/schedule.js';
import type { LoanProductRow } from './loan-product.rows.js';
import { dayCountOf } from './loan-terms.js';
import { payoffTermsOf } from './payoff.js';
import type { LoanRow } from './store/loans.js';

/**
 * Whether a loan's product recalculates interest (isInterestRecalculationEnabled, kept in the product's parameters
 * with its rescheduleStrategyMethod), and the terms a part prepayment is recalculated by; null when it does not, or
 * the loan is flat (its interest does not run on the balance), so repayments stay as they were.
 */
export function recalculationTermsOf(loan: LoanRow, product: Pick<LoanProductRow, 'daysInYearType' | 'daysInMonthType' | 'parameters'>): RecalculationTerms | null {
  const enabled = String(product.parameters.isInterestRecalculationEnabled ?? false).toLowerCase() === 'true';
  const strategy = Number(product.parameters.rescheduleStrategyMethod ?? 0);
  const payoff = payoffTermsOf(loan, product);
  if (!enabled || !(RESCHEDULE_STRATEGIES as readonly number[]).includes(strategy) || payoff.method === 'flat') return null;
  return {
    ...payoff, rescheduleStrategyMethod: strategy,
    periodRate: periodRate({ ...loan, dayCount: dayCountOf(product) }),
  };
}
