import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../subgraphs/kernel/config.js';
import { IDENTITY_HEADER, SIGNATURE_HEADER, signIdentity, type Identity } from '../../subgraphs/kernel/identity.js';
import { TestService, type TenantSession } from '../support/service.js';

/**
 * Issue 7 point 5: the HMAC header the edge sends covered only the identity; captured on the wire it was
 * replayed straight at the ledger subgraph to post an entry after the user had logged out (5 minutes valid).
 */
describe('hardening: the internal identity is bound to one subgraph, one body, a few seconds', () => {
  let service: TestService;
  let t: TenantSession;
  let admin: Identity;
  before(async () => {
    service = await TestService.start({ transport: 'http' });
    t = await service.tenant();
    admin = { kind: 'staff', tenantId: t.tenant, userId: 1, username: 'admin', officeId: 1, officeHierarchy: '.', staffId: null, roleIds: [1], permissions: ['ALL_FUNCTIONS'] };
  });
  after(async () => service.stop());

  const post = (subgraph: 'ledger' | 'organisation', body: string, headers: Record<string, string>) =>
    fetch(service.platform.config.subgraphUrls[subgraph], { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const headersOf = (signed: { identity: string; signature: string }) => ({ [IDENTITY_HEADER]: signed.identity, [SIGNATURE_HEADER]: signed.signature });

  test('a header as the edge sends it works only for its subgraph and its exact body', async () => {
    const body = JSON.stringify({ query: '{ glAccounts { id } }' });
    const captured = headersOf(signIdentity(admin, service.platform.config.internalSigningKey, 'ledger', body));
    assert.equal((await post('ledger', body, captured)).status, 200, 'as sent by the edge');
    assert.equal((await post('organisation', JSON.stringify({ query: '{ offices { id } }' }), captured)).status, 401, 'replayed at another subgraph');
    assert.equal((await post('organisation', body, captured)).status, 401, 'same body, other subgraph');
    const other = JSON.stringify({ query: 'mutation { createGLAccount(input: { name: "x", glCode: "99999", type: 1, usage: 1 }) { id } }' });
    assert.equal((await post('ledger', other, captured)).status, 401, 'replayed with another body');
  });

  test('a header older than 30 seconds is refused', async () => {
    const body = JSON.stringify({ query: '{ glAccounts { id } }' });
    const old = headersOf(signIdentity(admin, service.platform.config.internalSigningKey, 'ledger', body, Date.now() - 31_000));
    assert.equal((await post('ledger', body, old)).status, 401);
  });

  test('the edge still reaches every subgraph (federated query across them)', async () => {
    const res = await t.graphql('{ offices { id name } glAccounts { id } }');
    assert.equal(res.status, 200, res.text);
    assert.ok(res.body.data.offices.length >= 1 && res.body.data.glAccounts.length > 10);
  });

  test('subgraphs listen on loopback unless SUBGRAPH_HOST says otherwise', () => {
    assert.equal(loadConfig({}).subgraphHost, '127.0.0.1');
    assert.match(loadConfig({}).subgraphUrls.ledger, /^http:\/\/127\.0\.0\.1:/);
    assert.match(service.platform.config.subgraphUrls.ledger, /^http:\/\/127\.0\.0\.1:/);
  });
});
