import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { corporateClient, deposit, iso, openAccount, pinBusinessDate, productIds, transfer } from '../account/support.js';
import { assertError } from '../support/assertions.js';
import { TestService, type HttpResult, type TenantSession } from '../support/service.js';

/** A 4xx whose body carries a Fineract code (REST envelope) or a GraphQL error code, never a 500. */
function assertCoded4xx(res: HttpResult, what: string): void {
  assert.ok(res.status >= 400 && res.status < 500, `${what}: ${res.status} ${res.text.slice(0, 400)}`);
  const code = res.body?.userMessageGlobalisationCode ?? res.body?.errors?.[0]?.extensions?.code;
  assert.match(String(code), /^(validation|error)\.msg\./, `${what}: ${res.text.slice(0, 400)}`);
}

/** Issue 27 point 5: inputs that still reached a 500. */
describe('hardening: inputs that reached a 500 are 4xx with a Fineract code', () => {
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

  test('error messages over 300 characters are cut, not masked into a 500', async () => {
    assertError(await t.get(`/clients/external-id/${'x'.repeat(300)}`), 404, 'error.msg.resource.not.found');
    assertError(await t.get(`/offices/external-id/${'x'.repeat(3000)}`), 404, 'error.msg.resource.not.found');
    const report = await t.get(`/runreports/${'x'.repeat(3000)}`);
    assertCoded4xx(report, 'a long report name');
    assert.ok(report.text.length < 2_000, `answer of ${report.text.length} bytes`);
    const gql = await t.graphql(`{ client(externalId: "${'x'.repeat(300)}") { id } }`);
    assert.equal(gql.body.errors?.[0]?.extensions?.code, 'error.msg.resource.not.found', gql.text.slice(0, 400));
    const gqlReport = await t.graphql(`{ ledgerReport(name: "${'x'.repeat(3000)}") { reportName } }`);
    assert.equal(gqlReport.body.errors?.[0]?.extensions?.code, 'error.msg.resource.not.found', gqlReport.text.slice(0, 400));
    assert.ok(gqlReport.text.length < 2_000, `GraphQL answer of ${gqlReport.text.length} bytes`);
    const journal = await t.post('/journalentries', {
      officeId: 1, transactionDate: '2026-03-01', currencyCode: 'C'.repeat(60), ...iso,
      debits: [{ glAccountId: cash, amount: 10 }], credits: [{ glAccountId: capital, amount: 10 }],
    });
    assertCoded4xx(journal, 'a 60-character currency code');
  });

  test('decimals whose exponent form expands past 40 digits are refused', async () => {
    const body = (amount: string) => `{"officeId":1,"transactionDate":"2026-03-01","currencyCode":"NGN","dateFormat":"yyyy-MM-dd","locale":"en",` +
      `"debits":[{"glAccountId":${cash},"amount":${amount}}],"credits":[{"glAccountId":${capital},"amount":${amount}}]}`;
    for (const amount of ['1e40', '"1e40"', '12345e36', '1.5e40', '"0.1e41"', '-1e40']) {
      assertError(await t.request('POST', '/api/v1/journalentries', { rawBody: body(amount) }), 400, 'validation.msg.invalid.decimal.format');
    }
    const literal = await t.graphql(`mutation { createJournalEntry(input: { officeId: 1, transactionDate: "2026-03-01", currencyCode: "NGN",
      debits: [{ glAccountId: ${cash}, amount: "0.1e41" }], credits: [{ glAccountId: ${capital}, amount: "0.1e41" }] }) { transactionId } }`);
    assert.equal(literal.status, 400, literal.text);
    assert.equal(literal.body.errors?.[0]?.extensions?.code, 'validation.msg.invalid.decimal.format', literal.text);
    const variable = await t.graphql(`mutation($a: Decimal) { createJournalEntry(input: { officeId: 1, transactionDate: "2026-03-01", currencyCode: "NGN",
      debits: [{ glAccountId: ${cash}, amount: $a }], credits: [{ glAccountId: ${capital}, amount: $a }] }) { transactionId } }`, { a: 1e40 });
    assert.equal(variable.status, 400, variable.text);
    assert.equal(variable.body.errors?.[0]?.extensions?.code, 'validation.msg.invalid.decimal.format', variable.text);
  });

  test('malformed dates in query parameters are 400', async () => {
    for (const path of ['/journalentries?fromDate=2026-13-45', '/journalentries?toDate=abc', '/runreports/Trial%20Balance?R_startDate=abc',
      '/runreports/Trial%20Balance?R_endDate=99999-01-01', '/runreports/Trial%20Balance?R_startDate=2026-02-30']) {
      assertError(await t.get(path), 400, 'validation.msg.invalid.dateFormat.format');
    }
    assert.equal((await t.get('/runreports/Trial%20Balance?R_startDate=2026-01-01&R_endDate=2026-12-31')).status, 200);
  });

  test('a JSON array of 200,000 empty objects is a 4xx, not a stack overflow', async () => {
    const raw = `{"name":[${Array.from({ length: 200_000 }, () => '{}').join(',')}]}`;
    assertCoded4xx(await t.request('POST', '/api/v1/offices', { rawBody: raw }), 'a wide body');
    const gql = await t.request('POST', '/graphql', { rawBody: `{"query":"query($x: String) { clients(displayName: $x) { totalFilteredRecords } }","variables":{"x":[${Array.from({ length: 200_000 }, () => '{}').join(',')}]}}` });
    assert.ok(gql.status >= 400 && gql.status < 500 && gql.body.errors?.length, gql.text.slice(0, 300));
  });

  test('a deposit that would overflow the balance column is 403 balance.limit.exceeded, and nothing is written', async () => {
    await pinBusinessDate(t);
    const { savings } = await productIds(t);
    // An entity (KYC tier 3) has no balance cap, so only the column's size stops it.
    const client = await corporateClient(t, await t.branch());
    const account = await openAccount(t, client, savings);
    const big = '9999999999999';
    // numeric(20,6) holds 14 integer digits: ten deposits of 13 nines fit, the eleventh does not.
    for (let i = 0; i < 10; i++) assert.equal((await deposit(t, account, big)).status, 200);
    const before = await t.get(`/savingsaccounts/${account}`);
    assertError(await deposit(t, account, big), 403, 'error.msg.savingsaccount.balance.limit.exceeded');
    const after = await t.get(`/savingsaccounts/${account}`);
    assert.deepEqual(after.body.summary, before.body.summary);
    const other = await openAccount(t, client, savings);
    const negative = await transfer(t, account, other, -5);
    assertError(negative, 400, 'validation.msg.accounttransfer.transferAmount.not.greater.than.zero');
    assert.equal(negative.body.errors[0].parameterName, 'transferAmount');
  });

  test('concurrent deposits near the balance limit: exactly those that fit are accepted', async () => {
    await pinBusinessDate(t);
    const { savings } = await productIds(t);
    const client = await corporateClient(t, await t.branch());
    const account = await openAccount(t, client, savings);
    const big = '9999999999999';
    for (let i = 0; i < 9; i++) assert.equal((await deposit(t, account, big)).status, 200);
    // Room for one more: of eight at once, one is accepted and seven refused, whatever their order.
    const results = await Promise.all(Array.from({ length: 8 }, () => deposit(t, account, big)));
    assert.equal(results.filter((r) => r.status === 200).length, 1, results.map((r) => r.status).join(','));
    for (const refused of results.filter((r) => r.status !== 200)) assertError(refused, 403, 'error.msg.savingsaccount.balance.limit.exceeded');
    const summary = (await t.get(`/savingsaccounts/${account}`)).body.summary;
    assert.equal(String(summary.accountBalance), '99999999999990');
    const transactions = await t.get(`/savingsaccounts/${account}?associations=transactions`);
    assert.equal(transactions.body.transactions.length, 10, 'one transaction per accepted deposit');
  });

  test('several operations without operationName, or an unknown one, are 400 in the GraphQL shape', async () => {
    const two = await t.request('POST', '/graphql', { body: { query: 'query A { offices { id } } query B { offices { name } }' } });
    assert.equal(two.status, 400, two.text);
    assert.ok(two.body.errors?.length && two.body.data === undefined, two.text);
    const unknown = await t.request('POST', '/graphql', { body: { query: 'query A { offices { id } }', operationName: 'C' } });
    assert.equal(unknown.status, 400, unknown.text);
    assert.ok(unknown.body.errors?.length, unknown.text);
    const named = await t.request('POST', '/graphql', { body: { query: 'query A { offices { id } } query B { offices { name } }', operationName: 'B' } });
    assert.equal(named.status, 200, named.text);
  });

  test('a locale such as "en.5" is 400 invalid.locale.format', async () => {
    for (const locale of ['en.5', 'en_', '5', 'e']) {
      const res = await t.post('/offices', { name: `Locale ${locale}`, parentId: 1, openingDate: '01 January 2024', dateFormat: 'dd MMMM yyyy', locale });
      assertError(res, 400, 'validation.msg.invalid.locale.format');
    }
    // Also where no date needs it: beside an amount alone.
    const amount = await t.post('/glaccounts', { name: 'Locale amount', glCode: '11999', type: 1, usage: 1, manualEntriesAllowed: true, locale: 'en.5' });
    assertError(amount, 400, 'validation.msg.invalid.locale.format');
    assertError(await t.get('/journalentries?fromDate=01%20March%202026&dateFormat=dd%20MMMM%20yyyy&locale=en.5'), 400, 'validation.msg.invalid.locale.format');
    assert.equal((await t.post('/offices', { name: 'Locale ok', parentId: 1, openingDate: '01 January 2024', dateFormat: 'dd MMMM yyyy', locale: 'en_GB' })).status, 200);
  });
});
