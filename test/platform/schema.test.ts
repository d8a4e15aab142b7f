import 'reflect-metadata';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { composeSupergraph, printSubgraphSdls, readCommittedSupergraph, SCHEMA_DIR } from '../../router/supergraph.js';

describe('committed contracts in schema/', () => {
  test('every subgraph SDL and the supergraph match the code (run `npm run compose` when this fails)', async () => {
    const sdls = await printSubgraphSdls();
    for (const [name, sdl] of Object.entries(sdls)) {
      const committed = readFileSync(new URL(`${name}.graphql`, SCHEMA_DIR), 'utf8');
      assert.equal(committed, `${sdl.trim()}\n`, `schema/${name}.graphql is stale`);
    }
    assert.equal(readCommittedSupergraph(), `${composeSupergraph(sdls).trim()}\n`, 'schema/supergraph.graphql is stale');
  });
});
