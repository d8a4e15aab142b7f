import { getOperationAST, GraphQLError, type DocumentNode, type ExecutionResult, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { GatewayRuntime } from '@graphql-hive/gateway-runtime';
import type { directRoutes } from './direct-route.js';
import { inSpan } from '../subgraphs/platform/tracing.js';
import { maskGatewayError, type EdgeContext } from './gateway.js';

type Gateway = GatewayRuntime<EdgeContext>;
type DirectRoute = ReturnType<typeof directRoutes>;

/** One GraphQL operation as the edge runs it in process. */
export interface InProcessOperation {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export interface InProcessResult {
  data?: Record<string, unknown> | null;
  errors?: GraphQLFormattedError[];
  /** Whether one subgraph answered it alone (the direct route) or the gateway planned it. */
  executor: 'direct' | 'gateway';
  operationType?: string;
}

/**
 * The edge's one in-process execution path, for the REST layer and for GraphQL over HTTP alike: the
 * gateway's envelop pipeline (parse and validation caches, plugins, error masking) and, when one subgraph
 * answers the whole operation, the direct route (direct-route.ts) instead of the query plan.
 */
export interface Executor {
  /** Runs an operation whatever it needs: direct when it can, else the gateway's plan (the REST layer's named operations). */
  run(operation: InProcessOperation, context: EdgeContext): Promise<InProcessResult>;
  /**
   * Runs an operation only when the direct route can answer it, or answers null and leaves it to the
   * gateway's HTTP handler (which words its own refusals: parse and validation errors, other media types).
   */
  runDirect(operation: InProcessOperation, context: EdgeContext): Promise<InProcessResult | null>;
}

export function createExecutor(gateway: Gateway, directRoute: DirectRoute | undefined): Executor {
  const ready = Promise.resolve(gateway.getSchema());
  const operationTypeOf = (document: DocumentNode, operationName: string | undefined) => getOperationAST(document, operationName)?.operation;
  // Direct results are masked here as the gateway masks its own.
  const masked = (result: ExecutionResult, direct: boolean) => result.errors?.map((e) => (e instanceof GraphQLError ? (direct ? maskGatewayError(e) : e).toJSON() : e));

  /**
   * The documents `run` has parsed and found valid, by schema and text: the REST layer's operations, a fixed
   * set of a few hundred. The gateway's parse and validation caches answer them too, but looking them up
   * (an LRU by text, then a key joined from every validation rule's name) cost about 50 µs of a REST
   * deposit; the pipeline's parse and validate hooks are pure for a valid document the edge sends in process.
   */
  const valid = new WeakMap<GraphQLSchema, Map<string, DocumentNode>>();
  const MAX_VALID = 1000;

  async function prepare(operation: InProcessOperation, context: EdgeContext, parseErrors: 'throw' | 'null', remember = false) {
    await ready;
    const enveloped = gateway.getEnveloped(context);
    let known = remember ? valid.get(enveloped.schema) : undefined;
    if (remember && !known) valid.set(enveloped.schema, (known = new Map()));
    const remembered = known?.get(operation.query);
    if (remembered) {
      const direct = directRoute?.(enveloped.schema, remembered, operation.operationName, operation.variables);
      return { enveloped, document: remembered, invalid: [] as readonly GraphQLError[], direct, operationType: operationTypeOf(remembered, operation.operationName) };
    }
    let document: DocumentNode;
    try {
      document = enveloped.parse(operation.query);
    } catch (error) {
      if (parseErrors === 'throw') throw error;
      return null;
    }
    const invalid = enveloped.validate(enveloped.schema, document) as readonly GraphQLError[];
    if (known && invalid.length === 0) {
      if (known.size >= MAX_VALID) known.clear();
      known.set(operation.query, document);
    }
    const direct = invalid.length === 0 ? directRoute?.(enveloped.schema, document, operation.operationName, operation.variables) : undefined;
    return { enveloped, document, invalid, direct, operationType: operationTypeOf(document, operation.operationName) };
  }

  return {
    async run(operation, context) {
      const prepared = (await prepare(operation, context, 'throw', true))!;
      const { enveloped, document, invalid, direct, operationType } = prepared;
      if (invalid.length > 0) return { errors: invalid.map((e) => e.toJSON()), executor: 'gateway', operationType };
      const { variables, operationName } = operation;
      const result = await inSpan(direct ? 'graphql.direct' : 'graphql.gateway', { 'graphql.operation.name': operationName ?? '' }, async () =>
        direct
          ? await direct({ document, variables, operationName, operationType, context })
          : ((await enveloped.execute({ schema: enveloped.schema, document, variableValues: variables, operationName, contextValue: await enveloped.contextFactory() })) as ExecutionResult),
      );
      return { data: result.data as Record<string, unknown> | null | undefined, errors: masked(result, Boolean(direct)), executor: direct ? 'direct' : 'gateway', operationType };
    },

    async runDirect(operation, context) {
      const prepared = await prepare(operation, context, 'null');
      if (!prepared || prepared.invalid.length > 0 || !prepared.direct) return null;
      const { document, direct, operationType } = prepared;
      const result = await inSpan('graphql.direct', { 'graphql.operation.name': operation.operationName ?? '' }, () =>
        direct({ document, variables: operation.variables, operationName: operation.operationName, operationType, context }));
      return { data: result.data as Record<string, unknown> | null | undefined, errors: masked(result, true), executor: 'direct', operationType };
    },
  };
}
