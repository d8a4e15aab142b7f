import {
  coerceInputValue, getNamedType, getNullableType, isInputObjectType, isListType, isNonNullType, GraphQLInt,
  type GraphQLInputType,
} from 'graphql';
import type { FieldError } from '../subgraphs/kernel/errors.js';
import { DecimalFormatError, parseBoundedDecimal } from '../subgraphs/kernel/money.js';
import { parseLocalDate } from '../subgraphs/kernel/scalars.js';
import { echo, integerError } from './input-translation.js';

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

/** `a` and `a.b` / `a[0]` name the same field or one inside the other: one error for them is enough. */
const overlaps = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || a.startsWith(`${b}[`) || b.startsWith(`${a}.`) || b.startsWith(`${a}[`);

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
  const missingError = (name: string): FieldError => ({
    code: resource ? `validation.msg.${resource}.${name}.cannot.be.blank` : 'validation.msg.cannot.be.blank',
    message: `The parameter \`${name}\` is mandatory.`,
    parameterName: name,
  });
  for (const [variable, { type }] of Object.entries(definitions)) {
    const value = variables[variable];
    if (value === undefined && !isNonNullType(type)) continue;
    coerceInputValue(value, type, (path, invalidValue, error) => {
      const segments: (string | number)[] = [...path];
      // A missing required field is reported at its object: name the field itself.
      const missing = /^Field "(\w+)" of required type/.exec(error.message);
      if (missing) segments.push(missing[1]!);
      const name = restName(inputBody && variable === 'input' ? segments : [variable, ...segments]);
      if (!name || reported.some((e) => e.parameterName !== undefined && overlaps(e.parameterName, name)) || found.some((e) => e.parameterName === name)) return;
      const fieldType = typeAt(type, segments);
      if (missing || invalidValue == null) {
        found.push(missingError(name));
      } else if (fieldType && getNamedType(fieldType) === GraphQLInt) {
        found.push(integerError(name, invalidValue));
      } else {
        found.push({ code: 'validation.msg.invalid.type', message: `The parameter \`${name}\` is not valid.`, parameterName: name, value: echo(invalidValue) });
      }
    });
  }
  const input = variables.input as Record<string, unknown> | null | undefined;
  const inputType = definitions.input && getNullableType(definitions.input.type);
  if (required.length === 0 || !inputBody || input == null || !inputType || !isInputObjectType(inputType)) return found;
  for (const name of required) {
    if (input[name] == null && !reported.some((e) => e.parameterName === name) && !found.some((e) => e.parameterName === name)) found.push(missingError(name));
  }
  const order = Object.keys(inputType.getFields());
  const position = (e: FieldError) => order.indexOf(/^\w+/.exec(e.parameterName ?? '')?.[0] ?? '');
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
