import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildSchema } from 'graphql';
import { loadOperations } from '../../rest-compat/operations.js';
import { LruDocuments, readTrustedDocuments, sha256Hex } from '../../router/persisted-queries.js';
import { readCommittedSupergraph } from '../../router/supergraph.js';
import { TestService, type HttpResult, type TenantSession } from '../support/service.js';

/** Issue 24 item 5: Apollo's Automatic Persisted Queries through the router, GET for queries, trusted documents. */

const OFFICE_BY_ID = 'query Office($id: Int!) { office(id: $id) { id name } }';
const persistedQuery = (query: string) => ({ persistedQuery: { version: 1, sha256Hash: sha256Hex(query) } });
const codesOf = (res: HttpResult): unknown[] => ((res.body?.errors ?? []) as { extensions?: { code?: unknown } }[]).map((e) => e.extensions?.code);

function assertNotFound(res: HttpResult, what: string): void {
  // Apollo's protocol: the client resends the document on this message and code; a 400 would turn its persisted queries off.
  assert.equal(res.status, 200, `${what}: ${res.text}`);
  assert.equal(res.body.errors[0].message, 'PersistedQueryNotFound', what);
  assert.deepEqual(codesOf(res), ['PERSISTED_QUERY_NOT_FOUND'], what);
}

const getUrl = (params: Record<string, unknown>) =>
  `/graphql?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`;

