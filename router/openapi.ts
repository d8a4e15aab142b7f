import {
  getNamedType, getNullableType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType,
  parse, visit, type GraphQLInputType, type GraphQLOutputType, type GraphQLSchema,
} from 'graphql';
import { FORMAT_KEYS } from '../rest-compat/input-translation.js';
import { loadOperations, type CompiledOperation } from '../rest-compat/operations.js';
import type { OutputSelection } from '../rest-compat/output-translation.js';
import type { FixedRoute, Route, RouteRequest } from '../rest-compat/route.js';
import { schemaHoister, withSchemaName } from './openapi-components.js';
import { groupSummary, tagDescription, tagRank } from './openapi-words.js';

/**
 * The OpenAPI 3.1 document of every /v1 path, generated from the REST route table and the GraphQL types
 * each route's operation reads and returns, so it cannot drift from what is served. Bodies are described
 * as they travel: Fineract's dates as strings in the body's `dateFormat`/`locale` going in and `[y, m, d]`
 * arrays coming out, decimals as exact JSON numbers, errors as Fineract's envelope. A response never
 * carries null (null fields are omitted), so nullability shows as a field's absence from `required`.
 */

export const OPENAPI_PATHS = new Set(['/api/v1/openapi.json', '/fineract-provider/api/v1/openapi.json']);

type Schema = Record<string, unknown>;

const DATE_ARRAY: Schema = { type: 'array', items: { type: 'integer' }, minItems: 3, maxItems: 3, description: 'A date as [year, month (1-12), day].', examples: [[2024, 8, 2]] };
const DATE_IN: Schema = { type: 'string', description: "A date written in the body's `dateFormat` and `locale` (e.g. `02 August 2024` with `dd MMMM yyyy`, `en`), or ISO 8601 (`2024-08-02`) when the body sends no `dateFormat`." };
const DECIMAL_OUT: Schema = { type: 'number', description: 'An exact decimal, written with six decimal places (1500.000000).' };
const DECIMAL_IN: Schema = { oneOf: [{ type: 'number' }, { type: 'string', description: "Digits with the `locale`'s grouping (\"1,000.50\" with `en`)." }], description: 'An exact decimal (at most 40 digits).' };

const ERROR_ENVELOPE: Schema = {
  type: 'object',
  description: "Fineract's error envelope; `userMessageGlobalisationCode` is the stable code to match on.",
  required: ['developerMessage', 'httpStatusCode', 'defaultUserMessage', 'userMessageGlobalisationCode', 'errors'],
  properties: {
    developerMessage: { type: 'string' },
    httpStatusCode: { type: 'string', description: 'The HTTP status, as a string ("400").' },
    defaultUserMessage: { type: 'string' },
    userMessageGlobalisationCode: { type: 'string', examples: ['validation.msg.validation.errors.exist'] },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['developerMessage', 'defaultUserMessage', 'userMessageGlobalisationCode', 'args'],
        properties: {
          developerMessage: { type: 'string' },
          defaultUserMessage: { type: 'string' },
          userMessageGlobalisationCode: { type: 'string' },
          parameterName: { type: 'string' },
          value: {},
          args: { type: 'array', items: { type: 'object', properties: { value: {} } } },
        },
      },
    },
  },
};

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Invalid input: validation errors, an unknown key, a bad date or number.',
  '401': 'Not authenticated (or an unknown tenant).',
  '403': 'Not permitted, or a business rule refused the command (the specific code in errors[0]).',
  '404': "Not found, or not the caller's to see.",
  '409': 'A conflict, or the same Idempotency-Key still in flight.',
  '413': 'The body is larger than 1 MB.',
  '415': 'The body is not JSON.',
  '422': 'The Idempotency-Key was used with another request.',
  '429': 'Too many failed logins (Retry-After says when to try again).',
  '500': "A bug: the request id in X-Request-Id is in the service's error log.",
  '503': 'A module the request needs is unavailable (a split deployment with a subgraph down).',
};

/** GraphQL scalars as REST writes them. */
function scalarOut(name: string): Schema {
  switch (name) {
    case 'Int': return { type: 'integer' };
    case 'Float': return { type: 'number' };
    case 'Boolean': return { type: 'boolean' };
    case 'LocalDate': return DATE_ARRAY;
    case 'Decimal': return DECIMAL_OUT;
    case 'ID': case 'String': return { type: 'string' };
    case 'JSONObject': return { type: 'object' };
    case 'DateTimeISO': return { type: 'string', format: 'date-time' };
    default: return { description: `${name} scalar` };
  }
}

