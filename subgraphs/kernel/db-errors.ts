import { UniqueConstraintViolationException } from '@mikro-orm/core';

/** True when the error is a unique-index violation on the named index (races that passed the pre-check). */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  if (!(error instanceof UniqueConstraintViolationException)) return false;
  return index === undefined || String(error.message).includes(index);
}

/** Escapes LIKE wildcards so user text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
