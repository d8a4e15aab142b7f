import { createServer as createHttpsServer } from 'node:https';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { getGraphQLWSOptions } from '@graphql-hive/gateway-runtime';
import { sendNodeResponse } from '@whatwg-node/server';
import { WebSocketServer } from 'ws';
import { envelope, fromGraphQLErrors } from '../rest-compat/envelope.js';
import { createRestHandler } from '../rest-compat/rest-handler.js';
import { ROUTES } from '../rest-compat/routes/index.js';
import { PlatformError } from '../subgraphs/kernel/errors.js';
import { IdempotencyStore } from '../subgraphs/kernel/idempotency.js';
import type { Identity } from '../subgraphs/kernel/identity.js';
import type { Logger } from '../subgraphs/kernel/logger.js';
import type { Platform } from '../subgraphs/registry.js';
import { authenticate, credentialsFrom } from './authenticate.js';
import { createGateway, edgeContext } from './gateway.js';
import { readCommittedSupergraph } from './supergraph.js';
import { loadTls } from './tls.js';
import { listen } from '../subgraphs/kernel/listen.js';

const API_PREFIXES = ['/api/v1', '/fineract-provider/api/v1'];
const HEALTH_PATHS = new Set(['/actuator/health', '/fineract-provider/actuator/health']);
/** Request bodies above this are refused (413) before parsing. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface Edge {
  url: string;
  port: number;
  stop(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }): void {
  res.writeHead(status, headers);
  res.end(body);
}

/**
 * The edge: HTTPS on one port serving /actuator/health, the REST compatibility layer under /api/v1
 * (and /fineract-provider/api/v1), and GraphQL on /graphql (HTTP and graphql-ws) through the gateway.
 * It authenticates every request once and forwards a signed identity.
 */
export async function startEdge(platform: Platform, logger: Logger): Promise<Edge> {
  const { config, services } = platform;
  const supergraph = readCommittedSupergraph();
  const gateway = createGateway(config, supergraph);
  const auth = services.organisation.auth;
  const rest = createRestHandler({
    gateway,
    schema: buildSchema(supergraph, { assumeValidSDL: true }),
    routes: ROUTES,
    auth,
    idempotency: new IdempotencyStore(platform.db),
    signingKey: config.internalSigningKey,
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<{ identity?: Identity; route?: string }> => {
    const url = new URL(req.url ?? '/', 'https://edge');
    if (HEALTH_PATHS.has(url.pathname)) {
      const up = await platform.db.ping();
      send(res, up ? 200 : 503, JSON.stringify({ status: up ? 'UP' : 'DOWN' }));
      return { route: 'health' };
    }
    const prefix = API_PREFIXES.find((p) => url.pathname === p || url.pathname.startsWith(`${p}/`));
    if (prefix) {
      const raw = await readBody(req);
      if (raw === null) {
        send(res, 413, JSON.stringify(envelope(413, 'error.msg.request.body.too.large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`)));
        return {};
      }
      const response = await rest(req, url.pathname.slice(prefix.length) || '/', url, raw);
      send(res, response.status, response.body, response.headers);
      return { identity: response.identity, route: response.route };
    }
    if (url.pathname === '/graphql') {
      let identity: Identity;
      try {
        identity = await authenticate(auth, credentialsFrom(req.headers, url));
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        send(res, error.status, JSON.stringify({ errors: [{ message: error.message, extensions: error.extensions }] }));
        return { route: 'graphql' };
      }
      const response = await gateway.handleNodeRequestAndResponse(req, res, edgeContext(identity, config.internalSigningKey));
      await sendNodeResponse(response, res, req, false);
      return { identity, route: 'graphql' };
    }
    send(res, 404, JSON.stringify(envelope(404, 'error.msg.resource.not.found', `No resource at ${url.pathname}.`)));
    return {};
  };

  const server: Server = createHttpsServer(loadTls(config), (req, res) => {
    const started = process.hrtime.bigint();
    handle(req, res)
      .then(({ identity, route }) => log(identity, route))
      .catch((error: unknown) => {
        logger.error({ err: error, url: req.url }, 'request failed');
        if (!res.headersSent) send(res, 500, JSON.stringify(fromGraphQLErrors([{ message: 'internal', extensions: { code: 'error.msg.platform.server.side.error', status: 500 } }]).body));
        else res.end();
        log(undefined, undefined);
      });
    function log(identity: Identity | undefined, route: string | undefined) {
      logger.info({
        tenant: identity?.tenantId,
        user: identity && identity.kind !== 'anonymous' ? identity.userId : undefined,
        method: req.method,
        route: route ?? req.url?.split('?')[0],
        status: res.statusCode,
        durationMs: Number(process.hrtime.bigint() - started) / 1e6,
      }, 'request');
    }
  });

  // Subscriptions: the client's connectionParams carry the tenant and Authorization like HTTP headers do.
  const wsServer = new WebSocketServer({ server, path: '/graphql' });
  const wsOptions = getGraphQLWSOptions<EdgeContextRecord, { identity?: Identity }>(gateway, (ctx) => edgeContext((ctx.extra as { identity: Identity }).identity, config.internalSigningKey));
  const wsCleanup = useServer(
    {
      ...wsOptions,
      onConnect: async (ctx) => {
        const params = lowerKeys(ctx.connectionParams ?? {});
        try {
          (ctx.extra as { identity?: Identity }).identity = await authenticate(auth, {
            tenant: params['service-platform-tenantid'] ?? params['fineract-platform-tenantid'] ?? params.tenantidentifier ?? null,
            authorization: params.authorization ?? null,
          });
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
