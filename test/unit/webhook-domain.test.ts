import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { eventPair, hookReceives, isKnownPair } from '../../subgraphs/webhooks/domain/hook-events.js';
import { backoffMs, MAX_ATTEMPTS, MAX_RETRY_DELAY_MS, nextStep, retryAfterMs } from '../../subgraphs/webhooks/domain/retry-policy.js';
import { signatureHeaders } from '../../subgraphs/webhooks/domain/signature.js';
import { isPrivateAddress, payloadUrlProblem } from '../../subgraphs/webhooks/domain/target-address.js';

describe('webhook domain (pure)', () => {
  test('backoff doubles from the base with at most 25% jitter, capped at 24 h; 15 attempts span about a day', () => {
    assert.equal(backoffMs(1, 5000, () => 0), 5000);
    assert.equal(backoffMs(2, 5000, () => 0), 10_000);
    assert.equal(backoffMs(1, 5000, () => 0.999999), 6250);
    assert.equal(backoffMs(40, 5000, () => 1), MAX_RETRY_DELAY_MS);
    let total = 0;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) total += backoffMs(attempt, 5000, () => 0);
    assert.ok(total > 20 * 3600_000 && total < 24 * 3600_000, `${total}`);
  });

  test('next step: 2xx delivered, 410 dead and disables, last attempt dead, Retry-After honoured', () => {
    const base = { now: 0, baseMs: 5000, maxAttempts: 15, random: () => 0 };
    assert.deepEqual(nextStep({ ...base, attempt: 1, statusCode: 204 }), { kind: 'delivered' });
    assert.deepEqual(nextStep({ ...base, attempt: 1, statusCode: 410 }), { kind: 'dead', disableHook: true });
    assert.deepEqual(nextStep({ ...base, attempt: 15, statusCode: 500 }), { kind: 'dead', disableHook: false });
    assert.deepEqual(nextStep({ ...base, attempt: 3, statusCode: null }), { kind: 'retry', delayMs: 20_000 });
    assert.deepEqual(nextStep({ ...base, attempt: 1, statusCode: 429, retryAfter: '120' }), { kind: 'retry', delayMs: 120_000 });
    assert.equal(retryAfterMs(new Date(60_000).toUTCString(), 0), 60_000);
    assert.equal(retryAfterMs('999999999', 0), MAX_RETRY_DELAY_MS);
    assert.equal(retryAfterMs('soon', 0), null);
  });

  test('private addresses and payload URLs', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '[::1]']) assert.ok(isPrivateAddress(a), a);
    for (const a of ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888', 'example.com']) assert.ok(!isPrivateAddress(a), a);
    assert.equal(payloadUrlProblem('https://example.com/x', false), null);
    assert.equal(payloadUrlProblem('http://localhost:8080/x', false), 'private');
    assert.equal(payloadUrlProblem('http://localhost:8080/x', true), null);
    assert.equal(payloadUrlProblem('file:///etc/passwd', true), 'scheme');
    assert.equal(payloadUrlProblem('https://user:pw@example.com/', false), 'invalid');
    assert.equal(payloadUrlProblem('nope', false), 'invalid');
  });

  test('hook matching: pairs, wildcards, transfer legs, canonical pairs', () => {
    const credit = { eventType: 'account.credit', entityName: 'SAVINGSACCOUNT', actionName: 'DEPOSIT', data: {} };
    const leg = { ...credit, data: { transferId: 'T' } };
    const bvn = { eventType: 'bvn.duplicate_detected', entityName: 'CLIENT', actionName: 'BVNDUPLICATE', data: {} };
    assert.ok(hookReceives([{ entityName: '*', actionName: '*' }], credit));
    assert.ok(hookReceives([{ entityName: 'SAVINGSACCOUNT', actionName: 'DEPOSIT' }], credit));
    assert.ok(hookReceives([{ entityName: 'SAVINGSACCOUNT', actionName: '*' }], credit));
    assert.ok(!hookReceives([{ entityName: 'SAVINGSACCOUNT', actionName: 'WITHDRAWAL' }], credit));
    assert.ok(!hookReceives([{ entityName: 'ACCOUNTTRANSFER', actionName: 'CREATE' }], credit));
    assert.ok(hookReceives([{ entityName: 'ACCOUNTTRANSFER', actionName: 'CREATE' }], leg));
    assert.deepEqual(eventPair(bvn), { entityName: 'CLIENT', actionName: 'BVN_DUPLICATE' });
    assert.ok(hookReceives([{ entityName: 'CLIENT', actionName: 'BVN_DUPLICATE' }], bvn));
    assert.deepEqual(eventPair({ eventType: 'journal.entry.posted', entityName: 'JOURNALENTRY', actionName: 'REVERSE' }), { entityName: 'JOURNALENTRY', actionName: 'REVERSE' });
    assert.ok(isKnownPair({ entityName: 'LOAN', actionName: 'DISBURSE' }));
    assert.ok(!isKnownPair({ entityName: 'LOAN', actionName: 'EXPLODE' }));
  });

  test('signatures verify with the standardwebhooks package, whsec_ and plain secrets alike', () => {
    const body = '{"eventId":"evt_1"}';
    const whsec = `whsec_${Buffer.from('0123456789abcdef0123').toString('base64')}`;
    const headers = signatureHeaders(whsec, 'evt_1', new Date(), body);
    assert.match(headers['webhook-signature']!, /^v1,[A-Za-z0-9+/]+=*$/);
    assert.deepEqual(new Webhook(whsec).verify(body, headers), { eventId: 'evt_1' });
    const plain = 'plain-secret-0123456789';
    assert.deepEqual(new Webhook(plain, { format: 'raw' }).verify(body, signatureHeaders(plain, 'evt_1', new Date(), body)), { eventId: 'evt_1' });
    assert.throws(() => new Webhook(whsec).verify(`${body} `, headers));
  });
});
