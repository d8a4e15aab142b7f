import { execute, GraphQLError, subscribe, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { ExecutionRequest } from '@graphql-tools/utils';
import type { Identity } from './identity.js';
import type { Logger } from './logger.js';
import type { RequestContext } from './subgraph-server.js';

/** Error messages can quote inputs (a variable's value); never more than this of them leaves a subgraph. */
export const MAX_SUBGRAPH_MESSAGE_LENGTH = 300;

export const INTERNAL_ERROR_EXTENSIONS = { code: 'error.msg.platform.server.side.error', status: 500, kind: 'internal', errors: [] } as const;

/** What the gateway puts into each subgraph request's context: the identity the edge established. */
export interface SubgraphCallContext {
  cbsIdentity?: Identity;
}

/**
 * One subgraph's schema and the context its resolvers get, shared by both transports: the HTTP server
 * of a split deployment and the in-process executor of `SERVE=all`.
 */
export interface SubgraphRuntime {
  name: string;
  schema: GraphQLSchema;
  contextFor(identity: Identity): RequestContext;
}

/**
 * The subgraph's error policy for one error, whichever transport carries it: an error without a code
 * (a bug, a driver failure) is logged and leaves as a bare 500; a coded error passes with its message bounded.
 */
export function boundSubgraphError(error: GraphQLError, logger: Logger, subgraph: string): GraphQLError {
  const code = error.extensions?.code;
  if (code === undefined || code === 'INTERNAL_SERVER_ERROR') {
    logger.error({ err: error.originalError ?? error, subgraph }, 'unexpected error in resolver');
    return new GraphQLError('An unexpected error occurred.', { path: error.path, extensions: { ...INTERNAL_ERROR_EXTENSIONS } });
  }
  if (error.message.length <= MAX_SUBGRAPH_MESSAGE_LENGTH) return error;
  return new GraphQLError(`${error.message.slice(0, MAX_SUBGRAPH_MESSAGE_LENGTH)}...`, { path: error.path, extensions: error.extensions });
}

function bounded(result: ExecutionResult, logger: Logger, subgraph: string): ExecutionResult {
  if (!result.errors?.length) return result;
  return { ...result, errors: result.errors.map((e) => boundSubgraphError(e, logger, subgraph)) };
}

async function* boundedStream(results: AsyncGenerator<ExecutionResult>, logger: Logger, subgraph: string): AsyncGenerator<ExecutionResult> {
  try {
    for await (const result of results) yield bounded(result, logger, subgraph);
  } finally {
    await results.return?.(undefined);
  }
}

/**
 * Executes the gateway's subgraph requests against the subgraph's schema in this process: no loopback
 * HTTP, no JSON round trip and no per-request identity signature, because the identity never leaves the
 * process (it is the one the edge authenticated, read from the gateway's context). The gateway already
 * validated the client's operation and builds each subgraph document from the supergraph, so the
 * document is executed without a second validation.
 */
export function localExecutor(runtime: SubgraphRuntime, logger: Logger) {
  return async (request: ExecutionRequest): Promise<ExecutionResult | AsyncGenerator<ExecutionResult>> => {
    const identity = (request.context as SubgraphCallContext | undefined)?.cbsIdentity;
    if (!identity) {
      // Only the edge calls the gateway, always with an identity; anything else is a wiring bug, never anonymous access.
      return { errors: [new GraphQLError('Missing caller identity.', { extensions: { code: 'error.msg.not.authenticated', status: 401, errors: [] } })] };
    }
    const args = {
      schema: runtime.schema,
      document: request.document,
      variableValues: request.variables,
      operationName: request.operationName,
      rootValue: request.rootValue,
      contextValue: runtime.contextFor(identity),
    };
    if (request.operationType === 'subscription') {
      const result = await subscribe(args);
      return Symbol.asyncIterator in result ? boundedStream(result, logger, runtime.name) : bounded(result, logger, runtime.name);
    }
    return bounded(await execute(args), logger, runtime.name);
  };
}
