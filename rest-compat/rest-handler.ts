import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { GraphQLFormattedError, GraphQLSchema } from 'graphql';
import { listedErrors, PlatformError, type FieldError } from '../subgraphs/kernel/errors.js';
import { DateFormatError, formatFineractDate, parseFineractDate } from '../subgraphs/kernel/fineract-dates.js';
import { hasForbiddenCharacters, jsonHasForbiddenCharacters } from '../subgraphs/kernel/forbidden-characters.js';
import { IDEMPOTENCY_KEY } from '../subgraphs/platform/idempotency.js';
import type { IdempotencyReport } from '../subgraphs/platform/local-executor.js';
import type { Identity } from '../subgraphs/kernel/identity.js';
import { envelope, fromGraphQLErrors } from './envelope.js';
import { integerError, parseJsonExact, translateBody } from './input-translation.js';
import { loadOperations, type CompiledOperation } from './operations.js';
import { translateOutput } from './output-translation.js';
import { intParam, RawResponse, RouteInputError, type FixedRoute, type Route, type RouteRequest } from './route.js';
import { capAt, DEFAULT_MAX_LIST_LENGTH, oversizedList, oversizedListInText, type OversizedList } from './list-limits.js';
import { isInt32, scalarVariableErrors, variableErrors } from './variable-check.js';

export interface RestResponse {
  status: number;
  /** Bytes only for a binary document (a statement as PDF). */
  body: string | Buffer;
  headers: Record<string, string>;
  /** For the request log. */
  identity?: Identity;
  route?: string;
}

/** One named operation as the REST layer sends it; the edge runs it through the gateway as the caller. */
export interface OperationRequest {
  query: string;
  operationName: string;
  variables: Record<string, unknown>;
}

export type OperationResult = { data?: Record<string, unknown> | null; errors?: readonly GraphQLFormattedError[] };

export interface RestDeps {
  schema: GraphQLSchema;
  routes: Route[];
  /** GET paths answered without an operation (route.ts FixedRoute). */
  fixedRoutes?: FixedRoute[];
  /** Runs a named operation for the caller: the only way this layer reaches a module. */
  /** `report` learns whether an idempotent write was replayed (the subgraph claims the key with the effect). */
  runOperation: (request: OperationRequest, identity: Identity, requestId: string, report: IdempotencyReport) => Promise<OperationResult>;
}

/** The self-service interface's paths (docs/interface.md): the only ones a customer session reaches. */
const SELF_PREFIX = '/self/';
/** All a customer signed in with a one-time password (a staff reset) may do until they change it. */
const PASSWORD_RENEWAL_OPERATIONS: ReadonlySet<string> = new Set(['SelfChangePassword', 'SelfLogout', 'Logout']);

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
 * A request body as the edge reads it: its size and content type are the edge's HTTP hygiene, refused
 * with the status and code to answer.
 */
export type BodyRead = { kind: 'ok'; text: string } | { kind: 'refused'; status: number; code: string; message: string };

/**
 * What the edge hands the REST layer besides the request: the caller it authenticated (possibly
 * anonymous), and the body, read only when this layer asks for it (after the route admits the caller).
 */
export interface RestCall {
  identity: Identity;
  readBody: () => Promise<BodyRead>;
  requestId: string;
}

/**
 * Serves Fineract's /v1 paths by running named GraphQL operations (through the edge's gateway, in-process).
 * Everything path-specific lives in the route table; this file only translates.
 */

