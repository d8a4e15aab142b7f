import {
  GraphQLError, Kind, getNamedType, getNullableType, isCompositeType, isListType, isObjectType, isInterfaceType, parse,
  type DocumentNode, type FragmentDefinitionNode, type GraphQLCompositeType, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode, type ValueNode,
} from 'graphql';
import { hasForbiddenCharacters, jsonHasForbiddenCharacters } from '../subgraphs/kernel/forbidden-characters.js';
import type { Identity } from '../subgraphs/kernel/identity.js';
import { checkLiteralScalars, checkVariableScalars } from './scalar-inputs.js';

/**
 * What one GraphQL request may ask of the service, checked at the edge before the gateway plans it.
 * Page sizes: `limit` above MAX_PAGE_SIZE is refused here (GraphQL callers see their mistake); the
 * REST layer's services clamp to the same 200, as Fineract does.
 */
export const GRAPHQL_LIMITS = {
  /** Parser tokens: a 9 MB query or 5,000 levels of nesting stop here, before any recursion. */
  maxTokens: 10_000,
  maxDepth: 12,
  maxAliases: 30,
  maxFields: 500,
  /**
   * The objects a query makes the service build: each object field counts once per item of the lists
   * above it, and a list counts its size (its `limit` argument, else the `limit` of the page field that
   * holds it: `clients(limit: 20) { pageItems }` is 20 items, not 20 x 20; else DEFAULT_LIST_SIZE).
   * Scalar fields are free: they come in the row that was read anyway, and the field limit bounds them.
   * 50 clients with their accounts and each account's last 5 transactions cost about 11,000 (what such
   * a screen reads); 200 clients with the same cost about 44,000 and are refused.
   */
  maxCost: 25_000,
  maxPageSize: 200,
  /**
   * Selections once every fragment is expanded where it is spread (spreads and inline fragments count
   * too). The walks below expand fragments; without this bound a chain of fragments that each spread the
   * previous one twice costs 2^n steps for a query of a few hundred bytes, before any field is counted.
   */
  maxExpandedSelections: 2_000,
} as const;
export const MAX_PAGE_SIZE = GRAPHQL_LIMITS.maxPageSize;
const DEFAULT_LIST_SIZE = 20;

export class GraphQLLimitError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

const refuse = (code: string, message: string): never => {
  throw new GraphQLLimitError(code, message);
};

interface Tally {
  aliases: number;
  fields: number;
  cost: number;
  depth: number;
}

/** True when JSON nests deeper than `max` (checked iteratively, so it cannot overflow itself). */
export function jsonDeeperThan(root: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[root, 0]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(value) ? value : Object.values(value)) pending.push([child, depth + 1]);
  }
  return false;
}

/** True when a GraphQL literal (strings inside objects and lists too) holds a forbidden character. */
function literalHasForbiddenCharacters(node: ValueNode): boolean {
  if (node.kind === Kind.STRING) return hasForbiddenCharacters(node.value);
  if (node.kind === Kind.LIST) return node.values.some(literalHasForbiddenCharacters);
  if (node.kind === Kind.OBJECT) return node.fields.some((f) => literalHasForbiddenCharacters(f.value));
  return false;
}

/** Introspection, and the schema knowledge in validation's suggestions, are for authenticated staff only. */
export function canIntrospect(identity: Identity, introspectionEnabled: boolean): boolean {
  return introspectionEnabled && identity.kind === 'staff';
}

export const SUGGESTION = / ?Did you mean [^?]*\?/g;

/**
 * A GraphQL JSON answer without validation's "Did you mean ...?" suggestions: they spell out the schema's
 * field, argument and type names to a caller who may not introspect it.
 */
export function withoutSuggestions(body: string): string {
  if (!body.includes('Did you mean')) return body;
  const parsed = JSON.parse(body) as { errors?: { message?: unknown }[] };
  for (const error of parsed.errors ?? []) {
    if (typeof error.message === 'string') error.message = error.message.replace(SUGGESTION, '');
  }
  return JSON.stringify(parsed);
}

