import { randomUUID } from 'node:crypto';
import { createServer as createHttpsServer } from 'node:https';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema, getOperationAST, GraphQLError, type DocumentNode, type ExecutionResult } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { getGraphQLWSOptions } from '@graphql-hive/gateway-runtime';
import { sendNodeResponse } from '@whatwg-node/server';
import { WebSocketServer, type WebSocket } from 'ws';
import { envelope } from '../rest-compat/envelope.js';
import { createRestHandler, requestHash, type BodyRead } from '../rest-compat/rest-handler.js';
import { ROUTES } from '../rest-compat/routes/index.js';
import { PlatformError, type FieldError } from '../subgraphs/kernel/errors.js';
import { IDEMPOTENCY_KEY } from '../subgraphs/kernel/idempotency.js';
import { IDEMPOTENCY_REFUSALS, type IdempotencyReport, type SubgraphRuntime } from '../subgraphs/kernel/local-executor.js';
import { SUBGRAPHS, type SubgraphName } from '../subgraphs/kernel/config.js';
import type { Identity } from '../subgraphs/kernel/identity.js';
import type { Logger } from '../subgraphs/kernel/logger.js';
import type { Platform } from '../subgraphs/registry.js';
import { truncateForMessage } from '../subgraphs/kernel/money.js';
import { authenticate, clientAddress, credentialsFrom, credentialsFromConnectionParams } from './authenticate.js';
import { createGateway, edgeContext, gatewayHeaders, maskGatewayError, type EdgeContext } from './gateway.js';
import { canIntrospect, checkGraphQLRequest, GraphQLLimitError, SUGGESTION, withoutSuggestions } from './graphql-limits.js';
import { customerGraphQLRefusal } from './customer-scope.js';
import { directRoutes } from './direct-route.js';
import { anonymousStreamRefusal, gatewayAccept, graphqlAnswerStatus, graphqlContentType, graphqlGetParams, graphqlMediaType, withDocument } from './graphql-http.js';
import { PersistedQueries, readTrustedDocuments } from './persisted-queries.js';
import { loadOperations } from '../rest-compat/operations.js';
import { isDashboardPath, serveDashboard } from './dashboard-assets.js';
import { CLIENT_CLOSED_REQUEST, ClientDisconnectedError, corsHeaders, isJsonContentType, MAX_BODY_BYTES, queryIsUtf8, readLimitedBody, requestIdOf, securityHeaders } from './http-hygiene.js';
import { readCommittedSupergraph } from './supergraph.js';
import { edgeTlsOptions } from './tls.js';
import { endableResponse, OpenStreams } from './open-streams.js';
import { ideResponse, wantsIde } from './graphiql.js';
import { apiDocsResponse, isApiDocsPath } from './api-docs.js';
import { buildInfo, createHealth, Lifecycle } from './health.js';
import { OPENAPI_PATHS, openApiDocument } from './openapi.js';
import { InFlight } from '../subgraphs/kernel/in-flight.js';
import { traceIdOf } from './trace.js';
import { inSpan, startRequestSpan } from '../subgraphs/kernel/tracing.js';
import { METRICS_PATH, metricsAccess, Metrics, operationOfText, sendMetrics, startMetricsServer } from './metrics.js';
import { listen } from '../subgraphs/kernel/listen.js';

const API_PREFIXES = ['/api/v1', '/fineract-provider/api/v1'];
const MASKED_500_CODE = 'error.msg.platform.server.side.error';
/** Bytes that are not UTF-8, in a body or a query string: refused, never stored as U+FFFD. */
const INVALID_ENCODING = 'error.msg.invalid.request.encoding';
/** graphql-ws's close code for credentials that no longer hold (the protocol's Unauthorized). */
const UNAUTHORIZED_CLOSE_CODE = 4401;

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
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

type Surface = 'rest' | 'graphql';

/** What the edge itself refuses (or fails with), before or instead of any module's answer. */
interface EdgeError {
  status: number;
  code: string;
  message: string;
  extensions?: Record<string, unknown>;
}

