import {
  Kind, getVariableValues, isInputObjectType, isInputType, isListType, isNonNullType, isScalarType, typeFromAST,
  type GraphQLInputType, type GraphQLSchema, type ValueNode, type VariableDefinitionNode,
} from 'graphql';
import { DecimalFormatError, parseBoundedDecimal } from '../subgraphs/kernel/money.js';
import { parseLocalDate } from '../subgraphs/kernel/scalars.js';
import { DEFAULT_MAX_LIST_LENGTH, maxListLength, oversizedList } from '../rest-compat/list-limits.js';

export const INVALID_DECIMAL = 'validation.msg.invalid.decimal.format';
export const INVALID_DATE = 'validation.msg.invalid.date.format';
export const INVALID_JSON_OBJECT = 'validation.msg.invalid.json.format';
/** A variable GraphQL cannot coerce to its declared type (Int, an enum, a missing non-null): Apollo's code for it. */
export const BAD_USER_INPUT = 'BAD_USER_INPUT';
/** A list longer than its input field accepts (rest-compat/list-limits.ts), refused before its items are looked at. */
export const LIST_TOO_LONG = 'error.msg.graphql.list.too.long';

const refuseLong = (path: string, max: number, refuse: Refuse): never => refuse(LIST_TOO_LONG, `${path} may hold at most ${max} items.`);

/**
 * The custom scalars that inputs use, each checked here; a test fails when the supergraph has another
 * in an input position. (DateTimeISO is output only; JSON, in UNCHECKED_INPUT_SCALARS, takes any JSON
 * value, so nothing it is sent can be malformed, and its nesting is bounded with the variables'.)
 */
export const CHECKED_INPUT_SCALARS = ['Decimal', 'LocalDate', 'JSONObject'] as const;
/** Input scalars with nothing to check: JSON takes any JSON value (a product's Fineract parameters). */
export const UNCHECKED_INPUT_SCALARS = ['JSON'] as const;

/** How the caller refuses a request (graphql-limits answers 400 with the code). */
type Refuse = (code: string, message: string) => never;

/**
 * Decimal, LocalDate and JSONObject inputs checked at the edge as their subgraph's scalar will parse them. The
 * gateway's schema is printed SDL, whose scalars accept anything: a value the subgraph's scalar refuses
 * (1e40, "2026-13-45") reached it after planning and failed there as a 500.
 */
function checkScalar(typeName: string, value: unknown, path: string, refuse: Refuse): void {
  if (typeName === 'JSONObject') {
    // Its subgraph's scalar (graphql-scalars) threw on anything but an object, which surfaced as a 500.
    if (typeof value !== 'object' || Array.isArray(value)) refuse(INVALID_JSON_OBJECT, `${path} must be a JSON object.`);
    // A JSON object's own lists (a loan's `charges` items) are bounded like every input list.
    const long = oversizedList(value, undefined, path);
    if (long) refuseLong(long.param, long.max, refuse);
  } else if (typeName === 'Decimal') {
    try {
      parseBoundedDecimal(value);
    } catch (error) {
      if (!(error instanceof DecimalFormatError)) throw error;
      refuse(INVALID_DECIMAL, `${path} must be a decimal number of at most 40 digits.`);
    }
  } else if (typeName === 'LocalDate') {
    try {
      parseLocalDate(value);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      refuse(INVALID_DATE, `${path} must be a calendar date YYYY-MM-DD.`);
    }
  }
}

/** A literal argument (objects and lists inside it too); variables inside it are checked with their values. */
export function checkLiteralScalars(node: ValueNode, type: GraphQLInputType, path: string, refuse: Refuse, max = DEFAULT_MAX_LIST_LENGTH): void {
  if (node.kind === Kind.NULL || node.kind === Kind.VARIABLE) return;
  if (isNonNullType(type)) return checkLiteralScalars(node, type.ofType, path, refuse, max);
  if (isListType(type)) {
    if (node.kind === Kind.LIST && node.values.length > max) refuseLong(path, max, refuse);
    if (node.kind === Kind.LIST) node.values.forEach((item, i) => checkLiteralScalars(item, type.ofType, `${path}[${i}]`, refuse));
    else checkLiteralScalars(node, type.ofType, path, refuse);
    return;
  }
  if (isInputObjectType(type)) {
    if (node.kind !== Kind.OBJECT) return; // GraphQL validation words that refusal
    const fields = type.getFields();
    for (const field of node.fields) {
      const def = fields[field.name.value];
      if (def) checkLiteralScalars(field.value, def.type, `${path}.${field.name.value}`, refuse, maxListLength(type.name, field.name.value));
    }
    return;
  }
  if (!isScalarType(type)) return;
  if (type.name === 'JSONObject') {
    if (node.kind !== Kind.OBJECT) refuse(INVALID_JSON_OBJECT, `${path} must be a JSON object.`);
  } else {
    // A boolean, enum, list or object literal is no decimal or date either (null stands for those).
    checkScalar(type.name, node.kind === Kind.STRING || node.kind === Kind.INT || node.kind === Kind.FLOAT ? node.value : null, path, refuse);
  }
}

function checkValueScalars(value: unknown, type: GraphQLInputType, path: string, refuse: Refuse, max = DEFAULT_MAX_LIST_LENGTH): void {
  if (value === null || value === undefined) return;
  if (isNonNullType(type)) return checkValueScalars(value, type.ofType, path, refuse, max);
  if (isListType(type)) {
    if (Array.isArray(value) && value.length > max) refuseLong(path, max, refuse);
    if (Array.isArray(value)) value.forEach((item, i) => checkValueScalars(item, type.ofType, `${path}[${i}]`, refuse));
    else checkValueScalars(value, type.ofType, path, refuse);
    return;
  }
  if (isInputObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value)) return;
    const fields = type.getFields();
    for (const [key, item] of Object.entries(value)) {
      const def = fields[key];
      if (def) checkValueScalars(item, def.type, `${path}.${key}`, refuse, maxListLength(type.name, key));
    }
    return;
  }
  if (!isScalarType(type)) return;
  checkScalar(type.name, value, path, refuse);
}

/** The operation's variable values (and defaults) against their declared types. */
export function checkVariableScalars(schema: GraphQLSchema, definitions: readonly VariableDefinitionNode[], values: Record<string, unknown>, refuse: Refuse): void {
  let allKnown = true;
  for (const definition of definitions) {
    const type = typeFromAST(schema, definition.type);
    if (!type || !isInputType(type)) {
      allKnown = false;
      continue;
    }
    const name = definition.variable.name.value;
    if (definition.defaultValue) checkLiteralScalars(definition.defaultValue, type, `$${name}`, refuse);
    checkValueScalars(values[name], type, `$${name}`, refuse);
  }
  // Then GraphQL's own coercion of the built-in types, which the gateway answered without a code (an
  // unknown type is validation's to report).
  if (!allKnown) return;
  const coerced = getVariableValues(schema, definitions, values, { maxErrors: 1 });
  if (coerced.errors) refuse(BAD_USER_INPUT, coerced.errors[0]!.message.slice(0, 300));
}
