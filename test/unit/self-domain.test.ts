import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { normaliseMobile } from '../../subgraphs/self/domain/contact.js';
import { dailyLimitSetting, retryAfterSeconds, withinBeneficiaryLimit, withinDailyLimit } from '../../subgraphs/self/domain/limits.js';

describe('self-service domain rules', () => {
  test('a Nigerian mobile number is the same number however it is typed', () => {
    for (const typed of ['08031234567', '0803 123 4567', '0803-123-4567', '+2348031234567', '2348031234567', '002348031234567', '+234 (803) 123 4567']) {
      assert.equal(normaliseMobile(typed), '+2348031234567', typed);
    }
    assert.equal(normaliseMobile('+447700900123'), '+447700900123');
    for (const bad of ['', 'abc', '0803123456', '080312345678', '+234803123456', '+1234567', '803-123']) assert.equal(normaliseMobile(bad), null, bad);
  });

  test('limits are inclusive and exact to the cent', () => {
    assert.equal(withinDailyLimit('48000', '2000', '50000'), true);
    assert.equal(withinDailyLimit('48000', '2000.01', '50000'), false);
    assert.equal(withinDailyLimit('0.1', '0.2', '0.3'), true);
    assert.equal(withinBeneficiaryLimit('2000', '2000'), true);
    assert.equal(withinBeneficiaryLimit('2000.000001', '2000'), false);
    assert.equal(withinBeneficiaryLimit('1e9', null), true);
    assert.deepEqual([0, 1, 2, 3, 4].map(dailyLimitSetting), [1, 1, 2, 3, 3].map((t) => `self-transfer-daily-limit-tier-${t}`));
  });

  test('Retry-After is the seconds until the oldest attempt leaves its window, at least 1', () => {
    const now = Date.parse('2026-01-15T10:00:00Z');
    assert.equal(retryAfterSeconds(new Date(now - 3_000_000), 3_600_000, now), 600);
    assert.equal(retryAfterSeconds(new Date(now - 3_600_000), 3_600_000, now), 1);
  });
});
