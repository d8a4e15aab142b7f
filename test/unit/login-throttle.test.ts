import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LoginThrottle } from '../../subgraphs/organisation/login-throttle.js';

describe('login throttle', () => {
  test('locks after the last allowed failure, unlocks after the lock time, resets on success', () => {
    const throttle = new LoginThrottle(3, 1000);
    const t0 = 1_000_000;
    throttle.recordFailure('bank', 'Ada', t0);
    throttle.recordFailure('bank', 'ada', t0);
    assert.equal(throttle.isLocked('bank', 'ADA', t0), false);
    throttle.recordFailure('bank', 'ada', t0);
    assert.equal(throttle.isLocked('bank', 'ada', t0 + 999), true);
    assert.equal(throttle.isLocked('other', 'ada', t0), false);
    assert.equal(throttle.isLocked('bank', 'ada', t0 + 1000), false);
    throttle.recordFailure('bank', 'ada', t0 + 1001);
    assert.equal(throttle.isLocked('bank', 'ada', t0 + 1001), false, 'the count starts again after a lock expires');
    throttle.recordSuccess('bank', 'ada');
    throttle.recordFailure('bank', 'ada', t0 + 2000);
    throttle.recordFailure('bank', 'ada', t0 + 2000);
    assert.equal(throttle.isLocked('bank', 'ada', t0 + 2000), false);
  });
});
