import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { getGraphQLWSOptions, type GatewayRuntime } from '@graphql-hive/gateway-runtime';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Config } from '../../subgraphs/kernel/config.js';
import type { Identity } from '../../subgraphs/kernel/identity.js';
import { authenticate, clientAddress, credentialsFromConnectionParams, type Authenticator } from '../authenticate.js';
import { customerGraphQLRefusal } from '../customer-scope.js';
import { apqPrincipal } from '../persisted-queries.js';
import { edgeContext, type EdgeContext } from '../gateway.js';
import { canIntrospect, checkGraphQLRequest, GraphQLLimitError, SUGGESTION, type CheckedDocument } from '../graphql-limits.js';
import { MAX_BODY_BYTES } from '../http-hygiene.js';
import { operationLabels, type Metrics } from '../metrics.js';
import type { OpenStreams } from '../open-streams.js';
import type { PersistedQueries } from '../persisted-queries.js';

/** graphql-ws's close code for credentials that no longer hold (the protocol's Unauthorized). */
const UNAUTHORIZED_CLOSE_CODE = 4401;

type EdgeContextRecord = Record<string, unknown>;

/**
 * graphql-ws sends a subscription's next event only once the previous one's write has completed: one event per
 * event-loop turn per subscription, tens of milliseconds under load, so a stream of hundreds of events a second
 * fell seconds behind. While the socket's unsent bytes stay under this bound a send is acknowledged at once (the
 * socket keeps its writes in order); past it, a send waits for its write as before, so a slow reader still holds
 * its own stream back instead of growing the buffer.
 */
const SEND_AHEAD_BYTES = 1 << 20;

function sendAhead(socket: WebSocket): void {
  const send = socket.send.bind(socket);
  socket.send = ((data: string, done?: (error?: Error) => void) => {
    if (!done || socket.bufferedAmount >= SEND_AHEAD_BYTES) return send(data, done as (error?: Error) => void);
    // A failed write ends the socket, and graphql-ws its subscriptions, on 'close'.
    send(data, (error) => error && socket.terminate());
    done();
  }) as WebSocket['send'];
}

/** Each subscription's release of its admission, by the connection's context and the subscription's id. */
const admitted = new WeakMap<object, Map<string, () => void>>();
const releasesOf = (ctx: object): Map<string, () => void> => {
  let releases = admitted.get(ctx);
  if (!releases) admitted.set(ctx, (releases = new Map()));
  return releases;
};
const release = (ctx: object, id: string): void => {
  releasesOf(ctx).get(id)?.();
  releasesOf(ctx).delete(id);
};

const refusal = (message: string, code: string, status: number) => [new GraphQLError(message, { extensions: { code, status, errors: [] } })];

/**
 * Subscriptions over graphql-ws on /graphql: the client's connectionParams carry the tenant and
 * Authorization as HTTP headers do; every subscription meets the same limits, trusted documents and
 * customer rule as over HTTP; a revocation closes the connection with 4401.
 */
export function attachGraphQLWs(server: Server, deps: {
  config: Config; schema: GraphQLSchema; gateway: GatewayRuntime<EdgeContext>; auth: Authenticator; persisted: PersistedQueries; metrics: Metrics; streams: OpenStreams;
}): { closeSubscriptions(): Promise<void>; close(): void } {
  const { config, schema } = deps;
  // A message is bounded like a request body; the default (100 MB) would let one frame exhaust memory.
  const wsServer = new WebSocketServer({ server, path: '/graphql', maxPayload: MAX_BODY_BYTES });
  // Before useServer's own listener, so graphql-ws only ever sees the sending-ahead socket.
  wsServer.on('connection', sendAhead);
  const wsOptions = getGraphQLWSOptions<EdgeContextRecord, { identity?: Identity }>(deps.gateway, (ctx) => edgeContext((ctx.extra as { identity: Identity }).identity, config.internalSigningKey, randomUUID()));
  const cleanup = useServer(
    {
      ...wsOptions,
      onSubscribe: async (ctx, id, sent) => {
        const identity = (ctx.extra as { identity?: Identity }).identity;
        // Trusted documents hold here too; a hash names a document, but nothing is registered over a socket.
        // Looked up under the caller's own entries, never registered over a socket.
        const resolved = identity ? await deps.persisted.resolve(sent, identity.tenantId, apqPrincipal(identity), false) : { kind: 'ok' as const, body: sent };
        if (resolved.kind === 'refused') return refusal(resolved.message, resolved.code, resolved.status);
        const payload = resolved.body as typeof sent;
        let document: CheckedDocument | undefined;
        try {
          if (identity) document = checkGraphQLRequest(schema, payload, identity, config.graphqlIntrospection);
        } catch (error) {
          if (!(error instanceof GraphQLLimitError)) throw error;
          return refusal(error.message, error.code, 400);
        }
        const notForCustomers = identity && customerGraphQLRefusal(document, identity);
        if (notForCustomers) return refusal(notForCustomers, 'error.msg.not.authorized', 403);
        // Admitted under the caps (subscription-limits.ts); released when it completes or its socket closes.
        const admission = identity ? deps.streams.limits.admit(ctx, identity) : undefined;
        if (admission?.kind === 'refused') return refusal(admission.refusal.message, admission.refusal.code, 429);
        if (admission) releasesOf(ctx).set(id, admission.release);
        deps.metrics.subscribed(operationLabels(document, identity, resolved.kind === 'ok' && 'changed' in resolved && resolved.changed));
        const started = await wsOptions.onSubscribe!(ctx, id, payload);
        if (Array.isArray(started)) release(ctx, id);
        return started;
      },
      onComplete: (ctx, id) => release(ctx, id),
      onClose: (ctx) => {
        for (const done of releasesOf(ctx).values()) done();
        releasesOf(ctx).clear();
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
          const identity = await authenticate(deps.auth, credentialsFromConnectionParams(ctx.connectionParams ?? {}), request && clientAddress(request));
          // Nothing a socket carries is open to anonymous callers (login and registration are HTTP), so an
          // anonymous connection is refused like a wrong credential (4403), as SSE answers it 401, instead of
          // holding a socket open that can only be refused operation by operation.
          if (identity.kind === 'anonymous') return false;
          (ctx.extra as { identity?: Identity }).identity = identity;
          // graphql-ws ends the connection's subscriptions when its socket closes.
          socket.once('close', deps.streams.add(identity, () => socket.close(UNAUTHORIZED_CLOSE_CODE, 'Unauthorized')));
          return true;
        } catch {
          return false;
        }
      },
    },
    wsServer,
  );
  let closed: Promise<void> | undefined;
  return {
    // Once only: a drain closes the subscriptions first, and stop() may come after it.
    closeSubscriptions: () => (closed ??= Promise.resolve(cleanup.dispose())),
    close: () => wsServer.close(),
  };
}
