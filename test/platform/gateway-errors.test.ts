import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService, type TenantSession } from '../support/service.js';

describe('errors leaving the gateway', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start({ transport: 'http' });
    t = await service.tenant();
  });
  after(async () => service.stop());

  test('a wrongly typed GraphQL variable is the caller\'s error and says so', async () => {
    const res = await t.graphql('query($id: Int!) { office(id: $id) { id } }', { id: 'not-a-number' });
    assert.ok(res.body.errors?.length);
    assert.match(res.body.errors![0].message, /\$id/);
  });

  test('a subgraph that cannot be reached is 503 in the envelope, without internal details', async () => {
    await service.stopSubgraph('ledger');
    const rest = await t.get('/glaccounts');
    assert.equal(rest.status, 503);
    assert.equal(rest.body.userMessageGlobalisationCode, 'error.msg.platform.service.unavailable');
    const gql = await t.graphql('{ glAccounts { id } offices { id } }');
    assert.equal(gql.body.errors?.[0].extensions.code, 'error.msg.platform.service.unavailable');
    for (const text of [rest.text, JSON.stringify(gql.body)]) {
      assert.doesNotMatch(text, /ECONNREFUSED|127\.0\.0\.1|"request"/);
    }
    assert.equal((await t.get('/offices')).status, 200, 'the other subgraphs keep serving');
  });
});
