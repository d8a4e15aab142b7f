import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sameEyes } from '../../subgraphs/kernel/identity.js';

describe('four eyes across API keys (kernel sameEyes)', () => {
  test('one user on both sides is the same pair of eyes; two users are not', () => {
    assert.equal(sameEyes({ userId: 1 }, { userId: 1 }), true);
    assert.equal(sameEyes({ userId: 1 }, { userId: 2 }), false);
  });

  test("a key's issuer is the same person as its user, on either side", () => {
    // The checker acts with a key the maker issued.
    assert.equal(sameEyes({ userId: 1 }, { userId: 2, delegatedBy: 1 }), true);
    // The maker acted with a key the checker issued.
    assert.equal(sameEyes({ userId: 2, delegatedBy: 1 }, { userId: 1 }), true);
    // Both acted with keys one issuer gave two users.
    assert.equal(sameEyes({ userId: 2, delegatedBy: 1 }, { userId: 3, delegatedBy: 1 }), true);
  });

  test('keys from different issuers, and no issuer recorded, keep two people apart', () => {
    assert.equal(sameEyes({ userId: 2, delegatedBy: 4 }, { userId: 3, delegatedBy: 5 }), false);
    assert.equal(sameEyes({ userId: 2, delegatedBy: null }, { userId: 3, delegatedBy: null }), false);
  });
});
