import {
  getNamedType, getNullableType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType,
  type GraphQLInputType,
} from 'graphql';
import type { FieldError } from '../subgraphs/kernel/errors.js';
import { DateFormatError, isValidLocale, parseFineractDate } from '../subgraphs/kernel/fineract-dates.js';
import { DecimalFormatError, parseBoundedDecimal, truncateForMessage } from '../subgraphs/kernel/money.js';
import { MAX_COLLECTED_ERRORS } from './list-limits.js';

/** A JSON number kept as its source text, so 1000.10 never passes through a double on its way to a Decimal. */
export class NumberLiteral {
  constructor(readonly source: string) {}

  /** Inside a value passed on as it is (a JSONObject), the number is sent as its exact source text. */
  toJSON(): unknown {
    return (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON(this.source);
  }
}

/** JSON.parse that keeps every number's exact text (Node 24's reviver `context.source`). */
export function parseJsonExact(text: string): unknown {
  return JSON.parse(text, (_key, value, context?: { source?: string }) =>
    typeof value === 'number' && context?.source !== undefined ? new NumberLiteral(context.source) : value,
  );
}

export const FORMAT_KEYS = new Set(['dateFormat', 'locale', 'monthDayFormat']);
const TEXT_SCALARS = new Set(['String', 'ID']);

interface Translation {
  dateFormat?: string;
  locale?: string;
  errors: FieldError[];
  /** `code parameterName` of the errors recorded `once`: a set, so each check is not a scan of every error. */
  onceKeys: Set<string>;
}

/** What an error may echo of a value: a short prefix of text, never an unbounded input. */
export function echo(value: unknown): unknown {
  if (value instanceof NumberLiteral) return truncateForMessage(value.source);
  if (typeof value === 'string') return truncateForMessage(value);
  if (value !== null && typeof value === 'object') return undefined;
  return value;
}

const invalid = (parameterName: string, rule: string, message: string, value?: unknown): FieldError => ({
  code: `validation.msg.${rule}`,
  message,
  parameterName,
  value: echo(value),
});

/** GraphQL's Int is 32-bit. */
const INT32_MAX = 2 ** 31 - 1;

/** A value that is not a GraphQL Int, said in Fineract's words (never GraphQL's "32-bit integer" text). */
export const integerError = (path: string, value: unknown): FieldError =>
  invalid(path, 'invalid.integer.format', `The parameter \`${path}\` must be a whole number from ${-INT32_MAX} to ${INT32_MAX}.`, value);

/** Records an error once: ten dates without a dateFormat are one missing dateFormat. */
function once(t: Translation, error: FieldError): void {
  const key = `${error.code} ${error.parameterName}`;
  if (t.onceKeys.has(key)) return;
  t.onceKeys.add(key);
  t.errors.push(error);
}

const localeError = (locale: unknown): FieldError => ({
  code: 'validation.msg.invalid.locale.format', message: 'The parameter `locale` is not a valid locale.', parameterName: 'locale', value: echo(locale),
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO 8601 calendar date sent without a dateFormat: read as yyyy-MM-dd, and a day that does not exist is refused. */
function isoDate(value: string, path: string, t: Translation): string | undefined {
  try {
    return parseFineractDate(value, 'yyyy-MM-dd', 'en');
  } catch (error) {
    if (!(error instanceof DateFormatError)) throw error;
    t.errors.push({ code: 'validation.msg.invalid.dateFormat.format', message: `The date "${value.trim()}" could not be read as an ISO 8601 date (yyyy-MM-dd).`, parameterName: path, value: echo(value) });
    return undefined;
  }
}

/** Converts one body value to what the GraphQL input type expects; records an error instead of throwing. */
function convert(value: unknown, type: GraphQLInputType, path: string, t: Translation): unknown {
  if (value === null || value === undefined) return value;
  if (isNonNullType(type)) return convert(value, type.ofType, path, t);
  if (isListType(type)) {
    if (!Array.isArray(value)) {
      t.errors.push(invalid(path, 'invalid.type', `The parameter \`${path}\` must be a list.`));
      return undefined;
    }
    // The list's length was capped before translation (list-limits.ts); past MAX_COLLECTED_ERRORS the
    // answer is a 400 already, and its items are not looked at further.
    return value.map((item, i) => (t.errors.length >= MAX_COLLECTED_ERRORS ? undefined : convert(item, type.ofType, `${path}[${i}]`, t)));
  }
  if (isInputObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value) || value instanceof NumberLiteral) {
      t.errors.push(invalid(path, 'invalid.type', `The parameter \`${path}\` must be an object.`));
      return undefined;
    }
    return convertObject(value as Record<string, unknown>, type.getFields(), path, t);
  }
  const named = getNamedType(type);
  if (isEnumType(named)) return value instanceof NumberLiteral ? value.source : value;
  if (!isScalarType(named)) return value;
  // Fineract reads a blank string as "not given" for every non-text parameter ("staffId": "" is no staff).
  if (typeof value === 'string' && value.trim() === '' && !TEXT_SCALARS.has(named.name)) return null;
  switch (named.name) {
    case 'LocalDate': {
      if (typeof value !== 'string') {
        t.errors.push(invalid(path, 'invalid.dateFormat.format', `The parameter \`${path}\` must be a date string.`, value));
        return undefined;
      }
      // Fineract's clients send both: a date in the body's dateFormat, or an ISO 8601 date with no dateFormat.
      if (!t.dateFormat && ISO_DATE.test(value.trim())) return isoDate(value, path, t);
      if (!t.dateFormat || !t.locale) {
        if (!t.dateFormat) once(t, { code: 'validation.msg.missing.dateFormat.parameter', message: 'The parameter `dateFormat` is mandatory when a date is sent in a format other than ISO 8601 (yyyy-MM-dd).', parameterName: 'dateFormat' });
        if (!t.locale) once(t, { code: 'validation.msg.missing.locale.parameter', message: 'The parameter `locale` is mandatory when a date is sent.', parameterName: 'locale' });
        return undefined;
      }
      try {
        return parseFineractDate(value, t.dateFormat, t.locale);
      } catch (error) {
        if (!(error instanceof DateFormatError)) throw error;
        if (error.reason === 'locale') once(t, localeError(t.locale));
        else t.errors.push({ code: 'validation.msg.invalid.dateFormat.format', message: error.message, parameterName: path, value: echo(value) });
        return undefined;
      }
    }
    case 'Decimal': {
      // Bounded before anything expands it: 1e-9999999 is refused here, in a few microseconds.
      const text = value instanceof NumberLiteral ? value.source : typeof value === 'string' ? stripGrouping(value, t.locale) : null;
      try {
        if (text !== null) return parseBoundedDecimal(text);
      } catch (error) {
        if (!(error instanceof DecimalFormatError)) throw error;
      }
      t.errors.push(invalid(path, 'invalid.decimal.format', `The parameter \`${path}\` must be a decimal number of at most 40 digits.`, value));
      return undefined;
    }
    case 'Int': {
      // Checked here, so a caller reads its own field name and Fineract's code, never GraphQL's
      // "Variable $input ... 32-bit integer" text.
      const source = value instanceof NumberLiteral ? value.source : typeof value === 'string' ? value.trim() : null;
      if (source !== null && /^-?\d{1,10}$/.test(source) && Math.abs(Number(source)) <= INT32_MAX) return Number(source);
      t.errors.push(integerError(path, value));
      return undefined;
    }
    case 'Float':
      if (value instanceof NumberLiteral && value.source.length <= 30) return Number(value.source);
      if (typeof value === 'string' && value.length <= 30 && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
      t.errors.push(invalid(path, 'invalid.number', `The parameter \`${path}\` must be a number.`, value));
      return undefined;
    case 'Boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      t.errors.push(invalid(path, 'invalid.boolean', `The parameter \`${path}\` must be true or false.`, value));
      return undefined;
    case 'String':
    case 'ID':
      if (value instanceof NumberLiteral) return value.source;
      if (typeof value === 'string') return value;
      t.errors.push(invalid(path, 'invalid.type', `The parameter \`${path}\` must be text.`, value));
      return undefined;
    case 'JSONObject':
      // The subgraph's scalar throws on anything but an object, which surfaced as a 500.
      if (typeof value === 'object' && !Array.isArray(value) && !(value instanceof NumberLiteral)) return value;
      t.errors.push(invalid(path, 'invalid.json.format', `The parameter \`${path}\` must be a JSON object.`, value));
      return undefined;
    default:
      return value instanceof NumberLiteral ? value.source : value;
  }
}

/** "1,000.50" with locale en, "1.000,50" with de/fr-style locales. */
function stripGrouping(text: string, locale: string | undefined): string {
  const tag = locale && isValidLocale(locale) ? locale.replaceAll('_', '-') : 'en';
  const parts = new Intl.NumberFormat(tag).formatToParts(1000.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  return text.trim().split(group).join('').replace(/\s/g, '').replace(decimal, '.');
}

/**
 * Fineract lets a nested object carry its own dateFormat/locale (clientNonPersonDetails does); they
 * apply to the dates inside it, and otherwise the enclosing ones do.
 */
function convertObject(body: Record<string, unknown>, fields: Record<string, { type: GraphQLInputType }>, prefix: string, outer: Translation): Record<string, unknown> {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const t: Translation = { dateFormat: text(body.dateFormat) ?? outer.dateFormat, locale: text(body.locale) ?? outer.locale, errors: outer.errors, onceKeys: outer.onceKeys };
  // A malformed locale ("en.5") is refused even when nothing in the body needs it, as Fineract does.
  if (body.locale != null && body.locale !== '' && !(typeof body.locale === 'string' && isValidLocale(body.locale))) once(t, localeError(body.locale));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (t.errors.length >= MAX_COLLECTED_ERRORS) break;
    const path = prefix ? `${prefix}.${key}` : key;
    if (FORMAT_KEYS.has(key) && !fields[key]) continue;
    const field = fields[key];
    if (!field) {
      t.errors.push({ code: 'error.msg.parameter.unsupported', message: `The parameter ${path} is not supported.`, parameterName: path });
      continue;
    }
    out[key] = convert(value, field.type, path, t);
  }
  return out;
}

/**
 * Turns a Fineract JSON body into GraphQL variable values for the given input fields: Fineract dates
 * (dateFormat + locale) to ISO dates, numbers to exact decimal strings, unknown keys to errors.
 */
export function translateBody(body: Record<string, unknown>, fields: Record<string, { type: GraphQLInputType }>): { value: Record<string, unknown>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const value = convertObject(body, fields, '', { errors, onceKeys: new Set() });
  return { value, errors };
}

export { getNullableType };
