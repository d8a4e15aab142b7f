import {
  Kind, isInputObjectType, isListType, isNonNullType, isScalarType, typeFromAST,
  type GraphQLInputType, type GraphQLSchema, type ValueNode, type VariableDefinitionNode,
} from 'graphql';
import { DecimalFormatError, parseBoundedDecimal } from '../subgraphs/kernel/money.js';
import { parseLocalDate } from '../subgraphs/kernel/scalars.js';

export const INVALID_DECIMAL = 'validation.msg.invalid.decimal.format';
export const INVALID_DATE = 'validation.msg.invalid.date.format';

/** How the caller refuses a request (graphql-limits answers 400 with the code). */
type Refuse = (code: string, message: string) => never;

/**
 * Decimal and LocalDate inputs checked at the edge as their subgraph's scalar will parse them. The
 * gateway's schema is printed SDL, whose scalars accept anything: a value the subgraph's scalar refuses
 * (1e40, "2026-13-45") reached it after planning and failed there as a 500.
 */
function checkScalar(typeName: string, value: unknown, path: string, refuse: Refuse): void {
  if (typeName === 'Decimal') {
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
export function checkLiteralScalars(node: ValueNode, type: GraphQLInputType, path: string, refuse: Refuse): void {
  if (node.kind === Kind.NULL || node.kind === Kind.VARIABLE) return;
  if (isNonNullType(type)) return checkLiteralScalars(node, type.ofType, path, refuse);
  if (isListType(type)) {
    if (node.kind === Kind.LIST) node.values.forEach((item, i) => checkLiteralScalars(item, type.ofType, `${path}[${i}]`, refuse));
    else checkLiteralScalars(node, type.ofType, path, refuse);
    return;
  }
  if (isInputObjectType(type)) {
    if (node.kind !== Kind.OBJECT) return; // GraphQL validation words that refusal
    const fields = type.getFields();
    for (const field of node.fields) {
      const def = fields[field.name.value];
      if (def) checkLiteralScalars(field.value, def.type, `${path}.${field.name.value}`, refuse);
    }
    return;
  }
  if (isScalarType(type) && (node.kind === Kind.STRING || node.kind === Kind.INT || node.kind === Kind.FLOAT)) checkScalar(type.name, node.value, path, refuse);
}

function checkValueScalars(value: unknown, type: GraphQLInputType, path: string, refuse: Refuse): void {
  if (value === null || value === undefined) return;
  if (isNonNullType(type)) return checkValueScalars(value, type.ofType, path, refuse);
  if (isListType(type)) {
    if (Array.isArray(value)) value.forEach((item, i) => checkValueScalars(item, type.ofType, `${path}[${i}]`, refuse));
    else checkValueScalars(value, type.ofType, path, refuse);
    return;
  }
  if (isInputObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value)) return;
    const fields = type.getFields();
    for (const [key, item] of Object.entries(value)) {
      const def = fields[key];
      if (def) checkValueScalars(item, def.type, `${path}.${key}`, refuse);
    }
    return;
  }
  if (isScalarType(type) && (typeof value === 'string' || typeof value === 'number')) checkScalar(type.name, value, path, refuse);
}

/** The operation's variable values (and defaults) against their declared types. */
export function checkVariableScalars(schema: GraphQLSchema, definitions: readonly VariableDefinitionNode[], values: Record<string, unknown>, refuse: Refuse): void {
  for (const definition of definitions) {
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    if (!type) continue;
    const name = definition.variable.name.value;
    if (definition.defaultValue) checkLiteralScalars(definition.defaultValue, type, `$${name}`, refuse);
    checkValueScalars(values[name], type, `$${name}`, refuse);
  }
}