function scalarIn(name: string): Schema {
  switch (name) {
    case 'Int': return { type: 'integer' };
    case 'Float': return { type: 'number' };
    case 'Boolean': return { type: 'boolean' };
    case 'LocalDate': return DATE_IN;
    case 'Decimal': return DECIMAL_IN;
    case 'ID': return { oneOf: [{ type: 'string' }, { type: 'integer' }] };
    case 'String': return { type: 'string' };
    case 'JSONObject': return { type: 'object' };
    default: return { description: `${name} scalar` };
  }
}

/** Response keys an operation selects only on a condition (@include, @skip): absent otherwise, so never required. */
let conditionalKeys: ReadonlySet<string> = new Set();

function conditionalKeysOf(text: string): Set<string> {
  const keys = new Set<string>();
  visit(parse(text), {
    Field(node) {
      if (node.directives?.some((d) => d.name.value === 'include' || d.name.value === 'skip')) keys.add(node.alias?.value ?? node.name.value);
    },
  });
  return keys;
}

function outputSchema(type: GraphQLOutputType, selection: OutputSelection | undefined): Schema {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return { type: 'array', items: outputSchema(nullable.ofType, selection) };
  if (selection) return withSchemaName(objectOut(selection), getNamedType(nullable).name);
  const named = getNamedType(nullable);
  if (isEnumType(named)) return { type: 'string', enum: named.getValues().map((v) => v.name) };
  if (isScalarType(named)) return scalarOut(named.name);
  return { type: 'object' };
}

function objectOut(selection: OutputSelection): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const [key, field] of selection) {
    properties[key] = { ...outputSchema(field.type, field.selection), ...(field.description ? { description: field.description } : {}) };
    if (isNonNullType(field.type) && !conditionalKeys.has(key)) required.push(key);
  }
  return { type: 'object', additionalProperties: false, properties, ...(required.length ? { required } : {}) };
}

function inputSchema(type: GraphQLInputType, seen: Set<string>): Schema {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return { type: 'array', items: inputSchema(nullable.ofType, seen) };
  const named = getNamedType(nullable);
  if (isEnumType(named)) return { type: 'string', enum: named.getValues().map((v) => v.name) };
  if (isScalarType(named)) return scalarIn(named.name);
  if (isInputObjectType(named)) {
    // Input types do not nest into themselves here; guard anyway so a future recursive type cannot loop.
    if (seen.has(named.name)) return { type: 'object' };
    return withSchemaName(objectIn(named.getFields(), new Set([...seen, named.name]), named.description ?? undefined), named.name);
  }
  return {};
}

function objectIn(fields: Record<string, { type: GraphQLInputType; description?: string | null }>, seen: Set<string>, description?: string): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  let dates = false;
  for (const [name, field] of Object.entries(fields)) {
    const date = getNamedType(field.type).name === 'LocalDate';
    const schema = inputSchema(field.type, seen);
    // A date's field keeps the note on how dates are written after its own description.
    const description = [field.description, date ? DATE_IN.description : undefined].filter(Boolean).join(' ');
    properties[name] = { ...schema, ...(description ? { description } : {}) };
    if (isNonNullType(field.type)) required.push(name);
    if (date) dates = true;
  }
  // Fineract's clients send the format of their dates (and the locale of their numbers) with them.
  if (dates) {
    properties.dateFormat = { type: 'string', description: 'Java DateTimeFormatter pattern of the dates in this object (required with a date).', examples: ['dd MMMM yyyy'] };
    properties.locale = { type: 'string', description: 'Locale of the dates and grouped numbers (required with a date).', examples: ['en'] };
  } else {
    for (const key of FORMAT_KEYS) properties[key] = { type: 'string' };
  }
  return { type: 'object', additionalProperties: false, properties, ...(required.length ? { required } : {}), ...(description ? { description } : {}) };
}

/**
 * What a route reads from the query string and how it shapes its answer, learnt by running its own
 * functions on stand-ins: a query string that records the names asked for, and data whose every
 * property remembers its path in the operation's response. The answer is then described from the
 * GraphQL types at those paths. Run twice, once with every field present and once with nullable
 * scalars absent, so an answer that branches on a field (a deposit held for approval) shows both
 * shapes. A shape the stand-ins cannot follow is described as an object.
 */
