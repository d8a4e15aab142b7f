import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService, type HttpResult, type RequestOptions, type TenantSession } from '../support/service.js';

const BRANCH_MANAGER = 320007;
/** What a REST caller must never read: GraphQL's variable names, paths and type texts. */
const GRAPHQL_INTERNALS = /\$\w|Variable|input\.|32-bit|Int cannot|GraphQL|of required type|non-nullable/;

/** The status and code a caller reads, whichever protocol it spoke. */
function verdict(res: HttpResult): { status: number; code: string } {
  const code = res.body?.userMessageGlobalisationCode ?? res.body?.errors?.[0]?.extensions?.code;
  return { status: res.status, code };
}

/** Issue 8 item 5: one authentication at the edge for REST and GraphQL; REST errors in REST terms. */
describe('an edge that authenticates once', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  const both = (options: RequestOptions) =>
    Promise.all([
      service.request('GET', '/api/v1/offices', options),
      service.request('POST', '/graphql', { ...options, body: { query: '{ offices { id } }' } }),
    ]);

  test('REST and GraphQL give every caller the same verdict', async () => {
    const cases: [string, RequestOptions, number, string][] = [
      ['wrong key', { tenant: t.tenant, auth: 'bm90LWEta2V5' }, 401, 'error.msg.not.authenticated'],
      ['wrong password', { tenant: t.tenant, auth: 'admin:wrong' }, 401, 'error.msg.not.authenticated'],
      ['malformed Authorization', { tenant: t.tenant, headers: { authorization: 'Bearer x' } }, 401, 'error.msg.not.authenticated'],
      ['unknown tenant, valid key elsewhere', { tenant: 'no-such-tenant', auth: t.key }, 401, 'error.msg.not.authenticated'],
      ['no tenant', { tenant: null, auth: t.key }, 400, 'error.msg.tenant.identifier.missing'],
    ];
    for (const [label, options, status, code] of cases) {
      const [rest, graphql] = await both(options);
      assert.deepEqual(verdict(rest), { status, code }, `REST, ${label}: ${rest.text}`);
      assert.deepEqual(verdict(graphql), { status, code }, `GraphQL, ${label}: ${graphql.text}`);
      assert.equal(rest.body.developerMessage, graphql.body.errors[0].message, `same words, ${label}`);
    }
  });

  test('an authenticated caller is the same identity on both paths: a branch manager sees its own subtree', async () => {
    const branch = await t.branch();
    const manager = await t.userWithRoles([BRANCH_MANAGER], branch);
    for (const session of [manager, t]) {
      const rest = await session.get('/offices');
      const graphql = await session.graphql<{ offices: { id: number }[] }>('{ offices { id } }');
      assert.equal(rest.status, 200, rest.text);
      assert.deepEqual(graphql.body.data!.offices.map((o) => o.id), (rest.body as { id: number }[]).map((o) => o.id));
    }
    assert.deepEqual(((await manager.get('/offices')).body as { id: number }[]).map((o) => o.id), [branch]);
    // The tenant as Fineract clients send it (?tenantIdentifier=) is read by the same code for both paths.
    const [rest, graphql] = await Promise.all([
      service.request('GET', `/api/v1/offices?tenantIdentifier=${t.tenant}`, { auth: manager.key }),
      service.request('POST', `/graphql?tenantIdentifier=${t.tenant}`, { auth: manager.key, body: { query: '{ offices { id } }' } }),
    ]);
    assert.deepEqual((rest.body as { id: number }[]).map((o) => o.id), [branch]);
    assert.deepEqual((graphql.body.data.offices as { id: number }[]).map((o) => o.id), [branch]);
  });

  test('a caller refused by authentication gets no route knowledge: 401 before the path is looked up', async () => {
    const res = await service.request('GET', '/api/v1/no-such-thing', { tenant: t.tenant, auth: 'admin:wrong' });
    assert.deepEqual(verdict(res), { status: 401, code: 'error.msg.not.authenticated' });
  });
});

