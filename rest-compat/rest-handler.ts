import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { GraphQLFormattedError, GraphQLSchema } from 'graphql';
import type { GatewayRuntime } from '@graphql-hive/gateway-runtime';
import { PlatformError, type FieldError } from '../subgraphs/kernel/errors.js';
import { IDEMPOTENCY_KEY } from '../subgraphs/kernel/idempotency.js';
import type { IdempotencyReport } from '../subgraphs/kernel/local-executor.js';
import type { Identity } from '../subgraphs/kernel/identity.js';
import { authenticate, credentialsFrom } from '../router/authenticate.js';
import { edgeContext, type EdgeContext } from '../router/gateway.js';
import type { AuthService } from '../subgraphs/organisation/auth.service.js';
import { envelope, fromGraphQLErrors } from './envelope.js';
import { parseJsonExact, translateBody } from './input-translation.js';
import { loadOperations, type CompiledOperation } from './operations.js';
import { translateOutput } from './output-translation.js';
import { intParam, type Route, type RouteRequest } from './route.js';
import { hasForbiddenCharacters, jsonHasForbiddenCharacters } from '../router/graphql-limits.js';
import { isJsonContentType, MAX_BODY_BYTES, type BodyRead } from '../router/http-hygiene.js';

export interface RestResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
  /** For the request log. */
  identity?: Identity;
  route?: string;
}

export interface RestDeps {
  gateway: GatewayRuntime<EdgeContext>;
  schema: GraphQLSchema;
  routes: Route[];
  auth: AuthService;
  signingKey: string;
}

interface CompiledRoute extends Route {
  pattern: RegExp;
  paramNames: string[];
  compiled: CompiledOperation;
}

const json = (status: number, value: unknown, headers: Record<string, string> = {}): RestResponse => ({
  status,
  body: JSON.stringify(value),
  headers: { 'content-type': 'application/json', ...headers },
});

const fail = (status: number, code: string, message: string, errors: FieldError[] = []) => json(status, envelope(status, code, message, errors));

/**
 * Serves Fineract's /v1 paths by running named GraphQL operations through the gateway in-process.
 * Everything path-specific lives in the route table; this file only translates.
 */
/** What the edge hands the REST layer besides the request: the body is read only after authentication. */
export interface RestCall {
  readBody: () => Promise<BodyRead>;
  address?: string;
  requestId: string;
}

export function createRestHandler(deps: RestDeps): (req: IncomingMessage, path: string, url: URL, call: RestCall) => Promise<RestResponse> {
  const operations = loadOperations(deps.schema);
  const routes: CompiledRoute[] = deps.routes.map((route) => {
    const compiled = operations.get(route.operation);
    if (!compiled) throw new Error(`route ${route.method} ${route.path} names unknown operation ${route.operation}`);
    const paramNames: string[] = [];
    const pattern = new RegExp(`^${route.path.replace(/:(\w+)/g, (_m, name: string) => (paramNames.push(name), '([^/]+)'))}/?$`);
    return { ...route, pattern, paramNames, compiled };
  });

  return async (req, path, url, call) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const command = url.searchParams.get('command') ?? undefined;
    const candidates = routes.filter((r) => r.pattern.test(path));
    if (candidates.length === 0) return fail(404, 'error.msg.resource.not.found', `No resource at ${path}.`);
    const route = candidates.find((r) => r.method === method && r.command === command) ?? candidates.find((r) => r.method === method && r.command === undefined && command === undefined);
    if (!route) {
      if (!candidates.some((r) => r.method === method)) return fail(405, 'error.msg.method.not.allowed', `Method ${method} is not allowed on ${path}.`);
      return fail(400, 'error.msg.command.unsupported', `Unrecognized command ${command ?? '(none)'} for ${path}.`, [{ code: 'error.msg.command.unsupported', message: 'Unsupported command', parameterName: 'command', value: command }]);
    }
    const label = `${route.method} ${route.path}${route.command ? `?command=${route.command}` : ''}`;

    let identity: Identity;
    try {
      identity = await authenticate(deps.auth, credentialsFrom(req.headers, url), call.address);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      const { status, body } = fromGraphQLErrors([{ message: error.message, extensions: error.extensions }]);
      return { ...json(status, body), route: label };
    }
    // No body work for a caller who may not call this route at all: its body is never read.
    if (identity.kind === 'anonymous' && !route.anonymous) {
      return { ...fail(401, 'error.msg.not.authenticated', 'Unauthenticated. Please login.', [{ code: 'error.msg.not.authenticated', message: 'Unauthenticated. Please login.', parameterName: 'id' }]), route: label };
    }

    const params: Record<string, string> = {};
    const match = route.pattern.exec(path)!;
    for (const [i, name] of route.paramNames.entries()) {
      try {
        params[name] = decodeURIComponent(match[i + 1]!);
      } catch {
        return { ...fail(400, 'error.msg.invalid.path.encoding', 'The request path is not valid percent-encoded UTF-8.'), identity, route: label };
      }
    }
    const badQuery = [...url.searchParams.entries()].find(([k, v]) => hasForbiddenCharacters(k) || hasForbiddenCharacters(v));
    if (badQuery || Object.values(params).some(hasForbiddenCharacters)) {
      return { ...fail(400, 'validation.msg.invalid.characters', 'Parameters must not contain NUL characters or unpaired surrogates.'), identity, route: label };
    }

    let body: Record<string, unknown> = {};
    let rawBody = '';
    if (method === 'POST' || method === 'PUT') {
      if (!isJsonContentType(req.headers['content-type'])) {
        return { ...fail(415, 'error.msg.unsupported.media.type', 'Request bodies must be sent as application/json.'), identity, route: label };
      }
      const read = await call.readBody();
      if (read.kind === 'tooLarge') {
        return { ...fail(413, 'error.msg.request.body.too.large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`), identity, route: label };
      }
      rawBody = read.text;
      if (rawBody.trim() !== '') {
        let parsed: unknown;
        try {
          parsed = parseJsonExact(rawBody);
        } catch {
          return { ...fail(400, 'error.msg.invalid.request.body', 'The request body is not valid JSON.'), identity, route: label };
        }
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
          return { ...fail(400, 'error.msg.invalid.request.body', 'The request body must be a JSON object.'), identity, route: label };
        }
        if (jsonHasForbiddenCharacters(parsed)) {
          return { ...fail(400, 'validation.msg.invalid.characters', 'Text must not contain NUL characters or unpaired surrogates.'), identity, route: label };
        }
        body = parsed as Record<string, unknown>;
      }
    }

    const request: RouteRequest = { params, query: url.searchParams, body };

    // The key travels with the identity to the subgraph, whose transaction claims it together with the effect.
    // Anonymous calls (login, registration) keep no key: their answers hold credentials, never stored for replay.
    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    if (idempotencyKey !== undefined && identity.kind !== 'anonymous') {
      if (!IDEMPOTENCY_KEY.test(idempotencyKey)) return { ...fail(400, 'error.msg.idempotency.key.invalid', 'An Idempotency-Key is 1 to 255 visible ASCII characters.'), identity, route: label };
      identity = { ...identity, idempotency: { key: idempotencyKey, requestHash: requestHash(method, path, url.search, rawBody) } };
    }
    const report: IdempotencyReport = { replayed: false };
    const response = await execute(deps, route, request, identity, call.requestId, report);
    if (report.replayed) response.headers['x-served-from-cache'] = 'true';
    return { ...response, identity, route: label };
  };
}

