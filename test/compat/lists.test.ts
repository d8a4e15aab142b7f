import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { clientBody, DATE_FORMAT, FineractClient } from './fineract-client.js';

interface ClientItem {
  id: number;
  displayName: string;
  accountNo: string;
  bvnVerified: boolean;
  officeId: number;
}

describe('Fineract compat: paged lists (orderBy, sortOrder), list items, currencies', () => {
  let service: TestService;
  let t: TenantSession;
  let api: FineractClient;
  let office: number;
  const ids: Record<string, number> = {};
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    api = new FineractClient(service, t.tenant);
    office = await t.branch();
    for (const [firstname, bvn] of [['Chidi', '22345678901'], ['Amaka', undefined], ['Bola', '22345670000']] as const) {
      const res = await api.post('/clients', clientBody(office, { firstname, lastname: 'Eze', ...(bvn ? { bvn } : {}) }));
      assert.equal(res.status, 200, res.text);
      ids[firstname] = res.body.clientId as number;
    }
  });
  after(async () => service.stop());

  const names = async (query: string) => ((await api.get(`/clients?${query}`)).body.pageItems as ClientItem[]).map((c) => c.displayName.split(' ')[0]);

  test('/clients honours orderBy and sortOrder (camelCase or Fineract column names), with paging', async () => {
    assert.deepEqual(await names('orderBy=displayName&sortOrder=ASC'), ['Amaka', 'Bola', 'Chidi']);
    assert.deepEqual(await names('orderBy=displayName&sortOrder=DESC'), ['Chidi', 'Bola', 'Amaka']);
    assert.deepEqual(await names('orderBy=display_name&sortOrder=desc'), ['Chidi', 'Bola', 'Amaka']);
    assert.deepEqual(await names('orderBy=id&sortOrder=DESC'), ['Bola', 'Amaka', 'Chidi']);
    assert.deepEqual(await names('orderBy=accountNo'), ['Chidi', 'Amaka', 'Bola'], 'ASC by default');
    assert.deepEqual(await names('sortOrder=DESC'), ['Bola', 'Amaka', 'Chidi'], 'id by default');
    assert.deepEqual(await names('orderBy=displayName&sortOrder=DESC&offset=1&limit=1'), ['Bola']);
    const page = await api.get('/clients?orderBy=displayName&offset=0&limit=2');
    assert.equal(page.body.totalFilteredRecords, 3);
  });

  test('an orderBy outside the allowlist or a bad sortOrder is 400, never SQL', async () => {
    assertError(await api.get('/clients?orderBy=password_hash'), 400, 'validation.msg.invalid.orderBy');
    assertError(await api.get('/clients?orderBy=id;drop%20table%20customer.client'), 400, 'validation.msg.invalid.orderBy');
    assertError(await api.get('/clients?orderBy=id&sortOrder=sideways'), 400, 'validation.msg.invalid.sortOrder');
    assertError(await api.get('/journalentries?orderBy=nope'), 400, 'validation.msg.invalid.orderBy');
    assert.equal((await api.get('/clients')).body.totalFilteredRecords, 3);
  });

  test('/journalentries honours orderBy and sortOrder', async () => {
    const accounts = new Map(((await api.get('/glaccounts')).body as { glCode: string; id: number }[]).map((a) => [a.glCode, a.id]));
    for (const amount of ['300', '100', '200']) {
      const res = await api.post('/journalentries', {
        officeId: '1', transactionDate: '04 March 2026', currencyCode: 'NGN', ...DATE_FORMAT,
        debits: [{ glAccountId: String(accounts.get('11101')), amount }], credits: [{ glAccountId: String(accounts.get('31101')), amount }],
      });
      assert.equal(res.status, 200, res.text);
    }
    const amounts = async (query: string) => ((await api.get(`/journalentries?glAccountId=${accounts.get('11101')}&${query}`)).body.pageItems as { amount: number }[]).map((l) => l.amount);
    assert.deepEqual(await amounts('orderBy=amount&sortOrder=DESC'), [300, 200, 100]);
    assert.deepEqual(await amounts('orderBy=amount&sortOrder=ASC'), [100, 200, 300]);
    assert.deepEqual(await amounts('orderBy=id&sortOrder=DESC'), [200, 100, 300]);
  });

  test('client list items carry bvnVerified like the single GET', async () => {
    const items = (await api.get('/clients')).body.pageItems as ClientItem[];
    for (const item of items) {
      assert.equal(typeof item.bvnVerified, 'boolean', JSON.stringify(item));
      assert.equal(item.bvnVerified, (await api.get(`/clients/${item.id}`)).body.bvnVerified);
    }
    assert.equal(items.find((c) => c.id === ids.Chidi)!.bvnVerified, true);
    assert.equal(items.find((c) => c.id === ids.Bola)!.bvnVerified, false);
  });

  test('currencies carry inMultiplesOf (selected and options)', async () => {
    const res = await api.get('/currencies');
    assert.equal(res.status, 200, res.text);
    const ngn = res.body.selectedCurrencyOptions.find((c: { code: string }) => c.code === 'NGN');
    assert.deepEqual(Object.keys(ngn).sort(), ['code', 'decimalPlaces', 'displayLabel', 'displaySymbol', 'inMultiplesOf', 'name', 'nameCode']);
    assert.equal(ngn.inMultiplesOf, 0);
    assert.ok(res.body.currencyOptions.every((c: { inMultiplesOf: unknown }) => c.inMultiplesOf === 0));
    const added = await api.put('/currencies', { currencies: ['NGN', 'USD', 'EUR'] });
    assert.equal(added.status, 200, added.text);
    const eur = (await api.get('/currencies')).body.selectedCurrencyOptions.find((c: { code: string }) => c.code === 'EUR');
    assert.equal(eur.inMultiplesOf, 0);
    const line = await api.get('/journalentries?limit=1');
    assert.equal(line.body.pageItems[0].currency.inMultiplesOf, 0, 'a journal line currency too');
  });
});
