import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { clientBody, DATE_FORMAT, FineractClient } from './fineract-client.js';

describe("Fineract compat: not-found codes, dates echoed in changes, malformed locales", () => {
  let service: TestService;
  let t: TenantSession;
  let api: FineractClient;
  let branch: number;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    api = new FineractClient(service, t.tenant);
    branch = await t.branch();
  });
  after(async () => service.stop());

  test("each resource's not-found code is Fineract's", async () => {
    const clientId = (await api.post('/clients', clientBody(branch))).body.clientId;
    const savingsId = (await api.post('/savingsaccounts', { clientId: String(clientId), productId: '1', submittedOnDate: '01 January 2025', ...DATE_FORMAT })).body.savingsId;
    const cases: [string, string][] = [
      ['/savingsaccounts/999999', 'error.msg.saving.account.id.invalid'],
      [`/savingsaccounts/${savingsId}/transactions/999999`, 'error.msg.saving.account.trasaction.id.invalid'],
      ['/savingsproducts/9999', 'error.msg.savingproduct.id.invalid'],
      ['/loans/999999', 'error.msg.loan.id.invalid'],
      ['/loanproducts/9999', 'error.msg.loanproduct.id.invalid'],
      ['/clients/999999', 'error.msg.client.id.invalid'],
      ['/offices/9999', 'error.msg.office.id.invalid'],
      ['/journalentries/999999', 'error.msg.journalEntries.id.invalid'],
      ['/codes/9999', 'error.msg.code.identifier.not.found'],
      ['/configurations/9999', 'error.msg.configuration.id.invalid'],
      ['/accounttransfers/999999', 'error.msg.accounttransfer.id.invalid'],
      ['/glaccounts/999999', 'error.msg.glaccount.id.invalid'],
      ['/staff/999999', 'error.msg.staff.id.invalid'],
      ['/users/999999', 'error.msg.user.id.invalid'],
      ['/roles/999999', 'error.msg.role.id.invalid'],
      ['/hooks/999999', 'error.msg.hook.identifier.not.found'],
    ];
    for (const [path, code] of cases) {
      const res = await api.get(path);
      assertError(res, 404, code);
      assert.equal(res.body.userMessageGlobalisationCode, 'error.msg.resource.not.found', path);
    }
  });

  test("changes echo dates as the caller wrote them, with the caller's locale and dateFormat", async () => {
    const clientId = (await api.post('/clients', clientBody(branch, { active: 'false' }))).body.clientId;
    const activated = await api.post(`/clients/${clientId}?command=activate`, { activationDate: '02 January 2025', ...DATE_FORMAT });
    assert.equal(activated.status, 200, activated.text);
    assert.deepEqual(activated.body.changes, { status: activated.body.changes.status, activationDate: '02 January 2025', locale: 'en', dateFormat: 'dd MMMM yyyy' });

    const savingsId = (await api.post('/savingsaccounts', { clientId: String(clientId), productId: '1', submittedOnDate: '03 January 2025', ...DATE_FORMAT })).body.savingsId;
    const approved = await api.post(`/savingsaccounts/${savingsId}?command=approve`, { approvedOnDate: '3 janvier 2025', dateFormat: 'd MMMM yyyy', locale: 'fr' });
    assert.equal(approved.status, 200, approved.text);
    assert.equal(approved.body.changes.approvedOnDate, '3 janvier 2025');
    assert.equal(approved.body.changes.locale, 'fr');
    assert.equal(approved.body.changes.dateFormat, 'd MMMM yyyy');
  });

  test('a malformed locale ("en.5") is 400 validation.msg.invalid.locale.format, with or without a date in the body', async () => {
    const before = (await api.get('/clients')).body.totalFilteredRecords;
    assertError(await api.post('/clients', clientBody(branch, { locale: 'en.5' })), 400, 'validation.msg.invalid.locale.format');
    assert.equal((await api.get('/clients')).body.totalFilteredRecords, before);
    const product = await api.post('/savingsproducts', { name: 'Locale check', shortName: 'LOC', currencyCode: 'NGN', digitsAfterDecimal: '2', nominalAnnualInterestRate: '1,5', locale: 'en.5' });
    assertError(product, 400, 'validation.msg.invalid.locale.format');
    assert.equal(product.body.errors.filter((e: { parameterName: string }) => e.parameterName === 'locale').length, 1);
  });
});
