import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildSchema, type GraphQLInputObjectType } from 'graphql';
import { parseJsonExact, translateBody } from '../../rest-compat/input-translation.js';

const schema = buildSchema('scalar JSONObject input ProductInput { charges: [JSONObject!] } type Query { product(input: ProductInput): Int }');
const fields = (schema.getType('ProductInput') as GraphQLInputObjectType).getFields();
const dated = buildSchema('scalar LocalDate input DepositInput { transactionDate: LocalDate } type Query { deposit(input: DepositInput): Int }');
const dateFields = (dated.getType('DepositInput') as GraphQLInputObjectType).getFields();

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

  test('an ISO 8601 date needs no dateFormat; any other date does, and one that cannot be read says so', () => {
    assert.deepEqual(translateBody({ transactionDate: '2026-11-28' }, dateFields), { value: { transactionDate: '2026-11-28' }, errors: [] });
    assert.deepEqual(translateBody({ transactionDate: ' 2024-02-29 ', locale: 'fr' }, dateFields).value, { transactionDate: '2024-02-29' });
    // A day that does not exist is unreadable, never "missing".
    const impossible = translateBody({ transactionDate: '2026-02-30' }, dateFields);
    assert.deepEqual(impossible.errors.map((e) => [e.code, e.parameterName]), [['validation.msg.invalid.dateFormat.format', 'transactionDate']]);
    assert.match(impossible.errors[0]!.message, /could not be read as an ISO 8601 date/);
    const fineract = translateBody({ transactionDate: '28 November 2026' }, dateFields);
    assert.deepEqual(fineract.errors.map((e) => e.code), ['validation.msg.missing.dateFormat.parameter', 'validation.msg.missing.locale.parameter']);
    // With a dateFormat the date is read by it, and a mismatch names the format.
    const mismatch = translateBody({ transactionDate: '2026-11-28', dateFormat: 'dd MMMM yyyy', locale: 'en' }, dateFields);
    assert.deepEqual(mismatch.errors.map((e) => [e.code, e.parameterName]), [['validation.msg.invalid.dateFormat.format', 'transactionDate']]);
    assert.match(mismatch.errors[0]!.message, /does not match the format "dd MMMM yyyy"/);
  });
});
