import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { clientBody, DATE_FORMAT, FineractClient } from './fineract-client.js';

describe("Fineract compat: string-typed values as Fineract's helpers send them", () => {
  let service: TestService;
  let t: TenantSession;
  let api: FineractClient;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    api = new FineractClient(service, t.tenant);
  });
  after(async () => service.stop());

  test('ids, booleans and amounts as strings; a blank optional number is "not given"', async () => {
    const office = await api.post('/offices', { name: 'Yaba', parentId: '1', openingDate: '01 January 2024', ...DATE_FORMAT });
    assert.equal(office.status, 200, office.text);
    const officeId = office.body.resourceId as number;
    const staff = await api.post('/staff', { officeId: String(officeId), firstname: 'Tunde', lastname: 'Bello', isLoanOfficer: 'true', isActive: 'true', joiningDate: '01 January 2024', ...DATE_FORMAT });
    assert.equal(staff.status, 200, staff.text);
    const client = await api.post('/clients', clientBody(officeId, { staffId: '', mobileNo: '08031234567' }));
    assert.equal(client.status, 200, client.text);
    assert.equal((await api.get(`/clients/${client.body.clientId}`)).body.staffId, undefined, 'blank staffId is no staff');

    const account = await api.post('/glaccounts', { name: 'Petty cash', glCode: '11199', type: '1', usage: '1', manualEntriesAllowed: 'true', parentId: '' });
    assert.equal(account.status, 200, account.text);
    const accounts = new Map(((await api.get('/glaccounts')).body as { glCode: string; id: number }[]).map((a) => [a.glCode, a.id]));
    const entry = await api.post('/journalentries', {
      officeId: '1', transactionDate: '05 March 2026', currencyCode: 'NGN', ...DATE_FORMAT, paymentTypeId: '1',
      debits: [{ glAccountId: String(accounts.get('11199')), amount: '1,500.50' }], credits: [{ glAccountId: String(accounts.get('31101')), amount: '1500.5' }],
    });
    assert.equal(entry.status, 200, entry.text);
    assert.match((await api.get(`/journalentries?transactionId=${entry.body.transactionId}`)).text, /"amount":1500\.500000/);

    const blank = await api.post('/journalentries', {
      officeId: '1', transactionDate: '05 March 2026', currencyCode: 'NGN', ...DATE_FORMAT,
      debits: [{ glAccountId: String(accounts.get('11199')), amount: '' }], credits: [{ glAccountId: String(accounts.get('31101')), amount: '1' }],
    });
    assertError(blank, 400, 'validation.msg.journalentry.debits[0].amount.cannot.be.blank');
    assertError(await api.post('/clients', clientBody(officeId, { legalFormId: 'one' })), 400, 'validation.msg.invalid.integer.format');
  });
});
