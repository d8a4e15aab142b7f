import { randomUUID } from 'node:crypto';
import { createServer as createHttpsServer } from 'node:https';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema, GraphQLError } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { getGraphQLWSOptions } from '@graphql-hive/gateway-runtime';
import { sendNodeResponse } from '@whatwg-node/server';
import { WebSocketServer } from 'ws';
import { envelope, fromGraphQLErrors } from '../rest-compat/envelope.js';
import { createRestHandler, requestHash } from '../rest-compat/rest-handler.js';
import { ROUTES } from '../rest-compat/routes/index.js';
import { PlatformError } from '../subgraphs/kernel/errors.js';
import { IDEMPOTENCY_KEY } from '../subgraphs/kernel/idempotency.js';
import { IDEMPOTENCY_REFUSALS, type IdempotencyReport } from '../subgraphs/kernel/local-executor.js';
import type { Identity } from '../subgraphs/kernel/identity.js';
import type { Logger } from '../subgraphs/kernel/logger.js';
import type { SubgraphName } from '../subgraphs/kernel/config.js';
import type { SubgraphRuntime } from '../subgraphs/kernel/local-executor.js';
import type { Platform } from '../subgraphs/registry.js';
import { truncateForMessage } from '../subgraphs/kernel/money.js';
import { authenticate, clientAddress, credentialsFrom } from './authenticate.js';
import { createGateway, edgeContext, gatewayHeaders } from './gateway.js';
import { checkGraphQLRequest, GraphQLLimitError } from './graphql-limits.js';
import { corsHeaders, isJsonContentType, MAX_BODY_BYTES, readLimitedBody, requestIdOf, securityHeaders } from './http-hygiene.js';
import { readCommittedSupergraph } from './supergraph.js';
import { loadTls } from './tls.js';
import { listen } from '../subgraphs/kernel/listen.js';

const API_PREFIXES = ['/api/v1', '/fineract-provider/api/v1'];
const HEALTH_PATHS = new Set(['/actuator/health', '/fineract-provider/actuator/health']);
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

const graphqlError = (status: number, code: string, message: string) =>
  JSON.stringify({ errors: [{ message, extensions: { code, status, errors: [] } }] });

/**
 * The edge: HTTPS on one port serving /actuator/health, the REST compatibility layer under /api/v1
 * (and /fineract-provider/api/v1), and GraphQL on /graphql (HTTP and graphql-ws) through the gateway.
 * It authenticates every request once, before reading its body, and forwards a signed identity.
 */