export function createRestHandler(deps: RestDeps): (req: IncomingMessage, path: string, url: URL, call: RestCall) => Promise<RestResponse> {
  const operations = loadOperations(deps.schema);
  const routes: CompiledRoute[] = deps.routes.map((route) => {
    const compiled = operations.get(route.operation);
    if (!compiled) throw new Error(`route ${route.method} ${route.path} names unknown operation ${route.operation}`);
    const paramNames: string[] = [];
    const pattern = new RegExp(`^${route.path.replace(/:(\w+)/g, (_m, name: string) => (paramNames.push(name), '([^/]+)'))}/?$`);
    return { ...route, pattern, paramNames, compiled };
  });

  const fixedRoutes = (deps.fixedRoutes ?? []).map((route) => ({ ...route, pattern: new RegExp(`^${route.path.replace(/:(\w+)/g, '([^/]+)')}/?$`) }));
  const routesFor = routesByFirstSegment(routes);

  return async (req, path, url, call) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const command = url.searchParams.get('command') ?? undefined;
    const fixed = method === 'GET' ? fixedRoutes.find((r) => r.pattern.test(path)) : undefined;
    if (fixed) {
      const label = routeLabel({ method: 'GET', path: fixed.path });
      if (call.identity.kind === 'anonymous') return { ...fail(401, 'error.msg.not.authenticated', 'Unauthenticated. Please login.'), route: label };
      // Staff features: a self-service customer reaches only /self paths.
      if (call.identity.kind !== 'staff') return { ...fail(403, 'error.msg.not.authorized', 'The user is not authorized to perform this action.'), identity: call.identity, route: label };
      return { ...json(200, fixed.answer({ params: {}, query: url.searchParams, body: {}, rawBody: '', headers: {} })), identity: call.identity, route: label };
    }
    const candidates = routesFor(path).filter((r) => r.pattern.test(path));
    if (candidates.length === 0) return fail(404, 'error.msg.resource.not.found', `No resource at ${path}.`);
    const route = candidates.find((r) => r.method === method && r.command === command) ?? candidates.find((r) => r.method === method && r.command === undefined && command === undefined);
    if (!route) {
      if (!candidates.some((r) => r.method === method)) return fail(405, 'error.msg.method.not.allowed', `Method ${method} is not allowed on ${path}.`);
      return fail(400, 'error.msg.command.unsupported', `Unrecognized command ${command ?? '(none)'} for ${path}.`, [{ code: 'error.msg.command.unsupported', message: 'Unsupported command', parameterName: 'command', value: command }]);
    }
    const label = routeLabel(route);

    const { identity } = call;
    // No body work for a caller who may not call this route at all: its body is never read.
    if (identity.kind === 'anonymous' && !route.anonymous) {
      return { ...fail(401, 'error.msg.not.authenticated', 'Unauthenticated. Please login.', [{ code: 'error.msg.not.authenticated', message: 'Unauthenticated. Please login.', parameterName: 'id' }]), route: label };
    }
    // A customer is not staff: customer keys reach only /self paths, staff keys never do.
    const selfPath = route.path.startsWith(SELF_PREFIX);
    if ((identity.kind === 'customer' && !selfPath && !route.customers) || (identity.kind === 'staff' && selfPath)) {
      const message = identity.kind === 'customer' ? 'A customer session may call only /self paths.' : 'Staff sessions may not call /self paths.';
      return { ...fail(403, 'error.msg.not.authorized', message), identity, route: label };
    }
    if (identity.kind === 'customer' && identity.mustRenewPassword && !PASSWORD_RENEWAL_OPERATIONS.has(route.operation)) {
      const message = 'The password must be changed first (PUT /self/user); this session may do nothing else.';
      return { ...fail(403, 'error.msg.not.authorized', message, [{ code: 'error.msg.user.password.must.be.renewed', message }]), identity, route: label };
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
      const read = await call.readBody();
      if (read.kind === 'refused') return { ...fail(read.status, read.code, read.message), identity, route: label };
      rawBody = read.text;
      // A list past every cap is refused from the text, before the parser builds its items.
      const longList = oversizedListInText(rawBody);
      if (longList !== undefined) return { ...listTooLong(route, { param: longList, max: capOf(route, longList) }), identity, route: label };
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

    const request: RouteRequest = { params, query: url.searchParams, body, rawBody, headers: req.headers };

    // The key travels with the identity to the subgraph, whose transaction claims it together with the effect.
    // Anonymous calls (login, registration) keep no key: their answers hold credentials, never stored for replay.
    let caller = identity;
    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    if (idempotencyKey !== undefined && identity.kind !== 'anonymous') {
      if (!IDEMPOTENCY_KEY.test(idempotencyKey)) return { ...fail(400, 'error.msg.idempotency.key.invalid', 'An Idempotency-Key is 1 to 255 visible ASCII characters.'), identity, route: label };
      caller = { ...identity, idempotency: { key: idempotencyKey, requestHash: requestHash(method, path, url.search, rawBody) } };
    }
    const report: IdempotencyReport = { replayed: false };
    const response = await execute(deps, route, request, caller, call.requestId, report);
    if (report.replayed) response.headers['x-served-from-cache'] = 'true';
    return { ...response, identity, route: label };
  };
}

/** A path's first segment ("savingsaccounts" of "/savingsaccounts/12/transactions"). */
const firstSegment = (path: string): string => {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
};

/** A first segment a route's pattern matches only as itself: no parameter and no regular-expression syntax. */
const LITERAL_SEGMENT = /^[A-Za-z0-9_-]+$/;

/**
 * The routes whose pattern can match a path, in table order: those whose first segment is that path's,
 * and those whose first segment is not a plain word (tried for every path). A request tests a dozen or
 * two patterns instead of all 243: testing every one was about 50 µs of a REST deposit's CPU.
 */
