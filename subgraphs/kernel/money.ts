import BigNumber from 'bignumber.js';

/** Decimal arithmetic for money: never a JS number. ROUND_HALF_EVEN is banker's rounding, Fineract's default. */
export const Money = BigNumber.clone({ DECIMAL_PLACES: 6, ROUNDING_MODE: BigNumber.ROUND_HALF_EVEN, EXPONENTIAL_AT: [-30, 40] });
export type Money = BigNumber;

/** Storage scale of every money column: numeric(20,6). */
export const STORAGE_SCALE = 6;

export function money(value: BigNumber.Value): BigNumber {
  return new Money(value);
}

/** Canonical string for a stored amount: fixed point, no exponent, trailing zeros trimmed ("1000.5", "0"). */
export function formatAmount(value: BigNumber.Value): string {
  return new Money(value).toFixed();
}

/** Number of decimal places a value actually uses (1.50 -> 1, 1e-7 -> 7). */
export function scaleOf(value: BigNumber.Value): number {
  return new Money(value).decimalPlaces() ?? 0;
}
