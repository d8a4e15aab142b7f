import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService, type TenantSession } from '../support/service.js';
import { DATE_FORMAT, FineractClient } from './fineract-client.js';

describe('Fineract compat: amounts written with Fineract scale', () => {
  let service: TestService;
  let t: TenantSession;
  let api: FineractClient;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    api = new FineractClient(service, t.tenant);
  });
  after(async () => service.stop());

  test('a whole amount sent as "1500" is written 1500.000000, a fraction 1000.5 as 1000.500000, exact', async () => {
    const accounts = new Map(((await api.get('/glaccounts')).body as { glCode: string; id: number }[]).map((a) => [a.glCode, a.id]));
    const posted = await api.post('/journalentries', {
      officeId: '1', transactionDate: '03 March 2026', currencyCode: 'NGN', ...DATE_FORMAT,
      debits: [{ glAccountId: String(accounts.get('11101')), amount: '1500' }, { glAccountId: String(accounts.get('11102')), amount: '1000.5' }],
      credits: [{ glAccountId: String(accounts.get('21101')), amount: '2500.5' }],
    });
    assert.equal(posted.status, 200, posted.text);
    const list = await api.get(`/journalentries?transactionId=${posted.body.transactionId}`);
    assert.match(list.text, /"amount":1500\.000000[,}]/);
    assert.match(list.text, /"amount":1000\.500000[,}]/);
    assert.match(list.text, /"amount":2500\.500000[,}]/);
    assert.doesNotMatch(list.text, /"amount":"/, 'JSON numbers, not strings');
    const line = (list.body.pageItems as { id: number; amount: number }[]).find((l) => l.amount === 1500)!;
    assert.match((await api.get(`/journalentries/${line.id}`)).text, /"amount":1500\.000000[,}]/);
  });

  test('large amounts keep every digit (no double on the way out)', async () => {
    const accounts = new Map(((await api.get('/glaccounts')).body as { glCode: string; id: number }[]).map((a) => [a.glCode, a.id]));
    const posted = await api.post('/journalentries', {
      officeId: '1', transactionDate: '03 March 2026', currencyCode: 'NGN', ...DATE_FORMAT,
      debits: [{ glAccountId: String(accounts.get('11101')), amount: '98765432109876.54' }],
      credits: [{ glAccountId: String(accounts.get('31101')), amount: '98765432109876.54' }],
    });
    assert.equal(posted.status, 200, posted.text);
    const list = await api.get(`/journalentries?transactionId=${posted.body.transactionId}`);
    assert.match(list.text, /"amount":98765432109876\.540000[,}]/);
  });

  test('every Decimal field gets the scale: trial balance report, KYC tier limits', async () => {
    const report = await api.get('/runreports/Trial%20Balance?R_officeId=1');
    assert.equal(report.status, 200, report.text);
    assert.match(report.text, /"row":\["11101","Cash in hand\/till",\d+\.\d{6},\d+\.\d{6}\]/);
    const tiers = await api.get('/kyctiers');
    assert.match(tiers.text, /"maxSingleDeposit":\d+\.000000/);
  });
});
