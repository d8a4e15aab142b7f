import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer, HeaderMap } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { getOperationAST, parse, type ExecutionResult, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { buildSchema, createResolversMap, type NonEmptyArray } from 'type-graphql';
import { WebSocketServer } from 'ws';
import { IDENTITY_HEADER, SIGNATURE_HEADER, SUBSCRIPTION_AUDIENCE, verifyIdentity, type Identity } from '../kernel/identity.js';
import { valueRefusal } from '../kernel/db-errors.js';
import type { Logger } from './logger.js';
import type { ReferenceResolvers, RequestContext } from './request-context.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';
import { InFlight } from './in-flight.js';
import { listen } from './listen.js';
import { continueTrace, inSpan, traceRootResolvers } from './tracing.js';
import { executeWrite, INTERNAL_ERROR_EXTENSIONS, MAX_SUBGRAPH_MESSAGE_LENGTH, type IdempotencyReport, type SubgraphRuntime } from './local-executor.js';
import { KERNEL_CODES } from '../kernel/codes.js';

const FEDERATION_LINK =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@shareable", "@external", "@requires", "@provides"])';

/** What every resolver receives. The identity was established by the edge and verified here. */

/**
 * Builds a federated subgraph schema from type-graphql resolvers: type-graphql gives the SDL and the
 * resolver map, @apollo/subgraph adds _service/_entities. Entity types declare @key through @Directive.
 */
export interface FederatedSchemaOptions {
  resolvers: NonEmptyArray<Function>;
  /** Builds resolver instances with their services (constructor injection, no global container). */
  container: (resolverClass: Function) => object;
  referenceResolvers?: ReferenceResolvers;
  orphanedTypes?: Function[];
}

export async function buildFederatedSchema(options: FederatedSchemaOptions): Promise<GraphQLSchema> {
  const instances = new Map<Function, object>();
  const schema = await buildSchema({
    resolvers: options.resolvers,
    orphanedTypes: options.orphanedTypes ?? [],
    validate: false,
    emitSchemaFile: false,
    // Subscriptions here always pass their own `subscribe` (reading the kernel PubSub with tenant scoping);
    // type-graphql insists on a pubSub anyway, so topic-based subscriptions fail loudly instead.
    pubSub: {
      publish: () => {
        throw new Error('publish through the kernel outbox, not type-graphql');
      },
      subscribe: () => {
        throw new Error('declare subscriptions with an explicit subscribe function');
      },
    },
    container: {
      get: (cls: Function) => {
        let instance = instances.get(cls);
        if (!instance) instances.set(cls, (instance = options.container(cls)));
        return instance;
      },
    },
  });
  const sdl = printSchemaWithDirectives(schema);
  const typeDefs = parse(`${FEDERATION_LINK}\n\n${sdl}`);
  const map = createResolversMap(schema) as Record<string, object>;
  for (const [type, reference] of Object.entries(options.referenceResolvers ?? {})) {
    map[type] = { ...(map[type] ?? {}), ...reference };
  }
  // The scalars' own implementations must win over the type-graphql copies (same objects, kept explicit).
  map.Decimal = DecimalScalar;
  map.LocalDate = LocalDateScalar;
  return traceRootResolvers(buildSubgraphSchema([{ typeDefs, resolvers: map as never }]));
}

export interface SubgraphOptions {
  runtime: SubgraphRuntime;
  host: string;
  port: number;
  signingKey: string;
  logger: Logger;
}

export interface RunningSubgraph {
  name: string;
  url: string;
  /**
   * Graceful stop (SIGTERM in a split deployment): no new connections, subscriptions told "going away",
   * the requests in flight answered within `graceMs`, then as stop(). True when all finished in time.
   */
  drain(graceMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

/** The edge never sends more than its own body limit; anything larger is not from it. */
const MAX_SUBGRAPH_BODY_BYTES = 2 * 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_SUBGRAPH_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Internal errors never leak their message; PlatformErrors and GraphQL request errors pass, bounded. */
function formatError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const code = formatted.extensions?.code;
    if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
      const refusal = valueRefusal(unwrapResolverError(error));
      if (refusal) return { message: refusal.message, path: formatted.path, extensions: refusal.extensions };
      logger.error({ err: error }, 'unexpected error in resolver');
      return { message: 'An unexpected error occurred.', path: formatted.path, extensions: { ...INTERNAL_ERROR_EXTENSIONS } };
    }
    if (formatted.message.length > MAX_SUBGRAPH_MESSAGE_LENGTH) return { ...formatted, message: `${formatted.message.slice(0, MAX_SUBGRAPH_MESSAGE_LENGTH)}...` };
    return formatted;
  };
}

/** The subgraph's answer to the edge says whether an idempotent write was replayed or refused (see the gateway's onFetch). */
export const IDEMPOTENCY_REPLAY_HEADER = 'x-cbs-idempotent-replay';
export const IDEMPOTENCY_REFUSAL_HEADER = 'x-cbs-idempotency-refusal';

function isMutation(body: unknown): boolean {
  const { query, operationName } = (body ?? {}) as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string') return false;
  try {
    return getOperationAST(parse(query), typeof operationName === 'string' ? operationName : undefined)?.operation === 'mutation';
  } catch {
    return false;
  }
}