const fromPlatformError = (error: PlatformError): EdgeError => ({ status: error.status, code: error.extensions.code, message: error.message, extensions: error.extensions });

const operationTypeOf = (document: DocumentNode, operationName: string | undefined) => getOperationAST(document, operationName)?.operation;

/**
 * The one place the edge renders an error, in the caller's protocol: the Fineract envelope on REST (the
 * REST layer's formatter), GraphQL's `errors` with the same code and status in extensions on /graphql.
 */
function errorBody(surface: Surface, error: EdgeError): string {
  const extensions = error.extensions ?? { code: error.code, status: error.status, errors: [] };
  if (surface === 'rest') return JSON.stringify(envelope(error.status, error.code, error.message, (extensions.errors as FieldError[] | undefined) ?? []));
  return JSON.stringify({ errors: [{ message: error.message, extensions }] });
}

function sendError(res: ServerResponse, surface: Surface, error: EdgeError, headers: Record<string, string>): void {
  send(res, error.status, errorBody(surface, error), headers);
}

const surfaceOf = (pathname: string): Surface | undefined =>
  API_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`)) ? 'rest' : pathname === '/graphql' ? 'graphql' : undefined;

/**
 * The edge: HTTPS on one port serving /actuator/health, the REST compatibility layer under /api/v1
 * (and /fineract-provider/api/v1), and GraphQL on /graphql (HTTP and graphql-ws) through the gateway.
 * It authenticates every request once, before reading its body, and forwards a signed identity.
 */
export async function startEdge(platform: Platform, logger: Logger, local?: ReadonlyMap<SubgraphName, SubgraphRuntime>): Promise<Edge> {
  const { config, services } = platform;
  const supergraph = readCommittedSupergraph();
  const gateway = createGateway(config, supergraph, local, logger);
  const gatewaySchema = Promise.resolve(gateway.getSchema());
  const directRoute = local ? directRoutes(local, logger) : undefined;
  const schema = buildSchema(supergraph, { assumeValidSDL: true });
  const auth = services.organisation.auth;
  // Revocations end the subscriptions opened with the revoked credentials: graphql-ws closes 4401, SSE ends.
  const streams = new OpenStreams();
  const stopRevoking = auth.onRevoked((revocation) => streams.revoke(revocation));
  // The REST layer's documents are trusted in every deployment (its operations are the service's own).
  const persisted = new PersistedQueries(
    config.graphqlTrustedDocuments ? readTrustedDocuments(config.graphqlTrustedDocuments) : undefined,
    [...loadOperations(schema).values()].map((o) => o.text),
  );
  const lifecycle = new Lifecycle();
  const metrics = new Metrics(platform.telemetry);
  const inProcess = local ? [...local.keys()] : [];
  const openApi = openApiDocument(schema, ROUTES, buildInfo().version);
  const health = createHealth({ platform, lifecycle, inProcess, remote: SUBGRAPHS.filter((name) => !inProcess.includes(name)) });
  const rest = createRestHandler({
    schema,
    routes: ROUTES,
    // The REST layer runs named operations through the same gateway as /graphql, in-process, as the caller:
    // the gateway's envelop pipeline (parse and validation caches, plugins, error masking, the query plan)
    // without an HTTP request and response around it, whose objects and JSON twice over cost more per
    // request than the plan's execution in process.
    runOperation: async (operation, identity, requestId, report) => {
      await gatewaySchema;
      const began = process.hrtime.bigint();
      const context = edgeContext(identity, config.internalSigningKey, requestId, report);
      const { parse, validate, contextFactory, execute, schema: gatewaySchemaNow } = gateway.getEnveloped(context);
      const document = parse(operation.query);
      const invalid = validate(gatewaySchemaNow, document);
      if (invalid.length > 0) return { errors: invalid.map((e: GraphQLError) => e.toJSON()) };
      const direct = directRoute?.(gatewaySchemaNow, document, operation.operationName, operation.variables);
      const result = await inSpan(direct ? 'graphql.direct' : 'graphql.gateway', { 'graphql.operation.name': operation.operationName ?? '' }, async () =>
        direct
          ? await direct({ document, variables: operation.variables, operationName: operation.operationName, operationType: operationTypeOf(document, operation.operationName), context })
          : ((await execute({ schema: gatewaySchemaNow, document, variableValues: operation.variables, operationName: operation.operationName, contextValue: await contextFactory() })) as ExecutionResult),
      );
      metrics.operation(operation.operationName, operationTypeOf(document, operation.operationName), 'rest', direct ? 'direct' : 'gateway', seconds(began), Boolean(result.errors?.length));
      return {
        data: result.data as Record<string, unknown> | null | undefined,
        // Direct results are masked here as the gateway masks its own.
        errors: result.errors?.map((e) => (e instanceof GraphQLError ? (direct ? maskGatewayError(e) : e).toJSON() : e)),
      };
    },
  });

  const handle = async (req: IncomingMessage, res: ServerResponse, common: Record<string, string>): Promise<{ identity?: Identity; route?: string; operation?: string }> => {
    const url = new URL(req.url ?? '/', 'https://edge');
    if (url.pathname === METRICS_PATH && req.method === 'GET') {
      const access = metricsAccess(config.metrics, req);
      if (access === 'allowed') {
        await sendMetrics(metrics, res, common);
        return { route: 'metrics' };
      }
      if (access === 'unauthorized') {
        sendError(res, 'rest', { status: 401, code: 'error.msg.not.authenticated', message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>.' }, { ...common, 'www-authenticate': 'Bearer' });
        return { route: 'metrics' };
      }
    }
    const actuator = req.method === 'GET' || req.method === 'HEAD' ? health(url.pathname) : undefined;
    if (actuator) {
      const answer = await actuator;
      send(res, answer.status, answer.body, common);
      return { route: answer.route };
    }
    // The browser IDE and its assets: never in production, where /graphql answers only API calls.
    if (config.env !== 'production' && wantsIde(req, url.pathname)) {
      const ide = ideResponse(url.pathname);
      send(res, ide.status, ide.body, { ...common, ...ide.headers });
      return { route: 'graphiql' };
    }
    // Its reference page (Swagger UI and its assets, from this service), like the IDE never in production.
    if (config.env !== 'production' && (req.method === 'GET' || req.method === 'HEAD') && isApiDocsPath(url.pathname)) {
      const docs = apiDocsResponse(url.pathname);
      send(res, 200, docs.body, { ...common, ...docs.headers });
      return { route: 'api-docs' };
    }
    // The API's description is public: no tenant, no credentials.
    if (req.method === 'GET' && OPENAPI_PATHS.has(url.pathname)) {
      send(res, 200, openApi(), common);
      return { route: 'openapi' };
    }
    if (req.method === 'OPTIONS') {
      // CORS preflight: the allowlist's headers (if any) are already in `common`.
      res.writeHead(204, common).end();
      return { route: 'preflight' };
    }
    if (isDashboardPath(url.pathname)) {
      serveDashboard(url.pathname, req.method, res, common);
      return { route: 'dashboard' };
    }
    const surface = surfaceOf(url.pathname);
    if (!surface) {
      sendError(res, 'rest', { status: 404, code: 'error.msg.resource.not.found', message: `No resource at ${truncateForMessage(url.pathname, 80)}.` }, common);
      return {};
    }
    // GraphQL answers in the media type the caller accepts (GraphQL over HTTP), the edge's own refusals too.
    const surfaceHeaders = surface === 'graphql' ? { ...common, 'content-type': graphqlContentType(graphqlMediaType(req.headers.accept)) } : common;
    if (!queryIsUtf8(url.search)) {
      sendError(res, surface, { status: 400, code: INVALID_ENCODING, message: 'The query string must be percent-encoded UTF-8.' }, surfaceHeaders);
      return {};
    }
    // The one place a request is authenticated, before its body is read; REST and GraphQL get the same identity.
    let identity: Identity;
    try {
      identity = await authenticate(auth, credentialsFrom(req.headers, url), clientAddress(req));
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      sendError(res, surface, fromPlatformError(error), surfaceHeaders);
      return { route: surface === 'graphql' ? 'graphql' : undefined };
    }
    if (surface === 'rest') {
      const prefix = API_PREFIXES.find((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))!;
      const response = await rest(req, url.pathname.slice(prefix.length) || '/', url, { identity, readBody: () => readJsonBody(req), requestId: common['x-request-id']! });
      send(res, response.status, response.body, { ...response.headers, ...common });
      return { identity, route: response.route };
    }
    const anonymousStream = anonymousStreamRefusal(identity, req.headers.accept);
    if (anonymousStream) {
      sendError(res, 'graphql', fromPlatformError(anonymousStream), surfaceHeaders);
      return { identity, route: 'graphql' };
    }
    const refusal = await graphqlRefusal(req, url, identity);
    if (refusal.kind === 'refused') {
      sendError(res, 'graphql', refusal, surfaceHeaders);
      return { identity, route: 'graphql' };
    }
    // A JSON answer is read whole; a stream (SSE subscriptions, incremental delivery) is passed on as it comes.
    type GatewayResult = { kind: 'json'; status: number; body: string; headers: Record<string, string> } | { kind: 'stream'; response: Response };
    const report: IdempotencyReport = { replayed: false };
    const parsedBody = refusal.parsed as { query?: unknown; operationName?: unknown } | null | undefined;
    const { name: operationName, type: operationType } = operationOfText(parsedBody?.query, parsedBody?.operationName);
    const runGateway = async (): Promise<GatewayResult> => {
      const context = edgeContext(identity, config.internalSigningKey, common['x-request-id']!, report);
      const began = process.hrtime.bigint();
      const direct = await runDirect(req, refusal.parsed, context);
      if (direct) {
        metrics.operation(operationName, operationType, 'graphql', 'direct', seconds(began), direct.body.includes('"errors"'));
        if (direct.body.includes(MASKED_500_CODE)) logger.error({ requestId: common['x-request-id'], route: 'graphql' }, 'masked internal error');
        return { kind: 'json', ...direct };
      }
      const response = await inSpan('graphql.gateway', { 'graphql.operation.name': operationName ?? '' }, async () =>
        gateway.fetch(
          `http://edge.internal${url.pathname}${refusal.search}`,
          { method: req.method, headers: { ...gatewayHeaders(req), accept: gatewayAccept(req.headers.accept) }, body: refusal.body },
          context,
        ),
      );
      if (!/json/i.test(response.headers.get('content-type') ?? '')) return { kind: 'stream', response };
      const text = await response.text();
      metrics.operation(operationName, operationType, 'graphql', 'gateway', seconds(began), text.includes('"errors"'));
      if (text.includes(MASKED_500_CODE)) logger.error({ requestId: common['x-request-id'], route: 'graphql' }, 'masked internal error');
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        // The runtime's headers keep their case ("Content-Type"), which lost to the edge's default content type.
        const key = name.toLowerCase();
        if (!key.startsWith('access-control-') && key !== 'content-length') headers[key] = value;
      });
      return { kind: 'json', status: response.status, body: text, headers };
    };
    // The same Idempotency-Key semantics as REST: the key travels with the identity to the subgraph, whose
    // transaction claims it with the effect; a replay gets the stored result.
    const key = req.method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    if (key !== undefined && identity.kind !== 'anonymous') {
      if (!IDEMPOTENCY_KEY.test(key)) {
        sendError(res, 'graphql', { status: 400, code: 'error.msg.idempotency.key.invalid', message: 'An Idempotency-Key is 1 to 255 visible ASCII characters.' }, surfaceHeaders);
        return { identity, route: 'graphql' };
      }
      identity = { ...identity, idempotency: { key, requestHash: requestHash('POST', url.pathname, url.search, refusal.body ?? '') } };
    }
    const result = await runGateway();
    if (report.refusal) {
      sendError(res, 'graphql', IDEMPOTENCY_REFUSALS[report.refusal], surfaceHeaders);
      return { identity, route: 'graphql' };
    }
    if (report.replayed && result.kind === 'json') result.headers['x-served-from-cache'] = 'true';
    if (result.kind === 'json' && !canIntrospect(identity, config.graphqlIntrospection)) result.body = withoutSuggestions(result.body);
    if (result.kind === 'stream') {
      for (const [name, value] of Object.entries(common)) res.setHeader(name, value);
      const stream = endableResponse(result.response);
      // The gateway's SSE answer says no-cache (stored, revalidated); account events must not be stored at all.
      stream.response.headers.set('cache-control', common['cache-control']!);
      const untrack = streams.add(identity, stream.end);
      // The caller went away: the gateway's subscription (and its keep-alive pings) ends with it.
      res.once('close', () => {
        untrack();
        stream.end();
      });
      await sendNodeResponse(stream.response, res, req, false);
      return { identity, route: 'graphql', operation: operationName };
    }
    send(res, graphqlAnswerStatus(identity, result.status, result.body), result.body, { ...result.headers, ...common });
    return { identity, route: 'graphql', operation: operationName };
  };

  /** A request body, REST or GraphQL: JSON only (415) and bounded (413), read only once its caller is known. */
  async function readJsonBody(req: IncomingMessage, what = 'Request bodies'): Promise<BodyRead> {
    if (!isJsonContentType(req.headers['content-type'])) {
      return { kind: 'refused', status: 415, code: 'error.msg.unsupported.media.type', message: `${what} must be sent as application/json, in UTF-8.` };
    }
    const read = await readLimitedBody(req);
    if (read.kind === 'tooLarge') return { kind: 'refused', status: 413, code: 'error.msg.request.body.too.large', message: `Request bodies are limited to ${MAX_BODY_BYTES} bytes.` };
    if (read.kind === 'notUtf8') return { kind: 'refused', status: 400, code: INVALID_ENCODING, message: `${what} must be valid UTF-8.` };
    return read;
  }

  /** Reads and checks a GraphQL HTTP request (size, content type, limits) before the gateway plans it. */
  async function graphqlRefusal(req: IncomingMessage, url: URL, identity: Identity): Promise<({ kind: 'refused' } & EdgeError) | { kind: 'ok'; body?: string; parsed: unknown; search: string }> {
    let parsed: unknown;
    let body: string | undefined;
    if (req.method === 'POST') {
      const read = await readJsonBody(req, 'GraphQL requests');
      if (read.kind === 'refused') return read;
      body = read.text;
      try {
        parsed = JSON.parse(body);
      } catch {
        return { kind: 'refused', status: 400, code: 'error.msg.invalid.request.body', message: 'The request body is not valid JSON.' };
      }
    } else {
      const read = graphqlGetParams(url);
      if (read.kind === 'refused') return read;
      parsed = read.params;
    }
    const resolved = persisted.resolve(parsed, identity.tenantId, identity.kind !== 'anonymous');
    if (resolved.kind === 'refused') return { ...resolved, extensions: { code: resolved.code, status: resolved.status, errors: [] } };
    parsed = resolved.body;
    try {
      checkGraphQLRequest(schema, parsed, identity, config.graphqlIntrospection);
    } catch (error) {
      if (!(error instanceof GraphQLLimitError)) throw error;
      return { kind: 'refused', status: 400, code: error.code, message: error.message };
    }
    const notForCustomers = customerGraphQLRefusal(parsed, identity);
    if (notForCustomers) return { kind: 'refused', status: 403, code: 'error.msg.not.authorized', message: notForCustomers };
    if (resolved.register) persisted.register(resolved.register);
    if (!resolved.changed) return { kind: 'ok', body, parsed, search: url.search };
    // A document named by its hash goes on as if the client had sent its text.
    return req.method === 'POST' ? { kind: 'ok', body: JSON.stringify(parsed), parsed, search: url.search } : { kind: 'ok', body, parsed, search: withDocument(url, parsed) };
  }

  /**
   * A plain JSON POST of one query or mutation that one subgraph answers alone runs on it directly (see
   * direct-route.ts), answered as the gateway answers it: 200, application/json, errors masked alike.
   * Anything else (other media types, persisted-query extensions, documents that do not parse or
   * validate, several subgraphs) is the gateway's, which also words its refusals.
   */
  async function runDirect(req: IncomingMessage, parsed: unknown, context: EdgeContext): Promise<{ status: number; body: string; headers: Record<string, string> } | null> {
    if (!directRoute || req.method !== 'POST') return null;
    if (gatewayAccept(req.headers.accept) !== 'application/json') return null;
    const body = parsed as { query?: unknown; variables?: unknown; operationName?: unknown; extensions?: unknown } | null;
    if (!body || typeof body !== 'object' || typeof body.query !== 'string' || body.extensions !== undefined) return null;
    if (body.operationName != null && typeof body.operationName !== 'string') return null;
    if (body.variables != null && (typeof body.variables !== 'object' || Array.isArray(body.variables))) return null;
    await gatewaySchema;
    const { parse, validate, schema: gatewaySchemaNow } = gateway.getEnveloped(context);
    let document: DocumentNode;
    try {
      document = parse(body.query);
    } catch {
      return null;
    }
    if (validate(gatewaySchemaNow, document).length > 0) return null;
    const operationName = (body.operationName as string | null | undefined) ?? undefined;
    const variables = (body.variables as Record<string, unknown> | null | undefined) ?? undefined;
    const direct = directRoute(gatewaySchemaNow, document, operationName, variables);
    if (!direct) return null;
    const result = await inSpan('graphql.direct', { 'graphql.operation.name': operationName ?? '' }, () => direct({ document, variables, operationName, operationType: operationTypeOf(document, operationName), context }));
    const errors = result.errors?.map((e) => maskGatewayError(e).toJSON());
    return { status: 200, body: JSON.stringify(errors ? { errors, data: result.data } : { data: result.data }), headers: { 'content-type': 'application/json; charset=utf-8' } };
  }

  const server: Server = createHttpsServer(edgeTlsOptions(config), (req, res) => {
    inFlight.track(res);
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req);
    // With tracing on, the request's span (child of a well-formed traceparent) names the trace.
    const span = startRequestSpan(req.method, req.headers);
    const traceId = span?.traceId ?? traceIdOf(req.headers.traceparent);
    const common = { ...securityHeaders(requestId), ...corsHeaders(req, config.corsOrigins) };
    (span ? span.run(() => handle(req, res, common)) : handle(req, res, common))
      .then(({ identity, route, operation }) => log(identity, route, operation))
      .catch((error: unknown) => {
        if (error instanceof ClientDisconnectedError) {
          res.statusCode = CLIENT_CLOSED_REQUEST;
          res.destroy();
          log(undefined, undefined);
          return;
        }
        logger.error({ err: error, requestId, traceId, url: truncateForMessage(req.url ?? '', 200) }, 'request failed');
        const masked = { status: 500, code: MASKED_500_CODE, message: 'An unexpected error occurred.', extensions: { code: MASKED_500_CODE, status: 500, kind: 'internal', errors: [] } };
        if (!res.headersSent) sendError(res, surfaceOf(new URL(req.url ?? '/', 'https://edge').pathname) ?? 'rest', masked, common);
        else res.end();
        log(undefined, undefined);
      });
    function log(identity: Identity | undefined, route: string | undefined, operation?: string) {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      span?.end(route, res.statusCode);
      // Templated routes only: an unknown path is one series, whatever was asked for.
      metrics.request(route, req.method, res.statusCode, identity?.tenantId, durationMs / 1000);
      const line = {
        requestId,
        traceId,
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
  });

  const inFlight = new InFlight(server);
  // Production without METRICS_TOKEN: metrics only on loopback, never on the public port.
  const metricsServer = config.metrics.separate ? await startMetricsServer(metrics, config.metrics.port) : null;

  // Listening first: a taken port is then one line (ws would re-emit the listen error to graphql-ws's logger).
  await listen(server, config.port, config.host, "the edge's HTTPS listener, PORT");

  // Subscriptions: the client's connectionParams carry the tenant and Authorization like HTTP headers do.
  // A message is bounded like a request body; the default (100 MB) would let one frame exhaust memory.
  const wsServer = new WebSocketServer({ server, path: '/graphql', maxPayload: MAX_BODY_BYTES });
  const wsOptions = getGraphQLWSOptions<EdgeContextRecord, { identity?: Identity }>(gateway, (ctx) => edgeContext((ctx.extra as { identity: Identity }).identity, config.internalSigningKey, randomUUID()));
  const wsCleanup = useServer(
    {
      ...wsOptions,
      // The same GraphQL limits as over HTTP, before the gateway sees the operation.
      onSubscribe: (ctx, id, sent) => {
        const identity = (ctx.extra as { identity?: Identity }).identity;
        // Trusted documents hold here too; a hash names a document, but nothing is registered over a socket.
        const resolved = identity ? persisted.resolve(sent, identity.tenantId, false) : { kind: 'ok' as const, body: sent };
        if (resolved.kind === 'refused') return [new GraphQLError(resolved.message, { extensions: { code: resolved.code, status: resolved.status, errors: [] } })];
        const payload = resolved.body as typeof sent;
        try {
          if (identity) checkGraphQLRequest(schema, payload, identity, config.graphqlIntrospection);
        } catch (error) {
          if (!(error instanceof GraphQLLimitError)) throw error;
          return [new GraphQLError(error.message, { extensions: { code: error.code, status: 400, errors: [] } })];
        }
        const notForCustomers = identity && customerGraphQLRefusal(payload, identity);
        if (notForCustomers) return [new GraphQLError(notForCustomers, { extensions: { code: 'error.msg.not.authorized', status: 403, errors: [] } })];
        const operation = operationOfText(payload.query, payload.operationName);
        metrics.subscribed(operation.name, operation.type);
        return wsOptions.onSubscribe!(ctx, id, payload);
      },
      // The same rule as over HTTP: validation's suggestions (which arrive as a result's errors) only for
      // callers who may introspect.
      onNext: (ctx, _id, _payload, _args, result) => {
        const identity = (ctx.extra as { identity?: Identity }).identity;
        if (!result.errors?.length || (identity && canIntrospect(identity, config.graphqlIntrospection))) return undefined;
        return { ...result, errors: result.errors.map((e) => ({ ...e.toJSON(), message: e.message.replace(SUGGESTION, '') })) };
      },
      onConnect: async (ctx) => {
        try {
          const { request, socket } = ctx.extra as { request?: IncomingMessage; socket: WebSocket };
          const identity = await authenticate(auth, credentialsFromConnectionParams(ctx.connectionParams ?? {}), request && clientAddress(request));
          (ctx.extra as { identity?: Identity }).identity = identity;
          // graphql-ws ends the connection's subscriptions when its socket closes.
          socket.once('close', streams.add(identity, () => socket.close(UNAUTHORIZED_CLOSE_CODE, 'Unauthorized')));
          return true;
        } catch {
          return false;
        }
      },
    },
    wsServer,
  );

  const port = (server.address() as AddressInfo).port;
  // Each once only: a drain closes the subscriptions first and ends with stop(), which the owner may call again.
  let subscriptionsClosed: Promise<void> | undefined;
  const closeSubscriptions = () => (subscriptionsClosed ??= Promise.resolve(wsCleanup.dispose()));
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      stopRevoking();
      await closeSubscriptions();
      wsServer.close();
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
      await closeSubscriptions();
      const finished = await inFlight.drain(graceMs);
      await stop();
      return finished;
    },
    stop,
  };
}

type EdgeContextRecord = Record<string, unknown>;

const seconds = (since: bigint): number => Number(process.hrtime.bigint() - since) / 1e9;

