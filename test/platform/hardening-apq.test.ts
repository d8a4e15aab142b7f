import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sha256Hex } from '../../router/persisted-queries.js';
import { TestService, type HttpResult, type TenantSession } from '../support/service.js';

const ANONYMOUS_QUERY = '{ __typename }';
const hashOnly = (query: string) => ({ extensions: { persistedQuery: { version: 1, sha256Hash: sha256Hex(query) } } });

function assertNotFound(res: HttpResult, what: string): void {
  assert.equal(res.status, 200, `${what}: ${res.text}`);
  assert.equal(res.body.errors?.[0]?.message, 'PersistedQueryNotFound', what);
}

/**
 * Issue 33 point 13: the APQ lookup told anonymous callers whether anyone in the tenant had run a given
 * document. Hashes are now looked up only for authenticated callers, in their own entries.
 */
describe('hardening: APQ lookups are per principal, never anonymous', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  test("a document one user registered is PersistedQueryNotFound to anonymous callers and to another user; its owner runs it by hash", async () => {
    const registered = await t.request('POST', '/graphql', { body: { query: ANONYMOUS_QUERY, ...hashOnly(ANONYMOUS_QUERY) } });
    assert.equal(registered.status, 200, registered.text);
    assert.equal(registered.body.data.__typename, 'Query');
    const mine = await t.request('POST', '/graphql', { body: hashOnly(ANONYMOUS_QUERY) });
    assert.equal(mine.body.data?.__typename, 'Query', mine.text);

    assertNotFound(await service.request('POST', '/graphql', { tenant: t.tenant, auth: null, body: hashOnly(ANONYMOUS_QUERY) }), 'anonymous');
    const other = await t.userWithRoles([320004]);
    assertNotFound(await other.request('POST', '/graphql', { body: hashOnly(ANONYMOUS_QUERY) }), 'another user');
    // Anonymous callers still run documents by their text, and register nothing by doing so.
    const anonymous = await service.request('POST', '/graphql', { tenant: t.tenant, auth: null, body: { query: ANONYMOUS_QUERY, ...hashOnly(ANONYMOUS_QUERY) } });
    assert.equal(anonymous.body.data?.__typename, 'Query', anonymous.text);
    assertNotFound(await service.request('POST', '/graphql', { tenant: t.tenant, auth: null, body: hashOnly(ANONYMOUS_QUERY) }), 'anonymous, after its own run');
  });
});