describe('Automatic Persisted Queries and GET through the router', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  test('a hash alone is PersistedQueryNotFound until the client sends the document with it; then the hash is enough', async () => {
    const hashOnly = { operationName: 'Office', variables: { id: 1 }, extensions: persistedQuery(OFFICE_BY_ID) };
    assertNotFound(await t.request('POST', '/graphql', { body: hashOnly }), 'before registration');
    const registered = await t.request('POST', '/graphql', { body: { ...hashOnly, query: OFFICE_BY_ID } });
    assert.equal(registered.status, 200, registered.text);
    assert.deepEqual(registered.body.data, { office: { id: 1, name: 'Head Office' } });
    for (const mediaType of ['application/json', 'application/graphql-response+json']) {
      const hit = await t.request('POST', '/graphql', { body: hashOnly, headers: { accept: mediaType } });
      assert.equal(hit.status, 200, hit.text);
      assert.deepEqual(hit.body.data, { office: { id: 1, name: 'Head Office' } });
    }
    // Upper-case hex names the same document.
    const upper = await t.request('POST', '/graphql', { body: { ...hashOnly, extensions: { persistedQuery: { version: 1, sha256Hash: sha256Hex(OFFICE_BY_ID).toUpperCase() } } } });
    assert.deepEqual(upper.body.data, { office: { id: 1, name: 'Head Office' } });
  });

  test('a hash that is not the document\'s, or another protocol version, is 400 and registers nothing', async () => {
    const query = '{ offices { id hierarchy } }';
    const mismatch = await t.request('POST', '/graphql', { body: { query, extensions: persistedQuery('{ offices { id } }') } });
    assert.equal(mismatch.status, 400, mismatch.text);
    assert.deepEqual(codesOf(mismatch), ['error.msg.graphql.persisted.query.hash.mismatch']);
    const version = await t.request('POST', '/graphql', { body: { query, extensions: { persistedQuery: { version: 2, sha256Hash: sha256Hex(query) } } } });
    assert.equal(version.status, 400, version.text);
    assert.deepEqual(codesOf(version), ['error.msg.graphql.persisted.query.version.unsupported']);
    const notHex = await t.request('POST', '/graphql', { body: { extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } } } });
    assert.equal(notHex.status, 400, notHex.text);
    assertNotFound(await t.request('POST', '/graphql', { body: { extensions: persistedQuery('{ offices { id } }') } }), 'the mismatched hash');
    assertNotFound(await t.request('POST', '/graphql', { body: { extensions: persistedQuery(query) } }), 'the refused version');
  });

  test('a document the edge refuses (cost, scalars) is not registered, and a hash-only request meets the same limits', async () => {
    const costly = '{ clients(limit: 200) { pageItems { savingsAccounts(limit: 200) { transactions(limit: 200) { id } } } } }';
    const refused = await t.request('POST', '/graphql', { body: { query: costly, extensions: persistedQuery(costly) } });
    assert.equal(refused.status, 400);
    assert.deepEqual(codesOf(refused), ['error.msg.graphql.cost.limit.exceeded']);
    assertNotFound(await t.request('POST', '/graphql', { body: { extensions: persistedQuery(costly) } }), 'a refused document');
    // A registered document with bad variables: the edge's scalar checks apply to the resolved request.
    const byDate = 'query Entries($from: LocalDate) { journalEntries(fromDate: $from, limit: 1) { totalFilteredRecords } }';
    assert.equal((await t.request('POST', '/graphql', { body: { query: byDate, variables: { from: '2026-01-01' }, extensions: persistedQuery(byDate) } })).status, 200);
    const bad = await t.request('POST', '/graphql', { body: { variables: { from: '2026-13-01' }, extensions: persistedQuery(byDate) } });
    assert.equal(bad.status, 400, bad.text);
    assert.deepEqual(codesOf(bad), ['validation.msg.invalid.date.format']);
  });

  test('entries are per tenant, and anonymous callers register nothing', async () => {
    const other = await service.tenant();
    const query = '{ offices { id openingDate } }';
    assert.equal((await t.request('POST', '/graphql', { body: { query, extensions: persistedQuery(query) } })).status, 200);
    assert.equal((await t.request('POST', '/graphql', { body: { extensions: persistedQuery(query) } })).status, 200);
    assertNotFound(await other.request('POST', '/graphql', { body: { extensions: persistedQuery(query) } }), 'another tenant');

    const anonymousQuery = '{ offices { id nameDecorated } }';
    const anonymous = await other.request('POST', '/graphql', { auth: null, body: { query: anonymousQuery, extensions: persistedQuery(anonymousQuery) } });
    assert.equal(anonymous.status, 401, anonymous.text);
    assertNotFound(await other.request('POST', '/graphql', { body: { extensions: persistedQuery(anonymousQuery) } }), 'sent anonymously');
  });

  test('concurrent clients registering and reading the same and different documents all get their data', async () => {
    const documents = Array.from({ length: 8 }, (_, i) => `query Q${i} { offices { id name } }`);
    const answers = await Promise.all(
      documents.flatMap((query) => [0, 1, 2].map(() => t.request('POST', '/graphql', { body: { query, extensions: persistedQuery(query) } }))),
    );
    for (const res of answers) assert.deepEqual(res.body.data?.offices?.[0], { id: 1, name: 'Head Office' }, res.text);
    const hits = await Promise.all(documents.map((query) => t.request('POST', '/graphql', { body: { extensions: persistedQuery(query) } })));
    for (const res of hits) assert.deepEqual(res.body.data?.offices?.[0], { id: 1, name: 'Head Office' }, res.text);
  });

  test('GET runs queries from query, variables, operationName and extensions, with caching off', async () => {
    const res = await t.request('GET', getUrl({ query: OFFICE_BY_ID, variables: { id: 1 }, operationName: 'Office' }));
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.data, { office: { id: 1, name: 'Head Office' } });
    assert.equal(res.headers['cache-control'], 'no-store');
    // A persisted query by hash over GET, as Apollo Client's useGETForHashedQueries sends it.
    const query = '{ offices { id parentId } }';
    assertNotFound(await t.request('GET', getUrl({ extensions: persistedQuery(query) })), 'GET before registration');
    const registered = await t.request('GET', getUrl({ query, extensions: persistedQuery(query) }));
    assert.equal(registered.status, 200, registered.text);
    const hit = await t.request('GET', getUrl({ extensions: persistedQuery(query) }));
    assert.equal(hit.status, 200, hit.text);
    assert.deepEqual(hit.body.data.offices[0], { id: 1, parentId: null });
    assert.equal(hit.headers['cache-control'], 'no-store');
    assert.ok(!/public|max-age|s-maxage/.test(String(hit.headers['cache-control'])));
  });

  test('mutations over GET are 405 and change nothing, by text or by hash', async () => {
    const before = (await t.get('/offices')).body.length;
    const mutation = 'mutation { createOffice(input: { name: "Over GET", parentId: 1, openingDate: "2024-01-01" }) { id } }';
    const byText = await t.request('GET', getUrl({ query: mutation }));
    assert.equal(byText.status, 405, byText.text);
    assert.equal(typeof codesOf(byText)[0], 'string');
    // Registered over POST (which runs it once), then asked for over GET by its hash.
    const posted = await t.request('POST', '/graphql', { body: { query: mutation, extensions: persistedQuery(mutation) } });
    assert.ok(posted.body.data?.createOffice?.id, posted.text);
    const byHash = await t.request('GET', getUrl({ extensions: persistedQuery(mutation) }));
    assert.equal(byHash.status, 405, byHash.text);
    assert.equal((await t.get('/offices')).body.length, before + 1, 'only the POST created an office');
  });

  test('an Idempotency-Key replay matches whether the document came as text or as its hash', async () => {
    const mutation = 'mutation { createOffice(input: { name: "Idempotent", parentId: 1, openingDate: "2024-01-01" }) { id name } }';
    const headers = { 'idempotency-key': `apq-${Date.now()}` };
    const first = await t.request('POST', '/graphql', { headers, body: { query: mutation, extensions: persistedQuery(mutation) } });
    assert.equal(first.status, 200, first.text);
    const replay = await t.request('POST', '/graphql', { headers, body: { extensions: persistedQuery(mutation) } });
    assert.equal(replay.status, 200, replay.text);
    assert.equal(replay.headers['x-served-from-cache'], 'true');
    assert.deepEqual(replay.body.data, first.body.data);
    assert.equal((await t.get('/offices')).body.filter((o: { name: string }) => o.name === 'Idempotent').length, 1);
  });

  test('the store is bounded: least recently used entries go first, by count and by size', () => {
    const store = new LruDocuments({ maxEntries: 3, maxChars: 30 });
    store.set('a', 'aaaa');
    store.set('b', 'bbbb');
    store.set('c', 'cccc');
    assert.equal(store.get('a'), 'aaaa', 'a read makes a entry recent');
    store.set('d', 'dddd');
    assert.equal(store.get('b'), undefined, 'the least recently used went');
    assert.equal(store.size, 3);
    store.set('e', 'e'.repeat(25));
    // c, a and d held 12 characters; e's 25 push out the two oldest, and d with e fit in 30.
    assert.deepEqual(['a', 'c', 'd', 'e'].map((k) => store.get(k) !== undefined), [false, false, true, true], 'a large entry pushes out enough others');
    store.set('e', 'short');
    store.set('f', 'f');
    assert.deepEqual([store.get('d'), store.get('e'), store.get('f'), store.size], ['dddd', 'short', 'f', 3], 'a replaced entry counts its new size');
  });
});