function routesByFirstSegment<R extends Route>(routes: readonly R[]): (path: string) => readonly R[] {
  const literal = (route: R) => {
    const segment = firstSegment(route.path);
    return LITERAL_SEGMENT.test(segment) ? segment : null;
  };
  const anywhere = routes.filter((route) => literal(route) === null);
  const bySegment = new Map<string, R[]>();
  for (const route of routes) {
    const segment = literal(route);
    if (segment !== null && !bySegment.has(segment)) bySegment.set(segment, routes.filter((r) => literal(r) === segment || literal(r) === null));
  }
  return (path) => bySegment.get(firstSegment(path)) ?? anywhere;
}

/** What makes two requests "the same" for an Idempotency-Key: method, path, query string and exact body. */
export function requestHash(method: string, path: string, search: string, rawBody: string): string {
  return createHash('sha256').update(`${method} ${path}${search}\n${rawBody}`).digest('hex');
}

async function execute(deps: RestDeps, route: CompiledRoute, req: RouteRequest, identity: Identity, requestId: string, report: IdempotencyReport): Promise<RestResponse> {
  const op = route.compiled;
  const mode = route.body ?? 'none';
  // Before anything walks the body's items: a list past its cap is refused on its length alone.
  const oversized = oversizedBodyList(req.body, mode, op);
  if (oversized) return listTooLong(route, oversized);
  let variables: Record<string, unknown>;
  try {
    variables = { ...(route.variables?.(req) ?? {}) };
  } catch (error) {
    // A query parameter the route itself reads and refuses (a malformed fromDate or R_startDate).
    if (error instanceof RouteInputError) return fail(400, 'validation.msg.validation.errors.exist', error.message, [error.error]);
    if (!(error instanceof PlatformError)) throw error;
    return fail(error.status, error.extensions.code, error.message, error.extensions.errors);
  }
  // A date or decimal a route took from the query string as it was: refused here, never left to a subgraph.
  const badScalars = scalarVariableErrors(variables, op.variables);
  if (badScalars.length > 0) return fail(400, 'validation.msg.validation.errors.exist', listedErrors(badScalars).message, badScalars);
  // A path id that is not a GraphQL Int names no resource (404); a query parameter that is not one is bad input (400).
  const pathIdsValid = Object.entries(req.params).filter(([name]) => /id$/i.test(name)).every(([, v]) => isInt32(intParam(v) ?? Number.NaN));
  const badNumbers = Object.entries(variables).filter(([name, value]) => typeof value === 'number' && (Number.isNaN(value) || (op.intVariables.has(name) && !isInt32(value))));
  if (badNumbers.length > 0) {
    if (!pathIdsValid) return fail(404, 'error.msg.resource.not.found', `Invalid identifier for ${badNumbers[0]![0]}.`);
    const errors = badNumbers.map(([name]) => integerError(name, req.query.get(name) ?? undefined));
    return fail(400, 'validation.msg.validation.errors.exist', listedErrors(errors).message, errors);
  }
  const body = route.ignores ? Object.fromEntries(Object.entries(req.body).filter(([key]) => !route.ignores!.includes(key))) : req.body;
  if (mode === 'none' && Object.keys(body).length > 0) {
    return fail(400, 'validation.msg.validation.errors.exist', 'This request takes no body.', Object.keys(body).map((key) => ({ code: 'error.msg.parameter.unsupported', message: `The parameter ${key} is not supported.`, parameterName: key })));
  }
  const bodyErrors: FieldError[] = [];
  if (mode === 'input' || mode === 'args') {
    const fields = mode === 'input' ? op.inputFields! : Object.fromEntries(Object.entries(op.variables).filter(([name]) => !(name in variables)));
    const translated = translateBody(body, fields);
    bodyErrors.push(...translated.errors);
    if (mode === 'input') variables.input = translated.value;
    else Object.assign(variables, translated.value);
  }
  // What GraphQL itself would refuse (a required field missing, a null in a list), said in REST names now,
  // so no "Variable $input" text reaches a REST caller and every field is reported at once.
  const fieldErrors = [...bodyErrors, ...variableErrors(variables, op.variables, mode === 'input', bodyErrors, route.resource, route.required)];
  if (fieldErrors.length > 0) {
    const unsupported = fieldErrors.every((e) => e.code === 'error.msg.parameter.unsupported');
    return fail(400, unsupported ? 'error.msg.parameter.unsupported' : 'validation.msg.validation.errors.exist', listedErrors(fieldErrors).message, fieldErrors);
  }
  const result = await deps.runOperation({ query: op.text, operationName: op.name, variables }, identity, requestId, report);
  if (result.errors && result.errors.length > 0) {
    const { status, body } = fromGraphQLErrors(result.errors, mode === 'input');
    const retryAfter = result.errors[0]!.extensions?.retryAfter;
    return json(status, body, typeof retryAfter === 'number' ? { 'retry-after': String(retryAfter) } : {});
  }
  const data = translateOutput(result.data ?? {}, op.output);
  const shaped = route.result(data, req) ?? {};
  if (shaped instanceof RawResponse) return { status: 200, body: shaped.text, headers: { 'content-type': shaped.contentType, ...shaped.headers } };
  return json(200, withCallerDates(shaped, req.body));
}

