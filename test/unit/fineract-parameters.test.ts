import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mergeParameters, unsupportedParameters, type ParameterCatalogue } from '../../subgraphs/kernel/fineract-parameters.js';

const CATALOGUE: ParameterCatalogue = {
  lienAllowed: { use: 'off' },
  loanScheduleType: { use: 'off', defaults: ['CUMULATIVE'] },
  charges: { use: 'off' },
  withdrawalFeeForTransfers: { use: 'stored', type: 'Boolean' },
};

describe("Fineract parameters a record has no column for", () => {
  test('off parameters pass when off or at their default, in any of the forms clients send', () => {
    for (const value of [null, false, 'false', 'FALSE', 0, '0', '0.00', '', [], {}]) {
      assert.deepEqual(unsupportedParameters('savingsproduct', { lienAllowed: value }, CATALOGUE), [], JSON.stringify(value));
    }
    assert.deepEqual(unsupportedParameters('loanproduct', { loanScheduleType: 'cumulative' }, CATALOGUE), []);
  });

  test('asking for the feature names the parameter in error.msg.<resource>.<param>.not.supported', () => {
    const found = unsupportedParameters('loanproduct', { lienAllowed: 'true', loanScheduleType: 'PROGRESSIVE', charges: [{ id: 1 }], unrelated: 'x' }, CATALOGUE);
    assert.deepEqual(found.map((e) => [e.code, e.parameterName]), [
      ['error.msg.loanproduct.lienAllowed.not.supported', 'lienAllowed'],
      ['error.msg.loanproduct.loanScheduleType.not.supported', 'loanScheduleType'],
      ['error.msg.loanproduct.charges.not.supported', 'charges'],
    ]);
  });

  test('stored values replace, nulls remove; accepted off values are kept as the booleans and numbers they mean', () => {
    const merged = mergeParameters({ withdrawalFeeForTransfers: true, lienAllowed: false }, { withdrawalFeeForTransfers: null, lienAllowed: '0', charges: [] }, CATALOGUE);
    assert.deepEqual(merged, { lienAllowed: 0, charges: [] });
    assert.deepEqual(mergeParameters({}, { lienAllowed: 'false', other: 1 }, CATALOGUE), { lienAllowed: false });
  });
});
