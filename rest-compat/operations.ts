import { readdirSync, readFileSync } from 'node:fs';
import {
  getNamedType, getNullableType, GraphQLInt, isInputObjectType, Kind, parse, print, typeFromAST, validate, visit,
  type ASTNode, type FragmentDefinitionNode, type GraphQLInputType, type GraphQLSchema, type OperationDefinitionNode,
} from 'graphql';
import { outputSelection, type OutputSelection } from './output-translation.js';

export interface CompiledOperation {
  name: string;
  text: string;
  /** The schema type of every response key, for the output translation. */
  output: OutputSelection;
  /** Variable name -> type, for 'args' bodies. */
  variables: Record<string, { type: GraphQLInputType }>;
  /** Variables of type Int: a route's number outside 32 bits is refused before GraphQL would. */
  intVariables: Set<string>;
  /** Fields of the $input variable's input type, for 'input' bodies. */
  inputFields?: Record<string, { type: GraphQLInputType }>;
}

const OPERATIONS_DIR = new URL(import.meta.url.includes('/dist/') ? '../../rest-compat/operations/' : './operations/', import.meta.url);

/** Parses and validates every operation once at start: a broken operation stops the edge from starting. */
export function loadOperations(schema: GraphQLSchema): Map<string, CompiledOperation> {
  const operations = new Map<string, CompiledOperation>();
  for (const file of readdirSync(OPERATIONS_DIR).filter((f) => f.endsWith('.graphql')).sort()) {
    const document = parse(readFileSync(new URL(file, OPERATIONS_DIR), 'utf8'));
    const problems = validate(schema, document);
    if (problems.length > 0) throw new Error(`rest-compat/operations/${file}: ${problems.map((p) => p.message).join('; ')}`);
    const fragments = Object.fromEntries(
      document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
    );
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION || !definition.name) continue;
      operations.set(definition.name.value, compile(schema, definition, fragments));
    }
  }
  return operations;
}

function compile(schema: GraphQLSchema, op: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>): CompiledOperation {
  const rootType = op.operation === 'query' ? schema.getQueryType() : op.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  if (!rootType) throw new Error(`schema has no ${op.operation} type`);
  const variables: Record<string, { type: GraphQLInputType }> = {};
  for (const v of op.variableDefinitions ?? []) {
    variables[v.variable.name.value] = { type: typeFromAST(schema, v.type as never) as GraphQLInputType };
  }
  const inputType = variables.input ? getNamedType(variables.input.type) : undefined;
  return {
    name: op.name!.value,
    // The operation travels with the fragments it uses (and only those: an unused one is invalid).
    text: [op, ...usedFragments(op, fragments)].map((d) => print(d)).join('\n'),
    output: outputSelection(schema, op.selectionSet, rootType, fragments),
    variables,
    intVariables: new Set(Object.entries(variables).filter(([, v]) => getNullableType(v.type) === GraphQLInt).map(([name]) => name)),
    inputFields: inputType && isInputObjectType(inputType) ? inputType.getFields() : undefined,
  };
}

function usedFragments(root: ASTNode, fragments: Record<string, FragmentDefinitionNode>, seen = new Set<string>()): FragmentDefinitionNode[] {
  const found: FragmentDefinitionNode[] = [];
  visit(root, {
    FragmentSpread(node) {
      const fragment = fragments[node.name.value];
      if (!fragment || seen.has(fragment.name.value)) return;
      seen.add(fragment.name.value);
      found.push(fragment, ...usedFragments(fragment, fragments, seen));
    },
  });
  return found;
}
