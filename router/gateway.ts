import { createGatewayRuntime, type GatewayRuntime } from '@graphql-hive/gateway-runtime';
import { GraphQLError } from 'graphql';
import { SUBGRAPHS, type Config, type SubgraphName } from '../subgraphs/kernel/config.js';
import { classifyError, listedErrors, MAX_MESSAGE_LENGTH, type FieldError } from '../subgraphs/kernel/errors.js';
import { localExecutor, type IdempotencyReport, type SubgraphRuntime } from '../subgraphs/platform/local-executor.js';
import { IDEMPOTENCY_REFUSAL_HEADER, IDEMPOTENCY_REPLAY_HEADER } from '../subgraphs/platform/subgraph-server.js';
import type { Logger } from '../subgraphs/platform/logger.js';
import { withTraceHeaders } from '../subgraphs/platform/tracing.js';
import type { IncomingMessage } from 'node:http';
import { IDENTITY_HEADER, SIGNATURE_HEADER, SUBSCRIPTION_AUDIENCE, signIdentity, type Identity } from '../subgraphs/kernel/identity.js';


/**
 * What leaves the gateway: platform errors (Fineract codes, from any subgraph) and request errors pass;
 * a subgraph that cannot be reached becomes 503 and anything else a bare 500, never internal addresses,
 * request bodies or stack traces.
 */
export function maskGatewayError(error: unknown): GraphQLError {
  if (!(error instanceof GraphQLError)) return internalError(undefined);
  // Request errors can quote the caller's input (a variable's value): never more than a prefix of it.
  // Cut once, then classified: masking the cut error again recursed without end, since the prefix and
  // its ellipsis are longer than the limit themselves.
  const shown = error.message.length > MAX_MESSAGE_LENGTH
    ? new GraphQLError(`${error.message.slice(0, MAX_MESSAGE_LENGTH)}...`, { path: error.path, extensions: error.extensions, originalError: error.originalError ?? undefined })
    : error;
  switch (classifyError(shown).kind) {
    case 'platform':
      return withListedErrors(shown);
    case 'request':
      return shown;
    case 'unavailable':
      return new GraphQLError('The service is temporarily unavailable; please retry.', {
        path: error.path,
        extensions: { code: 'error.msg.platform.service.unavailable', status: 503, kind: 'unavailable', errors: [] },
      });
    case 'internal':
      return internalError(error);
  }
}

/**
 * A platform error's field errors as an answer lists them (kernel listedErrors): a not-found error
 * quotes the identifier it was given, which may be 3,000 characters of a path.
 */
function withListedErrors(error: GraphQLError): GraphQLError {
  const fieldErrors = error.extensions.errors as FieldError[];
  const { listed, total, cutShort } = listedErrors(fieldErrors);
  if (!cutShort) return error;
  const count = typeof error.extensions.errorCount === 'number' ? error.extensions.errorCount : total;
  return new GraphQLError(error.message, {
    path: error.path,
    extensions: { ...error.extensions, errors: listed, ...(count > listed.length ? { errorCount: count } : {}) },
    originalError: error.originalError ?? undefined,
  });
}

function internalError(error: GraphQLError | undefined): GraphQLError {
  return new GraphQLError('An unexpected error occurred.', {
    path: error?.path,
    extensions: { code: 'error.msg.platform.server.side.error', status: 500, kind: 'internal', errors: [] },
  });
}

/**
 * What the edge puts into every gateway request's context: the caller's identity (signed per subgraph
 * request in onFetch, over the target subgraph and the exact body) and the request id for the logs.
 * Subscriptions cannot be signed per request: their connection gets a `subscription`-audience signature.
 */
export interface EdgeContext extends Record<string, unknown> {
  cbsIdentity: Identity;
  /** Filled in by the subgraph that ran an idempotent write: replayed, or refused. */
  cbsIdempotency: IdempotencyReport;
  cbsRequestId: string;
  cbsWsIdentity: string;
  cbsWsSignature: string;
}

/**
 * The subscription signature is made when something first reads it (the ws transport, for a subscription
 * to a subgraph in another process, or the gateway's context building, which copies the context), not for
 * every request: the direct route never reads it, and signing it (the identity's JSON, base64, SHA-256 and
 * an HMAC) was about 0.1 ms of every REST deposit's CPU. Both are settable, as plain fields were: the
 * gateway assigns its copy back onto the context.
 */
export function edgeContext(identity: Identity, signingKey: string, requestId: string, report: IdempotencyReport = { replayed: false }): EdgeContext {
  let wsIdentity: string | undefined;
  let wsSignature: string | undefined;
  const sign = () => {
    const signed = signIdentity(identity, signingKey, SUBSCRIPTION_AUDIENCE, '');
    wsIdentity ??= signed.identity;
    wsSignature ??= signed.signature;
  };
  return {
    cbsIdentity: identity,
    cbsIdempotency: report,
    cbsRequestId: requestId,
    get cbsWsIdentity() {
      if (wsIdentity === undefined) sign();
      return wsIdentity!;
    },
    set cbsWsIdentity(value: string) {
      wsIdentity = value;
    },
    get cbsWsSignature() {
      if (wsSignature === undefined) sign();
      return wsSignature!;
    },
    set cbsWsSignature(value: string) {
      wsSignature = value;
    },
  };
}

