import { errors, Validator } from './errors.js';
import { KERNEL_CODES } from './codes.js';

export type SortDirection = 'asc' | 'desc';

export interface Ordering<T> {
  /** What the allowlist maps the requested column to (an SQL expression or an entity property). */
  column: T;
  direction: SortDirection;
}

/**
 * Fineract's orderBy/sortOrder on paged lists, through an allowlist per list: the requested name (camelCase
 * or Fineract's snake_case column name) must be a key of `allowed`, so nothing a client sends reaches SQL.
 * Unknown column or direction: 400 with validation.msg.invalid.orderBy / validation.msg.invalid.sortOrder.
 */
export function ordering<T>(allowed: Record<string, T>, orderBy: string | null | undefined, sortOrder: string | null | undefined, fallback: string): Ordering<T> {
  const problems = [];
  const requested = orderBy == null || orderBy.trim() === '' ? fallback : orderBy.trim();
  const key = Object.keys(allowed).find((name) => name === requested || toSnake(name) === requested.toLowerCase());
  if (key === undefined) {
    problems.push({
      code: KERNEL_CODES.invalidOrderBy,
      message: `The parameter \`orderBy\` must be one of ${Object.keys(allowed).join(', ')}.`,
      parameterName: 'orderBy',
      value: orderBy,
      args: Object.keys(allowed),
    });
  }
  const direction = sortOrder == null || sortOrder.trim() === '' ? 'ASC' : sortOrder.trim().toUpperCase();
  if (direction !== 'ASC' && direction !== 'DESC') {
    problems.push({ code: KERNEL_CODES.invalidSortOrder, message: 'The parameter `sortOrder` must be ASC or DESC.', parameterName: 'sortOrder', value: sortOrder });
  }
  if (problems.length > 0) throw errors.validation(problems);
  return { column: allowed[key!]!, direction: direction === 'DESC' ? 'desc' : 'asc' };
}

function toSnake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** The page size a nested list field (an account's transactions, a loan's schedule) gives when not asked. */
export const DEFAULT_PAGE = 20;
/** The largest page any list gives, GraphQL or REST (Fineract's 200). */
export const MAX_PAGE = 200;

/** A nested list's page arguments: limit 1 to 200, offset zero or more; 400 with Fineract's codes otherwise. */
export function checkedPage(limit: number, offset: number): { limit: number; offset: number } {
  const v = new Validator('page');
  v.check(Number.isInteger(limit) && limit >= 1 && limit <= MAX_PAGE, 'limit', 'not.in.range', `The argument limit must be from 1 to ${MAX_PAGE}.`, limit);
  v.check(Number.isInteger(offset) && offset >= 0, 'offset', 'must.be.zero.or.greater', 'The argument offset must be zero or greater.', offset);
  v.throwIfAny();
  return { limit, offset };
}
