import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { BRANCH_MANAGER_ROLE, cashTxn, createCashier, createStaff, createTeller, staffUser, TELLER_ROLE } from '../till/till-support.js';
import { activeClient, balance, CASH, deposit, openAccount, pinBusinessDate, productIds, TODAY, withdraw } from './support.js';

/**
 * Four eyes across API keys: whoever issues another user's key can act as that user, so the maker of a held
 * withdrawal cannot check it through a key he issued for a Branch Manager.
 */
describe('maker-checker: four eyes hold across API keys an admin issued', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let savings: number;

  /** A Branch Manager of the branch, created by the admin, and an API key the admin issues for them. */
  const delegatedManager = async (): Promise<string> => {
    const { userId } = await staffUser(t, [BRANCH_MANAGER_ROLE], branch, null);
    const issued = await t.post(`/users/${userId}/apikeys`, { name: 'delegated' });
    assert.equal(issued.status, 200, issued.text);
    return issued.body.key as string;
  };
  const approveWithKey = (key: string, entryId: number) =>
    service.request('POST', `/api/v1/makercheckers/${entryId}?command=approve`, { tenant: t.tenant, auth: null, headers: { authorization: `Bearer ${key}` } });
  const pending = async () => ((await t.get('/makercheckers')).body as { id: number }[]).map((e) => e.id);

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    await pinBusinessDate(t);
    branch = await t.branch();
    // A low ceiling keeps the amounts within a tier-1 client's caps.
    assert.equal((await t.put('/configurations/3', { value: 1000 })).status, 200);
    const clientId = await activeClient(t, branch);
    savings = await openAccount(t, clientId, (await productIds(t)).savings);
    assert.equal((await deposit(t, savings, 5000)).status, 200);
  });
  after(async () => service.stop());

  test('the admin makes a held withdrawal and cannot approve it through a key he issued for a Branch Manager; nothing is written', async () => {
    const made = await withdraw(t, savings, 1500, CASH);
    assert.equal(made.status, 200, made.text);
    assert.deepEqual(made.body.changes, { status: 'awaiting.approval' });
    const key = await delegatedManager();
    assertError(await approveWithKey(key, made.body.commandId), 403, 'error.msg.makerchecker.cannot.approve.own.entry');
    assert.ok((await pending()).includes(made.body.commandId), 'still awaiting approval');
    assert.deepEqual(await balance(t, savings), { accountBalance: 5000, availableBalance: 3500 });
    assert.equal((await t.delete(`/makercheckers/${made.body.commandId}`)).status, 200);
  });

  test("the same key checks another maker's entry: the refusal is about the admin's own entry, not the key", async () => {
    // A teller with an open till makes the entry; approval executes it on that till.
    const staffId = await createStaff(t, branch);
    const { session: teller } = await staffUser(t, [TELLER_ROLE], branch, staffId);
    const counter = await createTeller(t, branch);
    const till = await createCashier(t, counter, staffId);
    assert.equal((await t.post(`/tellers/${counter}/cashiers/${till}/allocate`, cashTxn(100000, TODAY))).status, 200);
    const made = await withdraw(teller, savings, 2000, CASH);
    assert.equal(made.status, 200, made.text);
    const approved = await approveWithKey(await delegatedManager(), made.body.commandId);
    assert.equal(approved.status, 200, approved.text);
    assert.deepEqual(await balance(t, savings), { accountBalance: 3000, availableBalance: 3000 });
  });

  test('a teller acting through a key the admin issued makes a held withdrawal: the admin cannot approve it, another manager can', async () => {
    const staffId = await createStaff(t, branch);
    const { userId } = await staffUser(t, [TELLER_ROLE], branch, staffId);
    const counter = await createTeller(t, branch);
    const till = await createCashier(t, counter, staffId);
    assert.equal((await t.post(`/tellers/${counter}/cashiers/${till}/allocate`, cashTxn(100000, TODAY))).status, 200);
    const issued = await t.post(`/users/${userId}/apikeys`, { name: 'counter terminal' });
    assert.equal(issued.status, 200, issued.text);
    const before = await balance(t, savings);
    const made = await service.request('POST', `/api/v1/savingsaccounts/${savings}/transactions?command=withdrawal`, {
      tenant: t.tenant, auth: null, headers: { authorization: `Bearer ${issued.body.key}` },
      body: { transactionDate: TODAY, transactionAmount: 1200, paymentTypeId: CASH, dateFormat: 'yyyy-MM-dd', locale: 'en' },
    });
    assert.equal(made.status, 200, made.text);
    assert.deepEqual(made.body.changes, { status: 'awaiting.approval' });
    // The admin could have made it himself through that key.
    assertError(await t.post(`/makercheckers/${made.body.commandId}?command=approve`, {}), 403, 'error.msg.makerchecker.cannot.approve.own.entry');
    assert.ok((await pending()).includes(made.body.commandId), 'still awaiting approval');
    assert.equal((await balance(t, savings)).accountBalance, before.accountBalance);
    const { session: manager } = await staffUser(t, [BRANCH_MANAGER_ROLE], branch, null);
    const approved = await manager.post(`/makercheckers/${made.body.commandId}?command=approve`, {});
    assert.equal(approved.status, 200, approved.text);
    assert.equal((await balance(t, savings)).accountBalance, before.accountBalance - 1200);
  });
});
