import { execute, GraphQLError, print, subscribe, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { ExecutionRequest } from '@graphql-tools/utils';
import type { Database } from './database.js';
import type { BatchLane } from './commit-batch.js';
import { valueRefusal } from '../kernel/db-errors.js';
import type { Identity } from '../kernel/identity.js';
import { operationScope, runIdempotent } from './idempotency.js';
import type { Logger } from './logger.js';
import type { RequestContext } from './request-context.js';
import { KERNEL_CODES } from '../kernel/codes.js';
import { inSpan } from './tracing.js';
import { mapStream } from './streams.js';

/** Error messages can quote inputs (a variable's value); never more than this of them leaves a subgraph. */
export const MAX_SUBGRAPH_MESSAGE_LENGTH = 300;

export const INTERNAL_ERROR_EXTENSIONS = { code: KERNEL_CODES.platformServerSideError, status: 500, kind: 'internal', errors: [] } as const;

/** How an idempotent write went, for the edge to answer with (a shared holder: contexts may be copied). */
export interface IdempotencyReport {
  replayed: boolean;
  refusal?: 'in_flight' | 'mismatch';
}

/** What the gateway puts into each subgraph request's context: the identity the edge established. */
export interface SubgraphCallContext {
  cbsIdentity?: Identity;
  cbsIdempotency?: IdempotencyReport;
}

/**
 * One subgraph's schema and the context its resolvers get, shared by both transports: the HTTP server
 * of a split deployment and the in-process executor of `SERVE=all`.
 */
export interface SubgraphRuntime {
  name: string;
  schema: GraphQLSchema;
  db: Database;
  contextFor(identity: Identity): RequestContext;
  /**
   * The group-commit lane of a write whose transaction opens before its command runs (an idempotent one):
   * the subgraph knows which of its mutations queue on one row. Absent or null: a transaction of its own.
   */
  batchLane?(document: DocumentNode, variables: Record<string, unknown> | undefined, identity: Identity): BatchLane | null;
}

/**
 * The subgraph's error policy for one error, whichever transport carries it: a value the database refused
 * is the caller's 400; any other error without a code (a bug, a driver failure) is logged and leaves as a
 * bare 500; a coded error passes with its message bounded.
 */
export function boundSubgraphError(error: GraphQLError, logger: Logger, subgraph: string): GraphQLError {
  const code = error.extensions?.code;
  if (code === undefined || code === 'INTERNAL_SERVER_ERROR') {
    const refusal = valueRefusal(error.originalError);
    if (refusal) return new GraphQLError(refusal.message, { path: error.path, extensions: refusal.extensions });
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

/** Closing it closes the subscription's results at once, not after their next event (streams.ts). */
function boundedStream(results: AsyncIterator<ExecutionResult>, logger: Logger, subgraph: string): AsyncGenerator<ExecutionResult, undefined> {
  return mapStream(results, Promise.resolve((result: ExecutionResult) => bounded(result, logger, subgraph)));
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
      return { errors: [new GraphQLError('Missing caller identity.', { extensions: { code: KERNEL_CODES.notAuthenticated, status: 401, kind: 'unauthenticated', errors: [] } })] };
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
    const report = (request.context as SubgraphCallContext | undefined)?.cbsIdempotency;
    const result = await inSpan(`subgraph ${runtime.name}`, { 'graphql.operation.type': request.operationType ?? 'query' }, () => executeWrite(runtime, identity, request.operationType === 'mutation', { text: () => print(request.document), document: () => request.document }, request.variables, report, async () => execute(args)));
    return bounded(result, logger, runtime.name);
  };
}

export const IDEMPOTENCY_REFUSALS = {
  in_flight: { kind: 'conflict', status: 409, code: KERNEL_CODES.idempotencyKeyInFlight, message: 'A request with this Idempotency-Key is still being processed.' },
  mismatch: { kind: 'unprocessable', status: 422, code: KERNEL_CODES.idempotencyKeyReused, message: 'This Idempotency-Key was used with a different request.' },
} as const;

/**
 * A mutation that carries an Idempotency-Key runs through the kernel's idempotent transaction (both
 * transports call this); everything else runs as it is. `report` tells the edge of a replay or a refusal.
 */
export async function executeWrite(
  runtime: SubgraphRuntime,
  identity: Identity,
  isMutation: boolean,
  /** The operation's text (it names the write's scope) and its document (its lane), made only for an idempotent write. */
  operation: { text: () => string; document: () => DocumentNode },
  variables: unknown,
  report: IdempotencyReport | undefined,
  run: () => Promise<ExecutionResult>,
): Promise<ExecutionResult> {
  if (!isMutation || !identity.idempotency) return run();
  const lane = runtime.batchLane?.(operation.document(), variables as Record<string, unknown> | undefined, identity) ?? null;
  const outcome = await runIdempotent(runtime.db, identity, identity.idempotency, operationScope(runtime.name, operation.text(), variables), run, lane);
  if (outcome.kind === 'done') return outcome.result;
  if (outcome.kind === 'replay') {
    if (report) report.replayed = true;
    return outcome.result;
  }
  if (report) report.refusal = outcome.kind;
  const refusal = IDEMPOTENCY_REFUSALS[outcome.kind];
  const { kind, status, code, message } = refusal;
  return { errors: [new GraphQLError(message, { extensions: { code, status, kind, errors: [{ code, message }] } })] };
}
