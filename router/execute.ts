import { getOperationAST, GraphQLError, type DocumentNode, type ExecutionResult, type GraphQLFormattedError } from 'graphql';
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

  async function prepare(operation: InProcessOperation, context: EdgeContext, parseErrors: 'throw' | 'null') {
    await ready;
    const enveloped = gateway.getEnveloped(context);
    let document: DocumentNode;
    try {
      document = enveloped.parse(operation.query);
    } catch (error) {
      if (parseErrors === 'throw') throw error;
      return null;
    }
    const invalid = enveloped.validate(enveloped.schema, document) as readonly GraphQLError[];
    const direct = invalid.length === 0 ? directRoute?.(enveloped.schema, document, operation.operationName, operation.variables) : undefined;
    return { enveloped, document, invalid, direct, operationType: operationTypeOf(document, operation.operationName) };
  }

  return {
    async run(operation, context) {
      const prepared = (await prepare(operation, context, 'throw'))!;
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
