import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { cashTxn, createCashier, createStaff, createTeller, staffUser, TELLER_ROLE } from '../till/till-support.js';
import { balance, BANK_TRANSFER, CASH, corporateClient, deposit, openAccount, pinBusinessDate, productIds, TODAY, transfer, withdraw } from './support.js';

/**
 * Maker-checker holds under concurrency. A held withdrawal counts against the account's available balance,
 * so two holds (or a hold and a withdrawal) racing for one balance must be decided one after the other on
 * the account's current state: never both accepted when together they exceed it.
 */
describe('concurrent maker-checker holds never overcommit an account', () => {
  let service: TestService;
  let t: TenantSession;
  let teller: TenantSession;
  let branch: number;
  let savings: number;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    await pinBusinessDate(t);
    branch = await t.branch();
    savings = (await productIds(t)).savings;
    const staffId = await createStaff(t, branch);
    ({ session: teller } = await staffUser(t, [TELLER_ROLE], branch, staffId));
    const tellerId = await createTeller(t, branch);
    const cashierId = await createCashier(t, tellerId, staffId);
    assert.equal((await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(10_000_000, TODAY))).status, 200);
    // Every cash withdrawal above 1,000 waits for a checker and holds its amount.
    assert.equal((await t.put('/configurations/3', { value: 1000 })).status, 200);
  });
  after(async () => service.stop());

  async function fundedAccount(amount: number): Promise<number> {
    const id = await openAccount(t, await corporateClient(t, branch), savings);
    assert.equal((await deposit(t, id, amount)).status, 200);
    return id;
  }

  test('20 concurrent holds of 60% of the balance: exactly one is accepted, the others are refused for the balance', async () => {
    const id = await fundedAccount(10_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(teller, id, 6_000, CASH)));
    const held = results.filter((r) => r.status === 200);
    assert.equal(held.length, 1, results.map((r) => `${r.status} ${r.text.slice(0, 120)}`).join('\n'));
    assert.ok(held[0]!.body.commandId > 0, 'the accepted one is a maker-checker entry');
    for (const refused of results.filter((r) => r.status !== 200)) assertError(refused, 403, 'error.msg.savingsaccount.transaction.insufficient.account.balance');
    assert.deepEqual(await balance(t, id), { accountBalance: 10_000, availableBalance: 4_000 });
    const entries = (await t.get('/makercheckers')).body.filter((e: any) => e.resourceId === id);
    assert.equal(entries.length, 1);
  });

  test('holds, withdrawals and transfers racing for one balance: what is accepted never exceeds it', async () => {
    const payee = await fundedAccount(1);
    for (let round = 0; round < 3; round++) {
      const id = await fundedAccount(10_000);
      // Cash withdrawals that become holds, Bank Transfer withdrawals and transfers that execute, interleaved.
      const debit = (i: number) => (i % 3 === 0 ? withdraw(teller, id, 3_000, CASH) : i % 3 === 1 ? withdraw(t, id, 3_000, BANK_TRANSFER) : transfer(t, id, payee, 3_000));
      const results = await Promise.all(Array.from({ length: 21 }, (_, i) => debit(i)));
      const accepted = results.filter((r) => r.status === 200);
      for (const refused of results.filter((r) => r.status !== 200)) assertError(refused, 403, 'error.msg.savingsaccount.transaction.insufficient.account.balance');
      assert.equal(accepted.length, 3, 'three of 3,000 fit in 10,000, a fourth does not');
      const holds = accepted.filter((r) => r.body.commandId != null).length;
      const { accountBalance, availableBalance } = await balance(t, id);
      assert.equal(accountBalance, 10_000 - 3_000 * (3 - holds));
      assert.equal(availableBalance, 1_000);
    }
  });
});