export async function startEdge(platform: Platform, logger: Logger, local?: ReadonlyMap<SubgraphName, SubgraphRuntime>): Promise<Edge> {
  const { config, services } = platform;
  const supergraph = readCommittedSupergraph();
  const gateway = createGateway(config, supergraph, local, logger);
  const schema = buildSchema(supergraph, { assumeValidSDL: true });
  const auth = services.organisation.auth;
  const rest = createRestHandler({
    gateway,
    schema,
    routes: ROUTES,
    auth,
    signingKey: config.internalSigningKey,
  });

  const handle = async (req: IncomingMessage, res: ServerResponse, common: Record<string, string>): Promise<{ identity?: Identity; route?: string }> => {
    const url = new URL(req.url ?? '/', 'https://edge');
    if (HEALTH_PATHS.has(url.pathname)) {
      const up = await platform.db.ping();
      send(res, up ? 200 : 503, JSON.stringify({ status: up ? 'UP' : 'DOWN' }), common);
      return { route: 'health' };
    }
    if (req.method === 'OPTIONS') {
      // CORS preflight: the allowlist's headers (if any) are already in `common`.
      res.writeHead(204, common).end();
      return { route: 'preflight' };
    }
    const prefix = API_PREFIXES.find((p) => url.pathname === p || url.pathname.startsWith(`${p}/`));
    if (prefix) {
      const response = await rest(req, url.pathname.slice(prefix.length) || '/', url, { readBody: () => readLimitedBody(req), address: clientAddress(req), requestId: common['x-request-id']! });
      send(res, response.status, response.body, { ...response.headers, ...common });
      return { identity: response.identity, route: response.route };
    }
    if (url.pathname === '/graphql') {
      let identity: Identity;
      try {
        identity = await authenticate(auth, credentialsFrom(req.headers, url), clientAddress(req));
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        send(res, error.status, JSON.stringify({ errors: [{ message: error.message, extensions: error.extensions }] }), common);
        return { route: 'graphql' };
      }
      const refusal = await graphqlRefusal(req, url, identity);
      if (refusal.kind === 'refused') {
        send(res, refusal.status, graphqlError(refusal.status, refusal.code, refusal.message), common);
        return { identity, route: 'graphql' };
      }
      // A JSON answer is read whole; a stream (SSE subscriptions, incremental delivery) is passed on as it comes.
      type GatewayResult = { kind: 'json'; status: number; body: string; headers: Record<string, string> } | { kind: 'stream'; response: Response };
      const report: IdempotencyReport = { replayed: false };
      const runGateway = async (): Promise<GatewayResult> => {
        const response = await gateway.fetch(
          `http://edge.internal${url.pathname}${url.search}`,
          { method: req.method, headers: gatewayHeaders(req), body: refusal.body },
          edgeContext(identity, config.internalSigningKey, common['x-request-id']!, report),
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
          send(res, 400, graphqlError(400, 'error.msg.idempotency.key.invalid', 'An Idempotency-Key is 1 to 255 visible ASCII characters.'), common);
          return { identity, route: 'graphql' };
        }
        identity = { ...identity, idempotency: { key, requestHash: requestHash('POST', url.pathname, url.search, refusal.body ?? '') } };
      }
      const result = await runGateway();
      if (report.refusal) {
        const { status, code, message } = IDEMPOTENCY_REFUSALS[report.refusal];
        send(res, status, graphqlError(status, code, message), common);
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
    }
    send(res, 404, JSON.stringify(envelope(404, 'error.msg.resource.not.found', `No resource at ${truncateForMessage(url.pathname, 80)}.`)), common);
    return {};
  };

  /** Reads and checks a GraphQL HTTP request (size, content type, limits) before the gateway plans it. */
  async function graphqlRefusal(req: IncomingMessage, url: URL, identity: Identity): Promise<{ kind: 'refused'; status: number; code: string; message: string } | { kind: 'ok'; body?: string }> {
    let parsed: unknown;
    let body: string | undefined;
    if (req.method === 'POST') {
      if (!isJsonContentType(req.headers['content-type'])) {
        return { kind: 'refused', status: 415, code: 'error.msg.unsupported.media.type', message: 'GraphQL requests must be sent as application/json.' };
      }
      const read = await readLimitedBody(req);
      if (read.kind === 'tooLarge') return { kind: 'refused', status: 413, code: 'error.msg.request.body.too.large', message: `Request bodies are limited to ${MAX_BODY_BYTES} bytes.` };
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
    return { kind: 'ok', body };
  }

  const server: Server = createHttpsServer(loadTls(config), (req, res) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req);
    const common = { ...securityHeaders(requestId), ...corsHeaders(req, config.corsOrigins) };
    handle(req, res, common)
      .then(({ identity, route }) => log(identity, route))
      .catch((error: unknown) => {
        logger.error({ err: error, requestId, url: truncateForMessage(req.url ?? '', 200) }, 'request failed');
        if (!res.headersSent) send(res, 500, JSON.stringify(fromGraphQLErrors([{ message: 'internal', extensions: { code: MASKED_500_CODE, status: 500 } }]).body), common);
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
          return [new GraphQLError(error.message, { extensions: { code: error.code, status: 400 } })];
        }
        return wsOptions.onSubscribe!(ctx, id, payload);
      },
      onConnect: async (ctx) => {
        const params = lowerKeys(ctx.connectionParams ?? {});
        try {
          (ctx.extra as { identity?: Identity }).identity = await authenticate(auth, {
            tenant: params['service-platform-tenantid'] ?? params['fineract-platform-tenantid'] ?? params.tenantidentifier ?? null,
            authorization: params.authorization ?? null,
          }, (ctx.extra as { request?: IncomingMessage }).request?.socket.remoteAddress);
          return true;
        } catch {
          return false;
        }
      },
    },
    wsServer,
  );

  await listen(server, config.port, config.host, "the edge's HTTPS listener, PORT");
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

function lowerKeys(params: Record<string, unknown>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k.toLowerCase(), typeof v === 'string' ? v : undefined]));
}
