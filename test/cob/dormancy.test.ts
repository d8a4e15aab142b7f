import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import type { TenantSession, TestService } from '../support/service.js';
import { accountFixture, activeClient, addReferences, BANK_TRANSFER, iso, openAccount, pinBusinessDate, TODAY } from '../account/support.js';
import { customer, type Customer } from '../self/support.js';

/**
 * Dormancy (step UPDATE_SAVINGS_DORMANT_ACCOUNTS, job 6): with the product's 30/60/90 days, an account whose
 * last customer transaction was on 15 January 2026 is inactive on 14 February (30 days), dormant on 16
 * March (60 days: February 2026 has 28), escheat 90 days after its last customer transaction.
 */
describe('cob: dormancy of savings accounts', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let products: { savings: number; current: number };
  let alice: Customer;
  let second: number;
  let untracked: number;

  const subStatus = async (accountId: number) => {
    const res = await t.get(`/savingsaccounts/${accountId}`);
    assert.equal(res.status, 200, res.text);
    return [res.body.subStatus.id, res.body.subStatus.code];
  };
  const classify = async (date: string) => {
    await pinBusinessDate(t, date);
    const res = await t.post('/jobs/6?command=executeJob');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'success');
    return res.body.processed as number;
  };
  const deposit = (accountId: number, date: string) =>
    t.post(`/savingsaccounts/${accountId}/transactions?command=deposit`, { transactionDate: date, transactionAmount: 10000, paymentTypeId: BANK_TRANSFER, ...iso });
  const selfTransfer = (date: string) =>
    alice.session.post('/self/accounttransfers', { fromAccountType: 2, fromAccountId: alice.savingsId, toAccountType: 2, toAccountId: second, transferAmount: 100, transferDate: date, transferDescription: 'own', ...iso });

  before(async () => {
    ({ service, t, branch, products } = await accountFixture());
  });
  after(async () => service.stop());

  test('a product tracks dormancy only with its three periods, each above zero; nothing is written otherwise', async () => {
    assertError(await t.put(`/savingsproducts/${products.savings}`, { isDormancyTrackingActive: true, daysToDormancy: 60, daysToEscheat: 90, locale: 'en' }), 400,
      'validation.msg.savingsproduct.daysToInactive.cannot.be.blank');
    assertError(await t.put(`/savingsproducts/${products.savings}`, { isDormancyTrackingActive: true, daysToInactive: 30, daysToDormancy: 0, daysToEscheat: 90, locale: 'en' }), 400,
      'validation.msg.savingsproduct.daysToDormancy.not.greater.than.zero');
    assert.equal((await t.get(`/savingsproducts/${products.savings}`)).body.isDormancyTrackingActive, undefined);
    const res = await t.put(`/savingsproducts/${products.savings}`, { isDormancyTrackingActive: true, daysToInactive: 30, daysToDormancy: 60, daysToEscheat: 90, locale: 'en' });
    assert.equal(res.status, 200, res.text);
    const product = (await t.get(`/savingsproducts/${products.savings}`)).body;
    assert.deepEqual([product.isDormancyTrackingActive, product.daysToInactive, product.daysToDormancy, product.daysToEscheat], [true, 30, 60, 90]);
  });

  test('without customer transactions: inactive at 30 days, dormant at 60; a run twice changes nothing; untracked products stay as they are', async () => {
    alice = await customer(t);
    second = await openAccount(t, alice.clientId, products.savings, { submittedOnDate: TODAY });
    // A current account (its product does not track dormancy) needs two referees before it is activated.
    const created = await t.post('/savingsaccounts', { clientId: await activeClient(t, branch), productId: products.current, submittedOnDate: TODAY, ...iso });
    assert.equal(created.status, 200, created.text);
    untracked = created.body.savingsId;
    await addReferences(t, untracked);
    assert.equal((await t.post(`/savingsaccounts/${untracked}?command=activate`, {})).status, 200);
    assert.equal((await deposit(alice.savingsId, TODAY)).status, 200);

    assert.ok((await classify('2026-02-13')) >= 3, 'every active account of the tenant is looked at');
    assert.deepEqual(await subStatus(alice.savingsId), [0, 'SavingsAccountSubStatusEnum.none'], '29 days');
    await classify('2026-02-14');
    assert.deepEqual(await subStatus(alice.savingsId), [100, 'SavingsAccountSubStatusEnum.inactive'], '30 days');
    await classify('2026-02-14');
    assert.deepEqual(await subStatus(alice.savingsId), [100, 'SavingsAccountSubStatusEnum.inactive'], 'the same date again');
    await classify('2026-03-16');
    assert.deepEqual(await subStatus(alice.savingsId), [200, 'SavingsAccountSubStatusEnum.dormant'], '60 days');
    assert.deepEqual(await subStatus(second), [200, 'SavingsAccountSubStatusEnum.dormant'], 'activated on 15 January, never used');
    assert.deepEqual(await subStatus(untracked), [0, 'SavingsAccountSubStatusEnum.none'], 'its product does not track dormancy');
  });

  test('a dormant account refuses the customer\'s own withdrawals; a deposit at the branch reactivates it; escheat at 90 days', async () => {
    assertError(await selfTransfer('2026-03-16'), 403, 'error.msg.savingsaccount.transaction.account.is.dormant');
    assert.equal((await t.get(`/savingsaccounts/${alice.savingsId}`)).body.summary.accountBalance, 10000, 'nothing moved');

    assert.equal((await deposit(alice.savingsId, '2026-03-16')).status, 200);
    assert.deepEqual(await subStatus(alice.savingsId), [0, 'SavingsAccountSubStatusEnum.none'], 'reactivated at once');
    await classify('2026-03-16');
    assert.deepEqual(await subStatus(alice.savingsId), [0, 'SavingsAccountSubStatusEnum.none'], 'the run agrees: 0 days idle');
    const sent = await selfTransfer('2026-03-16');
    assert.equal(sent.status, 200, sent.text);
    // The transfer is the customer's withdrawal from the first and deposit to the second: both active again.
    assert.deepEqual(await subStatus(second), [0, 'SavingsAccountSubStatusEnum.none']);

    await classify('2026-06-14');
    assert.deepEqual(await subStatus(alice.savingsId), [300, 'SavingsAccountSubStatusEnum.escheat'], '90 days after 16 March');
    // Each classification is in the job's history, with the accounts it looked at.
    const history = (await t.get('/jobs/6/runhistory')).body;
    assert.equal(history.totalFilteredRecords, 6);
    assert.equal(history.pageItems[0].accountsProcessed, 3);
  });
});
