import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { amountProblem, availableBalance, balanceFloor, canDebit, withdrawable } from '../../subgraphs/account/domain/balance-rules.js';
import { checkKycCredit } from '../../subgraphs/account/domain/kyc-limit.js';
import { isValidNuban, nuban, nubanCheckDigit } from '../../subgraphs/account/domain/nuban.js';

describe('NUBAN check digit', () => {
  test('weights 3,7,3,3,7,3,3,7,3,3,7,3 over bank code and serial; (10 - sum mod 10) mod 10', () => {
    // 058 + 000000001: 0*3+5*7+8*3 + 0...+1*3 = 35+24+3 = 62 -> (10 - 2) % 10 = 8
    assert.equal(nubanCheckDigit('058', '000000001'), 8);
    // 999 + 000000000: 27+63+27 = 117 -> 3
    assert.equal(nubanCheckDigit('999', '000000000'), 3);
    // A sum that is a multiple of 10 gives 0, not 10: 000 + 000000000
    assert.equal(nubanCheckDigit('000', '000000000'), 0);
    assert.equal(nuban('058', 1), '0000000018');
    assert.equal(nuban('011', 123456789).length, 10);
    assert.ok(isValidNuban('011', nuban('011', 123456789)));
    assert.equal(nuban('011', 123456789), '1234567895');
    assert.ok(!isValidNuban('011', '1234567890'));
    assert.ok(!isValidNuban('011', '123456789'));
    assert.throws(() => nuban('58', 1));
    assert.throws(() => nuban('058', 0));
    assert.throws(() => nuban('058', 1_000_000_000));
  });
});

describe('KYC caps', () => {
  const tier1 = { tier: 1, singleCredit: '50000', balance: '300000' };
  test('single credit first, then the cumulative balance after the credit; tier 3 unlimited', () => {
    assert.deepEqual(checkKycCredit(tier1, '50000', '0'), { ok: true });
    const single = checkKycCredit(tier1, '50000.01', '0');
    assert.equal(single.ok, false);
    assert.equal(!single.ok && single.code, 'error.msg.savingsaccount.kyc.tier.single.deposit.limit.exceeded');
    assert.deepEqual(checkKycCredit(tier1, '50000', '250000'), { ok: true });
    const cumulative = checkKycCredit(tier1, '0.01', '300000');
    assert.equal(!cumulative.ok && cumulative.code, 'error.msg.savingsaccount.kyc.tier.balance.limit.exceeded');
    assert.deepEqual(!cumulative.ok && cumulative.args, [1, '300000', '300000.01']);
    assert.deepEqual(checkKycCredit({ tier: 3, singleCredit: null, balance: null }, '1e12', '1e13'), { ok: true });
  });
});

describe('balance rules', () => {
  const base = { accountBalance: '1000', onHold: '0', allowOverdraft: false, overdraftLimit: '0', enforceMinRequiredBalance: false, minRequiredBalance: null };
  test('withdrawable = balance - holds - enforced minimum + overdraft limit', () => {
    assert.equal(withdrawable(base).toFixed(), '1000');
    assert.equal(withdrawable({ ...base, onHold: '600' }).toFixed(), '400');
    assert.equal(withdrawable({ ...base, enforceMinRequiredBalance: true, minRequiredBalance: '100' }).toFixed(), '900');
    assert.equal(withdrawable({ ...base, allowOverdraft: true, overdraftLimit: '500' }).toFixed(), '1500');
    assert.equal(withdrawable({ ...base, overdraftLimit: '500' }).toFixed(), '1000');
    assert.ok(canDebit(base, '1000'));
    assert.ok(!canDebit(base, '1000.01'));
    assert.equal(availableBalance({ accountBalance: '1000', onHold: '250.5' }).toFixed(), '749.5');
    assert.equal(balanceFloor({ allowOverdraft: true, overdraftLimit: '500' }).toFixed(), '-500');
    assert.equal(balanceFloor({ allowOverdraft: false, overdraftLimit: '500' }).toFixed(), '0');
  });
  test('amounts: positive, within the currency decimals, bounded', () => {
    assert.equal(amountProblem('100.25', 2), null);
    assert.equal(amountProblem('100.255', 2), 'exceeds.decimal.places');
    assert.equal(amountProblem('0', 2), 'not.greater.than.zero');
    assert.equal(amountProblem('-5', 2), 'not.greater.than.zero');
    assert.equal(amountProblem('', 2), 'cannot.be.blank');
    assert.equal(amountProblem('1e20', 2), 'exceeds.max.value');
    assert.equal(amountProblem('5', 0), null);
    assert.equal(amountProblem('5.5', 0), 'exceeds.decimal.places');
  });
});
