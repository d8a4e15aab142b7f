import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { errors, type PlatformError } from './errors.js';
import { KERNEL_CODES } from './codes.js';

/** True when the error is a unique-index violation on the named index (races that passed the pre-check). */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  // MikroORM wraps its own statements' errors; Tx.query's come straight from the driver (SQLSTATE 23505).
  const driverViolation = error instanceof Error && (error as { code?: unknown }).code === '23505';
  if (!(error instanceof UniqueConstraintViolationException) && !driverViolation) return false;
  return index === undefined || String((error as Error).message).includes(index) || (error as { constraint?: unknown }).constraint === index;
}

/** Escapes LIKE wildcards so user text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * PostgreSQL's verdicts on a value the caller sent that passed every check before it (a product's
 * maximum of 5e37, within 40 digits but not numeric(20,6)): the caller's 400, not a 500. Only these
 * SQLSTATEs, each of which names a value out of its column's range or form.
 */
const VALUE_REFUSALS: Readonly<Record<string, { code: string; message: string }>> = {
  '22003': { code: KERNEL_CODES.invalidDecimalFormat, message: 'A number is larger, or has more decimals, than its field holds.' },
  '22008': { code: KERNEL_CODES.invalidDateFormat, message: 'A date is outside the range the field holds.' },
  '22001': { code: KERNEL_CODES.exceedsMaxLength, message: 'A text is longer than its field holds.' },
};

/** The validation error for a driver error that refused a value (see VALUE_REFUSALS), or null. */
export function valueRefusal(error: unknown): PlatformError | null {
  if (error === null || typeof error !== 'object') return null;
  const { code, sqlState } = error as { code?: unknown; sqlState?: unknown };
  const refusal = VALUE_REFUSALS[typeof sqlState === 'string' ? sqlState : typeof code === 'string' ? code : ''];
  return refusal ? errors.validation([{ code: refusal.code, message: refusal.message }]) : null;
}

/** SQLSTATEs of a transaction PostgreSQL gave up to break a cycle (deadlock) or a serialization conflict. */
const RETRYABLE_STATES = new Set(['40P01', '40001']);

/**
 * A failure that running the whole transaction again can cure: a deadlock victim or a serialization
 * failure, as the driver or the ORM (which keeps the driver's error as `cause`) reports it.
 */
export function isRetryableConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, sqlState } = e as { code?: unknown; sqlState?: unknown };
    if (RETRYABLE_STATES.has(typeof sqlState === 'string' ? sqlState : typeof code === 'string' ? code : '')) return true;
  }
  return false;
}
