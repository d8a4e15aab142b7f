import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { customer, events, type Customer } from './support.js';

const TODAY = '2026-01-15';
const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };

describe('self-service transfers and beneficiaries', () => {
  let service: TestService;
  let t: TenantSession;
  let savingsProduct: number;
  let digitalBranch: string;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: TODAY, ...iso })).status, 200);
    savingsProduct = (await t.get('/savingsproducts')).body.find((p: any) => p.name === 'Primary Savings').id;
  });
  after(async () => service.stop());

  async function funded(amounts: number[] = []): Promise<Customer> {
    const c = await customer(t);
    for (const amount of amounts) {
      const res = await t.post(`/savingsaccounts/${c.savingsId}/transactions?command=deposit`, { transactionDate: TODAY, transactionAmount: amount, paymentTypeId: 2, ...iso });
      assert.equal(res.status, 200, res.text);
    }
    digitalBranch ??= (await t.get(`/offices/${(await t.get(`/clients/${c.clientId}`)).body.officeId}`)).body.name;
    return c;
  }

  const balance = async (accountId: number) => (await t.get(`/savingsaccounts/${accountId}`)).body.summary.accountBalance as number;

  const send = (from: Customer, fromAccountId: number, toAccountId: number, amount: number) =>
    from.session.post('/self/accounttransfers', {
      fromAccountType: 2, fromAccountId, toAccountType: 2, toAccountId, transferAmount: amount, transferDate: TODAY, transferDescription: 'self', ...iso,
    });

  const addBeneficiary = (owner: Customer, to: Customer, extra: Record<string, unknown> = {}) =>
    owner.session.post('/self/beneficiaries/tpt', { name: `To ${to.body.firstname} ${to.clientId}`, officeName: digitalBranch, accountNumber: to.accountNo, accountType: 2, ...extra });

  test('to an own account always (no beneficiary, no daily limit); to another customer only to a beneficiary', async () => {
    const alice = await funded([40000, 40000]);
    const bob = await funded();
    const second = (await t.post('/savingsaccounts', { clientId: alice.clientId, productId: savingsProduct, submittedOnDate: TODAY, ...iso })).body.savingsId;
    assert.equal((await t.post(`/savingsaccounts/${second}?command=activate`, {})).status, 200);

    const own = await send(alice, alice.savingsId, second, 55000);
    assert.equal(own.status, 200, own.text);
    assert.equal(own.body.status, 'SUCCESSFUL');
    assert.equal(typeof own.body.resourceId, 'number');
    assert.equal(own.body.transferId, own.body.resourceId);
    assert.equal(await balance(second), 55000);

    assertError(await send(alice, alice.savingsId, bob.savingsId, 100), 403, 'error.msg.self.transfer.beneficiary.required');
    assert.equal(await balance(bob.savingsId), 0);

    assert.equal((await addBeneficiary(alice, bob)).status, 200);
    const paid = await send(alice, second, bob.savingsId, 1000);
    assert.equal(paid.status, 200, paid.text);
    assert.equal(await balance(bob.savingsId), 1000);
    assert.equal(await balance(second), 54000);

    const got = await alice.session.get(`/self/accounttransfers/${paid.body.resourceId}`);
    assert.equal(got.status, 200, got.text);
    assert.deepEqual([got.body.fromAccountId, got.body.toAccountId, got.body.transferAmount, got.body.transferDate], [second, bob.savingsId, 1000, [2026, 1, 15]]);
    assert.equal((await bob.session.get(`/self/accounttransfers/${paid.body.resourceId}`)).status, 404);

    const emitted = await events(service, t.tenant, ['account.debit', 'account.credit']);
    const legs = emitted.filter((e) => e.payload.data.transferId === paid.body.resourceId);
    assert.deepEqual(legs.map((e) => [e.event_type, e.payload.data.accountId]), [['account.debit', second], ['account.credit', bob.savingsId]]);

    const template = (await alice.session.get('/self/accounttransfers/template')).body;
    assert.deepEqual(template.fromAccountOptions.map((o: any) => o.accountId).sort(), [alice.savingsId, second].sort());
    const toBob = template.toAccountOptions.find((o: any) => o.accountId === bob.savingsId);
    assert.deepEqual([toBob.clientName, toBob.officeName], [`${bob.body.firstname} ${bob.body.lastname}`, digitalBranch]);
    assert.equal(template.beneficiaries.length, 1);
  });

  test("from an account that is not the customer's: 404 and nothing moves", async () => {
    const alice = await funded([1000]);
    const bob = await funded([1000]);
    assert.equal((await addBeneficiary(bob, alice)).status, 200);
    const stolen = await send(alice, bob.savingsId, alice.savingsId, 500);
    assert.equal(stolen.status, 404, stolen.text);
    assert.equal(await balance(bob.savingsId), 1000);
    assert.equal(await balance(alice.savingsId), 1000);
    assert.equal((await alice.session.post('/self/accounttransfers', { fromAccountId: 999999, toAccountId: alice.savingsId, transferAmount: 1, transferDate: TODAY, ...iso })).status, 404);
  });

  test('beneficiaries: the account must exist at the named office; a customer never sees or changes another customer\'s entries', async () => {
    const alice = await funded([5000]);
    const bob = await funded();
    assertError(await addBeneficiary(alice, bob, { officeName: 'Head Office' }), 404, 'error.msg.self.beneficiary.account.not.found');
    assertError(await addBeneficiary(alice, bob, { accountNumber: '0000000000' }), 404, 'error.msg.self.beneficiary.account.not.found');
    assert.deepEqual((await alice.session.get('/self/beneficiaries/tpt/template')).body.accountTypeOptions.map((o: any) => o.id), [2]);
    // A JSON number loses the NUBAN's leading zeros; they are put back.
    const created = await addBeneficiary(alice, bob, { name: 'Bob', transferLimit: 2000, accountNumber: Number(bob.accountNo) });
    assert.equal(created.status, 200, created.text);
    const id = created.body.resourceId;
    assertError(await addBeneficiary(alice, bob, { name: 'bob' }), 403, 'error.msg.self.beneficiary.duplicate.name');

    const list = (await alice.session.get('/self/beneficiaries/tpt')).body;
    assert.equal(list.length, 1);
    assert.deepEqual([list[0].id, list[0].name, list[0].officeName, list[0].accountNumber, list[0].accountType.id, list[0].transferLimit], [id, 'Bob', digitalBranch, bob.accountNo, 2, 2000]);
    assert.equal(list[0].clientName, `${bob.body.firstname} ${bob.body.lastname}`);
    assert.deepEqual((await bob.session.get('/self/beneficiaries/tpt')).body, []);
    assert.equal((await bob.session.put(`/self/beneficiaries/tpt/${id}`, { transferLimit: 1e6 })).status, 404);
    assert.equal((await bob.session.delete(`/self/beneficiaries/tpt/${id}`)).status, 404);

    assertError(await send(alice, alice.savingsId, bob.savingsId, 2000.01), 403, 'error.msg.self.transfer.beneficiary.limit.exceeded');
    assert.equal(await balance(bob.savingsId), 0);
    assert.equal((await send(alice, alice.savingsId, bob.savingsId, 2000)).status, 200);

    const updated = await alice.session.put(`/self/beneficiaries/tpt/${id}`, { name: 'Robert', transferLimit: 3000 });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(updated.body.changes, { name: 'Robert', transferLimit: '3000' });
    assert.equal((await send(alice, alice.savingsId, bob.savingsId, 2500)).status, 200);

    assert.equal((await alice.session.delete(`/self/beneficiaries/tpt/${id}`)).status, 200);
    assertError(await send(alice, alice.savingsId, bob.savingsId, 1), 403, 'error.msg.self.transfer.beneficiary.required');
    assert.equal(await balance(bob.savingsId), 4500);
  });

  test('the tier-1 daily limit holds under 20 concurrent transfers of 3,000: exactly 48,000 moves; own transfers still go', async () => {
    const dave = await funded([40000, 40000]);
    const erin = await funded();
    assert.equal((await addBeneficiary(dave, erin)).status, 200);
    const results = await Promise.all(Array.from({ length: 20 }, () => send(dave, dave.savingsId, erin.savingsId, 3000)));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    assert.equal(ok.length, 16, results.map((r) => r.status).join(','));
    for (const r of refused) assertError(r, 403, 'error.msg.self.transfer.daily.limit.exceeded');
    assert.equal(await balance(erin.savingsId), 48000);
    assert.equal(await balance(dave.savingsId), 32000);
    assertError(await send(dave, dave.savingsId, erin.savingsId, 2001), 403, 'error.msg.self.transfer.daily.limit.exceeded');
    assert.equal((await send(dave, dave.savingsId, erin.savingsId, 2000)).status, 200);

    const spare = (await t.post('/savingsaccounts', { clientId: dave.clientId, productId: savingsProduct, submittedOnDate: TODAY, ...iso })).body.savingsId;
    assert.equal((await t.post(`/savingsaccounts/${spare}?command=activate`, {})).status, 200);
    assert.equal((await send(dave, dave.savingsId, spare, 10000)).status, 200);
  });

  test('the daily limit follows the tenant setting and the next business date starts afresh', async () => {
    const frank = await funded([30000]);
    const gina = await funded();
    assert.equal((await addBeneficiary(frank, gina)).status, 200);
    assert.equal((await t.put('/configurations/13', { value: 1000 })).status, 200);
    try {
      assertError(await send(frank, frank.savingsId, gina.savingsId, 1500), 403, 'error.msg.self.transfer.daily.limit.exceeded');
      assert.equal((await send(frank, frank.savingsId, gina.savingsId, 1000)).status, 200);
      assertError(await send(frank, frank.savingsId, gina.savingsId, 1), 403, 'error.msg.self.transfer.daily.limit.exceeded');
      assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: '2026-01-16', ...iso })).status, 200);
      const tomorrow = await frank.session.post('/self/accounttransfers', { fromAccountId: frank.savingsId, toAccountId: gina.savingsId, transferAmount: 1000, transferDate: '2026-01-16', ...iso });
      assert.equal(tomorrow.status, 200, tomorrow.text);
    } finally {
      await t.put('/configurations/13', { value: 50000 });
      await t.post('/businessdate', { type: 'BUSINESS_DATE', date: TODAY, ...iso });
    }
  });

  test('GraphQL: the transfer and beneficiary mutations for customer sessions', async () => {
    const hank = await funded([5000]);
    const ivy = await funded();
    const created = await hank.session.graphql(
      'mutation($input: BeneficiaryInput!) { createBeneficiary(input: $input) { id name accountNumber transferLimit } }',
      { input: { name: 'Ivy', officeName: digitalBranch, accountNumber: ivy.accountNo, accountType: 2, transferLimit: '1000' } },
    );
    assert.equal(created.body.errors, undefined, created.text);
    assert.equal(created.body.data.createBeneficiary.transferLimit, '1000');
    const moved = await hank.session.graphql(
      'mutation($input: SelfTransferInput!) { selfTransfer(input: $input) { transferId status transferAmount } }',
      { input: { fromAccountId: hank.savingsId, toAccountId: ivy.savingsId, transferAmount: '750.50', transferDate: TODAY } },
    );
    assert.equal(moved.body.errors, undefined, moved.text);
    assert.deepEqual([moved.body.data.selfTransfer.status, moved.body.data.selfTransfer.transferAmount], ['SUCCESSFUL', '750.5']);
    assert.equal(await balance(ivy.savingsId), 750.5);
    const staff = await t.graphql('mutation($input: SelfTransferInput!) { selfTransfer(input: $input) { transferId } }', { input: { fromAccountId: hank.savingsId, toAccountId: ivy.savingsId, transferAmount: '1', transferDate: TODAY } });
    assert.equal(staff.body.errors?.[0]?.extensions?.code, 'error.msg.not.authorized', staff.text);
  });
});