describe('GraphQL coercion reaches REST callers as 400 in REST field names', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  const byParameter = (res: HttpResult) =>
    Object.fromEntries((res.body.errors as { parameterName: string; userMessageGlobalisationCode: string }[]).map((e) => [e.parameterName, e.userMessageGlobalisationCode]));

  function assertRestOnly(res: HttpResult): void {
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.httpStatusCode, '400');
    assert.doesNotMatch(res.text, GRAPHQL_INTERNALS);
  }

  test('an office with every field wrong: each one reported, by its REST name', async () => {
    const noFormat = await t.post('/offices', { name: 5, parentId: 'abc', openingDate: 'x' });
    assertRestOnly(noFormat);
    assert.deepEqual(byParameter(noFormat), {
      parentId: 'validation.msg.invalid.integer.format',
      dateFormat: 'validation.msg.missing.dateFormat.parameter',
      locale: 'validation.msg.missing.locale.parameter',
    }, 'a number for a text field is its text, as in Fineract; both missing date parameters are named');
    const withFormat = await t.post('/offices', { name: ['x'], parentId: 'abc', openingDate: 'x', dateFormat: 'yyyy-MM-dd', locale: 'en', externalId: 99999999999 });
    assertRestOnly(withFormat);
    assert.deepEqual(byParameter(withFormat), {
      name: 'validation.msg.invalid.type',
      parentId: 'validation.msg.invalid.integer.format',
      openingDate: 'validation.msg.invalid.dateFormat.format',
    });
    assert.equal((await t.get('/offices')).body.length, 1, 'nothing was written');
  });

  test('what only GraphQL requires (a nested required field, a null in a list) is said in REST names too', async () => {
    const res = await t.post('/hooks', {
      name: 'Web', displayName: 'Probe', isActive: true,
      events: [{ actionName: 'CREATE' }, null, { entityName: 'CLIENT', actionName: 7.5 }],
      config: { 'Payload URL': 'https://example.com/hook', 'Content Type': 'json' },
    });
    assertRestOnly(res);
    // Under the route's resource, with the parameter's REST path, as Fineract names a journal entry's credits[0].glAccountId.
    assert.deepEqual(byParameter(res), {
      'events[0].entityName': 'validation.msg.hook.events[0].entityName.cannot.be.blank',
      'events[1]': 'validation.msg.hook.events[1].cannot.be.blank',
    });
  });

  test('journal lines: nested fields by their REST path, every one', async () => {
    const res = await t.post('/journalentries', {
      officeId: '1x', transactionDate: '2024-01-01', dateFormat: 'yyyy-MM-dd', locale: 'en', currencyCode: 'NGN',
      credits: [{ glAccountId: 3000000000, amount: 'ten' }], debits: 5,
    });
    assertRestOnly(res);
    assert.deepEqual(byParameter(res), {
      officeId: 'validation.msg.invalid.integer.format',
      'credits[0].glAccountId': 'validation.msg.invalid.integer.format',
      'credits[0].amount': 'validation.msg.invalid.decimal.format',
      debits: 'validation.msg.invalid.type',
    });
  });

  test('query parameters beyond 32 bits are 400 by name; path ids beyond 32 bits name no resource (404)', async () => {
    const limit = await t.get('/clients?limit=99999999999&officeId=abc');
    assertRestOnly(limit);
    assert.deepEqual(byParameter(limit), { limit: 'validation.msg.invalid.integer.format', officeId: 'validation.msg.invalid.integer.format' });
    const id = await t.get('/offices/99999999999');
    assert.equal(id.status, 404, id.text);
    assert.equal(id.body.userMessageGlobalisationCode, 'error.msg.resource.not.found');
    assert.doesNotMatch(id.text, GRAPHQL_INTERNALS);
  });

  test('a GraphQL caller still reads GraphQL\'s own words for the same mistake', async () => {
    const res = await t.graphql('mutation($input: CreateOfficeInput!) { createOffice(input: $input) { id } }', { input: { name: 'X', parentId: 'abc' } });
    assert.match(res.body.errors![0].message, /\$input/);
  });
});
