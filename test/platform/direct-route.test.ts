import 'reflect-metadata';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse, type GraphQLSchema } from 'graphql';
import { directRoutes } from '../../router/direct-route.js';
import { createGateway } from '../../router/gateway.js';
import { subgraphRuntimes } from '../../router/subgraphs.js';
import { readCommittedSupergraph } from '../../router/supergraph.js';
import { createLogger } from '../../subgraphs/platform/logger.js';
import { ModuleHarness } from '../support/module-harness.js';
import { TestService, type TenantSession } from '../support/service.js';

describe('operations one subgraph answers alone skip the gateway, and only those', () => {
  let harness: ModuleHarness;
  let route: ReturnType<typeof directRoutes>;
  let api: GraphQLSchema;

  before(async () => {
    harness = await ModuleHarness.start();
    const runtimes = await subgraphRuntimes(harness.platform);
    const logger = createLogger('silent');
    route = directRoutes(runtimes, logger);
    api = await createGateway(harness.platform.config, readCommittedSupergraph(), runtimes, logger).getSchema();
  });
  after(() => harness.stop());

  const direct = (query: string, variables?: Record<string, unknown>) => route(api, parse(query), undefined, variables) !== null;

  test('one subgraph\'s fields, queries and mutations alike, run directly', () => {
    assert.equal(direct('{ offices { id name hierarchy } }'), true);
    assert.equal(direct('mutation($id: Int!, $input: SavingsTransactionInput!) { depositToSavingsAccount(savingsAccountId: $id, input: $input) { resourceId } }', {
      id: 1, input: { transactionDate: '2024-01-01', transactionAmount: '1', paymentTypeId: 1 },
    }), true);
  });

  test('a selection that spans subgraphs, introspection and subscriptions go through the gateway', () => {
    assert.equal(direct('{ offices { id } savingsProducts { id } }'), false);
    assert.equal(direct('{ __schema { types { name } } }'), false);
    assert.equal(direct('{ __type(name: "Office") { name } }'), false);
    assert.equal(direct('subscription { journalEntryPosted { transactionId } }'), false);
  });

  test('variables that do not coerce are left to the gateway, which refuses them in its own words', () => {
    assert.equal(direct('query($id: Int!) { office(id: $id) { id } }', { id: 'abc' }), false);
    assert.equal(direct('query($id: Int!) { office(id: $id) { id } }', { id: 1 }), true);
  });
});

describe('introspection over /graphql describes the public schema', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(() => service.stop());

  test('every subgraph\'s types, none of the federation internals', async () => {
    const res = await t.graphql<{ __schema: { types: { name: string }[] } }>('{ __schema { types { name } } }');
    const names = new Set(res.body.data!.__schema.types.map((x) => x.name));
    for (const name of ['Office', 'Client', 'SavingsAccount', 'JournalEntry']) assert.ok(names.has(name), `${name} missing`);
    for (const name of ['_Service', '_Entity', '_Any']) assert.ok(!names.has(name), `${name} leaked`);
  });
});
