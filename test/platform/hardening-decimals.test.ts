import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';

/**
 * Issue 7 point 1: a 916-byte POST /journalentries with amounts written 1e-9999999 drove the process out
 * of memory before any authentication; with a key, one such amount returned a 100 MB error body.
 */
describe('hardening: decimal inputs are bounded before they are expanded', () => {
  let service: TestService;
  let t: TenantSession;
  let cash: number;
  let capital: number;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    const accounts = await t.get('/glaccounts');
    const byCode = new Map<string, number>(accounts.body.map((a: { glCode: string; id: number }) => [a.glCode, a.id]));
    cash = byCode.get('11101')!;
    capital = byCode.get('31101')!;
  });
  after(async () => service.stop());

  const hostileBody = (amount: string) => {
    const lines = (n: number) => Array.from({ length: n }, () => `{"glAccountId":${cash},"amount":${amount}}`).join(',');
    return `{"officeId":1,"transactionDate":"2026-03-01","currencyCode":"NGN","dateFormat":"yyyy-MM-dd","locale":"en","comments":"x",` +
      `"debits":[${lines(12)}],"credits":[${lines(12)}]}`;
  };

  test('unauthenticated: the hostile body is 401 without being read', async () => {
    const raw = hostileBody('1e-9999999');
    assert.ok(raw.length > 700 && raw.length < 1200, `body of ${raw.length} bytes`);
    const res = await service.request('POST', '/api/v1/journalentries', { tenant: t.tenant, auth: null, rawBody: raw });
    assertError(res, 401, 'error.msg.not.authenticated');
    const wrongKey = await service.request('POST', '/api/v1/journalentries', { tenant: t.tenant, auth: 'nobody:nothing', rawBody: raw });
    assert.equal(wrongKey.status, 401);
  });

  test('authenticated: 1e-9999999 is a 400 with a small body that does not echo the input', async () => {
    const res = await t.request('POST', '/api/v1/journalentries', { rawBody: hostileBody('1e-9999999') });
    assertError(res, 400, 'validation.msg.invalid.decimal.format');
    assert.ok(res.text.length < 20_000, `error body of ${res.text.length} bytes`);
    assert.ok(!res.text.includes('0000000000'), 'no expanded digits in the answer');
  });

  test('10,000 digits as a JSON number or a string are refused, the message truncated', async () => {
    const digits = '9'.repeat(10_000);
    for (const amount of [digits, `"${digits}"`, `"0.${digits}"`, '1e+999999']) {
      const res = await t.request('POST', '/api/v1/journalentries', {
        rawBody: `{"officeId":1,"transactionDate":"2026-03-01","currencyCode":"NGN","dateFormat":"yyyy-MM-dd","locale":"en","debits":[{"glAccountId":${cash},"amount":${amount}}],"credits":[{"glAccountId":${capital},"amount":10}]}`,
      });
      assertError(res, 400, 'validation.msg.invalid.decimal.format');
      assert.ok(res.text.length < 2_000, `error body of ${res.text.length} bytes`);
      assert.ok(!res.text.includes('9'.repeat(100)));
    }
  });

  test('GraphQL: Decimal literals and variables are bounded too', async () => {
    const mutation = (amount: string) => `mutation { createJournalEntry(input: { officeId: 1, transactionDate: "2026-03-01", currencyCode: "NGN",
      debits: [{ glAccountId: ${cash}, amount: ${amount} }], credits: [{ glAccountId: ${capital}, amount: "10" }] }) { transactionId } }`;
    const literal = await t.graphql(mutation('1e-9999999'));
    assert.ok(literal.body.errors?.length, literal.text);
    assert.equal(literal.body.data?.createJournalEntry ?? null, null);
    assert.ok(literal.text.length < 5_000);
    const variable = await t.graphql(
      `mutation($a: Decimal) { createJournalEntry(input: { officeId: 1, transactionDate: "2026-03-01", currencyCode: "NGN",
        debits: [{ glAccountId: ${cash}, amount: $a }], credits: [{ glAccountId: ${capital}, amount: "10" }] }) { transactionId } }`,
      { a: `0.${'1'.repeat(10_000)}` },
    );
    assert.ok(variable.body.errors?.length, variable.text);
    assert.ok(variable.text.length < 5_000, `answer of ${variable.text.length} bytes`);
  });

  test('ordinary amounts still post exactly, and the service stayed up throughout', async () => {
    const ok = await t.post('/journalentries', {
      officeId: 1, transactionDate: '2026-03-01', currencyCode: 'NGN', dateFormat: 'yyyy-MM-dd', locale: 'en',
      debits: [{ glAccountId: cash, amount: 1000.1 }], credits: [{ glAccountId: capital, amount: 1000.1 }],
    });
    assert.equal(ok.status, 200, ok.text);
    assert.equal((await service.request('GET', '/actuator/health')).status, 200);
  });
});