function probe(route: Route, compiled: CompiledOperation): { queryParams: string[]; response: Schema } {
  const asked = new Set<string>();
  const query = new (class extends URLSearchParams {
    override get(name: string) {
      asked.add(name);
      return null;
    }
    override has(name: string) {
      asked.add(name);
      return false;
    }
    override getAll(name: string) {
      asked.add(name);
      return [];
    }
  })();
  const params = new Proxy({}, { get: (_t, key) => (typeof key === 'string' ? '1' : undefined) }) as Record<string, string>;
  const req: RouteRequest = { params, query, body: {}, rawBody: '', headers: {} };
  try {
    route.variables?.(req);
  } catch {
    /* the variables are not what is probed here */
  }
  const shapes = [shapeOf(route, compiled, req, false), shapeOf(route, compiled, req, true)];
  // A shape the stand-ins could not follow ({}: any value) adds nothing beside a described one.
  const described = shapes.filter((shape) => Object.keys(shape).length > 0);
  const distinct = [...new Map((described.length > 0 ? described : shapes).map((shape) => [JSON.stringify(shape), shape])).values()];
  return { queryParams: [...asked], response: distinct.length === 1 ? distinct[0]! : { anyOf: distinct } };
}

function shapeOf(route: Route, compiled: CompiledOperation, req: RouteRequest, nullableAbsent: boolean): Schema {
  const PATH = Symbol('path');
  const accessed: string[][] = [];
  const stand = (path: string[]): unknown => {
    const field = path.length > 0 ? fieldAt(compiled.output, path) : undefined;
    if (nullableAbsent && field && !field.selection && !isNonNullType(field.type)) {
      accessed.push(path);
      return undefined;
    }
    const list = field !== undefined && isListType(getNullableType(field.type));
    return new Proxy(function stub() {}, {
      get: (_t, key) => {
        if (key === PATH) return path;
        if (key === Symbol.toPrimitive) return () => '';
        // A list mapped item by item: one stand-in item (same path: a list's items share its selection).
        if (key === 'map' && list) return (fn: (item: unknown, index: number) => unknown) => [fn(stand(path), 0)];
        return typeof key === 'string' ? stand([...path, key]) : undefined;
      },
      apply: () => stand([...path, '()']),
      ownKeys: () => [...(selectionAt(compiled.output, path)?.keys() ?? []), 'prototype'],
      getOwnPropertyDescriptor: (_t, key) => (key === 'prototype' ? Reflect.getOwnPropertyDescriptor(function stub() {}, key) : typeof key === 'string' ? { enumerable: true, configurable: true, value: stand([...path, key]) } : undefined),
    });
  };
  let shaped: unknown;
  try {
    shaped = route.result(stand([]) as Record<string, unknown>, req);
  } catch {
    return { type: 'object' };
  }
  // A path the stand-ins cannot tie to a field (computed keys) is described as any value.
  // A field copied whole (a spread of the operation's object) keeps its description, as in objectOut.
  const fromPath = (path: string[]): Schema => {
    const field = fieldAt(compiled.output, path);
    return field ? { ...outputSchema(field.type, field.selection), ...(field.description ? { description: field.description } : {}) } : {};
  };
  const describe = (value: unknown, key?: string): Schema => {
    if (typeof value === 'function') return fromPath(Reflect.get(value, PATH) as string[]);
    if (value === null) return {};
    if (Array.isArray(value)) return { type: 'array', items: value.length ? describe(value[0]) : {} };
    if (value && typeof value === 'object') {
      const properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, describe(v, k)]));
      return { type: 'object', properties };
    }
    if (typeof value === 'boolean') return { type: 'boolean' };
    if (typeof value === 'number') return { type: 'number' };
    if (typeof value === 'string') return { type: 'string' };
    // An absent nullable field copied under its own name (officeId: r.officeId): described from that field.
    const source = key === undefined ? undefined : accessed.findLast((path) => path[path.length - 1] === key);
    return source ? fromPath(source) : {};
  };
  return describe(shaped);
}

function fieldAt(root: OutputSelection, path: string[]): { type: GraphQLOutputType; selection?: OutputSelection; description?: string | null } | undefined {
  let selection: OutputSelection | undefined = root;
  let field: { type: GraphQLOutputType; selection?: OutputSelection; description?: string | null } | undefined;
  for (const key of path) {
    field = selection?.get(key);
    if (!field) return undefined;
    selection = field.selection;
  }
  return field;
}

