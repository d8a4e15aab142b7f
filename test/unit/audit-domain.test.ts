import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { entryHash, GENESIS_HASH, type ChainedContent } from '../../subgraphs/audit/domain/chain.js';
import { commandNames, redacted, REDACTED } from '../../subgraphs/platform/audit-scope.js';

const entry: ChainedContent = {
  id: '7', commandId: '0b0c5e52-52f1-4f5e-9d4c-1f0f4a3b2c1d', txid: '1042', actionName: 'DEPOSIT', entityName: 'SAVINGSACCOUNT', operation: 'depositToSavingsAccount', resourceId: '3', subresourceId: null,
  officeId: 2, officeHierarchy: '.2.', makerId: 5, makerDelegatedBy: null, checkerId: null, checkedAtMicros: null, madeAtMicros: '1795870000000000',
  commandJson: '{"savingsAccountId":3}', processingResult: 1, errorCode: null,
};

describe('audit domain', () => {
  test('a mutation\'s name gives Fineract\'s action and entity', () => {
    assert.deepEqual(commandNames('depositToSavingsAccount'), { actionName: 'DEPOSIT', entityName: 'SAVINGSACCOUNT' });
    assert.deepEqual(commandNames('withdrawFromSavingsAccount'), { actionName: 'WITHDRAWAL', entityName: 'SAVINGSACCOUNT' });
    assert.deepEqual(commandNames('approveMakerChecker'), { actionName: 'APPROVE', entityName: 'MAKERCHECKER' });
    assert.deepEqual(commandNames('createGLAccount'), { actionName: 'CREATE', entityName: 'GLACCOUNT' });
    assert.deepEqual(commandNames('makeLoanRepayment'), { actionName: 'REPAYMENT', entityName: 'LOAN' });
    assert.deepEqual(commandNames('authenticate'), { actionName: 'LOGIN', entityName: 'USER' });
    assert.deepEqual(commandNames('selfAuthenticate'), { actionName: 'LOGIN', entityName: 'SELFUSER' });
    assert.deepEqual(commandNames('updateRolePermissions'), { actionName: 'PERMISSIONS', entityName: 'ROLE' });
    assert.deepEqual(commandNames('createApiKey'), { actionName: 'CREATE', entityName: 'APIKEY' });
  });

  test('secrets are replaced, by key name and in a hook\'s name/value configuration; other values kept', () => {
    const request = {
      username: 'ada', password: 'p', repeatPassword: 'p', input: { name: 'x', apiKey: 'k', token: 't', pin: '1234', amount: '10.50', keyName: 'shown' },
      config: [{ fieldName: 'Payload URL', fieldValue: 'https://x' }, { fieldName: 'Secret', fieldValue: 's3cr3t' }],
    };
    assert.deepEqual(redacted(request), {
      username: 'ada', password: REDACTED, repeatPassword: REDACTED, input: { name: 'x', apiKey: REDACTED, token: REDACTED, pin: REDACTED, amount: '10.50', keyName: 'shown' },
      config: [{ fieldName: 'Payload URL', fieldValue: 'https://x' }, { fieldName: 'Secret', fieldValue: REDACTED }],
    });
  });

  test('an entry\'s hash covers the previous hash and every field', () => {
    const first = entryHash(GENESIS_HASH, entry);
    assert.match(first, /^[0-9a-f]{64}$/);
    assert.equal(entryHash(GENESIS_HASH, { ...entry }), first, 'the same content, the same hash');
    assert.notEqual(entryHash('1'.repeat(64), entry), first);
    for (const [field, value] of Object.entries({ commandJson: '{"savingsAccountId":4}', makerId: 6, madeAtMicros: '1795870000000001', errorCode: 'x', resourceId: null, commandId: 'f4e5d6c7-0000-4000-8000-000000000000' })) {
      assert.notEqual(entryHash(GENESIS_HASH, { ...entry, [field]: value }), first, field);
    }
  });
});
