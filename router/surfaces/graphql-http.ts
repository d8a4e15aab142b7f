import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayRuntime } from '@graphql-hive/gateway-runtime';
import type { GraphQLSchema } from 'graphql';
import { requestHash } from '../../rest-compat/rest-handler.js';
import type { Config } from '../../subgraphs/kernel/config.js';
import { IDEMPOTENCY_KEY } from '../../subgraphs/platform/idempotency.js';
import type { Identity } from '../../subgraphs/kernel/identity.js';
import { IDEMPOTENCY_REFUSALS, type IdempotencyReport } from '../../subgraphs/platform/local-executor.js';
import type { Logger } from '../../subgraphs/platform/logger.js';
import { inSpan } from '../../subgraphs/platform/tracing.js';
import { customerGraphQLRefusal } from '../customer-scope.js';
import { apqPrincipal } from '../persisted-queries.js';
import type { Executor } from '../execute.js';
import { edgeContext, gatewayHeaders, type EdgeContext } from '../gateway.js';
import { anonymousStreamRefusal, gatewayAccept, graphqlAnswerStatus, graphqlGetParams, withDocument } from '../graphql-http.js';
import { canIntrospect, checkGraphQLRequest, GraphQLLimitError, withoutSuggestions, type CheckedDocument } from '../graphql-limits.js';
import { operationLabels, type Metrics } from '../metrics.js';
import type { OpenStreams } from '../open-streams.js';
import type { PersistedQueries } from '../persisted-queries.js';
import { fromPlatformError, MASKED_500_CODE, readJsonBody, seconds, send, sendError, type EdgeError } from './respond.js';
import { admitSubscription, sendEventStream } from './sse.js';

export interface GraphQLHttpDeps {
  config: Config;
  schema: GraphQLSchema;
  gateway: GatewayRuntime<EdgeContext>;
  executor: Executor;
  persisted: PersistedQueries;
  metrics: Metrics;
  streams: OpenStreams;
  logger: Logger;
}

/** `byHash`: the document was named by a persisted hash or id (its operation name may be a metrics label). */
type Checked = ({ kind: 'refused' } & EdgeError) | { kind: 'ok'; body?: string; parsed: unknown; search: string; document?: CheckedDocument; byHash?: boolean };
/** A JSON answer is read whole; a stream (SSE subscriptions, incremental delivery) is passed on as it comes. */
type Answer = { kind: 'json'; status: number; body: string; headers: Record<string, string> } | { kind: 'stream'; response: Response };

/**
 * GraphQL over HTTP on /graphql (POST, and GET for queries): limits, persisted queries and the customer
 * rule before anything is planned; the direct route when one subgraph answers alone, the gateway
 * otherwise; Idempotency-Key as on REST; answers in the media type the caller accepts.
 */