/** A request's document as the limits parsed it, and the operation it runs: later checks and metrics reuse both. */
export interface CheckedDocument {
  document: DocumentNode;
  operation: OperationDefinitionNode;
}

/**
 * Checks a parsed GraphQL HTTP body against GRAPHQL_LIMITS. Throws GraphQLLimitError (the caller answers
 * 400 with its code); returns the parsed document when the request may proceed, or undefined for a body
 * without query text, which passes through to the gateway to be reported there.
 */
export function checkGraphQLRequest(schema: GraphQLSchema, body: unknown, identity: Identity, introspectionEnabled: boolean): CheckedDocument | undefined {
  if (Array.isArray(body)) refuse('error.msg.graphql.batching.disabled', 'Batched GraphQL requests are not accepted.');
  if (body === null || typeof body !== 'object') return undefined;
  const { query, variables, operationName } = body as { query?: unknown; variables?: unknown; operationName?: unknown };
  if (typeof query !== 'string') return undefined;
  if (jsonDeeperThan(variables, 32)) refuse('error.msg.graphql.variables.too.deep', 'Variables may nest at most 32 levels.');
  if (jsonHasForbiddenCharacters(variables)) refuse('validation.msg.invalid.characters', 'Variables must not contain NUL characters or unpaired surrogates.');
  let document!: DocumentNode;
  try {
    document = parse(query, { maxTokens: GRAPHQL_LIMITS.maxTokens, noLocation: true });
  } catch (error) {
    // Nothing that failed to parse here goes on to the gateway, which would only parse it again.
    if (error instanceof GraphQLError && !/more th\w+ \d+ tokens/i.test(error.message)) refuse('GRAPHQL_PARSE_FAILED', error.message.slice(0, 300));
    refuse('error.msg.graphql.query.too.large', `Queries are limited to ${GRAPHQL_LIMITS.maxTokens} tokens and moderate nesting.`);
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const vars = (variables !== null && typeof variables === 'object' ? variables : {}) as Record<string, unknown>;
  const allowIntrospection = canIntrospect(identity, introspectionEnabled);
  const tally: Tally = { aliases: 0, fields: 0, cost: 0, depth: 0 };

  const intValue = (node: ValueNode): unknown => {
    if (node.kind === Kind.INT) return Number(node.value);
    if (node.kind === Kind.VARIABLE) return vars[node.name.value];
    return undefined;
  };

  /** `pageSize`: a page field's `limit`, which sizes the first list below it (its pageItems). */
  const walk = (set: SelectionSetNode, parent: GraphQLCompositeType | undefined, depth: number, multiplier: number, path: Set<string>, pageSize?: number): void => {
    if (depth > GRAPHQL_LIMITS.maxDepth) refuse('error.msg.graphql.depth.limit.exceeded', `Queries may nest at most ${GRAPHQL_LIMITS.maxDepth} levels.`);
    tally.depth = Math.max(tally.depth, depth);
    for (const selection of set.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || path.has(name)) continue; // unknown or cyclic: graphql validation reports it
        const typed = schema.getType(fragment.typeCondition.name.value);
        walk(fragment.selectionSet, isCompositeType(typed) ? typed : parent, depth, multiplier, new Set([...path, name]), pageSize);
        continue;
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const typed = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        walk(selection.selectionSet, isCompositeType(typed) ? typed : parent, depth, multiplier, path, pageSize);
        continue;
      }
      const name = selection.name.value;
      if ((name === '__schema' || name === '__type') && !allowIntrospection) {
        refuse('error.msg.graphql.introspection.disabled', 'Introspection is available only to authenticated staff.');
      }
      if (selection.alias && ++tally.aliases > GRAPHQL_LIMITS.maxAliases) {
        refuse('error.msg.graphql.alias.limit.exceeded', `Queries may use at most ${GRAPHQL_LIMITS.maxAliases} aliases.`);
      }
      if (++tally.fields > GRAPHQL_LIMITS.maxFields) refuse('error.msg.graphql.field.limit.exceeded', `Queries may select at most ${GRAPHQL_LIMITS.maxFields} fields.`);
      const field = parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[name] : undefined;
      for (const arg of selection.arguments ?? []) {
        if (literalHasForbiddenCharacters(arg.value)) {
          refuse('validation.msg.invalid.characters', 'Arguments must not contain NUL characters or unpaired surrogates.');
        }
        const type = field?.args.find((a) => a.name === arg.name.value)?.type;
        if (type) checkLiteralScalars(arg.value, type, arg.name.value, refuse);
      }
      const limitArg = selection.arguments?.find((a) => a.name.value === 'limit');
      const limit = limitArg ? intValue(limitArg.value) : undefined;
      if (typeof limit === 'number' && limit > GRAPHQL_LIMITS.maxPageSize) {
        refuse('error.msg.graphql.page.size.exceeded', `The argument limit may be at most ${GRAPHQL_LIMITS.maxPageSize}.`);
      }
      const returns = field ? getNullableType(field.type) : undefined;
      const requested = typeof limit === 'number' && limit > 0 ? limit : undefined;
      const isList = returns !== undefined && isListType(returns);
      const size = isList ? (requested ?? pageSize ?? DEFAULT_LIST_SIZE) : 1;
      if (selection.selectionSet) {
        tally.cost += multiplier * size;
        const named = field ? getNamedType(field.type) : undefined;
        // A page object's limit passes to its list; a list's own limit was spent on it.
        walk(selection.selectionSet, isCompositeType(named) ? named : undefined, depth + 1, multiplier * size, path, isList ? undefined : (requested ?? pageSize));
      }
    }
  };

  const operation = selectOperation(document, operationName);
  if (expandedSelections(operation.selectionSet, fragments) > GRAPHQL_LIMITS.maxExpandedSelections) {
    refuse('error.msg.graphql.field.limit.exceeded', `Queries may select at most ${GRAPHQL_LIMITS.maxExpandedSelections} fields and fragments, counting each fragment every time it is spread.`);
  }
  if (operation.operation === 'mutation') checkSingleMutation(operation.selectionSet, fragments);
  checkVariableScalars(schema, operation.variableDefinitions ?? [], vars, refuse);
  // A staff session's introspection (GraphiQL's own query nests ofType nine deep) is bounded by its own
  // shape, not the data limits: at most 20 levels and 3 lists inside one another (types, fields, args), so
  // `fields { type { fields { ... } } }` cannot multiply the schema by itself. The token limit held above.
  if (allowIntrospection && operation.operation === 'query' && isIntrospectionOnly(operation.selectionSet, fragments)) {
    if (!introspectionWithinBounds(operation.selectionSet, fragments)) {
      refuse('error.msg.graphql.depth.limit.exceeded', `Introspection may nest at most ${INTROSPECTION_DEPTH} levels and ${INTROSPECTION_LISTS} lists inside one another.`);
    }
    return { document, operation };
  }
  const root = operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  walk(operation.selectionSet, root ?? undefined, 1, 1, new Set());
  // The whole document is tallied first (at most maxFields fields), so the refusal can say what it costs.
  if (tally.cost > GRAPHQL_LIMITS.maxCost) {
    refuse('error.msg.graphql.cost.limit.exceeded', `This query costs ${tally.cost}, above the budget of ${GRAPHQL_LIMITS.maxCost} (each object counts once per item of the lists above it; a list counts its limit, or ${DEFAULT_LIST_SIZE}; scalar fields are free). Ask for smaller pages.`);
  }
  return { document, operation };
}

