import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildSchema, type GraphQLInputObjectType } from 'graphql';
import { parseJsonExact, translateBody } from '../../rest-compat/input-translation.js';

const schema = buildSchema('scalar JSONObject input ProductInput { charges: [JSONObject!] } type Query { product(input: ProductInput): Int }');
const fields = (schema.getType('ProductInput') as GraphQLInputObjectType).getFields();

describe('REST body translation', () => {
  test('numbers inside a value passed on as it is (a JSONObject) reach GraphQL as the same numbers', () => {
    const { value, errors } = translateBody(parseJsonExact('{"charges":[{"chargeId":1,"amount":1000.10,"big":12345678901234567890}]}') as Record<string, unknown>, fields);
    assert.deepEqual(errors, []);
    assert.equal(JSON.stringify(value), '{"charges":[{"chargeId":1,"amount":1000.10,"big":12345678901234567890}]}');
  });
});
