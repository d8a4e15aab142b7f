import { getNullableType, isListType, isObjectType, isScalarType, type GraphQLOutputType } from 'graphql';
import { toDateArray } from '../subgraphs/kernel/fineract-dates.js';
import { Money, STORAGE_SCALE } from '../subgraphs/kernel/money.js';

declare global {
  interface JSON {
    /** Node >= 21: a value JSON.stringify writes verbatim (TypeScript's lib does not know it yet). */
    rawJSON(text: string): unknown;
  }
}

/**
 * GraphQL results to Fineract's JSON: LocalDate to [y, m, d], Decimal strings to exact JSON numbers
 * written with Fineract's stored scale (1500 -> 1500.000000: its Java client reads a whole number as an
 * integer; JSON.rawJSON keeps every digit, no double in between), null fields omitted. Walks the value alongside its schema type, so
 * it needs no per-route mapping; operations must not use aliases.
 */
export function translateOutput(value: unknown, type: GraphQLOutputType): unknown {
  if (value === null || value === undefined) return undefined;
  const nullable = getNullableType(type);
  if (isListType(nullable)) return (value as unknown[]).map((item) => translateOutput(item, nullable.ofType));
  if (isObjectType(nullable)) {
    const fields = nullable.getFields();
    const out: Record<string, unknown> = {};
    for (const [key, fieldValue] of Object.entries(value as Record<string, unknown>)) {
      const field = fields[key];
      const translated = field ? translateOutput(fieldValue, field.type) : fieldValue;
      if (translated !== undefined && translated !== null) out[key] = translated;
    }
    return out;
  }
  if (isScalarType(nullable)) {
    if (nullable.name === 'LocalDate' && typeof value === 'string') return toDateArray(value);
    if (nullable.name === 'Decimal' && typeof value === 'string') return JSON.rawJSON(fineractScale(value));
  }
  return value;
}

/** Every Decimal of the schema is a money amount or a rate stored as numeric(20,6): written with 6 places. */
export function fineractScale(decimal: string): string {
  const value = new Money(decimal);
  return value.isFinite() ? value.toFixed(STORAGE_SCALE) : decimal;
}
