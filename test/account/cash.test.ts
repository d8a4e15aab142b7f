import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { BRANCH_MANAGER_ROLE, cashTxn, createCashier, createStaff, createTeller, HEAD_OF_OPERATIONS_ROLE, staffUser, summary, TELLER_ROLE } from '../till/till-support.js';
import { accountFixture, activeClient, addReferences, balance, BANK_TRANSFER, CASH, corporateClient, deposit, openAccount, pinBusinessDate, TODAY, transfer, withdraw } from './support.js';

/** Cash through the till: deposits, withdrawals, the teller ceiling and Fineract's maker-checker inbox. */
describe('cash deposits and withdrawals, teller ceiling and maker-checker', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let teller: TenantSession;
  let tellerUserId: number;
  let tellerId: number;
  let cashierId: number;
  let products: { savings: number; current: number };

  before(async () => {
    ({ service, t, branch, products } = await accountFixture());
    // A teller with an open till at the branch: staff, user, teller, cashier assignment, today's allocation.
    const staffId = await createStaff(t, branch);
    ({ session: teller, userId: tellerUserId } = await staffUser(t, [TELLER_ROLE], branch, staffId));
    tellerId = await createTeller(t, branch);
    cashierId = await createCashier(t, tellerId, staffId);
    const allocated = await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(1_000_000, TODAY));
    assert.equal(allocated.status, 200, allocated.text);
    // A low ceiling keeps the amounts within a tier-1 client's caps.
    assert.equal((await t.put('/configurations/3', { value: 1000 })).status, 200);
  });
  after(async () => service.stop());

  test('a cash deposit posts DR 11101 CR 21101 (21102 for a current account) and records Cash In at the till', async () => {
    const clientId = await activeClient(t, branch);
    const savings = await openAccount(t, clientId, products.savings);
    const before = await summary(t, tellerId, cashierId);
    const res = await deposit(teller, savings, 700, CASH);
    assert.equal(res.status, 200, res.text);
    const lines = (await t.get(`/journalentries?transactionId=S${res.body.resourceId}`)).body.pageItems;
    assert.deepEqual(lines.map((e: any) => [e.glAccountCode, e.entryType.value]).sort(), [['11101', 'DEBIT'], ['21101', 'CREDIT']]);
    const after = await summary(t, tellerId, cashierId);
    assert.equal(after.sumInwardCash - before.sumInwardCash, 700);

    const current = (await t.post('/savingsaccounts', { clientId, productId: products.current, submittedOnDate: TODAY, dateFormat: 'yyyy-MM-dd', locale: 'en' })).body.savingsId;
    await addReferences(t, current);
    assert.equal((await t.post(`/savingsaccounts/${current}?command=activate`, {})).status, 200);
    const cur = await deposit(teller, current, 300, CASH);
    assert.equal(cur.status, 200, cur.text);
    const curLines = (await t.get(`/journalentries?transactionId=S${cur.body.resourceId}`)).body.pageItems;
    assert.deepEqual(curLines.map((e: any) => [e.glAccountCode, e.entryType.value]).sort(), [['11101', 'DEBIT'], ['21102', 'CREDIT']]);

    // Undo of a cash deposit gives the till the opposite movement.
    const undo = await teller.post(`/savingsaccounts/${savings}/transactions/${res.body.resourceId}?command=undo`);
    assertError(undo, 403, 'error.msg.not.authorized');
    assert.equal((await t.post(`/savingsaccounts/${savings}/transactions/${res.body.resourceId}?command=undo`)).status, 403, 'the admin has no till of its own');
    assert.deepEqual(await balance(t, savings), { accountBalance: 700, availableBalance: 700 });
  });

  test('a cash withdrawal at or below the ceiling executes; above it, it waits for a checker and holds the amount', async () => {
    const clientId = await activeClient(t, branch);
    const id = await openAccount(t, clientId, products.savings);
    assert.equal((await deposit(t, id, 5000)).status, 200);
    const outBefore = (await summary(t, tellerId, cashierId)).sumOutwardCash ?? 0;
    const small = await withdraw(teller, id, 1000, CASH);
    assert.equal(small.status, 200, small.text);
    assert.ok(small.body.resourceId);
    assert.equal(((await summary(t, tellerId, cashierId)).sumOutwardCash ?? 0) - outBefore, 1000);

    const big = await withdraw(teller, id, 2500, CASH, { note: 'rent' });
    assert.equal(big.status, 200, big.text);
    assert.deepEqual(Object.keys(big.body).sort(), ['changes', 'commandId', 'savingsId']);
    assert.equal(big.body.savingsId, id);
    assert.deepEqual(big.body.changes, { status: 'awaiting.approval' });
    assert.deepEqual(await balance(t, id), { accountBalance: 4000, availableBalance: 1500 });
    // The hold counts against every other debit; a Bank Transfer withdrawal above the ceiling is not held.
    assertError(await withdraw(t, id, 1600), 403, 'error.msg.savingsaccount.transaction.insufficient.account.balance');
    const inbox = (await t.get('/makercheckers')).body;
    const entry = inbox.find((e: any) => e.id === big.body.commandId);
    assert.equal(entry.actionName, 'WITHDRAWAL');
    assert.equal(entry.entityName, 'SAVINGSACCOUNT');
    assert.equal(entry.resourceId, id);
    assert.equal(entry.processingResult, 'awaiting.approval');
    assert.equal(entry.amount, 2500);
    assert.equal(entry.maker, (await t.get(`/users/${tellerUserId}`)).body.username);
    assert.deepEqual(entry.madeOnDate, [2026, 1, 15]);
    assert.equal(typeof entry.officeName, 'string');
    assert.match(entry.savingsAccountNo, /^\d{10}$/);
    assert.equal(JSON.parse(entry.commandAsJson).note, 'rent');
    assertError(await withdraw(t, id, 5000), 403, 'error.msg.savingsaccount.transaction.insufficient.account.balance');

    // The round trip: a Branch Manager of the branch approves; the withdrawal executes on the maker's till.
    const manager = await t.userWithRoles([BRANCH_MANAGER_ROLE], branch);
    const approved = await manager.post(`/makercheckers/${big.body.commandId}?command=approve`);
    assert.equal(approved.status, 200, approved.text);
    assert.equal(approved.body.commandId, big.body.commandId);
    assert.ok(approved.body.resourceId);
    assert.deepEqual(await balance(t, id), { accountBalance: 1500, availableBalance: 1500 });
    assert.equal(((await summary(t, tellerId, cashierId)).sumOutwardCash ?? 0) - outBefore, 3500);
    assert.ok(!(await t.get('/makercheckers')).body.some((e: any) => e.id === big.body.commandId));
    assertError(await manager.post(`/makercheckers/${big.body.commandId}?command=approve`), 403, 'error.msg.makerchecker.entry.not.pending');
    const txn = (await t.get(`/savingsaccounts/${id}/transactions/${approved.body.resourceId}`)).body;
    assert.equal(txn.amount, 2500);
    assert.equal(txn.paymentDetailData.paymentType.id, CASH);
  });

  test('four eyes: the maker can never approve their own entry; only Branch Manager / Head of Operations in scope, or a super user', async () => {
    const clientId = await activeClient(t, branch);
    const id = await openAccount(t, clientId, products.savings);
    assert.equal((await deposit(t, id, 5000)).status, 200);
    // A branch manager who is also a teller with the till makes the entry, then tries to check it.
    const staffId = await createStaff(t, branch);
    const { session: both } = await staffUser(t, [TELLER_ROLE, BRANCH_MANAGER_ROLE], branch, staffId);
    const counter = await createTeller(t, branch);
    const till = await createCashier(t, counter, staffId);
    assert.equal((await t.post(`/tellers/${counter}/cashiers/${till}/allocate`, cashTxn(100000, TODAY))).status, 200);
    const made = await withdraw(both, id, 2000, CASH);
    assert.equal(made.status, 200, made.text);
    assertError(await both.post(`/makercheckers/${made.body.commandId}?command=approve`), 403, 'error.msg.makerchecker.cannot.approve.own.entry');
    // The admin makes one too (no till needed to make it) and cannot approve it either.
    const adminMade = await withdraw(t, id, 1500, CASH);
    assertError(await t.post(`/makercheckers/${adminMade.body.commandId}?command=approve`), 403, 'error.msg.makerchecker.cannot.approve.own.entry');

    // A teller has no checker permission; a manager of another branch does not see the entry.
    assertError(await teller.post(`/makercheckers/${made.body.commandId}?command=approve`), 403, 'error.msg.not.authorized');
    const otherBranch = await t.branch();
    const farManager = await t.userWithRoles([BRANCH_MANAGER_ROLE], otherBranch);
    assertError(await farManager.post(`/makercheckers/${made.body.commandId}?command=approve`), 404, 'error.msg.command.id.invalid');
    assert.ok(!(await farManager.get('/makercheckers')).body.some((e: any) => e.id === made.body.commandId));
    // An Accountant-like role with read access but no checker role cannot approve.
    const officer = await t.userWithRoles([320004], branch);
    assertError(await officer.post(`/makercheckers/${made.body.commandId}?command=approve`), 403, 'error.msg.not.authorized');

    // The Head of Operations at head office covers every branch; the super user approves someone else's entry.
    const headOps = await t.userWithRoles([HEAD_OF_OPERATIONS_ROLE], 1);
    const ok = await headOps.post(`/makercheckers/${made.body.commandId}?command=approve`);
    assert.equal(ok.status, 200, ok.text);
    // Approval executes with the maker's till: the admin has none, so its entry cannot execute.
    assertError(await headOps.post(`/makercheckers/${adminMade.body.commandId}?command=approve`), 403, 'error.msg.cashier.no.open.till');
    assert.equal((await t.delete(`/makercheckers/${adminMade.body.commandId}`)).status, 200);
    assert.deepEqual(await balance(t, id), { accountBalance: 3000, availableBalance: 3000 });
  });

  test('reject and delete release the hold; only the maker deletes; an entry expires with its business day', async () => {
    const id = await openAccount(t, await corporateClient(t, branch), products.savings);
    assert.equal((await deposit(t, id, 10000)).status, 200);
    const manager = await t.userWithRoles([BRANCH_MANAGER_ROLE], branch);

    const toReject = (await withdraw(teller, id, 3000, CASH)).body.commandId;
    assert.equal((await balance(t, id)).availableBalance, 7000);
    const rejected = await manager.post(`/makercheckers/${toReject}?command=reject`);
    assert.equal(rejected.status, 200, rejected.text);
    assert.equal((await balance(t, id)).availableBalance, 10000);

    const toDelete = (await withdraw(teller, id, 4000, CASH)).body.commandId;
    assertError(await manager.delete(`/makercheckers/${toDelete}`), 403, 'error.msg.not.authorized');
    assert.equal((await teller.delete(`/makercheckers/${toDelete}`)).status, 200);
    assert.equal((await balance(t, id)).availableBalance, 10000);

    const toExpire = (await withdraw(teller, id, 5000, CASH)).body.commandId;
    assert.deepEqual(await balance(t, id), { accountBalance: 10000, availableBalance: 5000 });
    await pinBusinessDate(t, '2026-01-16');
    try {
      assert.deepEqual(await balance(t, id), { accountBalance: 10000, availableBalance: 10000 });
      assert.ok(!(await manager.get('/makercheckers')).body.some((e: any) => e.id === toExpire));
      assertError(await manager.post(`/makercheckers/${toExpire}?command=approve`), 403, 'error.msg.makerchecker.entry.not.pending');
    } finally {
      await pinBusinessDate(t);
    }
    assert.equal((await withdraw(t, id, 10000, BANK_TRANSFER)).status, 200);
  });

  test('non-cash withdrawals wait for a checker above maker-checker-non-cash-ceiling once the tenant enables it (500,000 by default)', async () => {
    const setting = (await t.get('/configurations/name/maker-checker-non-cash-ceiling')).body;
    assert.equal(setting.enabled, false, 'off by default, as Fineract\'s maker-checker is');
    assert.equal(setting.value, 500000);
    const id = await openAccount(t, await corporateClient(t, branch), products.savings);
    assert.equal((await deposit(t, id, 700_000)).status, 200);
    try {
      // Enabled with its default value: 600,000 by Bank Transfer is held, whoever of the staff makes it.
      assert.equal((await t.put(`/configurations/${setting.id}`, { enabled: true })).status, 200);
      const big = await withdraw(teller, id, 600_000, BANK_TRANSFER);
      assert.equal(big.status, 200, big.text);
      assert.deepEqual(Object.keys(big.body).sort(), ['changes', 'commandId', 'savingsId']);
      assert.deepEqual(await balance(t, id), { accountBalance: 700_000, availableBalance: 100_000 });
      const entry = (await t.get('/makercheckers')).body.find((e: any) => e.id === big.body.commandId);
      assert.equal(entry.actionName, 'WITHDRAWAL');
      assert.equal(entry.amount, 600_000);
      // At or below the ceiling it executes at once.
      const small = await withdraw(teller, id, 50_000, BANK_TRANSFER);
      assert.ok(small.body.resourceId, small.text);
      // Four eyes as for cash: never the maker, a manager of the branch executes it (no till is touched).
      assertError(await teller.post(`/makercheckers/${big.body.commandId}?command=approve`), 403, 'error.msg.not.authorized');
      const outBefore = (await summary(t, tellerId, cashierId)).sumOutwardCash ?? 0;
      const manager = await t.userWithRoles([BRANCH_MANAGER_ROLE], branch);
      const approved = await manager.post(`/makercheckers/${big.body.commandId}?command=approve`);
      assert.equal(approved.status, 200, approved.text);
      assert.deepEqual(await balance(t, id), { accountBalance: 50_000, availableBalance: 50_000 });
      assert.equal((await summary(t, tellerId, cashierId)).sumOutwardCash ?? 0, outBefore);
      // Transfers above it are held too, on the source account, and execute when a checker approves.
      const payee = await openAccount(t, await corporateClient(t, branch), products.savings);
      assert.equal((await deposit(t, id, 600_000)).status, 200);
      const heldTransfer = await transfer(t, id, payee, 550_000);
      assert.equal(heldTransfer.status, 200, heldTransfer.text);
      assert.deepEqual(heldTransfer.body, { savingsId: id, commandId: heldTransfer.body.commandId, changes: { status: 'awaiting.approval' } });
      assert.deepEqual(await balance(t, id), { accountBalance: 650_000, availableBalance: 100_000 });
      assert.deepEqual(await balance(t, payee), { accountBalance: 0, availableBalance: 0 });
      const transferEntry = (await t.get('/makercheckers')).body.find((e: any) => e.id === heldTransfer.body.commandId);
      assert.deepEqual([transferEntry.entityName, transferEntry.actionName, transferEntry.resourceId, transferEntry.amount], ['ACCOUNTTRANSFER', 'CREATE', id, 550_000]);
      assertError(await teller.post(`/makercheckers/${heldTransfer.body.commandId}?command=approve`), 403, 'error.msg.not.authorized');
      const transferApproved = await manager.post(`/makercheckers/${heldTransfer.body.commandId}?command=approve`);
      assert.equal(transferApproved.status, 200, transferApproved.text);
      assert.deepEqual(await balance(t, id), { accountBalance: 100_000, availableBalance: 100_000 });
      assert.deepEqual(await balance(t, payee), { accountBalance: 550_000, availableBalance: 550_000 });
      const executedTransfer = await t.get(`/accounttransfers/${transferApproved.body.resourceId}`);
      assert.equal(executedTransfer.body.transferAmount, 550_000, executedTransfer.text);
      // GraphQL's createAccountTransfer cannot answer a held transfer: it refuses, and nothing is held.
      assert.equal((await t.put(`/configurations/${setting.id}`, { value: 80_000 })).status, 200);
      const refusedAgain = await t.graphql(`mutation($input: AccountTransferInput!) { createAccountTransfer(input: $input) { id } }`, {
        input: { fromAccountId: id, toAccountId: payee, transferAmount: '90000', transferDate: TODAY },
      });
      assert.equal(refusedAgain.body.errors?.[0]?.extensions?.errors?.[0]?.code, 'error.msg.accounttransfer.approval.required', refusedAgain.text);
      assert.deepEqual(await balance(t, id), { accountBalance: 100_000, availableBalance: 100_000 });
      assert.equal((await t.put(`/configurations/${setting.id}`, { value: 500_000 })).status, 200);

      // A lower value applies to the admin's own withdrawals too, and the admin cannot approve its own.
      assert.equal((await t.put(`/configurations/${setting.id}`, { value: 20_000 })).status, 200);
      const own = await withdraw(t, id, 20_001, BANK_TRANSFER);
      assert.ok(own.body.commandId, own.text);
      assertError(await t.post(`/makercheckers/${own.body.commandId}?command=approve`), 403, 'error.msg.makerchecker.cannot.approve.own.entry');
    } finally {
      assert.equal((await t.put(`/configurations/${setting.id}`, { enabled: false, value: 500_000 })).status, 200);
    }
    // Off again: the same amount executes at once.
    assert.ok((await withdraw(t, id, 20_001, BANK_TRANSFER)).body.resourceId);
  });

  test("Fineract's maker-checker configuration turned off: a cash withdrawal above the ceiling executes at once", async () => {
    const config = await t.get('/configurations/name/maker-checker');
    assert.equal(config.status, 200, config.text);
    assert.equal(config.body.enabled, true);
    assert.equal((await t.put(`/configurations/${config.body.id}`, { enabled: false })).status, 200);
    try {
      const clientId = await activeClient(t, branch);
      const id = await openAccount(t, clientId, products.savings);
      assert.equal((await deposit(t, id, 5000)).status, 200);
      const big = await withdraw(teller, id, 2500, CASH);
      assert.equal(big.status, 200, big.text);
      assert.ok(big.body.resourceId, big.text);
      assert.equal(big.body.commandId, undefined);
      assert.deepEqual(await balance(t, id), { accountBalance: 2500, availableBalance: 2500 });
    } finally {
      assert.equal((await t.put(`/configurations/${config.body.id}`, { enabled: true })).status, 200);
    }
  });
});
