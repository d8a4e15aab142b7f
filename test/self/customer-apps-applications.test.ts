import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { customer, type Customer } from './support.js';

const TODAY = '2026-01-15';
const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };
/** The mobile app's date format (its payloads' default). */
const mobileDates = { dateFormat: 'dd MMMM yyyy', locale: 'en' };

/**
 * Issue 42 item 6: savings applications replayed as the Mifos mobile app makes them
 * (SavingAccountsListService: template, apply, update, withdrawnByApplicant), asserting what its models read.
 */
describe("Fineract's customer apps: savings applications", () => {
  let service: TestService;
  let t: TenantSession;
  let ada: Customer;
  let ben: Customer;
  let target: number;
  let goal: number;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: TODAY, ...iso })).status, 200);
    ada = await customer(t);
    ben = await customer(t);
    // Two products the bank opens to self-service; Primary Savings (product 1) stays staff-only by default.
    const product = async (name: string, shortName: string, allowSelfService: boolean) => {
      const res = await t.post('/savingsproducts', { name, shortName, currencyCode: 'NGN', digitsAfterDecimal: 2, accountType: 'SAVINGS', nominalAnnualInterestRate: 4, allowSelfService, locale: 'en' });
      assert.equal(res.status, 200, res.text);
      return res.body.resourceId as number;
    };
    target = await product('Target Savings', 'TGT', true);
    goal = await product('Goal Savings', 'GOAL', true);
    await product('Staff Only Savings', 'STF', false);
  });
  after(async () => service.stop());

  test('staff mark which products customers may apply for (false unless set)', async () => {
    assert.equal((await t.get(`/savingsproducts/${target}`)).body.allowSelfService, true);
    assert.equal((await t.get('/savingsproducts/1')).body.allowSelfService, false);
    const changed = await t.put('/savingsproducts/1', { allowSelfService: false });
    assert.equal(changed.status, 200, changed.text);
  });

  test('the template lists only the self-service products, for my own client only', async () => {
    const res = await ada.session.get(`/self/savingsaccounts/template?clientId=${ada.clientId}`);
    assert.equal(res.status, 200, res.text);
    const tpl = res.body;
    assert.deepEqual([tpl.clientId, tpl.clientName, tpl.chargeOptions], [ada.clientId, `${ada.body.firstname} ${ada.body.lastname}`, []]);
    assert.deepEqual(tpl.productOptions.map((p: any) => [p.id, p.name]), [[target, 'Target Savings'], [goal, 'Goal Savings']]);
    assert.deepEqual([tpl.productOptions[0].currency.code, tpl.productOptions[0].currency.decimalPlaces, tpl.productOptions[0].nominalAnnualInterestRate], ['NGN', 2, 4]);
    // Without a client: the session's own.
    assert.equal((await ada.session.get('/self/savingsaccounts/template')).body.clientId, ada.clientId);
    assertError(await ben.session.get(`/self/savingsaccounts/template?clientId=${ada.clientId}`), 404, 'error.msg.client.id.invalid');
  });

  test('apply (the mobile payload), change the product, withdraw: a pending application of my own only', async () => {
    const apply = (who: Customer, body: Record<string, unknown>) => who.session.post('/self/savingsaccounts', { clientId: ada.clientId, ...mobileDates, ...body });
    // Refused, nothing written: a staff-only product, another day than the business date, another customer's client.
    assertError(await apply(ada, { productId: 1, submittedOnDate: '15 January 2026' }), 403, 'error.msg.self.savingsproduct.not.self.service');
    const otherDay = await apply(ada, { productId: target, submittedOnDate: '14 January 2026' });
    assert.equal(otherDay.status, 400, otherDay.text);
    assert.ok(otherDay.text.includes('not.equal.to.business.date'), otherDay.text);
    assertError(await apply(ben, { productId: target, submittedOnDate: '15 January 2026' }), 404, 'error.msg.client.id.invalid');
    assert.equal((await ada.session.get(`/self/clients/${ada.clientId}/accounts`)).body.savingsAccounts.length, 1, 'only the Primary Savings account');

    const applied = await apply(ada, { productId: target, submittedOnDate: '15 January 2026' });
    assert.equal(applied.status, 200, applied.text);
    const id = applied.body.savingsId as number;
    assert.deepEqual(applied.body, { clientId: ada.clientId, savingsId: id, resourceId: id });
    const pending = (await ada.session.get(`/self/savingsaccounts/${id}`)).body;
    assert.deepEqual(
      [pending.savingsProductName, pending.status.id, pending.status.submittedAndPendingApproval, pending.status.active, pending.timeline.submittedOnDate, pending.accountBalance],
      ['Target Savings', 100, true, false, [2026, 1, 15], 0],
    );

    // The mobile app's update body: the client and the product.
    assertError(await ben.session.put(`/self/savingsaccounts/${id}`, { clientId: ben.clientId, productId: goal }), 404, 'error.msg.saving.account.id.invalid');
    assertError(await ada.session.put(`/self/savingsaccounts/${id}`, { clientId: ada.clientId, productId: 1 }), 403, 'error.msg.self.savingsproduct.not.self.service');
    const moved = await ada.session.put(`/self/savingsaccounts/${id}`, { clientId: ada.clientId, productId: goal });
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual(moved.body, { clientId: ada.clientId, savingsId: id, resourceId: id, changes: { productId: goal } });
    assert.equal((await ada.session.get(`/self/savingsaccounts/${id}`)).body.savingsProductName, 'Goal Savings');

    // The mobile app's withdraw body (its own date and a note): withdrawn on the business date.
    const body = { withdrawnOnDate: '01 January 2026', note: 'changed my mind', ...mobileDates };
    assertError(await ben.session.post(`/self/savingsaccounts/${id}?command=withdrawnByApplicant`, body), 404, 'error.msg.saving.account.id.invalid');
    const withdrawn = await ada.session.post(`/self/savingsaccounts/${id}?command=withdrawnByApplicant`, body);
    assert.equal(withdrawn.status, 200, withdrawn.text);
    // The business date, in the app's format (not the date it sent).
    assert.deepEqual(withdrawn.body.changes, { status: 400, withdrawnOnDate: '15 January 2026', ...mobileDates });
    const after = (await ada.session.get(`/self/savingsaccounts/${id}`)).body;
    assert.deepEqual([after.status.id, after.status.withdrawnByApplicant, after.status.submittedAndPendingApproval], [400, true, false]);
    assertError(await ada.session.post(`/self/savingsaccounts/${id}?command=withdrawnByApplicant`, body), 403, 'error.msg.savingsaccount.withdrawn.not.in.submitted.and.pending.state');
    assertError(await ada.session.put(`/self/savingsaccounts/${id}`, { clientId: ada.clientId, productId: target }), 403, 'error.msg.savingsaccount.modify.not.in.submitted.and.pending.state');
  });

  test('staff approve and activate an application through the staff flow; then it is no longer the customer\'s to change', async () => {
    const applied = await ada.session.post('/self/savingsaccounts', { clientId: ada.clientId, productId: target, submittedOnDate: TODAY, ...iso });
    assert.equal(applied.status, 200, applied.text);
    const id = applied.body.savingsId as number;
    const staffView = (await t.get(`/savingsaccounts/${id}`)).body;
    assert.deepEqual([staffView.clientId, staffView.status.id, staffView.savingsProductId ?? staffView.productId], [ada.clientId, 100, target]);
    assert.equal((await t.post(`/savingsaccounts/${id}?command=approve`, { approvedOnDate: TODAY, ...iso })).status, 200);
    const activated = await t.post(`/savingsaccounts/${id}?command=activate`, { activatedOnDate: TODAY, ...iso });
    assert.equal(activated.status, 200, activated.text);
    const accounts = (await ada.session.get(`/self/clients/${ada.clientId}/accounts`)).body.savingsAccounts;
    const opened = accounts.find((a: any) => a.id === id);
    assert.deepEqual([opened.productName, opened.status.active, opened.nominalAnnualInterestRate], ['Target Savings', true, 4]);
    assertError(await ada.session.post(`/self/savingsaccounts/${id}?command=withdrawnByApplicant`, {}), 403, 'error.msg.savingsaccount.withdrawn.not.in.submitted.and.pending.state');
    assertError(await ada.session.put(`/self/savingsaccounts/${id}`, { productId: goal }), 403, 'error.msg.savingsaccount.modify.not.in.submitted.and.pending.state');
  });
});