/**
 * How many selections a selection set holds with its fragments expanded, in one pass over the document:
 * each fragment's size is computed once and reused wherever it is spread. A fragment inside itself counts
 * nothing here; graphql validation refuses it.
 */
function expandedSelections(set: SelectionSetNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>): number {
  const sizes = new Map<string, number>();
  const sizeOf = (selections: SelectionSetNode): number => {
    let total = 0;
    for (const selection of selections.selections) {
      total += 1;
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment) continue;
        if (!sizes.has(name)) {
          sizes.set(name, 0); // in progress: a cycle adds nothing
          sizes.set(name, sizeOf(fragment.selectionSet));
        }
        total += sizes.get(name)!;
      } else if (selection.selectionSet) {
        total += sizeOf(selection.selectionSet);
      }
    }
    return total;
  };
  return sizeOf(set);
}

const INTROSPECTION_DEPTH = 20;
const INTROSPECTION_LISTS = 3;
/** The introspection fields that are lists: each one nested in another multiplies the answer. */
const INTROSPECTION_LIST_FIELDS = new Set(['types', 'fields', 'inputFields', 'interfaces', 'possibleTypes', 'enumValues', 'args', 'directives']);

function introspectionWithinBounds(set: SelectionSetNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>, depth = 1, lists = 0, seen = new Set<string>()): boolean {
  if (depth > INTROSPECTION_DEPTH) return false;
  return set.selections.every((selection) => {
    if (selection.kind === Kind.INLINE_FRAGMENT) return introspectionWithinBounds(selection.selectionSet, fragments, depth, lists, seen);
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = fragments.get(selection.name.value);
      // A fragment spread inside itself is graphql validation's to refuse; it is not expanded here.
      if (!fragment || seen.has(selection.name.value)) return true;
      return introspectionWithinBounds(fragment.selectionSet, fragments, depth, lists, new Set([...seen, selection.name.value]));
    }
    const nested = lists + (INTROSPECTION_LIST_FIELDS.has(selection.name.value) ? 1 : 0);
    if (nested > INTROSPECTION_LISTS) return false;
    return !selection.selectionSet || introspectionWithinBounds(selection.selectionSet, fragments, depth + 1, nested, seen);
  });
}

