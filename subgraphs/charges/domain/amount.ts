import BigNumber from 'bignumber.js';
import { CALCULATION_TYPE } from './charge-kinds.js';

/**
 * What a charge costs, exact to the currency's decimals. Pure: decimal text in, decimal text out.
 *
 * A flat charge is its amount. A percentage charge is `amount` percent of its base: the loan's (or the
 * instalment's, or the withdrawal's) principal, principal plus interest, or interest. The result is
 * rounded half-even to the currency's decimals at the moment it is computed (what Fineract does with its
 * default rounding), then held between minCap and maxCap when they are set.
 */

const Exact = BigNumber.clone({ DECIMAL_PLACES: 40, ROUNDING_MODE: BigNumber.ROUND_HALF_EVEN, EXPONENTIAL_AT: [-60, 60] });

export interface ChargeAmountInput {
  calculationTypeId: number;
  /** The flat amount, or the percentage (2 means 2%). */
  amount: string;
  /** Principal (a loan's or an instalment's), or a savings transaction's amount. */
  principal?: string;
  /** Interest of the same loan or instalment. */
  interest?: string;
  minCap?: string | null;
  maxCap?: string | null;
  /** The currency's decimal places. */
  digits: number;
}

export function chargeAmount(input: ChargeAmountInput): string {
  const digits = input.digits;
  if (input.calculationTypeId === CALCULATION_TYPE.flat.id) return new Exact(input.amount).decimalPlaces(digits, BigNumber.ROUND_HALF_EVEN).toFixed(digits);
  const principal = new Exact(input.principal ?? '0');
  const interest = new Exact(input.interest ?? '0');
  const base =
    input.calculationTypeId === CALCULATION_TYPE.percentOfAmount.id ? principal
      : input.calculationTypeId === CALCULATION_TYPE.percentOfAmountAndInterest.id ? principal.plus(interest)
        : input.calculationTypeId === CALCULATION_TYPE.percentOfInterest.id ? interest
          : null;
  if (base === null) throw new RangeError(`unknown charge calculation type ${input.calculationTypeId}`);
  let result = base.times(input.amount).div(100).decimalPlaces(digits, BigNumber.ROUND_HALF_EVEN);
  if (input.minCap != null && result.lt(input.minCap)) result = new Exact(input.minCap);
  if (input.maxCap != null && result.gt(input.maxCap)) result = new Exact(input.maxCap);
  return result.toFixed(digits);
}

/**
 * Splits what is charged into what was paid, waived and what is still outstanding; the parts always add
 * up to the whole, and none is negative.
 */
export function outstandingOf(amount: string, paid: string, waived: string): string {
  const left = new Exact(amount).minus(paid).minus(waived);
  if (left.isNegative()) throw new RangeError('a charge was paid or waived beyond its amount');
  return left.toFixed();
}
