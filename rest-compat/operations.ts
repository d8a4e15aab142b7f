import { readdirSync, readFileSync } from 'node:fs';
import {
  getNamedType, isInputObjectType, Kind, parse, print, typeFromAST, validate, visit,
  type ASTNode, type FragmentDefinitionNode, type GraphQLInputType, type GraphQLObjectType, type GraphQLSchema, type OperationDefinitionNode,
} from 'graphql';

export interface CompiledOperation {
  name: string;
  text: string;
  rootType: GraphQLObjectType;
  /** Variable name -> type, for 'args' bodies. */
  variables: Record<string, { type: GraphQLInputType }>;
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
    const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION || !definition.name) continue;
      operations.set(definition.name.value, compile(schema, definition, fragments));
    }
  }
  return operations;
}

/** The fragments an operation spreads, directly or through other fragments (a file's fragments are shared by its operations). */
function usedFragments(node: ASTNode, fragments: Map<string, FragmentDefinitionNode>, found = new Map<string, FragmentDefinitionNode>()): Map<string, FragmentDefinitionNode> {
  visit(node, {
    FragmentSpread(spread) {
      const name = spread.name.value;
      const fragment = fragments.get(name);
      if (!fragment || found.has(name)) return;
      found.set(name, fragment);
      usedFragments(fragment, fragments, found);
    },
  });
  return found;
}

function compile(schema: GraphQLSchema, op: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>): CompiledOperation {
  const rootType = op.operation === 'query' ? schema.getQueryType() : op.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  if (!rootType) throw new Error(`schema has no ${op.operation} type`);
  const variables: Record<string, { type: GraphQLInputType }> = {};
  for (const v of op.variableDefinitions ?? []) {
    variables[v.variable.name.value] = { type: typeFromAST(schema, v.type as never) as GraphQLInputType };
  }
  const inputType = variables.input ? getNamedType(variables.input.type) : undefined;
  return {
    name: op.name!.value,
    text: [op, ...usedFragments(op, fragments).values()].map((d) => print(d)).join('\n'),
    rootType,
    variables,
    inputFields: inputType && isInputObjectType(inputType) ? inputType.getFields() : undefined,
  };
}
