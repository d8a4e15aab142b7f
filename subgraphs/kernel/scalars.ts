import { GraphQLScalarType, Kind } from 'graphql';
import { decimalText } from './exact-json.js';
import { DecimalFormatError, formatAmount, parseBoundedDecimal, truncateForMessage } from './money.js';

/**
 * Money and other exact decimals travel as strings ("1000.50"): a JSON number would pass through
 * a double and lose cents on large amounts. Inputs accept a string or an integer/float literal.
 */
export const DecimalScalar = new GraphQLScalarType({
  name: 'Decimal',
  description: 'An exact decimal number serialized as a string, e.g. "1000.50".',
  serialize(value) {
    // An event's amount may arrive as a raw JSON number (exact-json.ts): its text is the decimal.
    return formatAmount(decimalText(value)!);
  },
  parseValue(value) {
    return parseDecimal(value);
  },
  parseLiteral(ast) {
    if (ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return parseDecimal(ast.value);
    throw new TypeError('Decimal must be a string or number literal');
  },
});

/** Bounded before expansion (kernel/money.ts): a literal or variable like 1e-9999999 is refused, not expanded. */
function parseDecimal(value: unknown): string {
  try {
    return parseBoundedDecimal(value);
  } catch (error) {
    if (error instanceof DecimalFormatError) throw new TypeError(error.message);
    throw error;
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date without time or zone, ISO 8601 (YYYY-MM-DD). The REST layer converts Fineract formats to it. */
export const LocalDateScalar = new GraphQLScalarType({
  name: 'LocalDate',
  description: 'A calendar date, ISO 8601 YYYY-MM-DD.',
  serialize(value) {
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    return parseLocalDate(value);
  },
  parseValue: parseLocalDate,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw new TypeError('LocalDate must be a string');
    return parseLocalDate(ast.value);
  },
});

export function parseLocalDate(value: unknown): string {
  if (typeof value !== 'string') throw new TypeError('LocalDate must be a string YYYY-MM-DD');
  const match = ISO_DATE.exec(value);
  if (!match) throw new TypeError(`"${truncateForMessage(value)}" is not a date in YYYY-MM-DD form`);
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    throw new TypeError(`"${value}" is not a calendar date`);
  }
  return value;
}

export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** An ISO date (YYYY-MM-DD) moved by whole days, in UTC so no time zone shifts a day. */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