/** The client's headers the gateway may see (never Authorization: subgraphs get the signed identity only). */
export function gatewayHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'accept']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

const IN_PROCESS = 'cbs-in-process';

/** The gateway's transports when subgraphs run in this process: ours for them, Hive's HTTP one for any other. */
function inProcessTransports(runtimes: ReadonlyMap<SubgraphName, SubgraphRuntime>, logger: Logger) {
  const executors = new Map([...runtimes].map(([name, runtime]) => [name, localExecutor(runtime, logger)]));
  const inProcess = {
    getSubgraphExecutor: ({ subgraphName }: { subgraphName: string }) => {
      const executor = executors.get(subgraphName as SubgraphName);
      if (!executor) throw new Error(`subgraph ${subgraphName} does not run in this process`);
      return executor as never;
    },
  };
  return { [IN_PROCESS]: inProcess, http: import('@graphql-mesh/transport-http') };
}

const HIVE_LOG_LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'false']);

/**
 * The federation gateway (Hive Gateway runtime) over the committed supergraph. Subgraph locations come
 * from configuration, so the same supergraph serves npm start, docker-compose and tests. Queries and
 * mutations reach subgraphs over HTTP with the signed identity headers; subscriptions over graphql-ws
 * with the same identity in connectionParams.
 */
export function createGateway(
  config: Pick<Config, 'subgraphUrls' | 'internalSigningKey'>,
  supergraph: string,
  local?: ReadonlyMap<SubgraphName, SubgraphRuntime>,
  logger?: Logger,
): GatewayRuntime<EdgeContext> {
  const subgraphByUrl = new Map<string, string>(SUBGRAPHS.map((name) => [config.subgraphUrls[name], name]));
  // In one process (SERVE=all) every subgraph is executed in place; the HTTP transport is for split deployments.
  const inProcess = local && logger ? { runtimes: local, logger } : undefined;
  const transportEntries = Object.fromEntries(
    SUBGRAPHS.map((name) => [
      name,
      inProcess?.runtimes.has(name) ? { kind: IN_PROCESS } : {
        location: config.subgraphUrls[name],
        options: {
          // The HTTP executor would share one subgraph fetch among identical in-flight queries (same URL and
          // body); the caller's identity is added per fetch afterwards, in onFetch, so sharing would hand one
          // caller's answer — another tenant's data — to another. Every query is fetched as its own caller.
          deduplicateInflightRequests: false,
          subscriptions: {
            kind: 'ws',
            location: config.subgraphUrls[name],
            options: { connectionParams: { identity: '{context.cbsWsIdentity}', signature: '{context.cbsWsSignature}' } },
          },
        },
      },
    ]),
  );
  // Hive's logger reads LOG_LEVEL itself and throws on pino's names that it lacks ("silent", "fatal"):
  // our LOG_LEVEL is pino's (already read into config), and the gateway's level is GATEWAY_LOG_LEVEL.
  if (process.env.LOG_LEVEL && !HIVE_LOG_LEVELS.has(process.env.LOG_LEVEL)) delete process.env.LOG_LEVEL;
  return createGatewayRuntime<EdgeContext>({
    supergraph,
    transportEntries,
    ...(inProcess ? { transports: inProcessTransports(inProcess.runtimes, inProcess.logger) } : {}),
    logging: (process.env.GATEWAY_LOG_LEVEL as 'debug' | 'info' | 'warn' | 'error' | undefined) ?? false,
    graphiql: false,
    landingPage: false,
    // CORS is the edge's (allowlist from CORS_ORIGINS); the gateway must not answer any origin itself.
    cors: false,
    maskedErrors: { maskError: maskGatewayError, errorMessage: 'An unexpected error occurred.' },
    plugins: () => [
      {
        onFetch({ context, url, options, setOptions }) {
          const ctx = context as Partial<EdgeContext> | undefined;
          const audience = subgraphByUrl.get(String(url));
          if (!ctx?.cbsIdentity || !audience || (options.body != null && typeof options.body !== 'string')) return;
          const signed = signIdentity(ctx.cbsIdentity, config.internalSigningKey, audience, (options.body as string | undefined) ?? '');
          setOptions({
            ...options,
            headers: {
              ...(options.headers as Record<string, string>),
              [IDENTITY_HEADER]: signed.identity,
              [SIGNATURE_HEADER]: signed.signature,
              'x-request-id': ctx.cbsRequestId ?? '',
              // The subgraph's spans join the edge's trace (W3C traceparent), when tracing is on.
              ...withTraceHeaders({}),
            },
          });
          // The subgraph tells of a replayed or refused idempotent write in headers (in process, it writes the report itself).
          return ({ response }) => {
            const report = ctx.cbsIdempotency;
            if (!report) return;
            if (response.headers.get(IDEMPOTENCY_REPLAY_HEADER) === 'true') report.replayed = true;
            const refusal = response.headers.get(IDEMPOTENCY_REFUSAL_HEADER);
            if (refusal === 'in_flight' || refusal === 'mismatch') report.refusal = refusal;
          };
        },
      },
    ],
  });
}
