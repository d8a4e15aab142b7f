import {
  getNamedType, getNullableType, isCompositeType, isInterfaceType, isListType, isObjectType, isScalarType, Kind, GraphQLString,
  type FragmentDefinitionNode, type GraphQLCompositeType, type GraphQLOutputType, type GraphQLSchema, type SelectionSetNode,
} from 'graphql';
import { toDateArray } from '../subgraphs/kernel/fineract-dates.js';
import { Money, STORAGE_SCALE } from '../subgraphs/kernel/money.js';

declare global {
  interface JSON {
    /** Node >= 21: a value JSON.stringify writes verbatim (TypeScript's lib does not know it yet). */
    rawJSON(text: string): unknown;
  }
}

/** What the translator knows of one response key: the field's schema type and, for objects, what was selected. */
export interface OutputField {
  type: GraphQLOutputType;
  selection?: OutputSelection;
  /** The field's schema description (the OpenAPI document repeats it). */
  description?: string;
}

/** Response key (alias or field name) -> field, for one selection set of an operation. */
export type OutputSelection = Map<string, OutputField>;

/**
 * The schema type behind every response key of an operation, computed once when the operations are
 * loaded: aliases, inline fragments and fragment spreads resolve to the field they select, so a Decimal
 * is known as one whatever the operation calls it.
 */
export function outputSelection(
  schema: GraphQLSchema,
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  fragments: Record<string, FragmentDefinitionNode>,
): OutputSelection {
  const out: OutputSelection = new Map();
  for (const node of selectionSet.selections) {
    if (node.kind === Kind.FIELD) {
      const key = node.alias?.value ?? node.name.value;
      if (node.name.value === '__typename') {
        out.set(key, { type: GraphQLString });
        continue;
      }
      const definition = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[node.name.value] : undefined;
      if (!definition) continue;
      const named = getNamedType(definition.type);
      const selection = node.selectionSet && isCompositeType(named) ? outputSelection(schema, node.selectionSet, named, fragments) : undefined;
      merge(out, new Map([[key, { type: definition.type, selection, ...(definition.description ? { description: definition.description } : {}) }]]));
      continue;
    }
    const fragment = node.kind === Kind.FRAGMENT_SPREAD ? fragments[node.name.value] : node;
    if (!fragment) continue;
    const condition = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : parent;
    if (condition && isCompositeType(condition)) merge(out, outputSelection(schema, fragment.selectionSet, condition, fragments));
  }
  return out;
}

function merge(into: OutputSelection, from: OutputSelection): void {
  for (const [key, field] of from) {
    const existing = into.get(key);
    if (existing?.selection && field.selection) merge(existing.selection, field.selection);
    else if (!existing) into.set(key, field);
  }
}

/**
 * GraphQL results to Fineract's JSON: LocalDate to [y, m, d], Decimal strings to exact JSON numbers
 * written with Fineract's stored scale (1500 -> 1500.000000: its Java client reads a whole number as an
 * integer; JSON.rawJSON keeps every digit, no double in between), null fields omitted. Driven by the
 * operation's selection and the schema types, so it needs no per-route mapping and every module's
 * Decimal fields (accounts, loans, tills) get the same treatment.
 */
export function translateOutput(data: Record<string, unknown>, selection: OutputSelection): Record<string, unknown> {
  return translateObject(data, selection);
}

function translateObject(value: Record<string, unknown>, selection: OutputSelection): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, fieldValue] of Object.entries(value)) {
    const field = selection.get(key);
    const translated = field ? translate(fieldValue, field.type, field.selection) : fieldValue;
    if (translated !== undefined && translated !== null) out[key] = translated;
  }
  return out;
}

function translate(value: unknown, type: GraphQLOutputType, selection: OutputSelection | undefined): unknown {
  if (value === null || value === undefined) return undefined;
  const nullable = getNullableType(type);
  if (isListType(nullable)) return (value as unknown[]).map((item) => translate(item, nullable.ofType, selection));
  if (selection && typeof value === 'object') return translateObject(value as Record<string, unknown>, selection);
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
