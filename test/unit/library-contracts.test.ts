import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import { CompiledQuery } from 'kysely';
import { parameterText } from '../../subgraphs/platform/parameter-text.js';

const require = createRequire(import.meta.url);

/**
 * The money path leans on two libraries' internals, on purpose (docs/adr/0003-pipelined-statements.md,
 * docs/adr/0009-one-data-access-idiom.md): pg's client queue and value conversion (prepared, pipelined
 * statements) and the kysely transaction MikroORM runs a transactional entity manager on. Their versions
 * are pinned exactly; an upgrade fails here first, with what to re-check, instead of in a deposit.
 */
describe('library contracts the money path relies on', () => {
  test('pg is 8.23.1 and its values arrive as platform/parameter-text.ts writes a prelude\'s', () => {
    assert.equal((require('pg/package.json') as { version: string }).version, '8.23.1', 're-check platform/prepared-statements.ts against pg\'s Client and Query, and parameter-text.ts against its value conversion, then pin the new version here');
    assert.equal(parameterText('1500.75'), '1500.75');
    assert.equal(parameterText(42), '42');
    assert.equal(parameterText(null), null);
    assert.equal(parameterText(true), 'true');
    assert.equal(parameterText([1, 2, 3]), '{"1","2","3"}');
    assert.equal(parameterText([1, null, 'a"b\\c', [2, 3]]), '{"1",NULL,"a\\"b\\\\c",{"2","3"}}');
    assert.equal(parameterText({ amount: '1500.75' }), '{"amount":"1500.75"}');
  });

  test('MikroORM is 7.2.1 everywhere (its transactional entity manager carries the kysely transaction Tx.query sends through)', () => {
    for (const name of ['@mikro-orm/core', '@mikro-orm/postgresql', '@mikro-orm/pglite', '@mikro-orm/migrations', '@mikro-orm/sql']) {
      assert.equal((require(`${name}/package.json`) as { version: string }).version, '7.2.1', `${name}: re-check platform/database.ts (queryOn) before moving`);
    }
  });

  test("kysely is the 0.29.6 MikroORM runs on, and CompiledQuery.raw keeps the parameter array (the preludes ride on it)", () => {
    // kysely exports no package.json: read it beside the entry point the import resolves to.
    const ours = (JSON.parse(readFileSync(new URL('../package.json', import.meta.resolve('kysely')), 'utf8')) as { version: string }).version;
    const mikroOrms = (require('@mikro-orm/sql/package.json') as { dependencies: Record<string, string> }).dependencies.kysely;
    assert.equal(ours, '0.29.6', 're-check platform/database.ts (untracedQueryOn) and prepared-statements.ts (withPreludes)');
    assert.equal(mikroOrms, ours, "the kysely we build queries with must be the one MikroORM's transaction runs them on");
    const marker = Symbol('marker');
    const parameters = Object.defineProperty(['1500.75'], marker, { value: 'kept', enumerable: false });
    const query = CompiledQuery.raw('select $1::numeric', parameters);
    assert.equal(query.sql, 'select $1::numeric');
    assert.equal((query.parameters as unknown as Record<symbol, string>)[marker], 'kept', 'withPreludes attaches preludes to the array itself');
  });
});
