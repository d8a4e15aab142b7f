import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { graphqlMediaType } from '../../router/graphql-http.js';
import { TestService, type HttpResult, type RequestOptions, type TenantSession } from '../support/service.js';

/**
 * Issue 24 item 2: GraphQL over HTTP (the GraphQL-over-HTTP specification) for both response media types:
 * every error has a code, credentials are 401 on both, and the status follows the media type.
 */
const JSON_TYPE = 'application/json';
const GRAPHQL_RESPONSE = 'application/graphql-response+json';
const MEDIA_TYPES = [JSON_TYPE, GRAPHQL_RESPONSE] as const;
const TELLER = 320018;

const codesOf = (res: HttpResult): unknown[] => ((res.body?.errors ?? []) as { extensions?: { code?: unknown } }[]).map((e) => e.extensions?.code);

function assertMediaType(res: HttpResult, mediaType: string, what: string): void {
  assert.equal(String(res.headers['content-type']).split(';')[0], mediaType, `${what}: content type ${res.headers['content-type']}`);
}

describe('GraphQL over HTTP: statuses, media types and codes', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  const post = (mediaType: string, body: unknown, options: RequestOptions = {}) =>
    t.request('POST', '/graphql', { body, ...options, headers: { accept: mediaType, ...options.headers } });

  test('missing or invalid credentials are 401 error.msg.not.authenticated under both media types', async () => {
    const callers: [string, RequestOptions][] = [
      ['no Authorization', { auth: null }],
      ['a wrong password', { auth: 'admin:wrong' }],
      ['an unknown key', { auth: 'bm90LWEta2V5' }],
      ['a malformed Authorization', { auth: null, headers: { authorization: 'Bearer x' } }],
      ['an unknown tenant', { tenant: 'no-such-tenant' }],
    ];
    for (const mediaType of MEDIA_TYPES) {
      for (const [label, options] of callers) {
        const res = await post(mediaType, { query: '{ offices { id } }' }, { ...options, headers: { accept: mediaType, ...options.headers } });
        assert.equal(res.status, 401, `${label}, ${mediaType}: ${res.text}`);
        assert.deepEqual(codesOf(res), ['error.msg.not.authenticated'], `${label}, ${mediaType}`);
        assert.equal(res.body.data ?? null, null, `${label}: no data`);
        assertMediaType(res, mediaType, label);
      }
    }
    // A subscription stream (SSE) too: its 200 would go out before its first event could say so.
    const stream = await post('text/event-stream', { query: 'subscription { officeCreated { id } }' }, { auth: null, headers: { accept: 'text/event-stream' } });
    assert.equal(stream.status, 401, stream.text);
    assert.deepEqual(codesOf(stream), ['error.msg.not.authenticated']);
    // What an anonymous caller may do (log in) is still answered 200.
    const login = await post(GRAPHQL_RESPONSE, { query: 'mutation { authenticate(username: "admin", password: "password") { authenticated } }' }, { auth: null });
    assert.equal(login.status, 200, login.text);
    assert.equal(login.body.data.authenticate.authenticated, true);
  });

  test('a field the caller may not read is error.msg.not.authorized under both media types', async () => {
    const teller = await t.userWithRoles([TELLER]);
    for (const mediaType of MEDIA_TYPES) {
      const res = await teller.request('POST', '/graphql', { body: { query: '{ glAccounts { id } }' }, headers: { accept: mediaType } });
      assert.deepEqual(codesOf(res), ['error.msg.not.authorized'], `${mediaType}: ${res.text}`);
      assert.equal(res.body.errors[0].extensions.status, 403);
      assertMediaType(res, mediaType, 'forbidden');
    }
  });

  test('validation refusals: 400 under graphql-response+json, 200 with errors under application/json', async () => {
    const documents = ['{ offices { idx } }', '{ office(id: "abc") { id } }', '{ offices }', 'query { nope }'];
    for (const query of documents) {
      const strict = await post(GRAPHQL_RESPONSE, { query });
      assert.equal(strict.status, 400, `${query}: ${strict.text}`);
      assert.deepEqual(codesOf(strict), codesOf(strict).map(() => 'GRAPHQL_VALIDATION_FAILED'), query);
      assertMediaType(strict, GRAPHQL_RESPONSE, query);
      assert.equal(strict.body.data, undefined, 'a request error has no data');
      const legacy = await post(JSON_TYPE, { query });
      assert.equal(legacy.status, 200, `${query}: ${legacy.text}`);
      assert.deepEqual(codesOf(legacy), codesOf(strict), query);
      assertMediaType(legacy, JSON_TYPE, query);
    }
  });

  test('cost and depth refusals are 400 under both media types (the edge refuses them before planning)', async () => {
    const deep = `{ offices ${'{ id '.repeat(13)}${'}'.repeat(14)}`;
    const costly = `{ clients(limit: 200) { pageItems { savingsAccounts(limit: 200) { transactions(limit: 200) { id amount } } } } }`;
    for (const mediaType of MEDIA_TYPES) {
      for (const [query, code] of [[deep, 'error.msg.graphql.depth.limit.exceeded'], [costly, 'error.msg.graphql.cost.limit.exceeded']] as const) {
        const res = await post(mediaType, { query });
        assert.equal(res.status, 400, res.text);
        assert.deepEqual(codesOf(res), [code]);
        assertMediaType(res, mediaType, code);
      }
    }
  });

  test('every error carries extensions.code, none is a server error, and the status is 4xx or 200', async () => {
    const requests: [string, string, RequestOptions][] = [
      ['parse error', 'POST', { body: { query: '{ offices { id ' } }],
      ['unknown field', 'POST', { body: { query: '{ offices { idx } }' } }],
      ['no query', 'POST', { body: {} }],
      ['query not a string', 'POST', { body: { query: 5 } }],
      ['variables not an object', 'POST', { body: { query: '{ offices { id } }', variables: 'x' } }],
      ['Int variable not a number', 'POST', { body: { query: 'query($id: Int!) { office(id: $id) { id } }', variables: { id: 'abc' } } }],
      ['missing required variable', 'POST', { body: { query: 'query($id: Int!) { office(id: $id) { id } }' } }],
      ['Boolean variable not a boolean', 'POST', { body: { query: 'query($v: Boolean) { glAccounts(disabled: $v) { id } }', variables: { v: 'maybe' } } }],
      ['several operations without operationName', 'POST', { body: { query: 'query A { offices { id } } query B { offices { id } }' } }],
      ['unknown operationName', 'POST', { body: { query: 'query A { offices { id } }', operationName: 'B' } }],
      ['a record that is not there', 'POST', { body: { query: '{ office(id: 999999) { id } }' } }],
      ['a Decimal that is not one', 'POST', { body: { query: 'mutation($i: SavingsTransactionInput!) { depositToSavingsAccount(savingsAccountId: 1, input: $i) { __typename } }', variables: { i: { transactionAmount: 'abc', transactionDate: '2026-01-01', paymentTypeId: 1 } } } }],
      ['a JSONObject that is a list', 'POST', { body: { query: 'mutation { updateRolePermissions(id: 1, permissions: [1]) { __typename } }' } }],
      ['invalid JSON', 'POST', { rawBody: '{"query": ' }],
      ['a batch', 'POST', { body: [{ query: '{ offices { id } }' }] }],
      ['a mutation over GET', 'GET', {}],
      ['GET variables not JSON', 'GET', {}],
    ];
    const getUrls: Record<string, string> = {
      'a mutation over GET': `/graphql?query=${encodeURIComponent('mutation { logout }')}`,
      'GET variables not JSON': `/graphql?query=${encodeURIComponent('{ offices { id } }')}&variables=%7B`,
    };
    for (const mediaType of MEDIA_TYPES) {
      for (const [label, method, options] of requests) {
        const res = await t.request(method, getUrls[label] ?? '/graphql', { ...options, headers: { accept: mediaType } });
        const errors = (res.body?.errors ?? []) as { extensions?: { code?: unknown } }[];
        assert.ok(errors.length > 0, `${label}, ${mediaType}: ${res.status} ${res.text}`);
        for (const error of errors) assert.equal(typeof error.extensions?.code, 'string', `${label}, ${mediaType}: ${res.text}`);
        assert.ok(!res.text.includes('error.msg.platform.server.side.error'), `${label}: ${res.text}`);
        assert.ok(res.status === 200 || (res.status >= 400 && res.status < 500), `${label}, ${mediaType}: ${res.status}`);
        // A request error (no data entry at all; a field error leaves data: null) is 4xx under graphql-response+json.
        if (mediaType === GRAPHQL_RESPONSE && !('data' in res.body)) assert.ok(res.status >= 400, `${label}: a request error is 4xx under ${mediaType}: ${res.text}`);
        assertMediaType(res, mediaType, label);
      }
    }
  });

  test('a variable GraphQL cannot coerce is 400 BAD_USER_INPUT naming the variable, under both media types', async () => {
    for (const mediaType of MEDIA_TYPES) {
      const res = await post(mediaType, { query: 'query($id: Int!) { office(id: $id) { id } }', variables: { id: 'abc' } });
      assert.equal(res.status, 400, res.text);
      assert.deepEqual(codesOf(res), ['BAD_USER_INPUT']);
      assert.match(res.body.errors[0].message, /\$id/);
    }
  });

  test('the answer is in the media type the caller prefers', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, JSON_TYPE],
      ['*/*', JSON_TYPE],
      [`${GRAPHQL_RESPONSE}, ${JSON_TYPE};q=0.9`, GRAPHQL_RESPONSE],
      [`${JSON_TYPE}, ${GRAPHQL_RESPONSE};q=0.5`, JSON_TYPE],
      [`${JSON_TYPE};q=0.5, ${GRAPHQL_RESPONSE}`, GRAPHQL_RESPONSE],
      ['text/html', JSON_TYPE],
    ];
    for (const [accept, expected] of cases) assert.equal(graphqlMediaType(accept), expected, String(accept));
    for (const [accept, expected] of cases) {
      const res = await post(accept ?? '', { query: '{ offices { id } }' });
      assert.equal(res.status, 200, `${accept}: ${res.status} ${res.text}`);
      assertMediaType(res, expected, String(accept));
      assert.deepEqual(res.body.data.offices, [{ id: 1 }]);
    }
  });
});
