import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { calendarDate } from '../../subgraphs/organisation/business-date.service.js';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { FineractClient } from './fineract-client.js';

describe("Fineract compat: global configurations by Fineract's names", () => {
  let service: TestService;
  let t: TenantSession;
  let api: FineractClient;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    api = new FineractClient(service, t.tenant);
  });
  after(async () => service.stop());

  test('GET /configurations/name/enable-business-date and maker-checker answer {id, name, enabled, description, trapDoor}', async () => {
    for (const name of ['enable-business-date', 'maker-checker']) {
      const res = await api.get(`/configurations/name/${name}`);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.name, name);
      assert.equal(typeof res.body.id, 'number');
      assert.equal(res.body.enabled, true);
      assert.equal(res.body.trapDoor, false);
      assert.equal(typeof res.body.description, 'string');
      assert.equal((await api.get(`/configurations/${res.body.id}`)).body.name, name);
    }
    const all = (await api.get('/configurations')).body.globalConfiguration.map((c: { name: string }) => c.name);
    assert.ok(all.includes('bank-code') && all.includes('enable-business-date') && all.includes('maker-checker'), 'the service\'s own settings keep their names');
    assertError(await api.get('/configurations/name/no-such-property'), 404, 'error.msg.configuration.property.invalid');
  });

  test('turning enable-business-date off makes the business date follow the calendar; on again, the pinned date is back', async () => {
    const id = (await api.get('/configurations/name/enable-business-date')).body.id;
    assert.equal((await api.post('/businessdate', { type: 'BUSINESS_DATE', date: '15 March 2025', dateFormat: 'dd MMMM yyyy', locale: 'en' })).status, 200);
    assert.deepEqual((await api.get('/businessdate/BUSINESS_DATE')).body.date, [2025, 3, 15]);
    const off = await api.put(`/configurations/${id}`, { enabled: false });
    assert.equal(off.status, 200, off.text);
    assert.deepEqual(off.body, { resourceId: id, changes: { enabled: false } });
    assert.equal((await api.get('/configurations/name/enable-business-date')).body.enabled, false);
    const [y, m, d] = calendarDate('Africa/Lagos').split('-').map(Number);
    assert.deepEqual((await api.get('/businessdate/BUSINESS_DATE')).body.date, [y, m, d]);
    assert.equal((await api.put(`/configurations/${id}`, { enabled: true })).status, 200);
    assert.deepEqual((await api.get('/businessdate/BUSINESS_DATE')).body.date, [2025, 3, 15]);
  });

  test("the staff console's loan screens read loan-arrears-delinquency-display-data and charge-accrual-date; PUT by name changes a setting as Fineract's helper does", async () => {
    const display = await api.get('/configurations/name/loan-arrears-delinquency-display-data');
    assert.equal(display.status, 200, display.text);
    assert.deepEqual({ enabled: display.body.enabled, value: display.body.value }, { enabled: true, value: 0 });
    const accrual = await api.get('/configurations/name/charge-accrual-date');
    assert.deepEqual({ enabled: accrual.body.enabled, stringValue: accrual.body.stringValue }, { enabled: true, stringValue: 'due-date' });

    const put = await api.put('/configurations/name/loan-arrears-delinquency-display-data', { value: 2 });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(put.body, { resourceId: display.body.id, changes: { value: '2' } });
    assert.equal((await api.get(`/configurations/${display.body.id}`)).body.value, 2);
    assertError(await api.put('/configurations/name/loan-arrears-delinquency-display-data', { value: 3 }), 400, 'validation.msg.globalConfiguration.value.invalid');
    // Accepted only where applied: charges accrue on their due date here.
    assertError(await api.put('/configurations/name/charge-accrual-date', { stringValue: 'submitted-date' }), 400, 'validation.msg.globalConfiguration.stringValue.not.supported');
    assertError(await api.put('/configurations/name/no-such-property', { enabled: true }), 404, 'error.msg.configuration.property.invalid');

    const off = await api.put('/configurations/name/maker-checker', { enabled: false });
    assert.deepEqual(off.body.changes, { enabled: false });
    assert.equal((await api.get('/configurations/name/maker-checker')).body.enabled, false);
  });
});
