import { UniqueConstraintViolationException } from '@mikro-orm/core';

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
