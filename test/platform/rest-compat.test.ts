import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { idempotencyLockName } from '../../subgraphs/platform/idempotency.js';
import { TestService, type TenantSession } from '../support/service.js';

describe('REST compatibility layer', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  test('unknown body keys are 400 error.msg.parameter.unsupported, one error per key, nothing written', async () => {
    const res = await t.post('/offices', { name: 'Nope', parentId: 1, colour: 'red', size: 3 });
    assert.equal(res.status, 400);
    assert.equal(res.body.userMessageGlobalisationCode, 'error.msg.parameter.unsupported');
    assert.deepEqual(res.body.errors.map((e: { parameterName: string }) => e.parameterName), ['colour', 'size']);
    assert.equal((await t.get('/offices')).body.length, 1);
  });

  test('invalid JSON is 400 error.msg.invalid.request.body in the envelope', async () => {
    const res = await t.request('POST', '/api/v1/offices', { rawBody: '{"name": ' });
    assert.equal(res.status, 400);
    assert.equal(res.body.userMessageGlobalisationCode, 'error.msg.invalid.request.body');
    assert.equal(res.body.httpStatusCode, '400');
  });

  test('dates: dateFormat + locale, French month names, unpadded days; out as [y, m, d]', async () => {
    const fr = await t.post('/offices', { name: 'Cotonou', parentId: 1, openingDate: '2 août 2024', dateFormat: 'd MMMM yyyy', locale: 'fr' });
    assert.equal(fr.status, 200, fr.text);
    assert.deepEqual((await t.get(`/offices/${fr.body.resourceId}`)).body.openingDate, [2024, 8, 2]);
    const en = await t.post('/offices', { name: 'Abuja', parentId: 1, openingDate: '2 august 2024', dateFormat: 'dd MMMM yyyy', locale: 'en' });
    assert.equal(en.status, 200, en.text);
    const slash = await t.post('/offices', { name: 'Kano', parentId: 1, openingDate: '05/09/2024', dateFormat: 'dd/MM/yyyy', locale: 'en_GB' });
    assert.deepEqual((await t.get(`/offices/${slash.body.resourceId}`)).body.openingDate, [2024, 9, 5]);
  });

  test('date errors: missing dateFormat, missing locale, unparsable date; an ISO date needs no dateFormat', async () => {
    const noFormat = await t.post('/offices', { name: 'A', parentId: 1, openingDate: '01 January 2024', locale: 'en' });
    assert.equal(noFormat.status, 400);
    assert.equal(noFormat.body.errors[0].userMessageGlobalisationCode, 'validation.msg.missing.dateFormat.parameter');
    // Fineract's clients send ISO 8601 dates without dateFormat and locale too.
    const iso = await t.post('/offices', { name: 'ISO dated', parentId: 1, openingDate: '2024-01-01' });
    assert.equal(iso.status, 200, iso.text);
    assert.deepEqual((await t.get(`/offices/${iso.body.resourceId}`)).body.openingDate, [2024, 1, 1]);
    const impossible = await t.post('/offices', { name: 'No such day', parentId: 1, openingDate: '2024-02-30' });
    assert.equal(impossible.status, 400);
    assert.equal(impossible.body.errors[0].userMessageGlobalisationCode, 'validation.msg.invalid.dateFormat.format');
    assert.match(impossible.body.errors[0].defaultUserMessage, /could not be read/);
    const noLocale = await t.post('/offices', { name: 'A', parentId: 1, openingDate: '2024-01-01', dateFormat: 'yyyy-MM-dd' });
    assert.equal(noLocale.body.errors[0].userMessageGlobalisationCode, 'validation.msg.missing.locale.parameter');
    const bad = await t.post('/offices', { name: 'A', parentId: 1, openingDate: '31 February 2024', dateFormat: 'dd MMMM yyyy', locale: 'en' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].userMessageGlobalisationCode, 'validation.msg.invalid.dateFormat.format');
    assert.equal(bad.body.errors[0].parameterName, 'openingDate');
  });

  test('null fields are omitted from responses', async () => {
    const head = (await t.get('/offices/1')).body;
    assert.ok(!('parentId' in head) && !('externalId' in head) && !('parentName' in head));
  });

  test('Idempotency-Key: replay returns the stored response once, with x-served-from-cache; other body is 422', async () => {
    const headers = { 'Idempotency-Key': 'office-create-001' };
    const first = await t.post('/offices', { name: 'Idem', parentId: 1 }, { headers });
    assert.equal(first.status, 200);
    assert.equal(first.headers['x-served-from-cache'], undefined);
    const replay = await t.post('/offices', { name: 'Idem', parentId: 1 }, { headers });
    assert.equal(replay.status, 200);
    assert.equal(replay.headers['x-served-from-cache'], 'true');
    assert.deepEqual(replay.body, first.body);
    assert.equal((await t.get('/offices')).body.filter((o: { name: string }) => o.name === 'Idem').length, 1, 'no second effect');
    const other = await t.post('/offices', { name: 'Idem 2', parentId: 1 }, { headers });
    assert.equal(other.status, 422);
  });

  /** Holds the key's lock as a first request still inside its transaction does, while `during` runs. */
  async function whileInFlight(key: string, during: () => Promise<void>): Promise<void> {
    const db = new pg.Client({ connectionString: service.databaseUrl });
    await db.connect();
    try {
      await db.query('begin');
      await db.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [idempotencyLockName(t.tenant, 'user:1', key)]);
      await during();
    } finally {
      await db.query('rollback');
      await db.end();
    }
  }

  test('Idempotency-Key still in flight is 409', async () => {
    await whileInFlight('busy-key', async () => {
      const res = await t.request('POST', '/api/v1/offices', { body: { name: 'Busy', parentId: 1 }, headers: { 'Idempotency-Key': 'busy-key' } });
      assert.equal(res.status, 409);
      assert.equal(res.body.userMessageGlobalisationCode, 'error.msg.idempotency.key.in.flight');
    });
    assert.equal((await t.get('/offices')).body.some((o: { name: string }) => o.name === 'Busy'), false, 'nothing written');
  });

  test('Idempotency-Key on GraphQL mutations: one effect, a replay from cache, another body 422, a key in flight 409, a bad key 400', async () => {
    const mutation = (name: string) => ({ query: `mutation { createOffice(input: { name: "${name}", parentId: 1 }) { id name } }` });
    const headers = { 'Idempotency-Key': 'gql-office-001' };
    const first = await t.request('POST', '/graphql', { body: mutation('Gql Idem'), headers });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.headers['x-served-from-cache'], undefined);
    const replay = await t.request('POST', '/graphql', { body: mutation('Gql Idem'), headers });
    assert.equal(replay.headers['x-served-from-cache'], 'true');
    assert.deepEqual(replay.body, first.body);
    assert.equal((await t.get('/offices')).body.filter((o: { name: string }) => o.name === 'Gql Idem').length, 1, 'no second effect');
    const other = await t.request('POST', '/graphql', { body: mutation('Gql Idem 2'), headers });
    assert.equal(other.status, 422);
    assert.equal(other.body.errors[0].extensions.code, 'error.msg.idempotency.key.reused');

    await whileInFlight('gql-busy', async () => {
      const busy = await t.request('POST', '/graphql', { body: mutation('Gql Busy'), headers: { 'Idempotency-Key': 'gql-busy' } });
      assert.equal(busy.status, 409);
      assert.equal(busy.body.errors[0].extensions.code, 'error.msg.idempotency.key.in.flight');
    });
    assert.equal((await t.get('/offices')).body.some((o: { name: string }) => o.name === 'Gql Busy'), false, 'nothing written');
    const bad = await t.request('POST', '/graphql', { body: mutation('Gql Bad'), headers: { 'Idempotency-Key': 'x'.repeat(300) } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].extensions.code, 'error.msg.idempotency.key.invalid');
  });

  test('unknown paths are 404 and wrong methods 405, in the envelope', async () => {
    const missing = await t.get('/no-such-thing');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.userMessageGlobalisationCode, 'error.msg.resource.not.found');
    const method = await t.request('PATCH', '/api/v1/offices');
    assert.equal(method.status, 405);
  });
});

describe('Idempotency-Key through the split deployment (subgraphs over HTTP)', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start({ transport: 'http' });
    t = await service.tenant();
  });
  after(async () => service.stop());

  test('the subgraph claims the key with the effect: one effect, a replay from cache, another body 422', async () => {
    const headers = { 'Idempotency-Key': 'split-office-001' };
    const first = await t.post('/offices', { name: 'Split Idem', parentId: 1 }, { headers });
    assert.equal(first.status, 200, first.text);
    const replay = await t.post('/offices', { name: 'Split Idem', parentId: 1 }, { headers });
    assert.equal(replay.headers['x-served-from-cache'], 'true');
    assert.deepEqual(replay.body, first.body);
    assert.equal((await t.get('/offices')).body.filter((o: { name: string }) => o.name === 'Split Idem').length, 1, 'no second effect');
    const other = await t.post('/offices', { name: 'Split Idem 2', parentId: 1 }, { headers });
    assert.equal(other.status, 422);
    assert.equal(other.body.userMessageGlobalisationCode, 'error.msg.idempotency.key.reused');
  });
});