function selectionAt(root: OutputSelection, path: string[]): OutputSelection | undefined {
  return path.length === 0 ? root : fieldAt(root, path)?.selection;
}

/** The request body a route takes: its operation's input type, or its variables other than the path's. */
function requestBody(route: Route, compiled: CompiledOperation, pathParams: string[]): Schema | undefined {
  if (route.body === 'input' && compiled.inputFields) return objectIn(compiled.inputFields, new Set());
  if (route.body === 'args') {
    const fields = Object.fromEntries(Object.entries(compiled.variables).filter(([name]) => !pathParams.includes(name) && name !== 'id'));
    return objectIn(fields, new Set());
  }
  return undefined;
}

const tagOf = (path: string): string => path.split('/')[1] ?? 'root';
/** A route's path as OpenAPI writes it: `:name` is `{name}`; a space or parenthesis a route accepts in any encoding is written encoded. */
export const openApiPath = (path: string): string =>
  path.replace(/:(\w+)/g, '{$1}').replaceAll('(?:%20|\\+| )', '%20').replaceAll('(?:\\(|%28)', '%28').replaceAll('(?:\\)|%29)', '%29');

/** Each error status's shared response, named for what it means. */
const ERROR_RESPONSE_NAMES: Record<string, string> = {
  '400': 'BadRequest', '401': 'NotAuthenticated', '403': 'Forbidden', '404': 'NotFound', '409': 'Conflict', '413': 'TooLarge',
  '415': 'NotJson', '422': 'IdempotencyKeyReused', '429': 'TooManyRequests', '500': 'InternalError', '503': 'Unavailable',
};

/** A JSON value's schema: how a fixed answer (an unoffered feature's empty list) is described. */
function schemaOfValue(value: unknown): Schema {
  if (Array.isArray(value)) return { type: 'array', items: value.length ? schemaOfValue(value[0]) : {} };
  if (value && typeof value === 'object') {
    return { type: 'object', properties: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, schemaOfValue(v)])) };
  }
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number' };
  return { type: typeof value };
}

const operationIdOf = (method: string, path: string): string =>
  `${method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`;

const errorResponses = (): Record<string, Schema> =>
  Object.fromEntries(Object.entries(ERROR_RESPONSE_NAMES).map(([status, name]) => [status, { $ref: `#/components/responses/${name}` }]));

