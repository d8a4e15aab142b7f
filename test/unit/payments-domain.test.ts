import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { newSessionId } from '../../subgraphs/payments/domain/session-id.js';
import { signedHeaders, switchSignature, verifySwitchSignature } from '../../subgraphs/payments/domain/signature.js';
import { SANDBOX_FAILURE_REASON, SANDBOX_PENDING_MS, sandboxAccountName, MemorySandboxSessions, SandboxLedger, sandboxRule } from '../../subgraphs/payments/sandbox-switch.js';

const request = (accountNumber: string, sessionId = `s${accountNumber}`) => ({
  sessionId, bankCode: '058', accountNumber, accountName: 'X', amount: '1', currency: 'NGN', narration: '', originator: { bankName: 'B', accountNo: '1', senderName: 'S' },
});

describe('payments: pure rules', () => {
  test('switch signatures: v1=<hex HMAC-SHA256 of "<timestamp>.<body>">, within 5 minutes, exact body and key', () => {
    const now = 1_800_000_000_000;
    const body = '{"sessionId":"1","amount":10.50}';
    const headers = signedHeaders('k', body, now);
    assert.equal(headers['x-switch-timestamp'], '1800000000');
    assert.equal(headers['x-switch-signature'], switchSignature('k', '1800000000', body));
    assert.match(headers['x-switch-signature']!, /^v1=[0-9a-f]{64}$/);
    assert.ok(verifySwitchSignature('k', '1800000000', headers['x-switch-signature'], body, now));
    assert.ok(verifySwitchSignature('k', '1800000000', headers['x-switch-signature']!.toUpperCase().replace('V1=', 'v1='), body, now), 'hex in either case');
    assert.ok(verifySwitchSignature('k', '1800000000', headers['x-switch-signature'], body, now + 299_000));
    assert.ok(!verifySwitchSignature('k', '1800000000', headers['x-switch-signature'], body, now + 301_000), 'stale');
    assert.ok(!verifySwitchSignature('k', '1800000000', headers['x-switch-signature'], body, now - 301_000), 'from the future');
    assert.ok(!verifySwitchSignature('other', '1800000000', headers['x-switch-signature'], body, now), 'another key');
    assert.ok(!verifySwitchSignature('k', '1800000000', headers['x-switch-signature'], body.replace('10.50', '10.5'), now), 'another body');
    assert.ok(!verifySwitchSignature('k', undefined, headers['x-switch-signature'], body, now));
    assert.ok(!verifySwitchSignature('k', '1800000000', null, body, now));
    assert.ok(!verifySwitchSignature('k', '18e8', headers['x-switch-signature'], body, now));
  });

  test('session ids: 30 digits, the institution code first', () => {
    const id = newSessionId('000999', new Date(Date.UTC(2026, 10, 25, 10, 30, 5)));
    assert.match(id, /^000999261125103005\d{12}$/);
  });

  test("the sandbox's rules by the account number's last digit, and its stable names", async () => {
    assert.deepEqual(['0', '1', '6', '7', '8', '9'].map((d) => sandboxRule(`012345678${d}`)), ['unknown', 'success', 'success', 'no-answer', 'pending', 'failure']);
    assert.equal(sandboxAccountName('058', '0123456781'), sandboxAccountName('058', '0123456781'));
    let now = 0;
    const ledger = new SandboxLedger(new MemorySandboxSessions(), () => now);
    assert.equal(ledger.nameEnquiry('058', '0123456780'), null);
    assert.equal(ledger.nameEnquiry('999', '0123456781'), null, 'a bank the sandbox does not know');
    assert.equal(ledger.nameEnquiry('058', '0123456781')!.accountName, sandboxAccountName('058', '0123456781'));

    assert.equal((await ledger.receive(request('0000000001'))).answer.status, 'SUCCESSFUL');
    assert.deepEqual((await ledger.receive(request('0000000009'))).answer, { sessionId: 's0000000009', status: 'FAILED', reason: SANDBOX_FAILURE_REASON });
    assert.equal((await ledger.receive(request('0000000007'))).answer.status, 'PENDING');
    assert.equal((await ledger.status('s0000000007'))!.status, 'SUCCESSFUL', '7: done at the first status query');
    assert.equal((await ledger.receive(request('0000000008'))).answer.status, 'PENDING');
    now = SANDBOX_PENDING_MS - 1;
    assert.equal((await ledger.status('s0000000008'))!.status, 'PENDING');
    now = SANDBOX_PENDING_MS;
    assert.equal((await ledger.status('s0000000008'))!.status, 'SUCCESSFUL');
    assert.equal(await ledger.status('never-sent'), null);
    // A replayed session answers as the first did (it is not a second transfer).
    assert.equal((await ledger.receive(request('0000000009', 's0000000001'))).answer.status, 'SUCCESSFUL');
  });
});
