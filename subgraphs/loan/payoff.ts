import type { Tx } from '../kernel/tx.js';
import { annualRate } from './domain/day-count.js';
import { payoffOn, PRE_CLOSURE_TO_PERIOD_END, PRE_CLOSURE_TO_DATE, type Payoff, type PayoffTerms } from './domain/payoff.js';
import { methodOf } from './domain/schedule.js';
import type { LoanProductRow } from './loan-product.rows.js';
import type { LoanProductService } from './loan-product.service.js';
import { loadPeriods, type PeriodRow } from './store/schedule.js';
import type { LoanRow } from './store/loans.js';

/**
 * A loan's payoff on a date, read from its schedule and its product (the day count and the flat loans'
 * pre-closure strategy are the product's). Shared by the prepayment template, repayments that close the loan,
 * foreclosure and self-service.
 */

export function payoffTermsOf(loan: LoanRow, product: Pick<LoanProductRow, 'daysInYearType' | 'daysInMonthType' | 'parameters'>): PayoffTerms {
  const strategy = Number(product.parameters.preClosureInterestCalculationStrategy ?? PRE_CLOSURE_TO_DATE);
  return {
    method: methodOf(loan.interestType, loan.amortizationType),
    annualRate: annualRate(loan.interestRatePerPeriod, loan.interestRateFrequencyType),
    dayCount: { daysInYearType: product.daysInYearType, daysInMonthType: product.daysInMonthType },
    preClosureInterestCalculationStrategy: strategy === PRE_CLOSURE_TO_PERIOD_END ? PRE_CLOSURE_TO_PERIOD_END : PRE_CLOSURE_TO_DATE,
    digits: loan.digits,
  };
}

/** The payoff of `loan` on `date`; `periods` when the caller has them already. */
export async function loanPayoff(tx: Tx, products: LoanProductService, loan: LoanRow, date: string, periods?: readonly PeriodRow[]): Promise<Payoff> {
  const product = await products.find(tx, loan.productId);
  // Products cannot be deleted: a loan without its product is a broken database, not a caller's error.
  if (!product) throw new Error(`loan ${loan.id}: product ${loan.productId} is missing`);
  return payoffOn(periods ?? (await loadPeriods(tx, [loan.id])), date, payoffTermsOf(loan, product));
}
