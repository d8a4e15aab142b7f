import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { customer } from './support.js';

/**
 * Issue 33 point 13: a customer walked every account number of an office through beneficiaries and called
 * name enquiry 100 times in 16 s, reading other people's names. Both are limited per customer per hour
 * (settings 19 and 20), 429 `error.msg.self.rate.limited` with Retry-After past the limit.
 */
describe('self-service: per-customer limits on reading other people\'s names', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  const walk = (n: number) => ({ name: `Walk ${n}`, officeName: 'Head Office', accountNumber: String(1000000000 + n), accountType: 2 });

  test('beneficiary attempts, found or not, count; past the setting 429 with Retry-After; another customer is not affected', async () => {
    assert.equal((await t.put('/configurations/19', { value: 3 })).status, 200);
    const kim = await customer(t);
    for (let i = 0; i < 3; i++) assertError(await kim.session.post('/self/beneficiaries/tpt', walk(i)), 404, 'error.msg.self.beneficiary.account.not.found');
    const limited = await kim.session.post('/self/beneficiaries/tpt', walk(3));
    assertError(limited, 429, 'error.msg.self.rate.limited');
    const retryAfter = Number(limited.headers['retry-after']);
    assert.ok(retryAfter > 0 && retryAfter <= 3600, String(limited.headers['retry-after']));
    const lee = await customer(t);
    assertError(await lee.session.post('/self/beneficiaries/tpt', walk(4)), 404, 'error.msg.self.beneficiary.account.not.found');
    // Another tenant has its own settings and counts.
    const elsewhere = await service.tenant();
    const max = await customer(elsewhere);
    for (let i = 0; i < 4; i++) assertError(await max.session.post('/self/beneficiaries/tpt', walk(i)), 404, 'error.msg.self.beneficiary.account.not.found');
  });

  test('name enquiries are limited per customer', async () => {
    assert.equal((await t.put('/configurations/20', { value: 2 })).status, 200);
    const ann = await customer(t);
    const enquire = () => ann.session.get('/self/interbank/nameenquiry?bankCode=058&accountNumber=0123456781');
    for (let i = 0; i < 2; i++) assert.equal((await enquire()).status, 200);
    const limited = await enquire();
    assertError(limited, 429, 'error.msg.self.rate.limited');
    assert.ok(Number(limited.headers['retry-after']) > 0);
    const bo = await customer(t);
    assert.equal((await bo.session.get('/self/interbank/nameenquiry?bankCode=058&accountNumber=0123456781')).status, 200);
  });
});
