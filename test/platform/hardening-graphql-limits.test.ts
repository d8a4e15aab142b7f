import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService, type TenantSession } from '../support/service.js';

const code = (res: { body: { errors?: { extensions?: { code?: string } }[] } }) => res.body.errors?.[0]?.extensions?.code;

/**
 * Issue 7 point 2: 1,000 aliased journalEntries(limit:1000), 5,000 aliased offices, 50 aliased
 * introspections without credentials, a 9 MB query and 5,000 levels of nesting all starved the process.
 */
describe('hardening: GraphQL limits at the edge, before planning', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  test('1,000 aliased journalEntries(limit: 1000) are refused', async () => {
    const accountant = await t.userWithRoles([320004]);
    const query = `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: journalEntries(limit: 1000) { totalFilteredRecords }`).join(' ')} }`;
    const res = await accountant.graphql(query);
    assert.equal(res.status, 400, res.text.slice(0, 300));
    assert.match(code(res) ?? '', /^error\.msg\.graphql\.(alias|page\.size|cost|query\.too)\./);
  });

  test('5,000 aliased offices: alias limit', async () => {
    const res = await t.graphql(`{ ${Array.from({ length: 5000 }, (_, i) => `o${i}: offices { id }`).join(' ')} }`);
    assert.equal(res.status, 400);
    assert.ok(['error.msg.graphql.alias.limit.exceeded', 'error.msg.graphql.query.too.large'].includes(code(res)!), res.text.slice(0, 300));
    const fewer = await t.graphql(`{ ${Array.from({ length: 40 }, (_, i) => `o${i}: offices { id }`).join(' ')} }`);
    assert.equal(fewer.status, 400);
    assert.equal(code(fewer), 'error.msg.graphql.alias.limit.exceeded');
  });

  test('page sizes above 200 are refused, 200 is fine', async () => {
    const big = await t.graphql('{ journalEntries(limit: 201) { totalFilteredRecords } }');
    assert.equal(big.status, 400);
    assert.equal(code(big), 'error.msg.graphql.page.size.exceeded');
    const viaVariable = await t.graphql('query($l: Int) { clients(limit: $l) { totalFilteredRecords } }', { l: 1000 });
    assert.equal(code(viaVariable), 'error.msg.graphql.page.size.exceeded');
    const ok = await t.graphql('{ journalEntries(limit: 200) { totalFilteredRecords } }');
    assert.equal(ok.status, 200, ok.text);
  });

  test('the cost of nested lists is weighed', async () => {
    // Six flat pages of 200 rows are 1,200 rows: admitted. Lists inside lists multiply: refused.
    const flat = await t.graphql(`{ a: clients(limit: 200) { pageItems { id officeName staffName } } b: clients(limit: 200) { pageItems { id officeName staffName } }
      c: clients(limit: 200) { pageItems { id officeName staffName displayName } } d: journalEntries(limit: 200) { pageItems { id transactionId amount } }
      e: journalEntries(limit: 200) { pageItems { id transactionId amount } } f: journalEntries(limit: 200) { pageItems { id transactionId amount officeName } } }`);
    assert.equal(flat.body.errors, undefined, flat.text.slice(0, 300));
    const res = await t.graphql(`{ clients(limit: 200) { pageItems { id savingsAccounts(limit: 200) { id transactions(limit: 200) { id amount } } } } }`);
    assert.equal(res.status, 400, res.text.slice(0, 300));
    assert.equal(code(res), 'error.msg.graphql.cost.limit.exceeded');
  });

  test('5,000 levels of nesting and a 9 MB query are refused', async () => {
    const deep = `{ offices ${'{ id '.repeat(5000)}${'}'.repeat(5000)} }`;
    const nested = await t.graphql(deep);
    assert.equal(nested.status, 400);
    assert.ok(['error.msg.graphql.query.too.large', 'error.msg.graphql.depth.limit.exceeded'].includes(code(nested)!), nested.text.slice(0, 300));
    const modest = await t.graphql(`{ offices ${'{ id '.repeat(14)}${'}'.repeat(14)} }`);
    assert.equal(code(modest), 'error.msg.graphql.depth.limit.exceeded');
    const deepVariables = await t.request('POST', '/graphql', { rawBody: `{"query":"query($v: String) { offices { id } }","variables":{"v":${'['.repeat(300_000)}${']'.repeat(300_000)}}}` });
    assert.equal(deepVariables.status, 400, deepVariables.text.slice(0, 300));
    assert.equal(code(deepVariables), 'error.msg.graphql.variables.too.deep');
    const huge = await t.graphql(`{ offices { id ${'name '.repeat(1_800_000)} } }`);
    assert.equal(huge.status, 413);
    assert.equal(code(huge), 'error.msg.request.body.too.large');
  });

  test('introspection for staff is bounded by its own shape: GraphiQL\'s query passes, lists inside lists do not', async () => {
    const typeRef = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }';
    const graphiql = await t.graphql(`{ __schema { queryType { name } types { kind name fields(includeDeprecated: true) { name args { name type { ${typeRef} } } type { ${typeRef} } } } } }`);
    assert.equal(graphiql.body.errors, undefined, graphiql.text.slice(0, 300));
    const bomb = await t.graphql('{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }');
    assert.equal(bomb.status, 400, bomb.text.slice(0, 300));
    assert.equal(code(bomb), 'error.msg.graphql.depth.limit.exceeded');
  });

  test('fragments are weighed where they are spread: a chain that doubles at each step is refused before it is expanded', async () => {
    // F1 spreads F0 twice, F2 spreads F1 twice, ...: 30 steps in under 1 KB would be 2^30 selections.
    const chain = Array.from({ length: 30 }, (_, i) => `fragment F${i + 1} on Query { ...F${i} ...F${i} }`).join(' ');
    const query = `query { ...F30 } fragment F0 on Query { __typename } ${chain}`;
    assert.ok(query.length < 1_500);
    const anonymous = await service.request('POST', '/graphql', { tenant: t.tenant, body: { query } });
    assert.equal(anonymous.status, 400, anonymous.text.slice(0, 300));
    assert.equal(code(anonymous), 'error.msg.graphql.field.limit.exceeded');
    const reused = await t.graphql('query { a: offices { ...O } b: offices { ...O } } fragment O on Office { id name }');
    assert.equal(reused.body.errors, undefined, reused.text.slice(0, 300));
  });

  test('introspection: only for authenticated staff', async () => {
    const anonymous = await service.request('POST', '/graphql', { tenant: t.tenant, body: { query: '{ __schema { queryType { name } } }' } });
    assert.equal(anonymous.status, 400);
    assert.equal(code(anonymous), 'error.msg.graphql.introspection.disabled');
    const aliased = await service.request('POST', '/graphql', {
      tenant: t.tenant,
      body: { query: `{ ${Array.from({ length: 50 }, (_, i) => `i${i}: __schema { types { name } }`).join(' ')} }` },
    });
    assert.equal(aliased.status, 400);
    const staff = await t.graphql('{ __schema { queryType { name } } }');
    assert.equal(staff.status, 200, staff.text);
    assert.equal(staff.body.data.__schema.queryType.name, 'Query');
    assert.equal((await t.graphql('{ __typename }')).status, 200);
  });

  test('introspection is off in production unless GRAPHQL_INTROSPECTION=true', async () => {
    const { loadConfig } = await import('../../subgraphs/kernel/config.js');
    const base = { NODE_ENV: 'production', ADMIN_PASSWORD: 'S3cure-enough', INTERNAL_SIGNING_KEY: 'k', PAYMENT_SWITCH_KEY: 'live-key' };
    assert.equal(loadConfig(base).graphqlIntrospection, false);
    assert.equal(loadConfig({ ...base, GRAPHQL_INTROSPECTION: 'true' }).graphqlIntrospection, true);
    assert.equal(loadConfig({}).graphqlIntrospection, true);
  });

  test('subscriptions over graphql-ws get the same limits', async () => {
    const client = service.subscriptionClient(t.tenant, t.key);
    try {
      const query = `subscription { ${Array.from({ length: 40 }, (_, i) => `s${i}: officeCreated { id }`).join(' ')} }`;
      const errors = await new Promise<readonly { extensions?: { code?: string } }[]>((resolve, reject) => {
        client.subscribe({ query }, { next: () => reject(new Error('no event expected')), error: (e) => resolve(e as never), complete: () => reject(new Error('completed without error')) });
      });
      assert.equal(errors[0]?.extensions?.code, 'error.msg.graphql.alias.limit.exceeded');
    } finally {
      await client.dispose();
    }
  });

  test('health answers while abusive requests are refused', async () => {
    const abuse = Array.from({ length: 20 }, () => t.graphql(`{ ${Array.from({ length: 3000 }, (_, i) => `o${i}: offices { id }`).join(' ')} }`));
    const health = await service.request('GET', '/actuator/health');
    assert.equal(health.status, 200);
    for (const res of await Promise.all(abuse)) assert.equal(res.status, 400);
    assert.equal((await service.request('GET', '/actuator/health')).status, 200);
  });
});