/** 400 `validation.msg.<resource>.<param>.exceeds.max.length`, Fineract's code shape for a value past its maximum. */
function listTooLong(route: CompiledRoute, list: OversizedList): RestResponse {
  const resource = route.resource ?? firstSegment(route.path);
  const error: FieldError = {
    code: `validation.msg.${resource}.${list.param}.exceeds.max.length`,
    message: `The parameter \`${list.param}\` may hold at most ${list.max} items.`,
    parameterName: list.param,
    args: [list.max],
  };
  return fail(400, 'validation.msg.validation.errors.exist', error.message, [error]);
}

/** The cap of the body's list at `param`, as the route's operation types it. */
function capOf(route: CompiledRoute, param: string): number {
  const { variables } = route.compiled;
  if (route.body === 'input') return capAt(param, variables.input?.type);
  if (route.body === 'args') return capAt(param, undefined, variables);
  return DEFAULT_MAX_LIST_LENGTH;
}

/** The body's first list past its cap, following the operation's input types where the body fills them. */
function oversizedBodyList(body: Record<string, unknown>, mode: NonNullable<Route['body']>, op: CompiledOperation): OversizedList | undefined {
  if (mode === 'input') return oversizedList(body, op.variables.input?.type);
  for (const [key, value] of Object.entries(body)) {
    const found = oversizedList(value, mode === 'args' ? op.variables[key]?.type : undefined, key);
    if (found) return found;
  }
  return undefined;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the body's date text is the command's date: a body date a command ignores (the business date won) is not echoed. */
function sameDate(text: string, iso: string, dateFormat: string, locale: string): boolean {
  try {
    return parseFineractDate(text, dateFormat, locale) === iso;
  } catch {
    return false;
  }
}

/**
 * Fineract echoes the dates of a command's `changes` as the caller wrote them, beside the `locale` and
 * `dateFormat` they were read in; the modules report ISO dates. A date the body sent is echoed as sent,
 * another (one the command derived) is written in the caller's format.
 */
function withCallerDates(result: unknown, body: Record<string, unknown>): unknown {
  const { dateFormat, locale } = body;
  if (typeof dateFormat !== 'string' || typeof locale !== 'string') return result;
  if (typeof result !== 'object' || result === null || !('changes' in result)) return result;
  const changes = result.changes;
  if (typeof changes !== 'object' || changes === null) return result;
  const echoed: Record<string, unknown> = { ...changes };
  let dated = false;
  for (const [key, value] of Object.entries(echoed)) {
    if (typeof value !== 'string' || !ISO_DATE.test(value)) continue;
    try {
      echoed[key] = typeof body[key] === 'string' && sameDate(body[key], value, dateFormat, locale) ? body[key] : formatFineractDate(value, dateFormat, locale);
      dated = true;
    } catch (error) {
      // The body's format was good enough to read the command's dates; a format that cannot write one keeps ISO.
      if (!(error instanceof DateFormatError)) throw error;
    }
  }
  return dated ? { ...result, changes: { ...echoed, locale, dateFormat } } : result;
}

/**
 * A route's name in metrics and logs: its template, never what a caller sent, so a route is one series
 * whatever the path or query string. Parameters read as OpenAPI writes them (`/offices/{officeId}`), a
 * path matched by a pattern (`Interbank(?:%20|\\+| )Settlement`) by its first spelling, decoded, and a
 * command after a space (`POST /loans/{loanId} command=approve`).
 */
export function routeLabel(route: { method: string; path: string; command?: string }): string {
  const template = route.path.replace(/\(\?:([^|)]*)[^)]*\)/g, '$1').replace(/:(\w+)/g, '{$1}');
  let readable = template;
  try {
    readable = decodeURIComponent(template);
  } catch {
    // A template is written by hand: one that is not valid percent-encoding reads as written.
  }
  return `${route.method} ${readable}${route.command ? ` command=${route.command}` : ''}`;
}