/** What makes two requests "the same" for an Idempotency-Key: method, path, query string and exact body. */
export function requestHash(method: string, path: string, search: string, rawBody: string): string {
  return createHash('sha256').update(`${method} ${path}${search}\n${rawBody}`).digest('hex');
}

async function execute(deps: RestDeps, route: CompiledRoute, req: RouteRequest, identity: Identity, requestId: string, report: IdempotencyReport): Promise<RestResponse> {
  const op = route.compiled;
  const variables: Record<string, unknown> = { ...(route.variables?.(req) ?? {}) };
  // A path id that is not a number names no resource (404); a query parameter that is not one is bad input (400).
  const pathIdsValid = Object.entries(req.params).filter(([name]) => /id$/i.test(name)).every(([, v]) => !Number.isNaN(intParam(v) ?? Number.NaN));
  for (const [name, value] of Object.entries(variables)) {
    if (typeof value !== 'number' || !Number.isNaN(value)) continue;
    if (!pathIdsValid) return fail(404, 'error.msg.resource.not.found', `Invalid identifier for ${name}.`);
    return fail(400, 'validation.msg.validation.errors.exist', `The parameter ${name} must be an integer.`, [
      { code: 'validation.msg.invalid.integer.format', message: `The parameter ${name} must be an integer.`, parameterName: name },
    ]);
  }
  const mode = route.body ?? 'none';
  if (mode === 'none' && Object.keys(req.body).length > 0) {
    return fail(400, 'validation.msg.validation.errors.exist', 'This request takes no body.', Object.keys(req.body).map((key) => ({ code: 'error.msg.parameter.unsupported', message: `The parameter ${key} is not supported.`, parameterName: key })));
  }
  if (mode !== 'none') {
    const fields = mode === 'input' ? op.inputFields! : Object.fromEntries(Object.entries(op.variables).filter(([name]) => !(name in variables)));
    const translated = translateBody(req.body, fields);
    if (translated.errors.length > 0) {
      const unsupported = translated.errors.every((e) => e.code === 'error.msg.parameter.unsupported');
      return fail(400, unsupported ? 'error.msg.parameter.unsupported' : 'validation.msg.validation.errors.exist', translated.errors.map((e) => e.message).join(' '), translated.errors);
    }
    if (mode === 'input') variables.input = translated.value;
    else Object.assign(variables, translated.value);
  }
  const response = await deps.gateway.fetch(
    'http://edge.internal/graphql',
    { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ query: op.text, operationName: op.name, variables }) },
    edgeContext(identity, deps.signingKey, requestId, report),
  );
  const result = (await response.json()) as { data?: Record<string, unknown> | null; errors?: GraphQLFormattedError[] };
  if (result.errors && result.errors.length > 0) {
    const { status, body } = fromGraphQLErrors(result.errors);
    const retryAfter = result.errors[0]!.extensions?.retryAfter;
    return json(status, body, typeof retryAfter === 'number' ? { 'retry-after': String(retryAfter) } : {});
  }
  const data = translateOutput(result.data ?? {}, op.output);
  return json(200, route.result(data, req) ?? {});
}
