import { GraphQLJSON } from 'graphql-scalars';
import { Field, Int } from 'type-graphql';
import type { FieldError } from './errors.js';
import { DecimalScalar } from './scalars.js';

/**
 * Fineract's payloads (products above all, also new clients) carry many parameters this service has no
 * column for. Each module lists them in a catalogue, saying how it treats each one:
 * - `stored`: descriptive, or descriptive until its feature is built (interest settings, GL ids): kept as
 *   sent, in the record's `parameters`, and read back under its own name;
 * - `off`: it would configure a feature this service lacks (a lien, charges, interest recalculation), so
 *   only "off" (null, false, 0, empty) or one of Fineract's defaults listed here is accepted; anything else
 *   is 400 `error.msg.<resource>.<param>.not.supported`, never silently ignored.
 */
export type ParameterRule =
  | { use: 'stored'; type: 'Int' | 'Decimal' | 'Boolean' | 'String' | 'JSON' }
  | { use: 'off'; defaults?: readonly string[] };

export type ParameterCatalogue = Readonly<Record<string, ParameterRule>>;

const GRAPHQL_TYPES = { Int: () => Int, Decimal: () => DecimalScalar, Boolean: () => Boolean, String: () => String, JSON: () => GraphQLJSON };

/** What a frontend engineer needs to know about a catalogue parameter: whether it does anything here. */
function parameterDescription(name: string, rule: ParameterRule): string {
  if (rule.use === 'stored') return `Fineract's \`${name}\`: kept as sent and returned unchanged; this service does not act on it yet.`;
  const defaults = rule.defaults?.length ? `, or one of Fineract's defaults (${rule.defaults.join(', ')})` : '';
  return `Fineract's \`${name}\`, for a feature this service does not offer: only "off" (null, false, 0, empty)${defaults} is accepted; anything else is 400 \`error.msg.<resource>.${name}.not.supported\`.`;
}

/**
 * Declares one nullable GraphQL field per catalogue entry on an input or object type class, so the
 * catalogue is the only list of names (REST's unknown-key check and GraphQL's schema both follow it).
 * `off` parameters are JSON: whatever a client sends reaches the check that names the parameter.
 */
export function declareParameterFields(target: abstract new () => object, catalogue: ParameterCatalogue): void {
  for (const [name, rule] of Object.entries(catalogue)) {
    const type = rule.use === 'stored' ? GRAPHQL_TYPES[rule.type] : GRAPHQL_TYPES.JSON;
    Field(type, { nullable: true, description: parameterDescription(name, rule) })(target.prototype as object, name);
  }
}

const isOff = (value: unknown): boolean => {
  if (value == null || value === false || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'number') return value === 0;
  if (typeof value === 'string') return /^\s*(false|0+(\.0*)?)\s*$/i.test(value);
  if (typeof value === 'object') {
    // A REST number arrives as its exact source text (an object whose JSON is that text).
    const text = JSON.stringify(value);
    return text === '{}' || /^0+(\.0*)?$/.test(text);
  }
  return false;
};

/** The catalogue's parameters of an input (given ones only; null is given: it clears a stored value). */
export function parameterValues(input: object, catalogue: ParameterCatalogue): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([name, value]) => Object.hasOwn(catalogue, name) && value !== undefined));
}

/** One error per `off` parameter that asks for its feature. */
export function unsupportedParameters(resource: string, input: object, catalogue: ParameterCatalogue): FieldError[] {
  const found: FieldError[] = [];
  for (const [name, value] of Object.entries(parameterValues(input, catalogue))) {
    const rule = catalogue[name]!;
    if (rule.use !== 'off' || isOff(value)) continue;
    if (typeof value === 'string' && rule.defaults?.some((d) => d.toUpperCase() === value.trim().toUpperCase())) continue;
    if (typeof value === 'number' && rule.defaults?.includes(String(value))) continue;
    if (typeof value === 'boolean' && rule.defaults?.includes(String(value))) continue;
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && rule.defaults?.includes(JSON.stringify(value))) continue;
    found.push({
      code: `error.msg.${resource}.${name}.not.supported`,
      message: `The parameter ${name} is not supported with this value.`,
      parameterName: name,
      value: typeof value === 'object' ? undefined : value,
    });
  }
  return found;
}

/**
 * An accepted `off` value as Fineract reads it back: REST sends them as text ("false", "0"), stored as
 * the boolean or number they mean. Only off values and short defaults get here, so a number is exact.
 */
function canonicalOff(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (/^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  return /^-?\d{1,15}(\.\d{1,6})?$/.test(value.trim()) ? Number(value.trim()) : value;
}

/**
 * The stored parameters after an input: given values replace stored ones, a null removes one. Values go
 * through JSON, so an exact REST number keeps its digits as a number of the stored document.
 */
export function mergeParameters(stored: Record<string, unknown>, input: object, catalogue: ParameterCatalogue): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  for (const [name, value] of Object.entries(parameterValues(input, catalogue))) {
    if (value === null) delete merged[name];
    else merged[name] = JSON.parse(JSON.stringify(catalogue[name]!.use === 'off' ? canonicalOff(value) : value)) as unknown;
  }
  return merged;
}
