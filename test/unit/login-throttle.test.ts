import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LoginThrottle } from '../../subgraphs/organisation/login-throttle.js';

describe('login throttle', () => {
  test('five failures from one address back that address off for that user, with a growing delay', () => {
    const throttle = new LoginThrottle({ baseDelayMs: 1000 });
    const t0 = 1_000_000;
    for (let i = 0; i < 4; i++) throttle.recordFailure('bank', 'Ada', '10.0.0.1', t0);
    assert.equal(throttle.check('bank', 'ADA', '10.0.0.1', t0).allowed, true);
    throttle.recordFailure('bank', 'ada', '10.0.0.1', t0);
    assert.deepEqual(throttle.check('bank', 'ada', '10.0.0.1', t0 + 1), { allowed: false, retryAfterSeconds: 1 });
    assert.equal(throttle.check('bank', 'ada', '10.0.0.2', t0 + 1).allowed, true, 'the same user from elsewhere is not locked out');
    assert.equal(throttle.check('other', 'ada', '10.0.0.1', t0 + 1).allowed, true);
    assert.equal(throttle.check('bank', 'ada', '10.0.0.1', t0 + 1000).allowed, true);
    throttle.recordFailure('bank', 'ada', '10.0.0.1', t0 + 1000);
    assert.deepEqual(throttle.check('bank', 'ada', '10.0.0.1', t0 + 1000), { allowed: false, retryAfterSeconds: 2 }, 'the delay doubles');
    throttle.recordSuccess('bank', 'ada', '10.0.0.1');
    assert.equal(throttle.check('bank', 'ada', '10.0.0.1', t0 + 1000).allowed, true);
  });

  test('many addresses guessing one user, or one address guessing many users, are slowed too', () => {
    const throttle = new LoginThrottle({ baseDelayMs: 1000 });
    const t0 = 5_000_000;
    for (let i = 0; i < 20; i++) throttle.recordFailure('bank', 'admin', `10.1.0.${i}`, t0);
    assert.equal(throttle.check('bank', 'admin', '10.9.9.9', t0).allowed, false);
    for (let i = 0; i < 20; i++) throttle.recordFailure('bank', `user${i}`, '10.2.0.1', t0);
    assert.equal(throttle.check('bank', 'someone', '10.2.0.1', t0).allowed, false);
  });

  test('the table stays bounded without dropping entries that still block', () => {
    const throttle = new LoginThrottle({ baseDelayMs: 60_000, maxEntries: 100 });
    const t0 = 9_000_000;
    for (let i = 0; i < 5; i++) throttle.recordFailure('bank', 'admin', '10.0.0.1', t0);
    for (let i = 0; i < 1000; i++) throttle.recordFailure('bank', `junk${i}`, undefined, t0 + 1);
    assert.ok(throttle.size <= 110, `size ${throttle.size}`);
    assert.equal(throttle.check('bank', 'admin', '10.0.0.1', t0 + 2).allowed, false, 'the live lock survived 1,000 junk logins');
  });
});
