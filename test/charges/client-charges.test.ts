import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import type { TestService, TenantSession } from '../support/service.js';
import { accountFixture, activeClient as activeAccountClient, balance, deposit, iso, openAccount, pinBusinessDate, TODAY } from '../account/support.js';
import { assertSchemas, outbox } from '../payments/support.js';
import { customer } from '../self/support.js';
import { application, setBusinessDate } from '../loan/support.js';

interface ClientCharge { id: number; chargeId: number; name: string; amount: number; amountPaid: number; amountWaived: number; amountOutstanding: number; isPaid: boolean; isWaived: boolean; dueDate: number[] }

/**
 * Client charges (fees not tied to an account) over HTTPS on PostgreSQL: a 1,000 membership fee paid from the
 * client's savings account (a Pay Charge transaction, DR 21101 CR 42101, account.debit with reason "fee"), a
 * 300 fee waived (nothing posted), and the self-service reads of a customer's own charges.
 */
describe('client charges', () => {
  let service: TestService;
  let t: TenantSession;
  let membership: number;
  let branch: number;
  let savingsProduct: number;

  before(async () => {
    ({ service, t, branch, products: { savings: savingsProduct } } = await accountFixture());
    const res = await t.post('/charges', { name: 'Membership fee', currencyCode: 'NGN', chargeAppliesTo: 3, chargeTimeType: 2, chargeCalculationType: 1, amount: 1000, active: true, locale: 'en' });
    assert.equal(res.status, 200, res.text);
    membership = res.body.resourceId;
  });
  after(async () => service.stop());

  const page = async (clientId: number, query = '') => {
    const res = await t.get(`/clients/${clientId}/charges${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body as { totalFilteredRecords: number; pageItems: ClientCharge[] };
  };
  const journal = async (transactionId: number) =>
    ((await t.get(`/journalentries?transactionId=S${transactionId}`)).body.pageItems as { glAccountCode: string; entryType: { value: string }; amount: number }[])
      .map((l) => [l.glAccountCode, l.entryType.value, l.amount]).sort();

  test('a 1,000 membership fee paid from the client\'s account, a 300 fee waived; pending and paged lists; bad input refused', async () => {
    await pinBusinessDate(t, TODAY);
    const ada = await customer(t);
    assert.equal((await deposit(t, ada.savingsId, 5000)).status, 200);
    const added = await t.post(`/clients/${ada.clientId}/charges`, { chargeId: membership, dueDate: TODAY, ...iso });
    assert.equal(added.status, 200, added.text);
    assert.deepEqual(added.body, { clientId: ada.clientId, resourceId: added.body.resourceId });
    const reduced = await t.post(`/clients/${ada.clientId}/charges`, { chargeId: membership, amount: 300, dueDate: '2026-01-10', ...iso });
    assert.equal(reduced.status, 200, reduced.text);

    let listed = await page(ada.clientId);
    assert.deepEqual([listed.totalFilteredRecords, listed.pageItems.map((c) => [c.id, c.amount, c.amountOutstanding, c.dueDate])], [2, [[added.body.resourceId, 1000, 1000, [2026, 1, 15]], [reduced.body.resourceId, 300, 300, [2026, 1, 10]]]]);
    assert.deepEqual((await page(ada.clientId, '?limit=1&offset=1')).pageItems.map((c) => c.id), [reduced.body.resourceId]);

    // Paid from the account: 5,000 - 1,000 = 4,000; a Pay Charge (7) transaction posts DR 21101 CR 42101.
    const paid = await t.post(`/clients/${ada.clientId}/charges/${added.body.resourceId}?command=paycharge`, { amount: 1000, transactionDate: TODAY, savingsAccountId: ada.savingsId, ...iso });
    assert.equal(paid.status, 200, paid.text);
    assert.equal((await balance(t, ada.savingsId)).accountBalance, 4000);
    const txns = (await t.get(`/savingsaccounts/${ada.savingsId}/transactions?limit=10`)).body.pageItems as { id: number; transactionType: { id: number }; amount: number }[];
    const payCharge = txns.find((x) => x.transactionType.id === 7)!;
    assert.equal(payCharge.amount, 1000);
    assert.deepEqual(await journal(payCharge.id), [['21101', 'DEBIT', 1000], ['42101', 'CREDIT', 1000]]);
    const debits = (await outbox(service, t.tenant, ['account.debit'])).filter((e) => e.payload.data.accountId === ada.savingsId && e.payload.data.reason === 'fee');
    assertSchemas(debits);
    assert.deepEqual(debits.map((e) => [e.payload.data.chargeName, e.payload.data.amount]), [['Membership fee', 1000]]);

    // Waived: nothing posted, nothing moves.
    const waived = await t.post(`/clients/${ada.clientId}/charges/${reduced.body.resourceId}?command=waive`, {});
    assert.equal(waived.status, 200, waived.text);
    assert.equal((await balance(t, ada.savingsId)).accountBalance, 4000);
    listed = await page(ada.clientId);
    assert.deepEqual(listed.pageItems.map((c) => [c.amountPaid, c.amountWaived, c.amountOutstanding, c.isPaid, c.isWaived]), [[1000, 0, 0, true, false], [0, 300, 0, false, true]]);
    assert.equal((await page(ada.clientId, '?pendingPayment=true')).totalFilteredRecords, 0);

    assertError(await t.post(`/clients/${ada.clientId}/charges/${added.body.resourceId}?command=paycharge`, { savingsAccountId: ada.savingsId, ...iso }), 403, 'error.msg.client.charge.no.outstanding.amount');
    const big = await t.post(`/clients/${ada.clientId}/charges`, { chargeId: membership, amount: 9000, dueDate: TODAY, ...iso });
    assertError(await t.post(`/clients/${ada.clientId}/charges/${big.body.resourceId}?command=paycharge`, { savingsAccountId: ada.savingsId, ...iso }), 403, 'error.msg.savingsaccount.transaction.insufficient.account.balance');
    assertError(await t.post(`/clients/${ada.clientId}/charges`, { chargeId: membership, ...iso }), 400, 'validation.msg.clientcharge.dueDate.cannot.be.blank');
    assertError(await t.get(`/clients/${ada.clientId}/charges/999999`), 404, 'error.msg.client.charge.id.invalid');
    const other = await t.service.tenant();
    assertError(await other.get(`/clients/${ada.clientId}/charges`), 404, 'error.msg.client.id.invalid');
    // Another client's account cannot pay Ada's charge.
    const bola = await customer(t);
    assertError(await t.post(`/clients/${ada.clientId}/charges/${big.body.resourceId}?command=paycharge`, { savingsAccountId: bola.savingsId, ...iso }), 404, 'error.msg.saving.account.id.invalid');
  });

  test('self-service: a customer reads their own client\'s and loan\'s charges, paged and pending; another\'s are 404', async () => {
    await pinBusinessDate(t, TODAY);
    const ada = await customer(t);
    const bola = await customer(t);
    await t.post(`/clients/${ada.clientId}/charges`, { chargeId: membership, dueDate: TODAY, ...iso });
    const own = await ada.session.get(`/self/clients/${ada.clientId}/charges?pendingPayment=true`);
    assert.equal(own.status, 200, own.text);
    assert.deepEqual([own.body.totalFilteredRecords, own.body.pageItems.map((c: ClientCharge) => [c.name, c.amountOutstanding])], [1, [['Membership fee', 1000]]]);
    assertError(await bola.session.get(`/self/clients/${ada.clientId}/charges`), 404, 'error.msg.client.id.invalid');
    assertError(await ada.session.get(`/clients/${ada.clientId}/charges`), 403, 'error.msg.not.authorized');

    // A loan of Ada's with a 500 instalment fee: she sees it, Bola does not.
    const fee = await t.post('/charges', { name: 'Loan insurance', currencyCode: 'NGN', chargeAppliesTo: 1, chargeTimeType: 8, chargeCalculationType: 1, chargePaymentMode: 0, amount: 500, active: true, locale: 'en' });
    assert.equal(fee.status, 200, fee.text);
    await setBusinessDate(t, '2025-01-01');
    const loan = await t.post('/loans', application(ada.clientId, 2, 100000, { charges: [{ chargeId: fee.body.resourceId }] }));
    assert.equal(loan.status, 200, loan.text);
    const mine = await ada.session.get(`/self/loans/${loan.body.loanId}/charges`);
    assert.equal(mine.status, 200, mine.text);
    assert.deepEqual(mine.body.map((c: { name: string; amount: number }) => [c.name, c.amount]), [['Loan insurance', 6000]]);
    assertError(await bola.session.get(`/self/loans/${loan.body.loanId}/charges`), 404, 'error.msg.loan.id.invalid');
  });

  test('a savings product\'s charges go to each account opened on it; an application\'s own list replaces them', async () => {
    await pinBusinessDate(t, TODAY);
    const fee = await t.post('/charges', { name: 'Savings withdrawal fee', currencyCode: 'NGN', chargeAppliesTo: 2, chargeTimeType: 5, chargeCalculationType: 1, amount: 40, active: true, locale: 'en' });
    assert.equal(fee.status, 200, fee.text);
    const updated = await t.put(`/savingsproducts/${savingsProduct}`, { charges: [{ id: fee.body.resourceId }] });
    assert.equal(updated.status, 200, updated.text);
    assertError(await t.put(`/savingsproducts/${savingsProduct}`, { charges: [{ id: membership }] }), 403, 'error.msg.charge.cannot.be.applied.tosavings');
    const clientId = await activeAccountClient(t, branch);
    const tpl = (await t.get(`/savingsaccounts/template?clientId=${clientId}&productId=${savingsProduct}`)).body;
    assert.deepEqual((tpl.charges as { chargeId: number; amountOrPercentage: number }[]).map((c) => [c.chargeId, c.amountOrPercentage]), [[fee.body.resourceId, 40]]);
    assert.ok((tpl.chargeOptions as { id: number }[]).some((c) => c.id === fee.body.resourceId));
    const accountId = await openAccount(t, clientId, savingsProduct);
    // The web app's account view reads them with the account (associations=all).
    assert.deepEqual(((await t.get(`/savingsaccounts/${accountId}?associations=all`)).body.charges as { chargeId: number }[]).map((c) => c.chargeId), [fee.body.resourceId]);
    const listed = (await t.get(`/savingsaccounts/${accountId}/charges`)).body as { chargeId: number; amountOrPercentage: number }[];
    assert.deepEqual(listed.map((c) => [c.chargeId, c.amountOrPercentage]), [[fee.body.resourceId, 40]]);
    const own = await t.post('/savingsaccounts', { clientId, productId: savingsProduct, submittedOnDate: TODAY, charges: [{ chargeId: fee.body.resourceId, amount: 25 }], ...iso });
    assert.equal(own.status, 200, own.text);
    const mine = (await t.get(`/savingsaccounts/${own.body.savingsId}/charges`)).body as { chargeId: number; amountOrPercentage: number }[];
    assert.deepEqual(mine.map((c) => [c.chargeId, c.amountOrPercentage]), [[fee.body.resourceId, 25]]);
  });
});
