import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { blockMs, DEFAULT_BACKOFF, throttleCounters } from '../../subgraphs/organisation/domain/login-throttle.js';

describe('login throttle rules', () => {
  test('five failures of a user from one address block, then the wait doubles up to the cap', () => {
    const { userAtAddress } = throttleCounters('Ada', '10.0.0.1');
    const waits = [1, 4, 5, 6, 7, 30].map((n) => blockMs(n, userAtAddress.freeFailures, DEFAULT_BACKOFF));
    assert.deepEqual(waits, [0, 0, 5_000, 10_000, 20_000, 15 * 60_000]);
  });

  test('an address may fail twenty times across users before it waits', () => {
    const { address } = throttleCounters('ada', '10.0.0.1');
    assert.equal(blockMs(19, address!.freeFailures, DEFAULT_BACKOFF), 0);
    assert.equal(blockMs(20, address!.freeFailures, DEFAULT_BACKOFF), 5_000);
  });

  test('keys: the username in any case from one address is one key; no key spans addresses for a username', () => {
    const a = throttleCounters('ADA', '10.0.0.1');
    assert.equal(a.userAtAddress.key, throttleCounters('ada', '10.0.0.1').userAtAddress.key);
    assert.notEqual(a.userAtAddress.key, throttleCounters('ada', '10.0.0.2').userAtAddress.key);
    assert.equal(a.address!.key, throttleCounters('bob', '10.0.0.1').address!.key);
    const elsewhere = throttleCounters('ada', '10.0.0.2');
    assert.ok(![elsewhere.userAtAddress.key, elsewhere.address!.key].some((k) => k === a.userAtAddress.key || k === a.address!.key), 'another address shares no count');
    assert.match(a.userAtAddress.key, /^[0-9a-f]{64}$/, 'a digest: no username stored');
  });
});
