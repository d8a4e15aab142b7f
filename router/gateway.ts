import { createGatewayRuntime, type GatewayRuntime } from '@graphql-hive/gateway-runtime';
import { GraphQLError } from 'graphql';
import { SUBGRAPHS, type Config } from '../subgraphs/kernel/config.js';
import { IDENTITY_HEADER, SIGNATURE_HEADER, signIdentity, type Identity } from '../subgraphs/kernel/identity.js';

/** GraphQL's own verdicts on a request: the caller's fault, shown as they are. */
export const CLIENT_ERROR_CODES = new Set(['GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_PARSE_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_FOUND']);

/**
 * What leaves the gateway: platform errors (Fineract codes, from any subgraph) and request errors pass;
 * a subgraph that cannot be reached becomes 503 and anything else a bare 500, never internal addresses,
 * request bodies or stack traces.
 */
function maskGatewayError(error: unknown): Error {
  if (!(error instanceof GraphQLError)) return internalError(undefined);
  const code = error.extensions?.code;
  if (typeof code === 'string' && (code.includes('.') || CLIENT_ERROR_CODES.has(code))) return error;
  // Yoga marks its own request errors (variables that do not coerce) with a 4xx http status.
  const httpStatus = (error.extensions?.http as { status?: number } | undefined)?.status;
  if (code === undefined && httpStatus !== undefined && httpStatus >= 400 && httpStatus < 500) return error;
  if (code === undefined && error.originalError === undefined && error.extensions?.serviceName === undefined) return error;
  if (typeof code === 'string' && (code.startsWith('SUBREQUEST') || code === 'DOWNSTREAM_SERVICE_ERROR')) {
    return new GraphQLError('The service is temporarily unavailable; please retry.', {
      path: error.path,
      extensions: { code: 'error.msg.platform.service.unavailable', status: 503, kind: 'unavailable', errors: [] },
    });
  }
  return internalError(error);
}

function internalError(error: GraphQLError | undefined): GraphQLError {
  return new GraphQLError('An unexpected error occurred.', {
    path: error?.path,
    extensions: { code: 'error.msg.platform.server.side.error', status: 500, kind: 'internal', errors: [] },
  });
}

/** What the edge puts into every gateway request's context: the caller's identity, signed for the subgraphs. */
export interface EdgeContext extends Record<string, unknown> {
  cbsIdentity: string;
  cbsSignature: string;
}

export function edgeContext(identity: Identity, signingKey: string): EdgeContext {
  const signed = signIdentity(identity, signingKey);
  return { cbsIdentity: signed.identity, cbsSignature: signed.signature };
}

/**
 * The federation gateway (Hive Gateway runtime) over the committed supergraph. Subgraph locations come
 * from configuration, so the same supergraph serves npm start, docker-compose and tests. Queries and
 * mutations reach subgraphs over HTTP with the signed identity headers; subscriptions over graphql-ws
 * with the same identity in connectionParams.
 */
const HIVE_LOG_LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'false']);

export function createGateway(config: Pick<Config, 'subgraphUrls'>, supergraph: string): GatewayRuntime<EdgeContext> {
  const transportEntries = Object.fromEntries(
    SUBGRAPHS.map((name) => [
      name,
      {
        location: config.subgraphUrls[name],
        options: {
          subscriptions: {
            kind: 'ws',
            location: config.subgraphUrls[name],
            options: { connectionParams: { identity: '{context.cbsIdentity}', signature: '{context.cbsSignature}' } },
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
    logging: (process.env.GATEWAY_LOG_LEVEL as 'debug' | 'info' | 'warn' | 'error' | undefined) ?? false,
    graphiql: false,
    landingPage: false,
    maskedErrors: { maskError: maskGatewayError, errorMessage: 'An unexpected error occurred.' },
    plugins: () => [
      {
        onFetch({ context, options, setOptions }) {
          const ctx = context as Partial<EdgeContext> | undefined;
          if (!ctx?.cbsIdentity || !ctx.cbsSignature) return;
          setOptions({
            ...options,
            headers: { ...(options.headers as Record<string, string>), [IDENTITY_HEADER]: ctx.cbsIdentity, [SIGNATURE_HEADER]: ctx.cbsSignature },
          });
        },
      },
    ],
  });
}
