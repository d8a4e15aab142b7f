import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService, type TenantSession } from '../support/service.js';

/** GraphQL coercion never reaches a REST caller: REST field names, Fineract codes, every invalid field at once. */
describe('REST input coercion errors', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  test('every invalid field is reported by its REST name, without GraphQL variable names or 32-bit texts', async () => {
    const res = await t.post('/offices', { name: 'Ikeja', parentId: 3000000000, openingDate: '2024-13-45', dateFormat: 'yyyy-MM-dd', locale: 'en', externalId: { nested: true } });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.userMessageGlobalisationCode, 'validation.msg.validation.errors.exist');
    const byParam = Object.fromEntries((res.body.errors as { parameterName: string; userMessageGlobalisationCode: string }[]).map((e) => [e.parameterName, e.userMessageGlobalisationCode]));
    assert.deepEqual(byParam, {
      parentId: 'validation.msg.invalid.integer.format',
      openingDate: 'validation.msg.invalid.dateFormat.format',
      externalId: 'validation.msg.invalid.type',
    });
    assert.doesNotMatch(res.text, /\$input|input\.|32-bit|Variable/);
    assert.equal((await t.get('/offices')).body.length, 1, 'nothing was written');
  });

  test('fractional and string integers: "2" is accepted as Fineract clients send it, 1.5 is not', async () => {
    const ok = await t.post('/offices', { name: 'Yaba', parentId: '1', openingDate: '2024-01-01', dateFormat: 'yyyy-MM-dd', locale: 'en' });
    assert.equal(ok.status, 200, ok.text);
    const bad = await t.post('/staff', { officeId: 1.5, firstname: 'A', lastname: 'B' });
    assert.equal(bad.status, 400, bad.text);
    assert.equal(bad.body.errors[0].parameterName, 'officeId');
    assert.equal(bad.body.errors[0].userMessageGlobalisationCode, 'validation.msg.invalid.integer.format');
  });
});