/** Whether every root field (through fragments) is __schema, __type or __typename. */
function isIntrospectionOnly(set: SelectionSetNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>, seen = new Set<string>()): boolean {
  return set.selections.every((selection) => {
    if (selection.kind === Kind.FIELD) return ['__schema', '__type', '__typename'].includes(selection.name.value);
    if (selection.kind === Kind.INLINE_FRAGMENT) return isIntrospectionOnly(selection.selectionSet, fragments, seen);
    const fragment = fragments.get(selection.name.value);
    if (!fragment || seen.has(selection.name.value)) return false;
    return isIntrospectionOnly(fragment.selectionSet, fragments, new Set([...seen, selection.name.value]));
  });
}

/**
 * The operation a request runs. The gateway failed with a 500 on several operations without an
 * operationName, or a name that none has; both are the caller's to fix.
 */
function selectOperation(document: DocumentNode, operationName: unknown): OperationDefinitionNode {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (typeof operationName === 'string' && operationName !== '') {
    const named = operations.find((o) => o.name?.value === operationName);
    if (!named) refuse('error.msg.graphql.operation.not.found', `The document has no operation named "${operationName.slice(0, 60)}".`);
    return named!;
  }
  if (operations.length !== 1) {
    refuse(operations.length === 0 ? 'error.msg.graphql.operation.not.found' : 'error.msg.graphql.operation.name.required',
      operations.length === 0 ? 'The document has no operation to run.' : 'The document has several operations: say which one in operationName.');
  }
  return operations[0]!;
}

/**
 * One mutation field per document. Without an Idempotency-Key each mutation field commits on its own, so
 * a document of several could keep some effects and fail others; the caller sends one request per
 * mutation instead (fragments and inline fragments on the root count their fields too).
 */
function checkSingleMutation(set: SelectionSetNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>): void {
  let fields = 0;
  const pending: SelectionSetNode[] = [set];
  const spread = new Set<string>();
  while (pending.length > 0) {
    for (const selection of pending.pop()!.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value !== '__typename') fields++;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        pending.push(selection.selectionSet);
      } else if (!spread.has(selection.name.value)) {
        spread.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) pending.push(fragment.selectionSet);
      }
    }
  }
  if (fields > 1) refuse('error.msg.graphql.mutation.fields.limit.exceeded', 'A request may run one mutation field; send each mutation in its own request.');
}
