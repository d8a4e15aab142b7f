import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'graphql';
import { movementLaneOf } from '../../subgraphs/account/movement-lane.js';
import type { Identity, StaffIdentity } from '../../subgraphs/kernel/identity.js';

const teller: StaffIdentity = {
  kind: 'staff', tenantId: 'default', userId: 7, username: 'teller', officeId: 2, officeHierarchy: '.2.', staffId: 3, roleIds: [], permissions: [],
} as StaffIdentity;

/** Which idempotent writes queue in an account's group-commit lane: exactly one deposit or one withdrawal. */
describe('movementLaneOf', () => {
  test('a deposit or a withdrawal, by variable or literal, is its account and side, ordered by the teller', () => {
    const deposit = parse('mutation D($savingsAccountId: Int!, $input: SavingsTransactionInput!) { depositToSavingsAccount(savingsAccountId: $savingsAccountId, input: $input) { resourceId } }');
    assert.deepEqual(movementLaneOf(deposit, { savingsAccountId: 42 }, teller), { lane: 'savings:42:credit', order: 7 });
    const aliased = parse('mutation { out: withdrawFromSavingsAccount(savingsAccountId: 9, input: {}) { resourceId } }');
    assert.deepEqual(movementLaneOf(aliased, undefined, teller), { lane: 'savings:9:debit', order: 7 });
  });

  test('anything else has no lane', () => {
    const two = parse('mutation { a: depositToSavingsAccount(savingsAccountId: 1, input: {}) { resourceId } b: depositToSavingsAccount(savingsAccountId: 2, input: {}) { resourceId } }');
    assert.equal(movementLaneOf(two, undefined, teller), null, 'two movements in one operation');
    assert.equal(movementLaneOf(parse('mutation { undoSavingsTransaction(savingsAccountId: 1, transactionId: 2) { resourceId } }'), undefined, teller), null, 'another mutation');
    assert.equal(movementLaneOf(parse('query { depositToSavingsAccount(savingsAccountId: 1) }'), undefined, teller), null, 'not a mutation');
    const byVariable = parse('mutation D($id: Int!) { depositToSavingsAccount(savingsAccountId: $id, input: {}) { resourceId } }');
    assert.equal(movementLaneOf(byVariable, { id: '42' }, teller), null, 'an id that is not an integer');
    assert.equal(movementLaneOf(byVariable, { id: 2 ** 60 }, teller), null, 'an id past safe integers');
    assert.equal(movementLaneOf(byVariable, {}, teller), null, 'a missing id');
    const customer = { kind: 'customer', tenantId: 'default', userId: 7, username: 'c', clientIds: [1] } as Identity;
    assert.equal(movementLaneOf(byVariable, { id: 2 }, customer), null, 'only staff move money through these mutations');
  });
});
