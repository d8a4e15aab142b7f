import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';

const LOAN_OFFICER = 320003;

/** Charge definitions (Fineract's /charges) over HTTPS on PostgreSQL. */
describe('charge definitions', () => {
  let service: TestService;
  let t: TenantSession;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  const glAccount = async (glCode: string) => ((await t.get('/glaccounts')).body as { id: number; glCode: string; name: string }[]).find((a) => a.glCode === glCode)!;

  test('a loan disbursement fee: created, read back with Fineract\'s enums and the default fee income account 42101', async () => {
    const created = await t.post('/charges', {
      name: 'Processing fee', currencyCode: 'NGN', chargeAppliesTo: 1, chargeTimeType: 1, chargeCalculationType: 2, chargePaymentMode: 0,
      amount: 1, active: true, penalty: false, minCap: 500, maxCap: 5000, locale: 'en',
    });
    assert.equal(created.status, 200, created.text);
    const id = created.body.resourceId as number;
    const fees = await glAccount('42101');
    assert.equal(fees.name, 'Fee income');
    const got = await t.get(`/charges/${id}`);
    assert.equal(got.status, 200, got.text);
    assert.equal(got.body.name, 'Processing fee');
    assert.equal(got.body.amount, 1);
    assert.equal(got.body.minCap, 500);
    assert.equal(got.body.maxCap, 5000);
    assert.equal(got.body.active, true);
    assert.equal(got.body.penalty, false);
    assert.deepEqual(got.body.chargeAppliesTo, { id: 1, code: 'chargeAppliesTo.loan', value: 'Loan' });
    assert.deepEqual(got.body.chargeTimeType, { id: 1, code: 'chargeTimeType.disbursement', value: 'Disbursement' });
    assert.deepEqual(got.body.chargeCalculationType, { id: 2, code: 'chargeCalculationType.percent.of.amount', value: '% Amount' });
    assert.deepEqual(got.body.chargePaymentMode, { id: 0, code: 'chargepaymentmode.regular', value: 'Regular' });
    assert.equal(got.body.currency.code, 'NGN');
    assert.equal(got.body.currency.decimalPlaces, 2);
    assert.deepEqual(got.body.incomeOrLiabilityAccount, { id: fees.id, name: 'Fee income', glCode: '42101' });
    const list = await t.get('/charges');
    assert.equal(list.status, 200);
    assert.ok((list.body as { id: number }[]).some((c) => c.id === id));
  });

  test('an overdue penalty posts to penalty income 42201 by default; a monthly savings fee keeps its day and interval', async () => {
    const penalty = await t.post('/charges', { name: 'Late payment', currencyCode: 'NGN', chargeAppliesTo: 1, chargeTimeType: 9, chargeCalculationType: 3, chargePaymentMode: 0, amount: 2, active: true, penalty: true, locale: 'en' });
    assert.equal(penalty.status, 200, penalty.text);
    assert.equal((await t.get(`/charges/${penalty.body.resourceId}`)).body.incomeOrLiabilityAccount.glCode, '42201');
    const monthly = await t.post('/charges', {
      name: 'Ledger fee', currencyCode: 'NGN', chargeAppliesTo: 2, chargeTimeType: 7, chargeCalculationType: 1, amount: 100, active: true,
      feeOnMonthDay: '15 January', monthDayFormat: 'dd MMMM', feeInterval: 1, locale: 'en',
    });
    assert.equal(monthly.status, 200, monthly.text);
    const got = (await t.get(`/charges/${monthly.body.resourceId}`)).body;
    assert.deepEqual(got.feeOnMonthDay, [1, 15]);
    assert.equal(got.feeInterval, 1);
    assert.deepEqual(got.chargeTimeType, { id: 7, code: 'chargeTimeType.monthlyFee', value: 'Monthly Fee' });
    assert.equal(got.chargeAppliesTo.id, 2);
  });

  test('the template lists the options with Fineract\'s ids, the enabled currencies and income accounts', async () => {
    const res = await t.get('/charges/template');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.chargeAppliesToOptions.map((o: { id: number }) => o.id), [1, 2, 3]);
    assert.deepEqual(res.body.loanChargeTimeTypeOptions.map((o: { id: number }) => o.id), [1, 2, 8, 9]);
    assert.deepEqual(res.body.savingsChargeTimeTypeOptions.map((o: { id: number }) => o.id), [2, 3, 5, 6, 7]);
    assert.deepEqual(res.body.clientChargeTimeTypeOptions.map((o: { id: number }) => o.id), [2]);
    assert.deepEqual(res.body.loanChargeCalculationTypeOptions.map((o: { id: number }) => o.id), [1, 2, 3, 4]);
    assert.deepEqual(res.body.savingsChargeCalculationTypeOptions.map((o: { id: number }) => o.id), [1, 2]);
    assert.deepEqual(res.body.chargePaymetModeOptions.map((o: { id: number }) => o.id), [0, 1]);
    assert.ok(res.body.currencyOptions.some((c: { code: string }) => c.code === 'NGN'));
    const income = res.body.incomeOrLiabilityAccountOptions.incomeAccountOptions.map((a: { glCode: string }) => a.glCode);
    assert.ok(income.includes('42101') && income.includes('42201'), income.join());
  });

  test('bad input is 400 with every field error and writes nothing', async () => {
    const before = (await t.get('/charges')).body.length;
    const res = await t.post('/charges', { name: '', currencyCode: 'NGN', chargeAppliesTo: 2, chargeTimeType: 8, chargeCalculationType: 3, amount: -5, locale: 'en' });
    assertError(res, 400, 'validation.msg.charge.name.cannot.be.blank');
    const missing = await t.post('/charges', { name: 'x', currencyCode: 'NGN', chargeAppliesTo: 2, chargeTimeType: 7, chargeCalculationType: 1, amount: 10, locale: 'en' });
    assertError(missing, 400, 'validation.msg.charge.feeOnMonthDay.cannot.be.blank');
    assertError(missing, 400, 'validation.msg.charge.feeInterval.is.not.within.expected.range');
    const kinds = await t.post('/charges', { name: 'y', currencyCode: 'NGN', chargeAppliesTo: 2, chargeTimeType: 8, chargeCalculationType: 3, amount: 0, locale: 'en' });
    assertError(kinds, 400, 'validation.msg.charge.chargeTimeType.is.not.one.of.expected.enumerations');
    assertError(kinds, 400, 'validation.msg.charge.chargeCalculationType.is.not.one.of.expected.enumerations');
    assertError(kinds, 400, 'validation.msg.charge.amount.not.greater.than.zero');
    assertError(await t.post('/charges', { name: 'z', currencyCode: 'NGN', chargeAppliesTo: 1, chargeTimeType: 1, chargeCalculationType: 1, chargePaymentMode: 0, amount: 5, taxGroupId: 1 }), 400, 'error.msg.parameter.unsupported');
    assert.equal((await t.get('/charges')).body.length, before);
  });

  test('Fineract\'s rules: a disbursement charge is no penalty, an overdue charge must be one, names are unique, the currency must be enabled', async () => {
    const base = { currencyCode: 'NGN', chargeAppliesTo: 1, chargeCalculationType: 1, chargePaymentMode: 0, amount: 100, active: true, locale: 'en' };
    assertError(await t.post('/charges', { ...base, name: 'Penalty at disbursement', chargeTimeType: 1, penalty: true }), 403, 'error.msg.charge.due.at.disbursement.cannot.be.penalty');
    assertError(await t.post('/charges', { ...base, name: 'Overdue fee', chargeTimeType: 9, penalty: false }), 403, 'error.msg.charge.must.be.penalty');
    assert.equal((await t.post('/charges', { ...base, name: 'Unique', chargeTimeType: 2 })).status, 200);
    assertError(await t.post('/charges', { ...base, name: 'Unique', chargeTimeType: 2 }), 403, 'error.msg.charge.duplicate.name');
    assertError(await t.post('/charges', { ...base, name: 'Yen', currencyCode: 'JPY', chargeTimeType: 2 }), 403, 'error.msg.currency.currencyCode.invalid');
    const expense = await glAccount('51101');
    assertError(await t.post('/charges', { ...base, name: 'To expense', chargeTimeType: 2, incomeAccountId: expense.id }), 403, 'error.msg.glaccount.id.invalid');
  });

  test('PUT changes what was sent and answers the changes; chargeAppliesTo cannot change; DELETE hides it', async () => {
    const id = (await t.post('/charges', { name: 'Card fee', currencyCode: 'NGN', chargeAppliesTo: 3, chargeTimeType: 2, chargeCalculationType: 1, amount: 250, active: true, locale: 'en' })).body.resourceId;
    const res = await t.put(`/charges/${id}`, { amount: 300, name: 'Card fee 2026', locale: 'en' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { resourceId: id, changes: { name: 'Card fee 2026', amount: '300' } });
    const got = (await t.get(`/charges/${id}`)).body;
    assert.equal(got.amount, 300);
    assert.equal(got.name, 'Card fee 2026');
    assertError(await t.put(`/charges/${id}`, { chargeAppliesTo: 1 }), 403, 'error.msg.charge.update.of.charge.applies.to.is.not.supported');
    const deleted = await t.delete(`/charges/${id}`);
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual(deleted.body, { resourceId: id });
    assertError(await t.get(`/charges/${id}`), 404, 'error.msg.charge.id.invalid');
    assertError(await t.delete(`/charges/${id}`), 404, 'error.msg.charge.id.invalid');
    // The name is free again.
    assert.equal((await t.post('/charges', { name: 'Card fee 2026', currencyCode: 'NGN', chargeAppliesTo: 3, chargeTimeType: 2, chargeCalculationType: 1, amount: 1, locale: 'en' })).status, 200);
  });

  test('another tenant\'s charge is 404; a user without the permission is 403', async () => {
    const id = (await t.post('/charges', { name: 'Mine', currencyCode: 'NGN', chargeAppliesTo: 3, chargeTimeType: 2, chargeCalculationType: 1, amount: 10, locale: 'en' })).body.resourceId;
    const other = await service.tenant();
    assertError(await other.get(`/charges/${id}`), 404, 'error.msg.charge.id.invalid');
    assertError(await other.put(`/charges/${id}`, { amount: 1 }), 404, 'error.msg.charge.id.invalid');
    assertError(await other.delete(`/charges/${id}`), 404, 'error.msg.charge.id.invalid');
    assert.ok(!((await other.get('/charges')).body as { id: number; name: string }[]).some((c) => c.name === 'Mine'));
    const officer = await t.userWithRoles([LOAN_OFFICER]);
    assertError(await officer.post('/charges', { name: 'Nope', currencyCode: 'NGN', chargeAppliesTo: 3, chargeTimeType: 2, chargeCalculationType: 1, amount: 10 }), 403, 'error.msg.not.authorized');
  });

  test('GraphQL: charges and charge(id) with exact decimals', async () => {
    const id = (await t.post('/charges', { name: 'GQL fee', currencyCode: 'NGN', chargeAppliesTo: 2, chargeTimeType: 5, chargeCalculationType: 1, amount: '50.25', active: true, locale: 'en' })).body.resourceId;
    const res = await t.graphql('query($id: Int!) { charge(id: $id) { id name amount chargeTimeType { id value } incomeAccount { glCode } } charges(chargeAppliesTo: 2) { id } }', { id });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.data!.charge, { id, name: 'GQL fee', amount: '50.25', chargeTimeType: { id: 5, value: 'Withdrawal Fee' }, incomeAccount: { glCode: '42101' } });
    assert.ok(res.body.data!.charges.some((c: { id: number }) => c.id === id));
  });
});