describe('GRAPHQL_TRUSTED_DOCUMENTS: only a manifest\'s documents', () => {
  let service: TestService;
  let t: TenantSession;
  let dir: string;
  const TRUSTED = '{ offices { id name } }';
  const TRUSTED_SUBSCRIPTION = 'subscription { officeCreated { id name } }';
  /** A manifest may name a document by an id of its own (a Relay-style or hand-picked one). */
  const NAMED = ['office-names', '{ offices { name } }'] as const;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cbs-trusted-'));
    const manifest = join(dir, 'persisted-documents.json');
    writeFileSync(manifest, JSON.stringify(Object.fromEntries([...[TRUSTED, TRUSTED_SUBSCRIPTION].map((d) => [sha256Hex(d), d]), NAMED])));
    service = await TestService.start({ env: { GRAPHQL_TRUSTED_DOCUMENTS: manifest } });
    t = await service.tenant();
  });
  after(async () => {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a manifest document runs by its hash or its text; any other document is refused', async () => {
    for (const body of [{ extensions: persistedQuery(TRUSTED) }, { query: TRUSTED }, { query: TRUSTED, extensions: persistedQuery(TRUSTED) }]) {
      const res = await t.request('POST', '/graphql', { body });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body.data.offices[0], { id: 1, name: 'Head Office' });
    }
    const byGet = await t.request('GET', getUrl({ extensions: persistedQuery(TRUSTED) }));
    assert.equal(byGet.status, 200, byGet.text);
    // The trusted-documents request form, documentId, by hash or by the manifest's own id.
    for (const body of [{ documentId: `sha256:${sha256Hex(TRUSTED)}` }, { documentId: NAMED[0] }, { extensions: { persistedQuery: { version: 1, sha256Hash: NAMED[0] } } }, { query: NAMED[1] }]) {
      const res = await t.request('POST', '/graphql', { body });
      assert.equal(res.status, 200, `${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.body.data.offices[0].name, 'Head Office');
    }
    assertNotFound(await t.request('POST', '/graphql', { body: { documentId: 'no-such-document' } }), 'an unknown documentId');

    const other = '{ offices { id } }';
    for (const mediaType of ['application/json', 'application/graphql-response+json']) {
      const res = await t.request('POST', '/graphql', { body: { query: other }, headers: { accept: mediaType } });
      assert.equal(res.status, 400, res.text);
      assert.deepEqual(codesOf(res), ['error.msg.graphql.document.not.trusted']);
    }
    const registering = await t.request('POST', '/graphql', { body: { query: other, extensions: persistedQuery(other) } });
    assert.equal(registering.status, 400, registering.text);
    assertNotFound(await t.request('POST', '/graphql', { body: { extensions: persistedQuery(other) } }), 'nothing registers in trusted mode');
    const byGetOther = await t.request('GET', getUrl({ query: other }));
    assert.equal(byGetOther.status, 400);
  });

  test('the REST layer\'s own operations always run', async () => {
    const created = await t.post('/offices', { name: 'Trusted Branch', parentId: 1, openingDate: '2024-01-01', dateFormat: 'yyyy-MM-dd', locale: 'en' });
    assert.equal(created.status, 200, created.text);
    const offices = await t.get('/offices');
    assert.equal(offices.status, 200, offices.text);
    assert.ok(offices.body.some((o: { name: string }) => o.name === 'Trusted Branch'));
    // They are trusted on /graphql too, by text and by hash: the service's own documents.
    const restOffices = loadOperations(buildSchema(readCommittedSupergraph(), { assumeValidSDL: true })).get('Offices')!.text;
    for (const body of [{ query: restOffices }, { extensions: persistedQuery(restOffices) }]) {
      const res = await t.request('POST', '/graphql', { body });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.data.offices.length, offices.body.length);
    }
  });

  test('subscriptions over graphql-ws are held to the manifest too', async () => {
    const client = service.subscriptionClient(t.tenant, t.key);
    try {
      const refused = await new Promise<string>((resolve) => {
        client.subscribe({ query: 'subscription { officeCreated { id } }' }, { next: () => {}, error: (error) => resolve(JSON.stringify(error)), complete: () => resolve('complete') });
      });
      assert.match(refused, /error\.msg\.graphql\.document\.not\.trusted/);
      let stop = () => {};
      const event = new Promise<unknown>((resolve, reject) => {
        stop = client.subscribe({ query: TRUSTED_SUBSCRIPTION }, { next: resolve, error: reject, complete: () => {} });
      });
      // Offices are created until the subscription, in place by then, delivers one (no fixed wait to guess).
      let delivered = false;
      void event.then(() => (delivered = true), () => (delivered = true));
      for (let i = 0; i < 50 && !delivered; i++) {
        assert.equal((await t.post('/offices', { name: `Live ${i}`, parentId: 1 })).status, 200);
        await Promise.race([event, new Promise((r) => setTimeout(r, 200))]);
      }
      assert.match(JSON.stringify(await event), /"officeCreated":\{"id":\d+,"name":"[^"]+"\}/);
      stop();
    } finally {
      await client.dispose();
    }
  });

  test('a manifest is read whole at start: a file that is not one stops the service from starting', () => {
    const path = join(dir, 'wrong.json');
    assert.throws(() => readTrustedDocuments(join(dir, 'missing.json')), /cannot read/);
    writeFileSync(path, JSON.stringify({ [sha256Hex('{ a }')]: 5 }));
    assert.throws(() => readTrustedDocuments(path), /not an id with a document/);
    writeFileSync(path, '[]');
    assert.throws(() => readTrustedDocuments(path), /holds no documents/);
    writeFileSync(path, '{}');
    assert.throws(() => readTrustedDocuments(path), /holds no documents/);
    writeFileSync(path, JSON.stringify({ format: 'apollo-persisted-query-manifest', version: 1, operations: [{ id: sha256Hex(TRUSTED), name: 'Offices', type: 'query', body: TRUSTED }] }));
    assert.deepEqual([...readTrustedDocuments(path)], [[sha256Hex(TRUSTED), TRUSTED]]);
  });
});
