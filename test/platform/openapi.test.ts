import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ROUTES } from '../../rest-compat/routes/index.js';
import { openApiPath } from '../../router/openapi.js';
import { assertDocumented, deref, schemaErrors } from '../support/openapi.js';
import { TestService, type HttpResult, type TenantSession } from '../support/service.js';

const run = promisify(execFile);
const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The parts of an OpenAPI document these checks read. */
interface SchemaObject {
  [key: string]: unknown;
  type?: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean;
  enum?: string[];
  description?: string;
}
interface Parameter { name: string; in: string; required?: boolean; schema: SchemaObject; $ref?: string }
interface Operation {
  operationId: string;
  summary: string;
  parameters: Parameter[];
  requestBody: { content: Record<string, { schema: SchemaObject }> };
  responses: Record<string, { $ref?: string; description?: string; content: Record<string, { schema: SchemaObject }> }>;
  security?: unknown[];
}
interface Document {
  openapi: string;
  tags: { name: string; description?: string }[];
  security: Record<string, unknown[]>[];
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    parameters: Record<string, Parameter>;
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }>;
    schemas: Record<string, SchemaObject>;
    responses: Record<string, { description: string; content: Record<string, { schema: SchemaObject }> }>;
  };
}

/** Every `$ref` in the document, with where it is. */
function refs(value: unknown, at = '#'): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refs(v, `${at}/${i}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [[at, v] as [string, string]] : refs(v, `${at}/${k}`)));
  }
  return [];
}

describe('OpenAPI 3.1 document of every /v1 path', () => {
  let service: TestService;
  let doc: Document;
  const at = (schema: SchemaObject): SchemaObject => deref(doc, schema);
  before(async () => {
    service = await TestService.start();
    const res = await service.request('GET', '/api/v1/openapi.json', { tenant: null, auth: null });
    assert.equal(res.status, 200, res.text);
    doc = res.body;
  });
  after(async () => service.stop());

  test('served publicly (no tenant, no credentials) at /api/v1/openapi.json and under /fineract-provider, the same document', async () => {
    const alias = await service.request('GET', '/fineract-provider/api/v1/openapi.json');
    assert.equal(alias.status, 200);
    assert.match(String(alias.headers['content-type']), /application\/json/);
    assert.deepEqual(alias.body, doc);
  });

  test('valid OpenAPI 3.1 by @apidevtools/swagger-parser (schema and references)', async () => {
    // validate() dereferences in place: it gets its own copy.
    await SwaggerParser.validate(structuredClone(doc) as unknown as Parameters<typeof SwaggerParser.validate>[0]);
  });

  test('structurally valid OpenAPI 3.1: info, servers, operations with responses, declared path parameters, unique operationIds, resolvable $refs', () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(typeof doc.info.title, 'string');
    assert.equal(typeof doc.info.version, 'string');
    assert.deepEqual(doc.servers.map((s: { url: string }) => s.url), ['/api/v1', '/fineract-provider/api/v1']);
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      assert.match(path, /^\//, path);
      for (const [method, operation] of Object.entries(item)) {
        assert.ok(METHODS.has(method), `${path}: ${method} is not an HTTP method`);
        assert.ok(operation.responses && Object.keys(operation.responses).length > 0, `${method} ${path} has no responses`);
        for (const [status, listed] of Object.entries(operation.responses)) {
          const response = listed.$ref ? doc.components.responses[listed.$ref.split('/').pop()!]! : listed;
          assert.match(status, /^[1-5]\d\d$|^default$/);
          assert.equal(typeof response.description, 'string', `${method} ${path} ${status} needs a description`);
        }
        assert.ok(!operationIds.has(operation.operationId), `duplicate operationId ${operation.operationId}`);
        operationIds.add(operation.operationId);
        const parameters = operation.parameters.map((p) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()!]! : p));
        const seen = new Set<string>();
        for (const p of parameters) {
          assert.ok(['path', 'query', 'header', 'cookie'].includes(p.in), `${method} ${path}: parameter ${p.name} in ${p.in}`);
          assert.ok(p.schema, `${method} ${path}: parameter ${p.name} has no schema`);
          assert.ok(!seen.has(`${p.in}:${p.name}`), `${method} ${path}: parameter ${p.name} twice`);
          seen.add(`${p.in}:${p.name}`);
        }
        const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        const declared = parameters.filter((p) => p.in === 'path').map((p) => p.name).sort();
        assert.deepEqual(declared, templated, `${method} ${path}: path parameters`);
        for (const p of parameters.filter((q) => q.in === 'path')) assert.equal(p.required, true);
      }
    }
    for (const [at, ref] of refs(doc)) {
      const target = ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
      assert.ok(target, `${at}: ${ref} does not resolve`);
    }
    assert.ok(doc.components.securitySchemes.basicAuth);
    assert.deepEqual(doc.paths['/authentication']!.post!.security, [], 'login needs no credentials');
  });

  test('every route of the REST table appears, with its method and command', () => {
    assert.ok(ROUTES.length > 100);
    for (const route of ROUTES) {
      const operation = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      assert.ok(operation, `${route.method} ${route.path} is missing`);
      if (route.command) {
        const command = operation.parameters.find((p: { name: string }) => p.name === 'command');
        assert.ok(command?.schema.enum?.includes(route.command), `${route.method} ${route.path}?command=${route.command} is missing`);
      }
    }
  });

  test('bodies as they are sent: dates with dateFormat and locale in, [y, m, d] arrays out, unknown keys refused, the error envelope', () => {
    const create = at(doc.paths['/offices']!.post!.requestBody.content['application/json']!.schema);
    assert.equal(create.properties!.openingDate!.type, 'string');
    assert.ok(create.properties!.dateFormat && create.properties!.locale);
    assert.equal(create.additionalProperties, false);
    const office = at(doc.paths['/offices/{officeId}']!.get!.responses['200']!.content['application/json']!.schema);
    assert.equal(office.properties!.openingDate!.type, 'array');
    assert.ok(office.required!.includes('id'), 'non-null fields are required');
    assert.ok(!office.required!.includes('parentId'), 'nullable fields are not (nulls are omitted)');
    const client = at(doc.paths['/clients/{clientId}']!.get!.responses['200']!.content['application/json']!.schema);
    assert.match(client.properties!.cif!.description!, /CIF/, "fields carry the GraphQL schema's descriptions");
    assert.deepEqual(doc.paths['/offices']!.post!.responses['400'], { $ref: '#/components/responses/BadRequest' });
    assert.deepEqual(doc.components.responses.BadRequest!.content['application/json']!.schema, { $ref: '#/components/schemas/ErrorEnvelope' });
    assert.deepEqual(schemaErrors(doc, { $ref: '#/components/schemas/ErrorEnvelope' }, { developerMessage: 'x' }).length > 0, true, 'an envelope without its fields is refused');
  });

  test('a reference people can read: shared components, sentences for summaries, a line per tag, every way to authenticate', () => {
    const text = JSON.stringify(doc);
    // Every object of three or more fields is written once, in components, and referred to.
    assert.ok(Object.keys(doc.components.schemas).length > 100, 'object schemas are shared components');
    assert.ok(refs(doc).length > 1000);
    // The envelope and its error items each name the field twice (required, properties): written once.
    assert.equal((text.match(/"defaultUserMessage"/g) ?? []).length, 4, 'the error envelope is written once');
    // Inline, the document took 8,650 bytes a path (1.35 MB for 156 paths); shared, under 6,000 however many paths there are.
    const perPath = text.length / Object.keys(doc.paths).length;
    assert.ok(perPath < 6000, `the document is ${text.length} bytes, ${Math.round(perPath)} a path`);
    const summaries = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.summary));
    for (const summary of summaries) assert.match(summary, /^[A-Z][a-z]+( |$)/, `"${summary}" reads as a sentence`);
    assert.equal(doc.paths['/glaccounts/{glAccountId}']!.put!.summary, 'Update GL account');
    assert.equal(doc.paths['/clients']!.get!.summary, 'Get clients');
    for (const tag of doc.tags) assert.ok(tag.description && tag.description.length > 10, `tag ${tag.name} is described`);
    assert.deepEqual(doc.components.securitySchemes.apiKeyAuth, { ...doc.components.securitySchemes.apiKeyAuth, type: 'apiKey', in: 'header', name: 'X-API-Key' });
    assert.equal(doc.components.securitySchemes.bearerAuth!.scheme, 'bearer');
    assert.deepEqual(doc.security, [{ basicAuth: [] }, { apiKeyAuth: [] }, { bearerAuth: [] }]);
    // Served paths outside the route table are documented too.
    for (const path of ['/datatables', '/fieldconfiguration/{entity}', '/notifications']) assert.ok(doc.paths[path]?.get, `${path} is documented`);
    assert.match(JSON.stringify(at(doc.paths['/offices']!.post!.requestBody.content['application/json']!.schema).properties!.openingDate), /ISO 8601/);
  });

  test("Redocly's recommended rules: no errors, and only the warnings docs/api-reference.md justifies", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oas-'));
    try {
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
      const cli = fileURLToPath(new URL('../../../node_modules/@redocly/cli/bin/cli.js', import.meta.url));
      const { stdout } = await run(process.execPath, [cli, 'lint', join(dir, 'openapi.json'), '--format=json'], { maxBuffer: 64 * 1024 * 1024, timeout: 240_000 }).catch((e: { stdout: string }) => e);
      const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; severity: string; message: string }[] };
      assert.deepEqual(report.problems.filter((p) => p.severity === 'error'), []);
      assert.deepEqual([...new Set(report.problems.map((p) => p.ruleId))].sort(), ['info-license', 'no-ambiguous-paths']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('what the service answers matches what the document says', () => {
    let admin: TenantSession;
    const seen: [string, string, HttpResult][] = [];
    const call = async (method: string, path: string, body?: unknown): Promise<HttpResult> => {
      const res = await admin.request(method, `/api/v1${path}`, body === undefined ? {} : { body });
      seen.push([method, path, res]);
      return res;
    };
    before(async () => {
      admin = await service.tenant('oas');
    });

    test('a branch, a client, a savings account, deposits and withdrawals, journal entries, refusals', async () => {
      const office = await call('POST', '/offices', { name: 'Docs Branch', parentId: 1, openingDate: '2024-01-01', ...iso });
      await call('GET', `/offices/${office.body.resourceId}`);
      await call('GET', '/offices');
      const client = await call('POST', '/clients', { officeId: office.body.resourceId, legalFormId: 1, firstname: 'Ada', lastname: 'Docs', active: true, activationDate: '2025-01-01', ...iso });
      await call('GET', `/clients/${client.body.clientId}`);
      await call('GET', '/clients?limit=5');
      const products = await call('GET', '/savingsproducts');
      const savings = products.body.find((p: { name: string }) => p.name === 'Primary Savings').id;
      const account = await call('POST', '/savingsaccounts', { clientId: client.body.clientId, productId: savings, submittedOnDate: '2025-01-02', ...iso });
      await call('POST', `/savingsaccounts/${account.body.savingsId}?command=activate`, {});
      const today = new Date().toISOString().slice(0, 10);
      await call('POST', `/savingsaccounts/${account.body.savingsId}/transactions?command=deposit`, { transactionDate: today, transactionAmount: 1500.5, paymentTypeId: 2, ...iso });
      await call('POST', `/savingsaccounts/${account.body.savingsId}/transactions?command=withdrawal`, { transactionDate: today, transactionAmount: 100, paymentTypeId: 2, ...iso });
      await call('GET', `/savingsaccounts/${account.body.savingsId}`);
      await call('GET', `/savingsaccounts/${account.body.savingsId}/transactions`);
      await call('GET', '/journalentries?limit=5');
      await call('GET', '/glaccounts');
      await call('GET', '/paymenttypes');
      await call('GET', '/configurations');
      await call('GET', '/businessdate');
      await call('GET', '/loanproducts');
      await call('GET', '/tellers');
      await call('GET', '/hooks/template');
      await call('GET', '/roles');
      await call('GET', '/users');
      await call('GET', '/staff');
      // Refusals: an unknown key (400), someone else's record (404), a rule (403).
      await call('POST', '/offices', { name: 'X', parentId: 1, openingDate: '2024-01-01', colour: 'red', ...iso });
      await call('GET', '/clients/999999');
      await call('POST', `/savingsaccounts/${account.body.savingsId}/transactions?command=withdrawal`, { transactionDate: today, transactionAmount: 1e9, paymentTypeId: 2, ...iso });

      const statuses = new Set(seen.map(([, , res]) => res.status));
      for (const status of [200, 400, 403, 404]) assert.ok(statuses.has(status), `saw a ${status}`);
      for (const [method, path, res] of seen) assertDocumented(doc, method, path, res);
    });
  });
});
