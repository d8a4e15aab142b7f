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

/**
 * Bounds of any decimal text read from a caller, checked BEFORE it is expanded: "1e-9999999" is ten
 * characters that toFixed() turns into ten million digits. 40 significant digits and an exponent of
 * +-40 cover numeric(20,6) with room for trailing zeros, and nothing else is ever expanded.
 */
export const MAX_DECIMAL_TEXT = 60;
const MAX_DECIMAL_DIGITS = 40;
const MAX_DECIMAL_EXPONENT = 40;
const DECIMAL_TEXT = /^([-+]?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/;

export class DecimalFormatError extends Error {}

/** Shows at most a few characters of untrusted input in messages, so an error never echoes a huge value. */
export function truncateForMessage(text: string, max = 24): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/**
 * Parses caller-supplied decimal text within fixed bounds (length, digits, exponent) and returns the
 * canonical fixed-point string. Throws DecimalFormatError whose message never holds more than a prefix.
 */
export function parseBoundedDecimal(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') throw new DecimalFormatError('a decimal must be a string or a number');
  const text = String(value).trim();
  const shown = truncateForMessage(text);
  const match = text.length <= MAX_DECIMAL_TEXT ? DECIMAL_TEXT.exec(text) : null;
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new DecimalFormatError(`"${shown}" is not a decimal number within ${MAX_DECIMAL_DIGITS} digits`);
  const digits = `${match[2]}${match[3] ?? ''}`.replace(/^0+/, '');
  const exponent = match[4] === undefined ? 0 : Number(match[4]);
  if (digits.length > MAX_DECIMAL_DIGITS || !Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_DECIMAL_EXPONENT) {
    throw new DecimalFormatError(`"${shown}" is not a decimal number within ${MAX_DECIMAL_DIGITS} digits`);
  }
  const parsed = new Money(text);
  if (!parsed.isFinite()) throw new DecimalFormatError(`"${shown}" is not a finite decimal number`);
  // The bounds above hold the written digits; 1e40 writes one digit and expands to 41, past every column.
  const integerDigits = parsed.isZero() || parsed.e! < 0 ? 0 : parsed.e! + 1;
  if (integerDigits + (parsed.decimalPlaces() ?? 0) > MAX_DECIMAL_DIGITS) {
    throw new DecimalFormatError(`"${shown}" is not a decimal number within ${MAX_DECIMAL_DIGITS} digits`);
  }
  return parsed.toFixed();
}
