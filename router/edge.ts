import { createServer as createHttpsServer } from 'node:https';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema } from 'graphql';
import { loadOperations } from '../rest-compat/operations.js';
import { FIXED_ROUTES, ROUTES } from '../rest-compat/routes/index.js';
import { SUBGRAPHS, type SubgraphName } from '../subgraphs/kernel/config.js';
import { PlatformError } from '../subgraphs/kernel/errors.js';
import type { Identity } from '../subgraphs/kernel/identity.js';
import { InFlight } from '../subgraphs/platform/in-flight.js';
import { listen } from '../subgraphs/platform/listen.js';
import { DatabasePersistedQueryStore } from '../subgraphs/platform/persisted-query.store.js';
import { startRequestSpan } from '../subgraphs/platform/tracing.js';
import type { SubgraphRuntime } from '../subgraphs/platform/local-executor.js';
import type { Logger } from '../subgraphs/platform/logger.js';
import { truncateForMessage } from '../subgraphs/kernel/money.js';
import type { Platform } from '../subgraphs/registry.js';
import { authenticate, clientAddress, credentialsFrom, type Authenticator } from './authenticate.js';
import { directRoutes } from './direct-route.js';
import { createExecutor } from './execute.js';
import { createGateway } from './gateway.js';
import { graphqlContentType, graphqlMediaType } from './graphql-http.js';
import { buildInfo, createHealth, Lifecycle } from './health.js';
import { CLIENT_CLOSED_REQUEST, ClientDisconnectedError, corsHeaders, queryIsUtf8, requestIdOf, securityHeaders } from './http-hygiene.js';
import { Metrics, operationNamesOf, startMetricsServer } from './metrics.js';
import { OpenStreams } from './open-streams.js';
import { openApiDocument } from './openapi.js';
import { APQ_LIMITS, PersistedQueries, readTrustedDocuments } from './persisted-queries.js';
import { readCommittedSupergraph } from './supergraph.js';
import { documentsSurface } from './surfaces/documents.js';
import { graphqlHttpSurface } from './surfaces/graphql-http.js';
import { attachGraphQLWs } from './surfaces/graphql-ws.js';
import { healthSurface } from './surfaces/health.js';
import { fromPlatformError, INVALID_ENCODING, MASKED_500_CODE, sendError, surfaceOf } from './surfaces/respond.js';
import { restSurface } from './surfaces/rest.js';
import { edgeTlsOptions } from './tls.js';
import { traceIdOf } from './trace.js';

export interface Edge {
  url: string;
  port: number;
  /** Readiness: UP once the edge listens, OUT_OF_SERVICE from the moment draining begins. */
  lifecycle: Lifecycle;
  /**
   * Graceful stop (SIGTERM): readiness DOWN, no new connections, subscriptions closed (going away), the
   * requests in flight answered within `graceMs`; then as stop(). Resolves true when all finished in time.
   */
  drain(graceMs: number): Promise<boolean>;
  stop(): Promise<void>;
  /** Subscriptions admitted and not yet closed (graphql-ws and SSE): what the subscription caps count. */
  openSubscriptions(): number;
}

/** What one request was, for its log line and its metrics. */
interface Served {
  identity?: Identity;
  route?: string;
  operation?: string;
}

/**
 * The edge: HTTPS on one port, in surfaces (router/surfaces/): the operators' (health, metrics), the
 * documents (IDE, OpenAPI, dashboard), REST under /api/v1 and GraphQL on /graphql over HTTP, SSE and
 * graphql-ws, all through one executor (execute.ts). It authenticates every API request once, before
 * reading its body, and forwards a signed identity.
 */