export function graphqlHttpSurface(deps: GraphQLHttpDeps) {
  const { config, gateway, executor, metrics, logger } = deps;

  /** Reads and checks a GraphQL HTTP request (size, content type, limits) before the gateway plans it. */
  async function check(req: IncomingMessage, url: URL, identity: Identity): Promise<Checked> {
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
    const resolved = await deps.persisted.resolve(parsed, identity.tenantId, apqPrincipal(identity), identity.kind !== 'anonymous');
    if (resolved.kind === 'refused') return { ...resolved, extensions: { code: resolved.code, status: resolved.status, errors: [] } };
    parsed = resolved.body;
    let document: CheckedDocument | undefined;
    try {
      document = checkGraphQLRequest(deps.schema, parsed, identity, config.graphqlIntrospection);
    } catch (error) {
      if (!(error instanceof GraphQLLimitError)) throw error;
      return { kind: 'refused', status: 400, code: error.code, message: error.message };
    }
    const notForCustomers = customerGraphQLRefusal(document, identity);
    if (notForCustomers) return { kind: 'refused', status: 403, code: 'error.msg.not.authorized', message: notForCustomers };
    if (resolved.register) await deps.persisted.register(resolved.register);
    if (!resolved.changed) return { kind: 'ok', body, parsed, search: url.search, document };
    // A document named by its hash goes on as if the client had sent its text.
    return req.method === 'POST' ? { kind: 'ok', body: JSON.stringify(parsed), parsed, search: url.search, document, byHash: true } : { kind: 'ok', body, parsed, search: withDocument(url, parsed), document, byHash: true };
  }

  /**
   * A plain JSON POST of one query or mutation that one subgraph answers alone runs on it directly, answered
   * as the gateway answers it: 200, application/json, errors masked alike. Anything else (other media
   * types, persisted-query extensions, documents that do not parse or validate, several subgraphs) is the
   * gateway's, which also words its refusals.
   */
  async function direct(req: IncomingMessage, parsed: unknown, context: EdgeContext): Promise<Answer | null> {
    if (req.method !== 'POST' || gatewayAccept(req.headers.accept) !== 'application/json') return null;
    const body = parsed as { query?: unknown; variables?: unknown; operationName?: unknown; extensions?: unknown } | null;
    if (!body || typeof body !== 'object' || typeof body.query !== 'string' || body.extensions !== undefined) return null;
    if (body.operationName != null && typeof body.operationName !== 'string') return null;
    if (body.variables != null && (typeof body.variables !== 'object' || Array.isArray(body.variables))) return null;
    const operationName = (body.operationName as string | null | undefined) ?? undefined;
    const variables = (body.variables as Record<string, unknown> | null | undefined) ?? undefined;
    const result = await executor.runDirect({ query: body.query, variables, operationName }, context);
    if (!result) return null;
    const answer = result.errors ? { errors: result.errors, data: result.data } : { data: result.data };
    return { kind: 'json', status: 200, body: JSON.stringify(answer), headers: { 'content-type': 'application/json; charset=utf-8' } };
  }

  /** The gateway's own HTTP handler: query plans, subscriptions over SSE, and the refusals it words. */
  async function viaGateway(req: IncomingMessage, url: URL, checked: Extract<Checked, { kind: 'ok' }>, context: EdgeContext): Promise<Answer> {
    const parsed = checked.parsed as { operationName?: unknown } | null;
    const response = await inSpan('graphql.gateway', { 'graphql.operation.name': typeof parsed?.operationName === 'string' ? parsed.operationName : '' }, async () =>
      gateway.fetch(
        `http://edge.internal${url.pathname}${checked.search}`,
        { method: req.method, headers: { ...gatewayHeaders(req), accept: gatewayAccept(req.headers.accept) }, body: checked.body },
        context,
      ));
    if (!/json/i.test(response.headers.get('content-type') ?? '')) return { kind: 'stream', response };
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      // The runtime's headers keep their case ("Content-Type"), which lost to the edge's default content type.
      const key = name.toLowerCase();
      if (!key.startsWith('access-control-') && key !== 'content-length') headers[key] = value;
    });
    return { kind: 'json', status: response.status, body: await response.text(), headers };
  }

  /** Answers an authenticated GraphQL request; `headers` carry the accepted media type. */
  return async (req: IncomingMessage, res: ServerResponse, url: URL, caller: Identity, headers: Record<string, string>, common: Record<string, string>) => {
    let identity = caller;
    const anonymousStream = anonymousStreamRefusal(identity, req.headers.accept);
    if (anonymousStream) {
      sendError(res, 'graphql', fromPlatformError(anonymousStream), headers);
      return { identity };
    }
    const checked = await check(req, url, identity);
    if (checked.kind === 'refused') {
      sendError(res, 'graphql', checked, headers);
      return { identity };
    }
    const labels = operationLabels(checked.document, identity, checked.byHash === true);
    const operation = labels.name;
    // The same Idempotency-Key semantics as REST: the key travels with the identity to the subgraph, whose
    // transaction claims it with the effect; a replay gets the stored result.
    const key = req.method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    if (key !== undefined && identity.kind !== 'anonymous') {
      if (!IDEMPOTENCY_KEY.test(key)) {
        sendError(res, 'graphql', { status: 400, code: 'error.msg.idempotency.key.invalid', message: 'An Idempotency-Key is 1 to 255 visible ASCII characters.' }, headers);
        return { identity };
      }
      identity = { ...identity, idempotency: { key, requestHash: requestHash('POST', url.pathname, url.search, checked.body ?? '') } };
    }
    const report: IdempotencyReport = { replayed: false };
    const context = edgeContext(identity, config.internalSigningKey, common['x-request-id']!, report);
    const began = process.hrtime.bigint();
    // A subscription is counted against the caps before anything starts it (sse.ts says why).
    const admission = checked.document?.operation.operation === 'subscription' && identity.kind !== 'anonymous' ? admitSubscription(res, identity, deps.streams) : undefined;
    if (admission?.kind === 'refused') return { identity, operation };
    const answered = await direct(req, checked.parsed, context);
    const result = answered ?? (await viaGateway(req, url, checked, context));
    // Answered without a stream (an error, a refusal): the admitted subscription never opened.
    if (admission?.kind === 'admitted' && (report.refusal || result.kind !== 'stream')) admission.release();
    if (report.refusal) {
      sendError(res, 'graphql', IDEMPOTENCY_REFUSALS[report.refusal], headers);
      return { identity };
    }
    if (result.kind === 'stream') {
      await sendEventStream(req, res, result.response, identity, deps.streams, common, admission);
      return { identity, operation };
    }
    metrics.operation(labels, 'graphql', answered ? 'direct' : 'gateway', seconds(began), result.body.includes('"errors"'));
    if (result.body.includes(MASKED_500_CODE)) logger.error({ requestId: common['x-request-id'], route: 'graphql' }, 'masked internal error');
    if (report.replayed) result.headers['x-served-from-cache'] = 'true';
    const body = canIntrospect(identity, config.graphqlIntrospection) ? result.body : withoutSuggestions(result.body);
    send(res, graphqlAnswerStatus(identity, result.status, body), body, { ...result.headers, ...common });
    return { identity, operation };
  };
}
