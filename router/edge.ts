import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema, getOperationAST, GraphQLError, type DocumentNode, type ExecutionResult } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { getGraphQLWSOptions } from '@graphql-hive/gateway-runtime';
import { sendNodeResponse } from '@whatwg-node/server';
import { WebSocketServer } from 'ws';
import { envelope } from '../rest-compat/envelope.js';
import { createRestHandler, requestHash, type BodyRead } from '../rest-compat/rest-handler.js';
import { FIXED_ROUTES, ROUTES } from '../rest-compat/routes/index.js';
import { PlatformError, type FieldError } from '../subgraphs/kernel/errors.js';
import { IDEMPOTENCY_KEY } from '../subgraphs/kernel/idempotency.js';
import { IDEMPOTENCY_REFUSALS, type IdempotencyReport, type SubgraphRuntime } from '../subgraphs/kernel/local-executor.js';
import type { SubgraphName } from '../subgraphs/kernel/config.js';
import type { Identity } from '../subgraphs/kernel/identity.js';
import type { Logger } from '../subgraphs/kernel/logger.js';
import type { Platform } from '../subgraphs/registry.js';
import { truncateForMessage } from '../subgraphs/kernel/money.js';
import { authenticate, clientAddress, credentialsFrom, credentialsFromConnectionParams } from './authenticate.js';
import { createGateway, edgeContext, gatewayHeaders, maskGatewayError, type EdgeContext } from './gateway.js';
import { checkGraphQLRequest, GraphQLLimitError } from './graphql-limits.js';
import { directRoutes } from './direct-route.js';
import { corsHeaders, isJsonContentType, MAX_BODY_BYTES, readLimitedBody, requestIdOf, securityHeaders } from './http-hygiene.js';
import { readCommittedSupergraph } from './supergraph.js';
import { loadTls } from './tls.js';
import { listen } from '../subgraphs/kernel/listen.js';

