import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { accountFixture, corporateClient, deposit, openAccount } from '../account/support.js';
import type { TestService, TenantSession } from '../support/service.js';

interface Operation {
  summary: string;
  description: string;
  parameters: { name?: string; in?: string; schema?: { type: string } }[];
}

/**
 * Issue 33 point 13: GET /savingsaccounts/{id}?associations=transactions answered an account's whole
 * history; the OpenAPI document had /journalentries/{journalEntryId} and /journalentries/{transactionId}
 * (one path, two templates) and reverse could not be found as documented.
 */
describe('hardening: bounded associations and one OpenAPI path per template', () => {
  let service: TestService;
  let t: TenantSession;
  let doc: { paths: Record<string, Record<string, Operation>> };
  before(async () => {
    const fixture = await accountFixture();
    service = fixture.service;
    t = fixture.t;
    doc = (await service.request('GET', '/api/v1/openapi.json', { tenant: null, auth: null })).body;
  });
  after(async () => service.stop());

  test('no two paths of the document are the same template; reverse is documented on the journal entry path as text', () => {
    const templates = new Map<string, string>();
    for (const path of Object.keys(doc.paths)) {
      const shape = path.replace(/\{[^}]+\}/g, '{}');
      assert.equal(templates.get(shape), undefined, `${path} and ${templates.get(shape)} are one path`);
      templates.set(shape, path);
    }
    const entry = doc.paths['/journalentries/{journalEntryId}']!;
    assert.ok(entry.get && entry.post, JSON.stringify(Object.keys(entry)));
    assert.equal(entry.post!.summary, 'Reverse journal entry');
    assert.match(entry.post!.description, /ReverseJournalEntry \(command=reverse\)/);
    assert.deepEqual(entry.post!.parameters.find((p) => p.name === 'journalEntryId')!.schema, { type: 'string' });
    assert.deepEqual(entry.get!.parameters.find((p) => p.name === 'journalEntryId')!.schema, { type: 'integer', format: 'int32' });
    assert.match(doc.paths['/savingsaccounts/{savingsId}']!.get!.description, /latest 500 transactions/);
  });

  test('a manual entry is reversed through the documented path', async () => {
    const created = await t.post('/journalentries', {
      officeId: 1, transactionDate: '2026-01-15', currencyCode: 'NGN', dateFormat: 'yyyy-MM-dd', locale: 'en',
      debits: [{ glAccountId: (await glId('11101')), amount: 10 }], credits: [{ glAccountId: (await glId('31101')), amount: 10 }],
    });
    assert.equal(created.status, 200, created.text);
    const reversed = await t.post(`/journalentries/${created.body.transactionId}?command=reverse`, { comments: 'wrong till' });
    assert.equal(reversed.status, 200, reversed.text);
    assert.notEqual(reversed.body.transactionId, created.body.transactionId);
  });

  async function glId(code: string): Promise<number> {
    const accounts = (await t.get('/glaccounts')).body as { id: number; glCode: string }[];
    return accounts.find((a) => a.glCode === code)!.id;
  }

  test('associations=transactions carries the latest 500 with the count and the next page; the paged list gives the rest', async () => {
    const branch = await t.branch();
    const account = await openAccount(t, await corporateClient(t, branch), (await t.get('/savingsproducts')).body.find((p: { name: string }) => p.name === 'Primary Savings').id);
    // 501 deposits of 1 to 501: the first one (1) falls outside the window.
    for (let start = 1; start <= 501; start += 25) {
      const answers = await Promise.all(Array.from({ length: Math.min(25, 502 - start) }, (_, i) => deposit(t, account, start + i)));
      assert.ok(answers.every((a) => a.status === 200), answers.find((a) => a.status !== 200)?.text);
    }
    const read = await t.get(`/savingsaccounts/${account}?associations=transactions`);
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.transactions.length, 500);
    assert.equal(read.body.totalFilteredRecords, 501);
    assert.equal(read.body.nextTransactions, `/savingsaccounts/${account}/transactions?offset=500&limit=200`);
    // The balance is 1 + 2 + ... + 501 = 501 x 502 / 2 = 125,751.
    assert.equal(read.body.summary.accountBalance, 125751);
    const amounts = new Set(read.body.transactions.map((x: { amount: number }) => x.amount));
    assert.equal(amounts.has(1), false, 'the oldest deposit is left out');
    const rest = await t.get(`${read.body.nextTransactions}`);
    assert.deepEqual([rest.body.totalFilteredRecords, rest.body.pageItems.length], [501, 1]);
    assert.equal(rest.body.pageItems[0].amount, 1);
    const all = await t.get(`/savingsaccounts/${account}?associations=all`);
    assert.equal(all.body.transactions.length, 500);
    assert.deepEqual(all.body.charges, []);
    const plain = await t.get(`/savingsaccounts/${account}`);
    assert.equal(plain.body.transactions, undefined);
    assert.equal(plain.body.totalFilteredRecords, undefined);
  });
});
