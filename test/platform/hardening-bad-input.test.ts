import assert from 'node:assert/strict';
import { request as httpsRequest } from 'node:https';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';

/**
 * Issue 7 point 7: "locale":"!!", a NUL in a name, a lone surrogate, /offices/%E0 and ?limit=abc gave
 * 500s (or a 404); an oversized body reset the connection; other content types were parsed as JSON.
 */
describe('hardening: bad input is a 4xx with a code, never a 500', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start({ captureLogs: true });
    t = await service.tenant();
  });
  after(async () => service.stop());

  test('"locale":"!!" on a dated request is 400', async () => {
    const office = await t.post('/offices', { name: 'Locale', parentId: 1, openingDate: '01 January 2024', dateFormat: 'dd MMMM yyyy', locale: '!!' });
    assertError(office, 400, 'validation.msg.invalid.locale.format');
    const numeric = await t.post('/offices', { name: 'Locale2', parentId: 1, openingDate: '2024-01-01', dateFormat: 'yyyy-MM-dd', locale: '!!' });
    assertError(numeric, 400, 'validation.msg.invalid.locale.format');
    const login = await service.request('POST', '/api/v1/authentication', { tenant: t.tenant, body: { username: 'admin', password: 'password', locale: '!!' } });
    assert.ok(login.status < 500, login.text);
  });

  test('a NUL character or a lone surrogate in a name is 400', async () => {
    for (const name of ['Bad\u0000Name', 'Bad \ud800 Name']) {
      const res = await t.post('/offices', { name, parentId: 1, openingDate: '2024-01-01', dateFormat: 'yyyy-MM-dd', locale: 'en' });
      assertError(res, 400, 'validation.msg.invalid.characters');
    }
    const raw = await t.request('POST', '/api/v1/offices', { rawBody: '{"name":"x\\ud800","parentId":1}' });
    assertError(raw, 400, 'validation.msg.invalid.characters');
    const query = await t.get('/clients?displayName=a%00b');
    assertError(query, 400, 'validation.msg.invalid.characters');
    const gql = await t.graphql('query($n: String) { clients(displayName: $n) { totalFilteredRecords } }', { n: 'a\u0000b' });
    assert.equal(gql.status, 400, gql.text);
    assert.equal(gql.body.errors?.[0]?.extensions?.code, 'validation.msg.invalid.characters');
  });

  test('bad percent-encoding in a path is 400; a non-numeric limit is 400, not 404', async () => {
    assertError(await t.get('/offices/%E0'), 400, 'error.msg.invalid.path.encoding');
    assertError(await t.get('/clients?limit=abc'), 400, 'validation.msg.invalid.integer.format');
    assertError(await t.get('/offices/abc'), 404, 'error.msg.resource.not.found');
    const capped = await t.get('/clients?limit=1000');
    assert.equal(capped.status, 200, 'REST clamps page sizes to 200 as Fineract does');
  });

  test('a body over the limit is a readable 413, not a reset connection', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) });
    const res = await t.request('POST', '/api/v1/offices', { rawBody: big });
    assertError(res, 413, 'error.msg.request.body.too.large');
    const chunked = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpsRequest(`${service.edge.url}/api/v1/offices`, {
        method: 'POST', ca: service.caCertificate,
        headers: { 'content-type': 'application/json', 'Service-Platform-TenantId': t.tenant, authorization: `Basic ${t.key}` },
      }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      for (let i = 0; i < 40; i++) req.write('x'.repeat(64 * 1024)); // 2.5 MB, no Content-Length
      req.end();
    });
    assert.equal(chunked.status, 413);
    assert.equal(JSON.parse(chunked.text).userMessageGlobalisationCode, 'error.msg.request.body.too.large');
  });

  test('deeply nested JSON is 400, not a stack overflow', async () => {
    const res = await t.request('POST', '/api/v1/offices', { rawBody: `{"name":${'['.repeat(300_000)}${']'.repeat(300_000)}}` });
    assertError(res, 400, 'error.msg.invalid.request.body');
  });

  test('other content types on JSON endpoints are 415', async () => {
    const form = await t.request('POST', '/api/v1/offices', { rawBody: 'name=x&parentId=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assertError(form, 415, 'error.msg.unsupported.media.type');
    const text = await t.request('POST', '/graphql', { rawBody: '{ offices { id } }', headers: { 'content-type': 'text/plain' } });
    assert.equal(text.status, 415);
    const withCharset = await t.request('POST', '/api/v1/authentication', { rawBody: '{"username":"admin","password":"password"}', headers: { 'content-type': 'application/json; charset=utf-8' }, auth: null });
    assert.equal(withCharset.status, 200);
  });

  test('a masked 500 is logged with its request id', async () => {
    const offices = service.services.organisation.offices;
    const original = offices.list.bind(offices);
    offices.list = async () => {
      throw new Error('boom: simulated bug');
    };
    try {
      const res = await t.get('/offices', { headers: { 'x-request-id': 'req-hardening-500' } });
      assertError(res, 500, 'error.msg.platform.server.side.error');
      assert.equal(res.headers['x-request-id'], 'req-hardening-500');
      assert.ok(!res.text.includes('boom'), 'the cause is not shown');
      await new Promise((r) => setTimeout(r, 50));
      const line = service.logs.find((l) => l.requestId === 'req-hardening-500' && l.level === 50);
      assert.ok(line, 'an error-level line carries the request id');
    } finally {
      offices.list = original;
    }
  });
});
