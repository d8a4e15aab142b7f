import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decimalText, exactNumber, parseExactJson } from '../../subgraphs/kernel/exact-json.js';

describe('exact JSON numbers for event payloads', () => {
  test('a decimal is written with every digit, as a number', () => {
    assert.equal(JSON.stringify({ amount: exactNumber('89999999999999.91') }), '{"amount":89999999999999.91}');
    assert.equal(JSON.stringify({ amount: exactNumber('1500.750000') }), '{"amount":1500.75}');
    assert.equal(JSON.stringify({ amount: exactNumber('0.000001') }), '{"amount":0.000001}');
    assert.equal(JSON.stringify({ amount: exactNumber('-12') }), '{"amount":-12}');
    assert.throws(() => exactNumber('NaN'));
  });

  test('parsing keeps the text of every number a float would change, and plain numbers as numbers', () => {
    const parsed = parseExactJson<{ a: unknown; b: unknown; c: unknown; d: { e: unknown[] } }>('{"a":89999999999999.91,"b":12,"c":0.5,"d":{"e":[100.50,7]}}');
    assert.deepEqual(parseExactJson('{"amount":1500.75,"id":"evt_1234567890abcdef"}'), { amount: 1500.75, id: 'evt_1234567890abcdef' }, 'short numbers parse plainly');
    assert.equal(parsed.b, 12);
    assert.equal(parsed.c, 0.5);
    assert.equal(decimalText(parsed.a), '89999999999999.91');
    assert.equal(decimalText(parsed.d.e[0]), '100.50');
    assert.equal(parsed.d.e[1], 7);
    assert.equal(JSON.stringify(parsed), '{"a":89999999999999.91,"b":12,"c":0.5,"d":{"e":[100.50,7]}}');
  });

  test('decimalText reads raw, plain and string amounts alike', () => {
    assert.equal(decimalText(exactNumber('1.25')), '1.25');
    assert.equal(decimalText(1.25), '1.25');
    assert.equal(decimalText('1.250'), '1.25');
    assert.equal(decimalText(null), null);
  });
});