export function buildOpenApi(schema: GraphQLSchema, routes: readonly Route[], version: string, fixedRoutes: readonly FixedRoute[] = []): Schema {
  const operations = loadOperations(schema);
  const schemas: Record<string, Schema> = { ErrorEnvelope: ERROR_ENVELOPE };
  const hoist = schemaHoister(schemas);
  const paths: Record<string, Record<string, Schema>> = {};
  const groups = new Map<string, Route[]>();
  for (const route of routes) {
    const key = `${route.method} ${openApiPath(route.path)}`;
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  for (const [key, group] of groups) {
    const [method, path] = key.split(' ') as [string, string];
    const pathParams = [...group[0]!.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const text = group[0]!.textParams ?? {};
    const parameters: Schema[] = pathParams.map((name) =>
      text[name] !== undefined
        ? { name, in: 'path', required: true, description: text[name], schema: { type: 'string' } }
        : { name, in: 'path', required: true, schema: /id$/i.test(name) ? { type: 'integer', format: 'int32' } : { type: 'string' } },
    );
    const queryParams = new Set<string>();
    const bodies: Schema[] = [];
    const responses: Schema[] = [];
    const commands = group.map((r) => r.command).filter((c): c is string => c !== undefined);
    for (const route of group) {
      const compiled = operations.get(route.operation);
      if (!compiled) throw new Error(`route ${route.method} ${route.path} names unknown operation ${route.operation}`);
      conditionalKeys = conditionalKeysOf(compiled.text);
      const probed = probe(route, compiled);
      for (const name of probed.queryParams) if (name !== 'command') queryParams.add(name);
      const body = requestBody(route, compiled, pathParams);
      if (body) bodies.push(hoist(route.command ? { ...body, title: route.command } : body, `${route.operation}Input`));
      const response = route.command ? { ...probed.response, title: route.command } : probed.response;
      responses.push(hoist(response, method === 'GET' ? route.operation : `${route.operation}Result`));
    }
    if (commands.length > 0) {
      const optional = group.some((r) => r.command === undefined);
      parameters.push({ name: 'command', in: 'query', required: !optional, schema: { type: 'string', enum: commands } });
    }
    for (const name of queryParams) parameters.push({ name, in: 'query', required: false, schema: { type: 'string' } });
    const anonymous = group.every((r) => r.anonymous);
    const operation: Schema = {
      // Method and path are unique together, so this is too.
      operationId: operationIdOf(method, path),
      tags: [tagOf(group[0]!.path)],
      summary: groupSummary(method, group),
      description: [
        `Runs the GraphQL operation${group.length > 1 ? 's' : ''} ${group.map((r) => `${r.operation}${r.command ? ` (command=${r.command})` : ''}`).join(', ')} (rest-compat/operations).`,
        ...group.flatMap((r) => (r.notes ? [r.notes] : [])),
      ].join(' '),
      parameters: [{ $ref: '#/components/parameters/TenantId' }, ...parameters],
      ...(anonymous ? { security: [] } : {}),
      ...(bodies.length > 0
        ? { requestBody: { required: group.every((r) => r.body !== undefined && r.body !== 'none'), content: { 'application/json': { schema: bodies.length === 1 ? bodies[0] : { anyOf: bodies } } } } }
        : {}),
      responses: {
        '200': { description: 'Success.', content: { 'application/json': { schema: responses.length === 1 ? responses[0] : { anyOf: responses } } } },
        ...errorResponses(),
      },
    };
    (paths[path] ??= {})[method.toLowerCase()] = operation;
  }
  for (const fixed of fixedRoutes) {
    const path = openApiPath(fixed.path);
    const pathParams = [...fixed.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const answer = fixed.answer({ params: {}, query: new URLSearchParams(), body: {}, rawBody: '', headers: {} });
    (paths[path] ??= {}).get = {
      operationId: operationIdOf('GET', path),
      tags: [tagOf(fixed.path)],
      summary: `Get ${tagOf(fixed.path)} (not offered: an empty answer)`,
      description: "A Fineract feature this service does not offer. It answers what Fineract answers when the feature is unused, so Fineract's clients open their screens.",
      parameters: [{ $ref: '#/components/parameters/TenantId' }, ...pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }))],
      responses: { '200': { description: 'Success.', content: { 'application/json': { schema: schemaOfValue(answer) } } }, ...errorResponses() },
    };
  }
  const byTag = (a: string, b: string) => tagRank(a) - tagRank(b) || a.localeCompare(b);
  const tags = [...new Set([...routes.map((r) => r.path), ...fixedRoutes.map((r) => r.path)].map(tagOf))].sort(byTag);
  // Swagger UI lists tags in the order their paths come: the paths follow the tags' reading order.
  const ordered = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => byTag(tagOf(a), tagOf(b))));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Open core banking: Fineract-compatible REST API',
      version,
      description:
        'Every /v1 path the service answers, generated from its route table and GraphQL types. Dates in request bodies follow the ' +
        "body's `dateFormat` and `locale` (ISO 8601 `yyyy-MM-dd` when no `dateFormat` is sent); dates in answers are `[year, month, day]` arrays. See docs/interface.md.",
    },
    servers: [{ url: '/api/v1', description: 'This service' }, { url: '/fineract-provider/api/v1', description: "Fineract's path prefix, for its clients" }],
    // Any one of the schemes authenticates a request.
    security: [{ basicAuth: [] }, { apiKeyAuth: [] }, { bearerAuth: [] }],
    tags: tags.map((name) => ({ name, description: tagDescription(name) })),
    paths: ordered,
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: "Fineract's scheme: the `base64EncodedAuthenticationKey` from POST /authentication, or base64(username:password)." },
        apiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key issued to a user (POST /users/{userId}/apikeys), for integrations.' },
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The same API key sent as `Authorization: Bearer <key>`.' },
      },
      parameters: {
        TenantId: { name: 'Service-Platform-TenantId', in: 'header', required: false, schema: { type: 'string' }, description: 'The tenant (also Fineract-Platform-TenantId, or the tenantIdentifier query parameter).' },
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSE_NAMES).map(([status, name]) => [
          name,
          { description: ERROR_STATUSES[status], content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
        ]),
      ),
      schemas,
    },
  };
}

/** The document for the edge: built on first request, then the same bytes every time. */
export function openApiDocument(schema: GraphQLSchema, routes: readonly Route[], version: string, fixedRoutes: readonly FixedRoute[] = []): () => string {
  let text: string | undefined;
  return () => (text ??= JSON.stringify(buildOpenApi(schema, routes, version, fixedRoutes)));
}
