import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import type { TestService, TenantSession } from '../support/service.js';
import { accountFixture, activeClient, BANK_TRANSFER, balance, iso, openAccount, pinBusinessDate, TODAY } from '../account/support.js';
import { assertSchemas, outbox } from '../payments/support.js';
import { customer } from '../self/support.js';

/** The close of business's savings-fees step as a job (PAY_DUE_SAVINGS_CHARGES). */
const AGING_JOB = 5;

/**
 * Savings charges over HTTPS on PostgreSQL, with the worked example: a 50 withdrawal fee taken
 * with each withdrawal, a 100 monthly fee that first cannot be collected and then is, as money arrives.
 */
describe('savings account charges', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let savingsProduct: number;
  let withdrawalFee: number;
  let monthlyFee: number;

  before(async () => {
    ({ service, t, branch, products: { savings: savingsProduct } } = await accountFixture());
    withdrawalFee = (await t.post('/charges', { name: 'Withdrawal fee', currencyCode: 'NGN', chargeAppliesTo: 2, chargeTimeType: 5, chargeCalculationType: 1, amount: 50, active: true, locale: 'en' })).body.resourceId;
    monthlyFee = (await t.post('/charges', {
      name: 'Monthly ledger fee', currencyCode: 'NGN', chargeAppliesTo: 2, chargeTimeType: 7, chargeCalculationType: 1, amount: 100, active: true,
      feeOnMonthDay: '20 January', monthDayFormat: 'dd MMMM', feeInterval: 1, locale: 'en',
    })).body.resourceId;
    assert.ok(withdrawalFee && monthlyFee);
  });
  after(async () => service.stop());

  const move = (accountId: number, command: 'deposit' | 'withdrawal', amount: number | string, date: string) =>
    t.post(`/savingsaccounts/${accountId}/transactions?command=${command}`, { transactionDate: date, transactionAmount: amount, paymentTypeId: BANK_TRANSFER, ...iso });
  const charges = async (accountId: number) => {
    const res = await t.get(`/savingsaccounts/${accountId}/charges`);
    assert.equal(res.status, 200, res.text);
    return res.body as { id: number; chargeId: number; amount: number; amountPaid: number; amountWaived: number; amountOutstanding: number; dueDate?: number[]; isActive: boolean }[];
  };
  const journal = async (transactionId: number) =>
    ((await t.get(`/journalentries?transactionId=S${transactionId}`)).body.pageItems as { glAccountCode: string; entryType: { value: string }; amount: number }[])
      .map((l) => [l.glAccountCode, l.entryType.value, l.amount]).sort();
  const transactions = async (accountId: number) =>
    ((await t.get(`/savingsaccounts/${accountId}/transactions?limit=200`)).body.pageItems as { id: number; transactionType: { id: number; value: string }; amount: number; runningBalance: number }[]);
  const runDailyJob = async (date: string) => {
    await pinBusinessDate(t, date);
    const res = await t.post(`/jobs/${AGING_JOB}?command=executeJob`, {});
    assert.equal(res.status, 200, res.text);
  };
  const feeEvents = async (accountId: number) =>
    (await outbox(service, t.tenant, ['account.debit'])).filter((e) => e.payload.data.accountId === accountId && e.payload.data.reason === 'fee');

  test('a 50 withdrawal fee rides with each withdrawal and counts in what it needs; a 100 monthly fee waits for money, then is collected', async () => {
    await pinBusinessDate(t, TODAY);
    const clientId = await activeClient(t, branch);
    const accountId = await openAccount(t, clientId, savingsProduct);
    const addFee = await t.post(`/savingsaccounts/${accountId}/charges`, { chargeId: withdrawalFee, locale: 'en' });
    assert.equal(addFee.status, 200, addFee.text);
    assert.deepEqual(addFee.body, { resourceId: addFee.body.resourceId, savingsId: accountId });
    const addMonthly = await t.post(`/savingsaccounts/${accountId}/charges`, { chargeId: monthlyFee, locale: 'en' });
    assert.equal(addMonthly.status, 200, addMonthly.text);

    assert.equal((await move(accountId, 'deposit', 1000, TODAY)).status, 200);
    // 1,000 - 500 - 50 = 450
    const w1 = await move(accountId, 'withdrawal', 500, TODAY);
    assert.equal(w1.status, 200, w1.text);
    assert.equal((await balance(t, accountId)).accountBalance, 450);
    // 420 + 50 = 470 > 450: refused, nothing written.
    assertError(await move(accountId, 'withdrawal', 420, TODAY), 403, 'error.msg.savingsaccount.transaction.insufficient.account.balance');
    assert.equal((await balance(t, accountId)).accountBalance, 450);
    // 450 - 400 - 50 = 0
    assert.equal((await move(accountId, 'withdrawal', 400, TODAY)).status, 200);
    assert.equal((await balance(t, accountId)).accountBalance, 0);

    let txns = await transactions(accountId);
    const fees = txns.filter((x) => x.transactionType.id === 4);
    assert.deepEqual(fees.map((f) => [f.transactionType.value, f.amount, f.runningBalance]), [['Withdrawal Fee', 50, 0], ['Withdrawal Fee', 50, 450]]);
    assert.deepEqual(await journal(fees[1]!.id), [['21101', 'DEBIT', 50], ['42101', 'CREDIT', 50]]);
    const withdrawalCharge = (await charges(accountId)).find((c) => c.chargeId === withdrawalFee)!;
    assert.deepEqual([withdrawalCharge.amount, withdrawalCharge.amountPaid, withdrawalCharge.amountOutstanding], [100, 100, 0]);

    // The monthly fee first falls due on 20 January: the account holds nothing, so all 100 stays outstanding.
    let monthly = (await charges(accountId)).find((c) => c.chargeId === monthlyFee)!;
    assert.deepEqual(monthly.dueDate, [2026, 1, 20]);
    await runDailyJob('2026-01-20');
    monthly = (await charges(accountId)).find((c) => c.chargeId === monthlyFee)!;
    assert.deepEqual([monthly.amount, monthly.amountPaid, monthly.amountOutstanding], [100, 0, 100]);
    assert.deepEqual(monthly.dueDate, [2026, 2, 20]);
    // Running the step again for the same date changes nothing.
    await runDailyJob('2026-01-20');
    assert.deepEqual((await charges(accountId)).find((c) => c.chargeId === monthlyFee), monthly);
    assert.equal((await balance(t, accountId)).accountBalance, 0);

    // A deposit of 30 pays 30 of it (balance 0, 70 owed); one of 200 pays the other 70 (balance 130).
    assert.equal((await move(accountId, 'deposit', 30, '2026-01-20')).status, 200);
    assert.equal((await balance(t, accountId)).accountBalance, 0);
    monthly = (await charges(accountId)).find((c) => c.chargeId === monthlyFee)!;
    assert.deepEqual([monthly.amountPaid, monthly.amountOutstanding], [30, 70]);
    assert.equal((await move(accountId, 'deposit', 200, '2026-01-20')).status, 200);
    assert.equal((await balance(t, accountId)).accountBalance, 130);
    monthly = (await charges(accountId)).find((c) => c.chargeId === monthlyFee)!;
    assert.deepEqual([monthly.amount, monthly.amountPaid, monthly.amountOutstanding], [100, 100, 0]);
    // Nothing more is owed: the next deposit is a deposit only.
    assert.equal((await move(accountId, 'deposit', 10, '2026-01-20')).status, 200);
    assert.equal((await balance(t, accountId)).accountBalance, 140);

    txns = await transactions(accountId);
    const paid = txns.filter((x) => x.transactionType.id === 7);
    assert.deepEqual(paid.map((p) => [p.transactionType.value, p.amount, p.runningBalance]), [['Pay Charge', 70, 130], ['Pay Charge', 30, 0]]);
    assert.deepEqual(await journal(paid[0]!.id), [['21101', 'DEBIT', 70], ['42101', 'CREDIT', 70]]);

    // 20 February: 100 falls due and is collected at once (140 - 100 = 40).
    await runDailyJob('2026-02-20');
    assert.equal((await balance(t, accountId)).accountBalance, 40);
    // 20 March: 100 falls due, 40 is collected, 60 stays owed; the waiver clears it and posts nothing.
    await runDailyJob('2026-03-20');
    assert.equal((await balance(t, accountId)).accountBalance, 0);
    monthly = (await charges(accountId)).find((c) => c.chargeId === monthlyFee)!;
    assert.deepEqual([monthly.amount, monthly.amountPaid, monthly.amountOutstanding], [300, 240, 60]);
    const waived = await t.post(`/savingsaccounts/${accountId}/charges/${monthly.id}?command=waive`, {});
    assert.equal(waived.status, 200, waived.text);
    monthly = (await charges(accountId)).find((c) => c.chargeId === monthlyFee)!;
    assert.deepEqual([monthly.amount, monthly.amountPaid, monthly.amountWaived, monthly.amountOutstanding], [300, 240, 60, 0]);
    assertError(await t.post(`/savingsaccounts/${accountId}/charges/${monthly.id}?command=waive`, {}), 403, 'error.msg.savings.account.charge.no.outstanding.amount');

    // Every fee an account.debit with reason "fee" and the charge's name, valid against its schema.
    const events = await feeEvents(accountId);
    assert.deepEqual(events.map((e) => [e.payload.data.chargeName, e.payload.data.amount, e.payload.data.type]), [
      ['Withdrawal fee', 50, 'FEE'], ['Withdrawal fee', 50, 'FEE'], ['Monthly ledger fee', 30, 'FEE'], ['Monthly ledger fee', 70, 'FEE'], ['Monthly ledger fee', 100, 'FEE'], ['Monthly ledger fee', 40, 'FEE'],
    ]);
    assertSchemas(events);
    // Income: 50 + 50 + 30 + 70 + 100 + 40 = 340 on 42101, none of the 60 waived.
    const income = (await t.get('/glaccounts?fetchRunningBalance=true')).body.find((a: { glCode: string }) => a.glCode === '42101');
    assert.equal(income.organizationRunningBalance, 340);

    // Inactivated, the withdrawal fee no longer rides: 40 deposited, 40 withdrawn.
    await pinBusinessDate(t, '2026-03-20');
    const inactivated = await t.post(`/savingsaccounts/${accountId}/charges/${withdrawalCharge.id}?command=inactivate`, {});
    assert.equal(inactivated.status, 200, inactivated.text);
    assert.equal((await move(accountId, 'deposit', 40, '2026-03-20')).status, 200);
    assert.equal((await move(accountId, 'withdrawal', 40, '2026-03-20')).status, 200);
    assert.equal((await balance(t, accountId)).accountBalance, 0);
  });

  test('paycharge pays an owed fee at once; an account without charges pays none; a charge of the wrong kind or another tenant\'s account is refused', async () => {
    await pinBusinessDate(t, TODAY);
    const clientId = await activeClient(t, branch);
    const accountId = await openAccount(t, clientId, savingsProduct);
    const plain = await openAccount(t, clientId, savingsProduct);
    assert.equal((await move(accountId, 'deposit', 500, TODAY)).status, 200);
    assert.equal((await move(plain, 'deposit', 500, TODAY)).status, 200);
    assert.equal((await move(plain, 'withdrawal', 100, TODAY)).status, 200);
    assert.equal((await balance(t, plain)).accountBalance, 400);
    const id = (await t.post(`/savingsaccounts/${accountId}/charges`, { chargeId: monthlyFee, locale: 'en' })).body.resourceId;
    // Not yet due (20 January): paying it charges one month and pays it.
    const paid = await t.post(`/savingsaccounts/${accountId}/charges/${id}?command=paycharge`, { amount: 100, dueDate: TODAY, ...iso });
    assert.equal(paid.status, 200, paid.text);
    assert.equal((await balance(t, accountId)).accountBalance, 400);
    const charge = (await t.get(`/savingsaccounts/${accountId}/charges/${id}`)).body;
    assert.deepEqual([charge.amount, charge.amountPaid, charge.amountOutstanding, charge.dueDate], [100, 100, 0, [2026, 2, 20]]);

    const loanFee = (await t.post('/charges', { name: 'Loan fee', currencyCode: 'NGN', chargeAppliesTo: 1, chargeTimeType: 2, chargeCalculationType: 1, chargePaymentMode: 0, amount: 5, active: true, locale: 'en' })).body.resourceId;
    assertError(await t.post(`/savingsaccounts/${accountId}/charges`, { chargeId: loanFee }), 403, 'error.msg.charge.cannot.be.applied.tosavings');
    assertError(await t.post(`/savingsaccounts/${accountId}/charges`, { chargeId: 999999 }), 404, 'error.msg.charge.id.invalid');
    assertError(await t.post(`/savingsaccounts/${accountId}/charges`, {}), 400, 'validation.msg.savingsaccountcharge.chargeId.cannot.be.blank');
    // A used charge keeps its kind and cannot be deleted.
    assertError(await t.put(`/charges/${monthlyFee}`, { chargeTimeType: 6 }), 403, 'error.msg.charge.cannot.be.updated.it.is.used.in.loan');
    assertError(await t.delete(`/charges/${monthlyFee}`), 403, 'error.msg.charge.cannot.be.deleted.it.is.already.used.in.loan');
    assert.equal((await t.put(`/charges/${monthlyFee}`, { name: 'Monthly ledger fee' })).status, 200, 'a change of nothing structural is accepted');

    const other = await service.tenant();
    assertError(await other.get(`/savingsaccounts/${accountId}/charges`), 404, 'error.msg.saving.account.id.invalid');
    assertError(await other.post(`/savingsaccounts/${accountId}/charges/${id}?command=waive`, {}), 404, 'error.msg.saving.account.id.invalid');
    assertError(await t.get(`/savingsaccounts/${accountId}/charges/999999`), 404, 'error.msg.savings.account.charge.id.invalid');
  });

  test('self-service: a customer reads the charges of their own account; another customer\'s account is 404, and staff paths are 403', async () => {
    await pinBusinessDate(t, TODAY);
    const ada = await customer(t);
    const bola = await customer(t);
    const added = await t.post(`/savingsaccounts/${ada.savingsId}/charges`, { chargeId: withdrawalFee, amount: 25, locale: 'en' });
    assert.equal(added.status, 200, added.text);
    const own = await ada.session.get(`/self/savingsaccounts/${ada.savingsId}/charges`);
    assert.equal(own.status, 200, own.text);
    assert.deepEqual(own.body.map((c: { chargeId: number; amountOrPercentage: number; name: string }) => [c.chargeId, c.amountOrPercentage, c.name]), [[withdrawalFee, 25, 'Withdrawal fee']]);
    assertError(await bola.session.get(`/self/savingsaccounts/${ada.savingsId}/charges`), 404, 'error.msg.saving.account.id.invalid');
    assertError(await ada.session.get(`/savingsaccounts/${ada.savingsId}/charges`), 403, 'error.msg.not.authorized');
  });
});