/** Where the REST layer answers, and what its route table calls the path: Fineract's v2 API is `/v2/...`. */
const API_PREFIXES: [prefix: string, routePrefix: string][] = [
  ['/api/v1', ''], ['/fineract-provider/api/v1', ''], ['/api/v2', '/v2'], ['/fineract-provider/api/v2', '/v2'],
];
const HEALTH_PATHS = new Set(['/actuator/health', '/fineract-provider/actuator/health']);
/** Spring's actuator info, which the Mifos X web app reads for its "about" box: the build, nothing secret. */
const INFO_PATHS = new Set(['/actuator/info', '/fineract-provider/actuator/info']);
const PACKAGE = JSON.parse(readFileSync(new URL(import.meta.url.includes('/dist/') ? '../../package.json' : '../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
const INFO = JSON.stringify({ build: { artifact: PACKAGE.name, name: PACKAGE.name, version: PACKAGE.version } });
const MASKED_500_CODE = 'error.msg.platform.server.side.error';

export interface Edge {
  url: string;
  port: number;
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
  API_PREFIXES.some(([p]) => pathname === p || pathname.startsWith(`${p}/`)) ? 'rest' : pathname === '/graphql' ? 'graphql' : undefined;

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
  const rest = createRestHandler({
    schema,
    routes: ROUTES,
    fixedRoutes: FIXED_ROUTES,
    // The REST layer runs named operations through the same gateway as /graphql, in-process, as the caller:
    // the gateway's envelop pipeline (parse and validation caches, plugins, error masking, the query plan)
    // without an HTTP request and response around it, whose objects and JSON twice over cost more per
    // request than the plan's execution in process.
    runOperation: async (operation, identity, requestId, report) => {
      await gatewaySchema;
      const context = edgeContext(identity, config.internalSigningKey, requestId, report);
      const { parse, validate, contextFactory, execute, schema: gatewaySchemaNow } = gateway.getEnveloped(context);
      const document = parse(operation.query);
      const invalid = validate(gatewaySchemaNow, document);
      if (invalid.length > 0) return { errors: invalid.map((e: GraphQLError) => e.toJSON()) };
      const direct = directRoute?.(gatewaySchemaNow, document, operation.operationName, operation.variables);
      const result = direct
        ? await direct({ document, variables: operation.variables, operationName: operation.operationName, operationType: operationTypeOf(document, operation.operationName), context })
        : ((await execute({ schema: gatewaySchemaNow, document, variableValues: operation.variables, operationName: operation.operationName, contextValue: await contextFactory() })) as ExecutionResult);
      return {
        data: result.data as Record<string, unknown> | null | undefined,
        // Direct results are masked here as the gateway masks its own.
        errors: result.errors?.map((e) => (e instanceof GraphQLError ? (direct ? maskGatewayError(e) : e).toJSON() : e)),
      };
    },
  });

  const handle = async (req: IncomingMessage, res: ServerResponse, common: Record<string, string>): Promise<{ identity?: Identity; route?: string }> => {
    const url = new URL(req.url ?? '/', 'https://edge');
    if (HEALTH_PATHS.has(url.pathname)) {
      const up = await platform.db.ping();
      send(res, up ? 200 : 503, JSON.stringify({ status: up ? 'UP' : 'DOWN' }), common);
      return { route: 'health' };
    }
    if (INFO_PATHS.has(url.pathname) && req.method === 'GET') {
      send(res, 200, INFO, common);
      return { route: 'info' };
    }
    if (req.method === 'OPTIONS') {
      // CORS preflight: the allowlist's headers (if any) are already in `common`.
      res.writeHead(204, common).end();
      return { route: 'preflight' };
    }
    const surface = surfaceOf(url.pathname);
    if (!surface) {
      sendError(res, 'rest', { status: 404, code: 'error.msg.resource.not.found', message: `No resource at ${truncateForMessage(url.pathname, 80)}.` }, common);
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
      sendError(res, surface, fromPlatformError(error), typeof retryAfter === 'number' ? { ...common, 'retry-after': String(retryAfter) } : common);
      return { route: surface === 'graphql' ? 'graphql' : undefined };
    }
    if (surface === 'rest') {
      const [prefix, routePrefix] = API_PREFIXES.find(([p]) => url.pathname === p || url.pathname.startsWith(`${p}/`))!;
      const response = await rest(req, `${routePrefix}${url.pathname.slice(prefix.length)}` || '/', url, { identity, readBody: () => readJsonBody(req), requestId: common['x-request-id']! });
      send(res, response.status, response.body, { ...response.headers, ...common });
      return { identity, route: response.route };
    }
    const refusal = await graphqlRefusal(req, url, identity);
    if (refusal.kind === 'refused') {
      sendError(res, 'graphql', refusal, common);
      return { identity, route: 'graphql' };
    }
    // A JSON answer is read whole; a stream (SSE subscriptions, incremental delivery) is passed on as it comes.
    type GatewayResult = { kind: 'json'; status: number; body: string; headers: Record<string, string> } | { kind: 'stream'; response: Response };
    const report: IdempotencyReport = { replayed: false };
    const runGateway = async (): Promise<GatewayResult> => {
      const context = edgeContext(identity, config.internalSigningKey, common['x-request-id']!, report);
      const direct = await runDirect(req, refusal.parsed, context);
      if (direct) {
        if (direct.body.includes(MASKED_500_CODE)) logger.error({ requestId: common['x-request-id'], route: 'graphql' }, 'masked internal error');
        return { kind: 'json', ...direct };
      }
      const response = await gateway.fetch(
        `http://edge.internal${url.pathname}${url.search}`,
        { method: req.method, headers: gatewayHeaders(req), body: refusal.body },
        context,
      );
      if (!/json/i.test(response.headers.get('content-type') ?? '')) return { kind: 'stream', response };
      const text = await response.text();
      if (text.includes(MASKED_500_CODE)) logger.error({ requestId: common['x-request-id'], route: 'graphql' }, 'masked internal error');
      const headers: Record<string, string> = {};
      response.headers.forEach((value, key) => {
        if (!key.startsWith('access-control-') && key !== 'content-length') headers[key] = value;
      });
      return { kind: 'json', status: response.status, body: text, headers };
    };
    // The same Idempotency-Key semantics as REST: the key travels with the identity to the subgraph, whose
    // transaction claims it with the effect; a replay gets the stored result.
    const key = req.method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    if (key !== undefined && identity.kind !== 'anonymous') {
      if (!IDEMPOTENCY_KEY.test(key)) {
        sendError(res, 'graphql', { status: 400, code: 'error.msg.idempotency.key.invalid', message: 'An Idempotency-Key is 1 to 255 visible ASCII characters.' }, common);
        return { identity, route: 'graphql' };
      }
      identity = { ...identity, idempotency: { key, requestHash: requestHash('POST', url.pathname, url.search, refusal.body ?? '') } };
    }
    const result = await runGateway();
    if (report.refusal) {
      sendError(res, 'graphql', IDEMPOTENCY_REFUSALS[report.refusal], common);
      return { identity, route: 'graphql' };
    }
    if (report.replayed && result.kind === 'json') result.headers['x-served-from-cache'] = 'true';
    if (result.kind === 'stream') {
      for (const [name, value] of Object.entries(common)) res.setHeader(name, value);
      await sendNodeResponse(result.response, res, req, false);
      return { identity, route: 'graphql' };
    }
    send(res, result.status, result.body, { ...result.headers, ...common });
    return { identity, route: 'graphql' };
  };

  /** A request body, REST or GraphQL: JSON only (415) and bounded (413), read only once its caller is known. */
  async function readJsonBody(req: IncomingMessage, what = 'Request bodies'): Promise<BodyRead> {
    if (!isJsonContentType(req.headers['content-type'])) {
      return { kind: 'refused', status: 415, code: 'error.msg.unsupported.media.type', message: `${what} must be sent as application/json.` };
    }
    const read = await readLimitedBody(req);
    if (read.kind === 'tooLarge') return { kind: 'refused', status: 413, code: 'error.msg.request.body.too.large', message: `Request bodies are limited to ${MAX_BODY_BYTES} bytes.` };
    return read;
  }

  /** Reads and checks a GraphQL HTTP request (size, content type, limits) before the gateway plans it. */
  async function graphqlRefusal(req: IncomingMessage, url: URL, identity: Identity): Promise<({ kind: 'refused' } & EdgeError) | { kind: 'ok'; body?: string; parsed: unknown }> {
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
      let variables: unknown;
      try {
        variables = url.searchParams.has('variables') ? JSON.parse(url.searchParams.get('variables')!) : undefined;
      } catch {
        return { kind: 'refused', status: 400, code: 'error.msg.invalid.request.body', message: 'The variables parameter is not valid JSON.' };
      }
      parsed = { query: url.searchParams.get('query') ?? undefined, variables, operationName: url.searchParams.get('operationName') ?? undefined };
    }
    try {
      checkGraphQLRequest(schema, parsed, identity, config.graphqlIntrospection);
    } catch (error) {
      if (!(error instanceof GraphQLLimitError)) throw error;
      return { kind: 'refused', status: 400, code: error.code, message: error.message };
    }
    return { kind: 'ok', body, parsed };
  }

  /**
   * A plain JSON POST of one query or mutation that one subgraph answers alone runs on it directly (see
   * direct-route.ts), answered as the gateway answers it: 200, application/json, errors masked alike.
   * Anything else (other media types, persisted-query extensions, documents that do not parse or
   * validate, several subgraphs) is the gateway's, which also words its refusals.
   */
  async function runDirect(req: IncomingMessage, parsed: unknown, context: EdgeContext): Promise<{ status: number; body: string; headers: Record<string, string> } | null> {
    if (!directRoute || req.method !== 'POST') return null;
    const accept = req.headers.accept;
    if (accept !== undefined && accept !== '*/*' && !/^application\/json\b/i.test(accept)) return null;
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
    const result = await direct({ document, variables, operationName, operationType: operationTypeOf(document, operationName), context });
    const errors = result.errors?.map((e) => maskGatewayError(e).toJSON());
    return { status: 200, body: JSON.stringify(errors ? { errors, data: result.data } : { data: result.data }), headers: { 'content-type': 'application/json; charset=utf-8' } };
  }

  const server: Server = createHttpsServer(loadTls(config), (req, res) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req);
    const common = { ...securityHeaders(requestId), ...corsHeaders(req, config.corsOrigins) };
    handle(req, res, common)
      .then(({ identity, route }) => log(identity, route))
      .catch((error: unknown) => {
        logger.error({ err: error, requestId, url: truncateForMessage(req.url ?? '', 200) }, 'request failed');
        const masked = { status: 500, code: MASKED_500_CODE, message: 'An unexpected error occurred.', extensions: { code: MASKED_500_CODE, status: 500, kind: 'internal', errors: [] } };
        if (!res.headersSent) sendError(res, surfaceOf(new URL(req.url ?? '/', 'https://edge').pathname) ?? 'rest', masked, common);
        else res.end();
        log(undefined, undefined);
      });
    function log(identity: Identity | undefined, route: string | undefined) {
      const line = {
        requestId,
        tenant: identity?.tenantId,
        user: identity && identity.kind !== 'anonymous' ? identity.userId : undefined,
        method: req.method,
        route: route ?? truncateForMessage(req.url?.split('?')[0] ?? '', 200),
        status: res.statusCode,
        durationMs: Number(process.hrtime.bigint() - started) / 1e6,
      };
      // A masked 500 is a bug: its request id is what ties the client's report to the server's trace.
      if (res.statusCode >= 500) logger.error(line, 'request');
      else logger.info(line, 'request');
    }
  });

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
      onSubscribe: (ctx, id, payload) => {
        const identity = (ctx.extra as { identity?: Identity }).identity;
        try {
          if (identity) checkGraphQLRequest(schema, payload, identity, config.graphqlIntrospection);
        } catch (error) {
          if (!(error instanceof GraphQLLimitError)) throw error;
          return [new GraphQLError(error.message, { extensions: { code: error.code, status: 400, errors: [] } })];
        }
        return wsOptions.onSubscribe!(ctx, id, payload);
      },
      onConnect: async (ctx) => {
        try {
          const request = (ctx.extra as { request?: IncomingMessage }).request;
          (ctx.extra as { identity?: Identity }).identity = await authenticate(auth, credentialsFromConnectionParams(ctx.connectionParams ?? {}), request && clientAddress(request));
          return true;
        } catch {
          return false;
        }
      },
    },
    wsServer,
  );

  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://localhost:${port}`,
    port,
    async stop() {
      await wsCleanup.dispose();
      wsServer.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await gateway.dispose();
    },
  };
}

type EdgeContextRecord = Record<string, unknown>;

