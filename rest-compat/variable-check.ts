import {
  coerceInputValue, getNamedType, getNullableType, isInputObjectType, isListType, isNonNullType, GraphQLInt,
  type GraphQLInputType,
} from 'graphql';
import type { FieldError } from '../subgraphs/kernel/errors.js';
import { DecimalFormatError, parseBoundedDecimal } from '../subgraphs/kernel/money.js';
import { parseLocalDate } from '../subgraphs/kernel/scalars.js';
import { echo, integerError } from './input-translation.js';
import { MAX_COLLECTED_ERRORS } from './list-limits.js';

export const isInt32 = (value: number): boolean => Number.isInteger(value) && value >= -(2 ** 31) && value <= 2 ** 31 - 1;

/** `credits[0].glAccountId`: the REST spelling of a GraphQL value path, as the body translation writes it. */
function restName(segments: readonly (string | number)[]): string {
  return segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

/** The input type at a path below `type` (list indices and input object fields), if the path leads anywhere. */
function typeAt(type: GraphQLInputType, path: readonly (string | number)[]): GraphQLInputType | undefined {
  let current: GraphQLInputType | undefined = type;
  for (const segment of path) {
    const nullable: GraphQLInputType | undefined = current && getNullableType(current);
    if (typeof segment === 'number') current = nullable && isListType(nullable) ? (nullable.ofType as GraphQLInputType) : undefined;
    else current = nullable && isInputObjectType(nullable) ? nullable.getFields()[segment]?.type : undefined;
  }
  return current;
}

/** `a.b[0].c`'s own name and every name that holds it: `a`, `a.b`, `a.b[0]`, `a.b[0].c`. */
function namesHolding(name: string): string[] {
  const names: string[] = [];
  for (let i = 1; i < name.length; i++) if (name[i] === '.' || name[i] === '[') names.push(name.slice(0, i));
  names.push(name);
  return names;
}

/** Thrown from graphql-js's error callback to stop its walk once enough errors are found. */
class EnoughErrors extends Error {}

/**
 * Checks the operation's variables the way GraphQL will (graphql-js's own coercion against the schema the
 * gateway uses), and says what it would refuse in REST terms: the body's field name (`officeId`, not
 * `$input` or `input.officeId`) and a Fineract code, every field at once. `inputBody` says the body is the
 * `$input` variable, so its name is dropped from paths. Fields the body translation already reported are
 * not reported twice. With the route's `resource`, a missing field has the module's own code. `required`
 * names `$input` fields the module requires of REST callers though the SDL leaves them nullable (a GraphQL
 * client may send their enum instead): they are reported missing with the rest, in the input's field order.
 */
export function variableErrors(
  variables: Record<string, unknown>,
  definitions: Record<string, { type: GraphQLInputType }>,
  inputBody: boolean,
  reported: readonly FieldError[],
  resource?: string,
  required: readonly string[] = [],
): FieldError[] {
  const found: FieldError[] = [];
  // Sets, not scans of the lists: 20,000 empty journal lines were 40,000 errors, each compared with all
  // found before it (47 s for a 60 KB body). `a` and `a.b` / `a[0]` name the same field or one inside the
  // other: an error for one of them is enough.
  const foundNames = new Set<string>();
  const reportedNames = new Set<string>();
  const heldByReported = new Set<string>();
  for (const e of reported) {
    if (e.parameterName === undefined) continue;
    reportedNames.add(e.parameterName);
    for (const holder of namesHolding(e.parameterName)) heldByReported.add(holder);
  }
  const overlapsReported = (name: string) => heldByReported.has(name) || namesHolding(name).some((holder) => reportedNames.has(holder));
  const add = (error: FieldError) => {
    found.push(error);
    foundNames.add(error.parameterName!);
    if (reported.length + found.length >= MAX_COLLECTED_ERRORS) throw new EnoughErrors();
  };
  const missingError = (name: string): FieldError => ({
    code: resource ? `validation.msg.${resource}.${name}.cannot.be.blank` : 'validation.msg.cannot.be.blank',
    message: `The parameter \`${name}\` is mandatory.`,
    parameterName: name,
  });
  for (const [variable, { type }] of Object.entries(definitions)) {
    const value = variables[variable];
    if (value === undefined && !isNonNullType(type)) continue;
    // graphql-js builds a GraphQLError for each refusal and only its message is read here: without stack
    // traces, the 400 errors of 200 empty journal lines cost a fraction of the time.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      coerceInputValue(value, type, (path, invalidValue, error) => {
        const segments: (string | number)[] = [...path];
        // A missing required field is reported at its object: name the field itself.
        const missing = /^Field "(\w+)" of required type/.exec(error.message);
        if (missing) segments.push(missing[1]!);
        const name = restName(inputBody && variable === 'input' ? segments : [variable, ...segments]);
        if (!name || foundNames.has(name) || overlapsReported(name)) return;
        const fieldType = typeAt(type, segments);
        if (missing || invalidValue == null) {
          add(missingError(name));
        } else if (fieldType && getNamedType(fieldType) === GraphQLInt) {
          add(integerError(name, invalidValue));
        } else {
          add({ code: 'validation.msg.invalid.type', message: `The parameter \`${name}\` is not valid.`, parameterName: name, value: echo(invalidValue) });
        }
      });
    } catch (error) {
      if (!(error instanceof EnoughErrors)) throw error;
      return found;
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
  }
  const input = variables.input as Record<string, unknown> | null | undefined;
  const inputType = definitions.input && getNullableType(definitions.input.type);
  if (required.length === 0 || !inputBody || input == null || !inputType || !isInputObjectType(inputType)) return found;
  for (const name of required) {
    if (input[name] == null && !reportedNames.has(name) && !foundNames.has(name)) found.push(missingError(name));
  }
  const order = new Map(Object.keys(inputType.getFields()).map((field, i) => [field, i]));
  const position = (e: FieldError) => order.get(/^\w+/.exec(e.parameterName ?? '')?.[0] ?? '') ?? -1;
  return found.sort((a, b) => position(a) - position(b));
}

/**
 * Route variables (taken from the path and query string) of type LocalDate or Decimal that their
 * scalar would refuse. The REST layer's schema is printed SDL, whose scalars accept any text, so
 * without this a subgraph or the database would refuse them after planning, as a 500.
 */
export function scalarVariableErrors(variables: Record<string, unknown>, definitions: Record<string, { type: GraphQLInputType }>): FieldError[] {
  const found: FieldError[] = [];
  for (const [name, value] of Object.entries(variables)) {
    const type = definitions[name] && getNullableType(definitions[name].type);
    if (typeof value !== 'string' || !type || isListType(type) || isInputObjectType(type)) continue;
    const scalar = getNamedType(type).name;
    try {
      if (scalar === 'LocalDate') parseLocalDate(value);
      else if (scalar === 'Decimal') parseBoundedDecimal(value);
    } catch (error) {
      if (!(error instanceof TypeError) && !(error instanceof DecimalFormatError)) throw error;
      const code = scalar === 'LocalDate' ? 'validation.msg.invalid.date.format' : 'validation.msg.invalid.decimal.format';
      found.push({ code, message: `The parameter \`${name}\` is not a valid ${scalar === 'LocalDate' ? 'date' : 'decimal number'}.`, parameterName: name, value: echo(value) });
    }
  }
  return found;
}
