import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';

const FMT = { dateFormat: 'yyyy-MM-dd', locale: 'en' };

/**
 * Issue 7 point 8: CORS, security headers, unknown tenants told apart from known ones, journal ids that
 * counted every tenant's postings, and dates before an office opened.
 */
describe('hardening: headers and small leaks', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start({ env: { CORS_ORIGINS: 'https://app.example.com' } });
    t = await service.tenant();
  });
  after(async () => service.stop());

  test('API responses carry HSTS, nosniff and no-store, on success and on errors', async () => {
    for (const res of [await t.get('/offices'), await t.graphql('{ offices { id } }'), await t.get('/nowhere'), await service.request('GET', '/api/v1/offices', { tenant: t.tenant })]) {
      assert.match(String(res.headers['strict-transport-security']), /max-age=\d+/);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['cache-control'], 'no-store');
    }
  });

  test('CORS: only listed origins, credentials never for others', async () => {
    const evil = await t.get('/offices', { headers: { origin: 'https://evil.example' } });
    assert.equal(evil.headers['access-control-allow-origin'], undefined);
    assert.equal(evil.headers['access-control-allow-credentials'], undefined);
    const evilGraphql = await t.graphql('{ offices { id } }', {}, { headers: { origin: 'https://evil.example' } });
    assert.equal(evilGraphql.headers['access-control-allow-origin'], undefined);
    assert.equal(evilGraphql.headers['access-control-allow-credentials'], undefined);
    const good = await t.get('/offices', { headers: { origin: 'https://app.example.com' } });
    assert.equal(good.headers['access-control-allow-origin'], 'https://app.example.com');
    const preflight = await service.request('OPTIONS', '/api/v1/offices', { headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' } });
    assert.equal(preflight.status, 204);
    assert.match(String(preflight.headers['access-control-allow-methods']), /POST/);
    const evilPreflight = await service.request('OPTIONS', '/graphql', { headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    assert.equal(evilPreflight.headers['access-control-allow-origin'], undefined);
  });

  test('no CORS origins by default', async () => {
    const { loadConfig } = await import('../../subgraphs/kernel/config.js');
    assert.deepEqual(loadConfig({}).corsOrigins, []);
    assert.deepEqual(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins, [], 'a wildcard is never honoured');
  });

  test('an unknown tenant answers exactly like wrong credentials on a known one', async () => {
    const pairs: [string, string, Record<string, unknown>][] = [
      ['GET', '/api/v1/offices', { auth: 'admin:wrong' }],
      ['GET', '/api/v1/offices', { auth: null }],
      ['POST', '/api/v1/authentication', { auth: null, body: { username: 'admin', password: 'wrong' } }],
    ];
    for (const [method, path, options] of pairs) {
      const known = await service.request(method, path, { tenant: t.tenant, ...options });
      const unknown = await service.request(method, path, { tenant: 'nosuchbank', ...options });
      assert.equal(known.status, 401, known.text);
      assert.equal(unknown.status, known.status);
      assert.deepEqual(unknown.body, known.body);
    }
    const gqlKnown = await service.request('POST', '/graphql', { tenant: t.tenant, auth: 'admin:wrong', body: { query: '{ offices { id } }' } });
    const gqlUnknown = await service.request('POST', '/graphql', { tenant: 'nosuchbank', auth: 'admin:wrong', body: { query: '{ offices { id } }' } });
    assert.equal(gqlUnknown.status, gqlKnown.status);
    assert.deepEqual(gqlUnknown.body, gqlKnown.body);
  });

  test('manual journal transaction ids are numbered per tenant', async () => {
    const other = await service.tenant();
    const post = async (session: TenantSession) => {
      const accounts = await session.get('/glaccounts');
      const id = (code: string) => accounts.body.find((a: { glCode: string }) => a.glCode === code).id as number;
      const res = await session.post('/journalentries', {
        officeId: 1, transactionDate: '2026-03-01', currencyCode: 'NGN', ...FMT,
        debits: [{ glAccountId: id('11101'), amount: 10 }], credits: [{ glAccountId: id('31101'), amount: 10 }],
      });
      assert.equal(res.status, 200, res.text);
      return res.body.transactionId as string;
    };
    const first = await post(t);
    for (let i = 0; i < 3; i++) await post(other);
    const second = await post(t);
    assert.match(first, /^M\d+$/);
    assert.equal(Number(second.slice(1)), Number(first.slice(1)) + 1, `${first} then ${second}: another tenant's postings do not show`);
    assert.equal(await post(other), 'M4', 'a new tenant counts from M1');
  });

  test('postings and clients dated before their office opened are refused', async () => {
    const branch = await t.branch(); // opens 2024-01-01
    const accounts = await t.get('/glaccounts');
    const id = (code: string) => accounts.body.find((a: { glCode: string }) => a.glCode === code).id as number;
    const entry = (date: string) => t.post('/journalentries', {
      officeId: branch, transactionDate: date, currencyCode: 'NGN', ...FMT,
      debits: [{ glAccountId: id('11101'), amount: 10 }], credits: [{ glAccountId: id('31101'), amount: 10 }],
    });
    assertError(await entry('2023-12-31'), 403, 'error.msg.glJournalEntry.transaction.date.before.office.opening.date');
    assert.equal((await entry('2024-01-01')).status, 200);
    const client = (extra: Record<string, unknown>) => t.post('/clients', { officeId: branch, legalFormId: 1, firstname: 'Ada', lastname: 'Obi', ...FMT, ...extra });
    assertError(await client({ active: false, submittedOnDate: '2023-06-01' }), 403, 'error.msg.client.submittedOnDate.before.office.opening.date');
    assertError(await client({ active: true, activationDate: '2023-06-01' }), 403, 'error.msg.client.activationDate.before.office.opening.date');
    assert.equal((await client({ active: true, activationDate: '2024-02-01' })).status, 200);
  });
});
