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

  test('a malformed locale is refused once, whether or not the body holds a date; monthDayFormat is a format key', () => {
    const bad = translateBody({ locale: 'en.5', charges: [] }, fields);
    assert.deepEqual(bad.errors.map((e) => [e.code, e.parameterName]), [['validation.msg.invalid.locale.format', 'locale']]);
    assert.deepEqual(translateBody({ locale: 'en_GB', monthDayFormat: 'dd MMM', charges: [] }, fields).errors, []);
    assert.deepEqual(translateBody({ locale: '', charges: [] }, fields).errors, [], 'a blank locale is no locale');
  });
});
