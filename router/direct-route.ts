import { getOperationAST, getVariableValues, Kind, TypeInfo, validate, visit, visitWithTypeInfo, type DocumentNode, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { ExecutionRequest } from '@graphql-tools/utils';
import type { SubgraphName } from '../subgraphs/kernel/config.js';
import { localExecutor, type SubgraphRuntime } from '../subgraphs/platform/local-executor.js';
import type { Logger } from '../subgraphs/platform/logger.js';

/** Fields a subgraph does not resolve from its own data: the gateway must plan around them. */
const FEDERATED_DIRECTIVES = new Set(['external', 'requires', 'provides']);
const FEDERATION_FIELDS = new Set(['_entities', '_service']);

export type DirectExecutor = (request: ExecutionRequest) => Promise<ExecutionResult>;

/**
 * In one process (`SERVE=all`), an operation that one subgraph answers alone runs on that subgraph's
 * schema directly, as the gateway's plan would run it: the plan would be one fetch to that subgraph, and
 * its delegation (rewriting the document, then the result) is most of the gateway's cost per request.
 * "Alone" means the whole document validates against the subgraph's own schema and selects no field
 * that the subgraph takes from another (@external, @requires, @provides), nor its federation entry points,
 * nor introspection.
 * The caller has already validated the document against the public schema, and masks errors as the
 * gateway does. Anything else (and every subscription) goes through the gateway.
 */
export function directRoutes(runtimes: ReadonlyMap<SubgraphName, SubgraphRuntime>, logger: Logger) {
  const candidates = [...runtimes.values()].map((runtime) => ({ schema: runtime.schema, execute: localExecutor(runtime, logger) as DirectExecutor }));
  // Documents come from the gateway's parse cache (REST operations are a fixed set): one verdict each.
  const verdicts = new WeakMap<DocumentNode, { execute: DirectExecutor; operation: OperationDefinitionNode } | null>();
  return (apiSchema: GraphQLSchema, document: DocumentNode, operationName: string | undefined, variables: Record<string, unknown> | undefined): DirectExecutor | null => {
    let verdict = verdicts.get(document);
    if (verdict === undefined) {
      const operation = getOperationAST(document, operationName);
      const execute = operation && operation.operation !== 'subscription'
        ? candidates.find((c) => hasRootFields(c.schema, operation) && validate(c.schema, document).length === 0 && answersAlone(c.schema, document))?.execute
        : undefined;
      verdict = operation && execute ? { execute, operation } : null;
      verdicts.set(document, verdict);
    }
    if (!verdict) return null;
    // Variables that do not coerce are the gateway's to refuse, in its words (a subgraph would call them a bug).
    if ('errors' in getVariableValues(apiSchema, verdict.operation.variableDefinitions ?? [], variables ?? {}, { maxErrors: 1 })) return null;
    return verdict.execute;
  };
}

/** A cheap first look, so a new document costs one subgraph's validation, not every subgraph's. */
function hasRootFields(schema: GraphQLSchema, operation: OperationDefinitionNode): boolean {
  const fields = schema.getRootType(operation.operation)?.getFields();
  return !!fields && operation.selectionSet.selections.every((s) => s.kind !== Kind.FIELD || s.name.value === '__typename' || s.name.value in fields);
}

function answersAlone(schema: GraphQLSchema, document: DocumentNode): boolean {
  const typeInfo = new TypeInfo(schema);
  let alone = true;
  visit(document, visitWithTypeInfo(typeInfo, {
    Field(node) {
      const field = typeInfo.getFieldDef();
      // Introspection describes the public schema, which only the gateway holds (a subgraph's would show its federation internals).
      const name = node.name.value;
      if ((name.startsWith('__') && name !== '__typename') || FEDERATION_FIELDS.has(name) || field?.astNode?.directives?.some((d) => FEDERATED_DIRECTIVES.has(d.name.value))) alone = false;
    },
  }));
  return alone;
}