async function respondIdempotently(
  res: ServerResponse, runtime: SubgraphRuntime, identity: Identity, body: { query: string; variables?: unknown }, run: () => Promise<ExecutionResult>,
): Promise<void> {
  const report: IdempotencyReport = { replayed: false };
  const result = await executeWrite(runtime, identity, true, { text: () => body.query, document: () => parse(body.query) }, body.variables, report, run);
  res.writeHead(200, {
    'content-type': 'application/json',
    ...(report.replayed ? { [IDEMPOTENCY_REPLAY_HEADER]: 'true' } : {}),
    ...(report.refusal ? { [IDEMPOTENCY_REFUSAL_HEADER]: report.refusal } : {}),
  });
  res.end(JSON.stringify(result));
}

/**
 * Serves one subgraph: GraphQL over HTTP (Apollo Server) and subscriptions over graphql-ws, both on /graphql.
 * Every request must carry an identity signed with the internal key; anything else is refused with 401,
 * so a subgraph port reached directly is useless without the key.
 */
export async function serveSubgraph(options: SubgraphOptions): Promise<RunningSubgraph> {
  const { runtime, signingKey, logger } = options;
  const { schema, name } = runtime;
  const apollo = new ApolloServer<RequestContext>({
    schema,
    introspection: true,
    csrfPrevention: false,
    includeStacktraceInErrorResponses: false,
    formatError: formatError(logger),
    plugins: [ApolloServerPluginInlineTraceDisabled()],
  });
  await apollo.start();

  const server: Server = createServer((req, res) => {
    inFlight.track(res);
    // The edge's traceparent (when tracing is on) makes this request's spans part of the edge's trace.
    void continueTrace(req.headers, () => inSpan(`subgraph ${name}`, {}, async () => {
      const url = new URL(req.url ?? '/', 'http://subgraph');
      // The edge's /actuator/health asks each subgraph it reaches over HTTP; no identity needed to say "up".
      if (url.pathname === '/health') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"UP"}');
        return;
      }
      if (url.pathname !== '/graphql') {
        res.writeHead(404).end();
        return;
      }
      const raw = req.method === 'POST' ? await readBody(req) : '';
      if (raw === null) {
        res.writeHead(413).end();
        return;
      }
      // The signature covers this subgraph's name and the exact body: a captured header is useless elsewhere.
      const identity = verifyIdentity(req.headers[IDENTITY_HEADER] as string | undefined, req.headers[SIGNATURE_HEADER] as string | undefined, signingKey, name, raw);
      if (!identity) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message: 'Missing or invalid internal identity signature.', extensions: { code: KERNEL_CODES.notAuthenticated, status: 401, kind: 'unauthenticated', errors: [] } }] }));
        return;
      }
      const headers = new HeaderMap();
      for (const [key, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
      }
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ message: 'Invalid JSON body' }] }));
        return;
      }
      if (identity.idempotency && isMutation(body)) {
        await respondIdempotently(res, runtime, identity, body as { query: string; variables?: unknown }, async () => {
          const response = await apollo.executeHTTPGraphQLRequest({
            httpGraphQLRequest: { method: req.method ?? 'GET', headers, search: url.search, body },
            context: async () => runtime.contextFor(identity),
          });
          return JSON.parse(response.body.kind === 'complete' ? response.body.string : '{}') as ExecutionResult;
        });
        return;
      }
      const response = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: req.method ?? 'GET', headers, search: url.search, body },
        context: async () => runtime.contextFor(identity),
      });
      const outHeaders: Record<string, string> = {};
      for (const [key, value] of response.headers) outHeaders[key] = value;
      res.writeHead(response.status ?? 200, outHeaders);
      if (response.body.kind === 'complete') {
        res.end(response.body.string);
      } else {
        for await (const chunk of response.body.asyncIterator) res.write(chunk);
        res.end();
      }
    })).catch((error: unknown) => {
      logger.error({ err: error, subgraph: name }, 'subgraph request failed');
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  const inFlight = new InFlight(server);
  const wsServer = new WebSocketServer({ server, path: '/graphql' });
  const wsCleanup = useServer<{ identity?: string; signature?: string }, { identity?: Identity }>(
    {
      schema,
      onConnect: (ctx) => {
        const identity = verifyIdentity(ctx.connectionParams?.identity, ctx.connectionParams?.signature, signingKey, SUBSCRIPTION_AUDIENCE, '');
        if (!identity) return false;
        ctx.extra.identity = identity;
        return true;
      },
      context: (ctx) => runtime.contextFor(ctx.extra.identity!),
    },
    wsServer,
  );

  await listen(server, options.port, options.host, `the ${name} subgraph, ${name.toUpperCase()}_PORT`);
  const address = server.address() as AddressInfo;
  // Each once only: a drain closes the subscriptions first and ends with stop(), which the owner may call again.
  let subscriptionsClosed: Promise<void> | undefined;
  const closeSubscriptions = () => (subscriptionsClosed ??= Promise.resolve(wsCleanup.dispose()));
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await closeSubscriptions();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await apollo.stop();
    })());
  return {
    name: name,
    url: `http://${options.host}:${address.port}/graphql`,
    async drain(graceMs) {
      await closeSubscriptions();
      const finished = await inFlight.drain(graceMs);
      await stop();
      return finished;
    },
    stop,
  };
}