export async function startEdge(platform: Platform, logger: Logger, local?: ReadonlyMap<SubgraphName, SubgraphRuntime>): Promise<Edge> {
  const { config } = platform;
  const auth: Authenticator = platform.services.organisation.auth;
  const supergraph = readCommittedSupergraph();
  const gateway = createGateway(config, supergraph, local, logger);
  const schema = buildSchema(supergraph, { assumeValidSDL: true });
  const executor = createExecutor(gateway, local ? directRoutes(local, logger) : undefined);
  // Revocations end the subscriptions opened with the revoked credentials: graphql-ws closes 4401, SSE ends.
  const streams = new OpenStreams(config.subscriptionLimits);
  const stopRevoking = auth.onRevoked((revocation) => streams.revoke(revocation));
  // The REST layer's documents are trusted in every deployment (its operations are the service's own).
  const trustedDocuments = config.graphqlTrustedDocuments ? readTrustedDocuments(config.graphqlTrustedDocuments) : undefined;
  const restOperations = [...loadOperations(schema).values()];
  // Registered documents live in the database: a hash registered through one worker or instance is found by all.
  const persisted = new PersistedQueries(trustedDocuments, restOperations.map((o) => o.text), new DatabasePersistedQueryStore(platform.db, APQ_LIMITS));
  const lifecycle = new Lifecycle();
  const metrics = new Metrics(platform.telemetry, [...restOperations.map((o) => o.name), ...operationNamesOf(trustedDocuments?.values() ?? [])]);
  const inProcess = local ? [...local.keys()] : [];
  const health = healthSurface({ config, metrics, health: createHealth({ platform, lifecycle, inProcess, remote: SUBGRAPHS.filter((name) => !inProcess.includes(name)), cobTenantsBehind: () => platform.services.cob.run.tenantsBehind() }) });
  const documents = documentsSurface({ config, openApi: openApiDocument(schema, ROUTES, buildInfo().version, FIXED_ROUTES) });
  const rest = restSurface({ schema, executor, metrics, signingKey: config.internalSigningKey });
  const graphql = graphqlHttpSurface({ config, schema, gateway, executor, persisted, metrics, streams, logger });

  const handle = async (req: IncomingMessage, res: ServerResponse, common: Record<string, string>): Promise<Served> => {
    const url = new URL(req.url ?? '/', 'https://edge');
    const operatorRoute = await health(req, res, url, common);
    if (operatorRoute) return { route: operatorRoute };
    if (req.method === 'OPTIONS') {
      // CORS preflight: the allowlist's headers (if any) are already in `common`.
      res.writeHead(204, common).end();
      return { route: 'preflight' };
    }
    const documentRoute = documents(req, res, url, common);
    if (documentRoute) return { route: documentRoute };
    const surface = surfaceOf(url.pathname);
    if (!surface) {
      sendError(res, 'rest', { status: 404, code: 'error.msg.resource.not.found', message: `No resource at ${truncateForMessage(url.pathname, 80)}.` }, common);
      return {};
    }
    // GraphQL answers in the media type the caller accepts (GraphQL over HTTP), the edge's own refusals too.
    const headers = surface === 'graphql' ? { ...common, 'content-type': graphqlContentType(graphqlMediaType(req.headers.accept)) } : common;
    if (!queryIsUtf8(url.search)) {
      sendError(res, surface, { status: 400, code: INVALID_ENCODING, message: 'The query string must be percent-encoded UTF-8.' }, headers);
      return {};
    }
    // The one place a request is authenticated, before its body is read; REST and GraphQL get the same identity.
    let identity: Identity;
    try {
      identity = await authenticate(auth, credentialsFrom(req.headers, url), clientAddress(req));
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      // A throttled credential (failed API keys, as failed logins) says when to try again.
      const retryAfter = error.extensions.retryAfter;
      sendError(res, surface, fromPlatformError(error), typeof retryAfter === 'number' ? { ...headers, 'retry-after': String(retryAfter) } : headers);
      return { route: surface === 'graphql' ? 'graphql' : undefined };
    }
    if (surface === 'rest') return { identity, route: await rest(req, res, url, identity, common) };
    return { route: 'graphql', ...(await graphql(req, res, url, identity, headers, common)) };
  };

  const server: Server = createHttpsServer(edgeTlsOptions(config), (req, res) => serve(req, res));
  const inFlight = new InFlight(server);
  // Production without METRICS_TOKEN: metrics only on loopback, never on the public port.
  const metricsServer = config.metrics.separate ? await startMetricsServer(metrics, config.metrics.port) : null;

  /** One request, start to log line: a failure no surface answered is a masked 500 (a bug), logged as such. */
  function serve(req: IncomingMessage, res: ServerResponse): void {
    inFlight.track(res);
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req);
    // With tracing on, the request's span (child of a well-formed traceparent) names the trace.
    const span = startRequestSpan(req.method, req.headers);
    const traceId = span?.traceId ?? traceIdOf(req.headers.traceparent);
    const common = { ...securityHeaders(requestId), ...corsHeaders(req, config.corsOrigins) };
    const log = (served: Served) => {
      span?.end(served.route, res.statusCode);
      logRequest(req, res, served, { requestId, traceId, started });
    };
    (span ? span.run(() => handle(req, res, common)) : handle(req, res, common))
      .then(log)
      .catch((error: unknown) => {
        if (error instanceof ClientDisconnectedError) {
          res.statusCode = CLIENT_CLOSED_REQUEST;
          res.destroy();
          log({});
          return;
        }
        // The path only: a query string may carry credentials (Fineract's apps log in with ?username=&password=).
        logger.error({ err: error, requestId, traceId, url: truncateForMessage(req.url?.split('?')[0] ?? '', 200) }, 'request failed');
        const masked = { status: 500, code: MASKED_500_CODE, message: 'An unexpected error occurred.', extensions: { code: MASKED_500_CODE, status: 500, kind: 'internal', errors: [] } };
        if (!res.headersSent) sendError(res, surfaceOf(new URL(req.url ?? '/', 'https://edge').pathname) ?? 'rest', masked, common);
        else res.end();
        log({});
      });
  }

  function logRequest(req: IncomingMessage, res: ServerResponse, served: Served, request: { requestId: string; traceId: string | undefined; started: bigint }): void {
    const { identity, route, operation } = served;
    const durationMs = Number(process.hrtime.bigint() - request.started) / 1e6;
    // Templated routes only: an unknown path is one series, whatever was asked for.
    metrics.request(route, req.method, res.statusCode, identity?.tenantId, durationMs / 1000);
    const line = {
      requestId: request.requestId,
      traceId: request.traceId,
      tenant: identity?.tenantId,
      user: identity && identity.kind !== 'anonymous' ? identity.userId : undefined,
      method: req.method,
      route: route ?? truncateForMessage(req.url?.split('?')[0] ?? '', 200),
      operation: operation === undefined ? undefined : truncateForMessage(operation, 64),
      status: res.statusCode,
      durationMs,
    };
    // A masked 500 is a bug: its request id is what ties the client's report to the server's trace.
    if (res.statusCode >= 500) logger.error(line, 'request');
    // Probes come every few seconds from every orchestrator: at info they would drown the requests.
    else if (route?.startsWith('actuator/') || route === 'metrics') logger.debug(line, 'request');
    else logger.info(line, 'request');
  }

  // Listening first: a taken port is then one line (ws would re-emit the listen error to graphql-ws's logger).
  await listen(server, config.port, config.host, "the edge's HTTPS listener, PORT");
  const ws = attachGraphQLWs(server, { config, schema, gateway, auth, persisted, metrics, streams });

  const port = (server.address() as AddressInfo).port;
  let stopped: Promise<void> | undefined;
  // Once only: a drain closes the subscriptions first and ends with stop(), which the owner may call again.
  const stop = () =>
    (stopped ??= (async () => {
      stopRevoking();
      await ws.closeSubscriptions();
      ws.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await gateway.dispose();
      if (metricsServer) await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
    })());
  lifecycle.ready();
  return {
    url: `https://localhost:${port}`,
    port,
    lifecycle,
    async drain(graceMs) {
      lifecycle.stopping();
      // Subscribers are told the server is going away (1001) and may resubscribe elsewhere at once.
      await ws.closeSubscriptions();
      const finished = await inFlight.drain(graceMs);
      await stop();
      return finished;
    },
    stop,
    openSubscriptions: () => streams.limits.open,
  };
}
