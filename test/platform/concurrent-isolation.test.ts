import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService, type TenantSession } from '../support/service.js';

/**
 * Identical queries from different tenants and users at the same instant: each answer is computed for its
 * own caller. (The gateway's HTTP executor shares one subgraph fetch among identical in-flight queries by
 * URL and body; the caller's identity is added later, per fetch, so sharing would hand one tenant's
 * answer to another.)
 */
for (const transport of ['in-process', 'http'] as const) {
  describe(`concurrent identical queries stay with their caller (${transport} subgraphs)`, () => {
    let service: TestService;
    let a: TenantSession;
    let b: TenantSession;
    before(async () => {
      service = await TestService.start({ transport });
      a = await service.tenant('a');
      b = await service.tenant('b');
      await a.branch('Only in A');
      await b.branch('Only in B');
    });
    after(async () => service.stop());

    test('the same { offices } from two tenants, forty times at once, never mixes', async () => {
      const ask = (t: TenantSession) => (t === a ? t.graphql('{ offices { name } }') : t.get('/offices'));
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b)).map(async (t) => ({ t, res: await ask(t) })));
      for (const { t, res } of answers) {
        assert.equal(res.status, 200, res.text);
        const names: string[] = t === a ? res.body.data.offices.map((o: { name: string }) => o.name) : res.body.map((o: { name: string }) => o.name);
        assert.ok(names.includes(t === a ? 'Only in A' : 'Only in B'), `${t.tenant} sees its own branch`);
        assert.ok(!names.includes(t === a ? 'Only in B' : 'Only in A'), `${t.tenant} never sees the other tenant's branch`);
      }
      const gql = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b)).map(async (t) => ({ t, res: await t.graphql('{ offices { name } }') })));
      for (const { t, res } of gql) {
        const names: string[] = res.body.data.offices.map((o: { name: string }) => o.name);
        assert.ok(!names.includes(t === a ? 'Only in B' : 'Only in A'), `${t.tenant} never sees the other tenant's branch over GraphQL`);
      }
    });
  });
}
