import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildSchema, Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { outputSelection, translateOutput } from '../../rest-compat/output-translation.js';

const schema = buildSchema(`
  scalar Decimal
  scalar LocalDate
  scalar JSONObject
  interface Priced { amount: Decimal }
  type Line implements Priced { id: Int amount: Decimal date: LocalDate note: String }
  type Page { total: Int items: [Line!]! }
  type Query { page: Page line: Priced changes: JSONObject }
`);

function translate(source: string, data: Record<string, unknown>): string {
  const document = parse(source);
  const op = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  return JSON.stringify(translateOutput(data, outputSelection(schema, op.selectionSet, schema.getQueryType()!, fragments)));
}

describe('REST output translation', () => {
  test('Decimals get six places as exact numbers, dates become [y, m, d], nulls go', () => {
    const out = translate('{ page { total items { id amount date note } } }', {
      page: { total: 2, items: [{ id: 1, amount: '1500', date: '2026-03-01', note: null }, { id: 2, amount: '98765432109876.54', date: null, note: 'x' }] },
    });
    assert.equal(out, '{"page":{"total":2,"items":[{"id":1,"amount":1500.000000,"date":[2026,3,1]},{"id":2,"amount":98765432109876.540000,"note":"x"}]}}');
  });

  test('aliases, inline fragments, fragment spreads and interfaces keep their field types', () => {
    const out = translate(
      '{ p: page { items { ...L total: amount } } line { ... on Line { when: date } amount } } fragment L on Line { amt: amount }',
      { p: { items: [{ amt: '1', total: '2.5' }] }, line: { when: '2026-01-02', amount: '3' } },
    );
    assert.equal(out, '{"p":{"items":[{"amt":1.000000,"total":2.500000}]},"line":{"when":[2026,1,2],"amount":3.000000}}');
  });

  test('JSON scalars (changes objects) pass through untouched', () => {
    assert.equal(translate('{ changes }', { changes: { amount: '1500', date: '2026-01-01' } }), '{"changes":{"amount":"1500","date":"2026-01-01"}}');
  });
});
