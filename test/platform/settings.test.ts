import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { calendarDate } from '../../subgraphs/organisation/business-date.service.js';

describe('tenant settings (/configurations) and the business date (/businessdate)', () => {
  let service: TestService;
  let t: TenantSession;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  test('every tenant has the catalogue with its defaults, readable by name and id', async () => {
    const all = await t.get('/configurations');
    assert.equal(all.status, 200, all.text);
    const byName = new Map(all.body.globalConfiguration.map((c: any) => [c.name, c]));
    assert.equal((byName.get('bank-code') as any).stringValue, '999');
    assert.equal((byName.get('bank-name') as any).stringValue, t.tenant);
    assert.equal((byName.get('teller-cash-withdrawal-ceiling') as any).value, 500000);
    assert.equal((byName.get('webhooks-allow-private-targets') as any).enabled, false);
    const one = await t.get('/configurations/name/bank-code');
    assert.equal(one.status, 200, one.text);
    assert.equal(one.body.id, 1);
    assert.equal((await t.get('/configurations/3')).body.name, 'teller-cash-withdrawal-ceiling');
    assertError(await t.get('/configurations/name/no-such-setting'), 404, 'error.msg.configuration.property.invalid');
  });

  test('PUT changes a setting for this tenant only, validated', async () => {
    const changed = await t.put('/configurations/1', { stringValue: '058' });
    assert.equal(changed.status, 200, changed.text);
    assert.deepEqual(changed.body, { resourceId: 1, changes: { stringValue: '058' } });
    assert.equal((await t.get('/configurations/name/bank-code')).body.stringValue, '058');
    assert.equal((await t.put('/configurations/3', { value: 750000 })).status, 200);
    assert.equal((await t.get('/configurations/3')).body.value, 750000);
    assert.equal((await t.put('/configurations/4', { enabled: true })).body.changes.enabled, true);
    assertError(await t.put('/configurations/1', { stringValue: '58a' }), 400, 'validation.msg.globalConfiguration.stringValue.invalid.bank.code');
    assertError(await t.put('/configurations/3', { value: -1 }), 400, 'validation.msg.globalConfiguration.value.invalid');
    assertError(await t.put('/configurations/99', { enabled: true }), 404, 'error.msg.configuration.id.invalid');

    const other = await service.tenant();
    assert.equal((await other.get('/configurations/name/bank-code')).body.stringValue, '999');
    const accountant = await t.userWithRoles([320004]);
    assertError(await accountant.put('/configurations/1', { stringValue: '011' }), 403, 'error.msg.not.authorized');
  });

  test('the business date defaults to the calendar in Lagos, can be pinned and reset', async () => {
    const today = calendarDate('Africa/Lagos');
    const [y, m, d] = today.split('-').map(Number);
    const initial = await t.get('/businessdate');
    assert.equal(initial.status, 200, initial.text);
    assert.deepEqual(initial.body.find((b: any) => b.type === 'BUSINESS_DATE').date, [y, m, d]);

    const set = await t.post('/businessdate', { type: 'BUSINESS_DATE', date: '15 March 2025', dateFormat: 'dd MMMM yyyy', locale: 'en' });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual(set.body.date, [2025, 3, 15]);
    const pinned = await t.get('/businessdate/BUSINESS_DATE');
    assert.deepEqual(pinned.body.date, [2025, 3, 15]);
    assert.deepEqual((await t.get('/businessdate/COB_DATE')).body.date, [2025, 3, 14]);

    assertError(await t.post('/businessdate', { type: 'TOMORROW', date: '2025-03-15', dateFormat: 'yyyy-MM-dd', locale: 'en' }), 400, 'validation.msg.businessdate.type.is.not.one.of.expected.enumerations');
    const reset = await t.delete('/businessdate');
    assert.equal(reset.status, 200, reset.text);
    assert.deepEqual((await t.get('/businessdate/BUSINESS_DATE')).body.date, [y, m, d]);
  });

  test('every tenant starts with the Teller and credit committee roles', async () => {
    const roles = (await t.get('/roles')).body.map((r: any) => [r.id, r.name]);
    for (const expected of [[320018, 'Teller'], [320019, 'Head Office Credit Risk'], [320020, 'Executive Credit Committee']]) {
      assert.ok(roles.some((r: any) => r[0] === expected[0] && r[1] === expected[1]), JSON.stringify(roles));
    }
  });
});
