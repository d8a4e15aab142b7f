import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { clientBody, DATE_FORMAT, FineractClient } from './fineract-client.js';

/** The templates and the calls the Mifos X web app makes on its core screens, replayed as it sends them. */
describe('Fineract compat: templates and the web app\'s screens', () => {
  let service: TestService;
  let t: TenantSession;
  let api: FineractClient;
  let other: FineractClient;
  let branch: number;
  let clientId: number;
  let savingsId: number;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    api = new FineractClient(service, t.tenant);
    other = new FineractClient(service, (await service.tenant()).tenant);
    branch = await t.branch();
    clientId = (await api.post('/clients', clientBody(branch))).body.clientId;
    savingsId = (await api.post('/savingsaccounts', { clientId: String(clientId), productId: '1', submittedOnDate: '01 January 2025', ...DATE_FORMAT })).body.savingsId;
    assert.equal((await api.post(`/savingsaccounts/${savingsId}?command=activate`, { activatedOnDate: '01 January 2025', ...DATE_FORMAT })).status, 200);
  });
  after(async () => service.stop());

  test('GET /clients/template?officeId=&staffInSelectedOfficeOnly=true lists offices, legal forms, code values, products; no addresses or data tables', async () => {
    const res = await api.get(`/clients/template?officeId=${branch}&staffInSelectedOfficeOnly=true`);
    assert.equal(res.status, 200, res.text);
    assert.ok(res.body.officeOptions.some((o: { id: number }) => o.id === branch));
    assert.equal(res.body.officeId, branch);
    assert.deepEqual(res.body.clientLegalFormOptions.map((o: { id: number }) => o.id), [1, 2]);
    assert.ok(Array.isArray(res.body.genderOptions) && Array.isArray(res.body.clientTypeOptions) && Array.isArray(res.body.clientClassificationOptions));
    assert.ok(res.body.clientNonPersonConstitutionOptions.length > 0 && typeof res.body.clientNonPersonConstitutionOptions[0].name === 'string');
    assert.ok(res.body.clientNonPersonMainBusinessLineOptions.some((o: { id: number }) => o.id === 200220));
    assert.ok(res.body.savingProductOptions.some((p: { name: string }) => p.name === 'Primary Savings'));
    assert.equal(res.body.isAddressEnabled, false);
    assert.deepEqual(res.body.datatables, []);
    assert.equal(res.body.activationDate.length, 3);
    assert.equal((await api.get('/clients/template')).status, 200);
  });

  test('GET /clients/{id} always carries groups', async () => {
    const res = await api.get(`/clients/${clientId}`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.groups, []);
  });

  test('GET /savingsaccounts/template: the client and product options; with productId, the product\'s terms as option objects', async () => {
    const plain = await api.get(`/savingsaccounts/template?clientId=${clientId}`);
    assert.equal(plain.status, 200, plain.text);
    assert.equal(plain.body.clientId, clientId);
    assert.equal(plain.body.clientName, 'Ada Obi');
    assert.ok(plain.body.productOptions.some((p: { id: number }) => p.id === 1));
    const product = await api.post('/savingsproducts', { name: 'Tmpl Savings', shortName: 'TMPL', currencyCode: 'NGN', digitsAfterDecimal: '2', nominalAnnualInterestRate: '5', interestCompoundingPeriodType: '1', interestPostingPeriodType: '4', interestCalculationType: '1', interestCalculationDaysInYearType: '365', locale: 'en' });
    const withProduct = await api.get(`/savingsaccounts/template?clientId=${clientId}&productId=${product.body.resourceId}`);
    assert.equal(withProduct.status, 200, withProduct.text);
    assert.equal(withProduct.body.savingsProductId, product.body.resourceId);
    assert.equal(withProduct.body.currency.code, 'NGN');
    assert.equal(withProduct.body.nominalAnnualInterestRate, 5);
    assert.equal(withProduct.body.interestCompoundingPeriodType.id, 1);
    assert.equal(withProduct.body.interestCalculationDaysInYearType.value, '365 Days');
    assert.ok(withProduct.body.interestPostingPeriodTypeOptions.length > 0);
    assertError(await other.get(`/savingsaccounts/template?clientId=${clientId}`), 404, 'error.msg.client.id.invalid');
  });

  test('GET /savingsaccounts/{id}/transactions/template: today, the currency and payment types; another tenant\'s account is 404', async () => {
    const res = await api.get(`/savingsaccounts/${savingsId}/transactions/template`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.accountId, savingsId);
    assert.equal(res.body.currency.code, 'NGN');
    assert.equal(res.body.date.length, 3);
    assert.ok(res.body.paymentTypeOptions.length > 0);
    assertError(await other.get(`/savingsaccounts/${savingsId}/transactions/template`), 404, 'error.msg.saving.account.id.invalid');
  });

  test('GET /accounttransfers/template?fromAccountId=&fromAccountType=2 describes the source and where money may go', async () => {
    const second = (await api.post('/savingsaccounts', { clientId: String(clientId), productId: '1', submittedOnDate: '01 January 2025', ...DATE_FORMAT })).body.savingsId;
    assert.equal((await api.post(`/savingsaccounts/${second}?command=activate`, { activatedOnDate: '01 January 2025', ...DATE_FORMAT })).status, 200);
    const res = await api.get(`/accounttransfers/template?fromAccountId=${savingsId}&fromAccountType=2&toOfficeId=${branch}&toClientId=${clientId}&toAccountType=2`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.fromAccount.id, savingsId);
    assert.equal(res.body.fromClient.id, clientId);
    assert.equal(res.body.fromOffice.id, branch);
    assert.deepEqual(res.body.fromAccountType, { id: 2, code: 'accountType.savings', value: 'Savings Account' });
    assert.deepEqual(res.body.toAccountOptions.map((a: { id: number }) => a.id), [second]);
    assert.ok(res.body.toOfficeOptions.length >= 2);
  });

  test('data tables, field configuration, notifications, client charges and collaterals answer Fineract\'s empty shapes', async () => {
    for (const table of ['m_client', 'm_savings_account', 'm_loan']) assert.deepEqual((await api.get(`/datatables?apptable=${table}`)).body, []);
    assert.deepEqual((await api.get('/fieldconfiguration/ADDRESS')).body, []);
    assert.deepEqual((await api.get('/notifications?isRead=false')).body, { totalFilteredRecords: 0, pageItems: [] });
    assert.deepEqual((await api.get(`/clients/${clientId}/charges?pendingPayment=true`)).body, { totalFilteredRecords: 0, pageItems: [] });
    assert.deepEqual((await api.get(`/clients/${clientId}/collaterals/template`)).body, []);
    assertError(await other.get(`/clients/${clientId}/charges?pendingPayment=true`), 404, 'error.msg.client.id.invalid');
    assert.equal((await api.as('admin', 'wrong').get('/datatables?apptable=m_client')).status, 401);
  });

  test('features the console opens but the service does not offer answer as Fineract does when they are unused', async () => {
    // Without these the Mifos X web app's screens stop at a 404 and send the user back to the home page.
    for (const path of ['/surveys', '/templates', '/adhocquery', '/floatingrates', '/accountnumberformats']) assert.deepEqual((await api.get(path)).body, [], path);
    for (const path of ['/smscampaigns', '/products/share?offset=0&limit=10']) assert.deepEqual((await api.get(path)).body, { totalFilteredRecords: 0, pageItems: [] }, path);
    const policies = await api.get('/passwordpreferences/template');
    assert.equal(policies.status, 200, policies.text);
    assert.deepEqual(policies.body.map((p: { active: boolean }) => p.active), [true]);
    assert.match(policies.body[0].description, /8 to 50 characters/);
    assert.equal((await api.as('admin', 'wrong').get('/surveys')).status, 401);
  });

  test('POST /clients accepts isStaff, familyMembers, address and datatables as the web app sends them; asking for them is refused', async () => {
    const body = {
      officeId: branch, legalFormId: 1, firstname: 'Chidi', lastname: 'Eze', isStaff: false, active: true,
      activationDate: '01 January 2025', submittedOnDate: '01 January 2025', dateFormat: 'dd MMMM yyyy', locale: 'en',
      familyMembers: [], address: [], datatables: [],
    };
    const created = await api.post('/clients', body);
    assert.equal(created.status, 200, created.text);
    assert.equal((await api.get(`/clients/${created.body.clientId}`)).body.displayName, 'Chidi Eze');
    const family = await api.post('/clients', { ...body, firstname: 'Ngozi', familyMembers: [{ firstName: 'Obi', relationshipId: 1 }] });
    assertError(family, 400, 'error.msg.client.familyMembers.not.supported');
    assertError(await api.post('/clients', { ...body, firstname: 'Emeka', isStaff: 'true' }), 400, 'error.msg.client.isStaff.not.supported');
  });

  test('GET /savingsaccounts/{id}?associations=transactions (and all) returns every transaction, past 200, newest first; all adds charges', async () => {
    const id = (await api.post('/savingsaccounts', { clientId: String(clientId), productId: '1', submittedOnDate: '01 January 2025', ...DATE_FORMAT })).body.savingsId;
    assert.equal((await api.post(`/savingsaccounts/${id}?command=activate`, { activatedOnDate: '01 January 2025', ...DATE_FORMAT })).status, 200);
    const count = 205;
    for (let i = 1; i <= count; i++) {
      const res = await api.post(`/savingsaccounts/${id}/transactions?command=deposit`, { transactionDate: '02 January 2025', transactionAmount: String(i), paymentTypeId: '2', ...DATE_FORMAT });
      assert.equal(res.status, 200, res.text);
    }
    const withTransactions = await api.get(`/savingsaccounts/${id}?associations=transactions`);
    assert.equal(withTransactions.status, 200, withTransactions.text);
    const amounts = withTransactions.body.transactions.map((t: { amount: number }) => t.amount);
    assert.equal(amounts.length, count);
    assert.deepEqual(amounts.slice(0, 2), [count, count - 1], 'newest first');
    assert.equal(new Set(withTransactions.body.transactions.map((t: { id: number }) => t.id)).size, count);
    assert.equal(withTransactions.body.charges, undefined);
    const all = await api.get(`/savingsaccounts/${id}?associations=all`);
    assert.equal(all.body.transactions.length, count);
    assert.deepEqual(all.body.charges, []);
    assert.equal((await api.get(`/savingsaccounts/${id}`)).body.transactions, undefined);
    assertError(await other.get(`/savingsaccounts/${id}?associations=all`), 404, 'error.msg.saving.account.id.invalid');
  });

  test('GET /glaccounts/template lists account types, usages and the header accounts by type', async () => {
    const res = await api.get('/glaccounts/template');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.accountTypeOptions.map((o: { id: number }) => o.id), [1, 2, 3, 4, 5]);
    assert.deepEqual(res.body.usageOptions.map((o: { id: number }) => o.id), [1, 2]);
    assert.deepEqual(res.body.assetHeaderAccountOptions.map((a: { glCode: string }) => a.glCode), ['10000']);
    assert.deepEqual(res.body.expenseHeaderAccountOptions.map((a: { glCode: string }) => a.glCode), ['50000']);
  });

  test('GET /loans/template?templateType=individual&clientId=&productId= completes the template to Fineract\'s shape', async () => {
    const res = await api.get(`/loans/template?templateType=individual&clientId=${clientId}&productId=1`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.clientId, clientId);
    assert.equal(typeof res.body.clientAccountNo, 'string');
    assert.equal(res.body.loanProductId, 1);
    assert.deepEqual(res.body.loanType, { id: 1, code: 'accountType.individual', value: 'Individual' });
    assert.ok(res.body.accountLinkingOptions.some((a: { id: number }) => a.id === savingsId), res.text);
    assert.ok(Array.isArray(res.body.loanOfficerOptions));
    assert.deepEqual([res.body.chargeOptions, res.body.fundOptions, res.body.loanPurposeOptions, res.body.repaymentFrequencyDaysOfWeekTypeOptions], [[], [], [], []]);
    assert.equal(res.body.isInterestRecalculationEnabled, false);
    assert.equal(res.body.daysInYearType.id, 1);
    assert.equal(res.body.proposedPrincipal, res.body.principal);
    assert.ok(res.body.productOptions.length >= 3);
    assertError(await other.get(`/loans/template?templateType=individual&clientId=${clientId}`), 404, 'error.msg.client.id.invalid');
  });
});
