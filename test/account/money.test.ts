import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { accountFixture, activeClient, balance, BANK_TRANSFER, CASH, corporateClient, deposit, iso, openAccount, pinBusinessDate, productIds, TODAY, transfer, withdraw } from './support.js';
import { cashTxn, createCashier, createStaff, createTeller, staffUser, TELLER_ROLE } from '../till/till-support.js';

/** Events the outbox holds for one tenant, by type. */
async function outboxEvents(service: TestService, tenant: string, types = ['account.credit', 'account.debit']): Promise<{ event_type: string; action_name: string; payload: any }[]> {
  return service.platform.db.system((em) =>
    em.execute(`select event_type, action_name, payload from kernel.outbox where tenant_id = ? and event_type in (${types.map(() => '?').join(', ')}) order by id`, [tenant, ...types]),
  );
}

async function glBalance(t: TenantSession, glCode: string): Promise<number> {
  const res = await t.get(`/runreports/${encodeURIComponent('Trial Balance')}?R_officeId=1&R_startDate=2020-01-01&R_endDate=2030-12-31`);
  assert.equal(res.status, 200, res.text);
  const row = res.body.data.find((r: any) => r.row[0] === glCode);
  if (!row) return 0;
  return Number(row.row[3] ?? 0) - Number(row.row[2] ?? 0);
}

describe('deposits, withdrawals, KYC caps and undo', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let products: { savings: number; current: number };

  before(async () => {
    ({ service, t, branch, products } = await accountFixture());
  });
  after(async () => service.stop());

  test('a Bank Transfer deposit posts DR 11201 CR 21101, writes the transaction with its running balance and one account.credit event', async () => {
    const clientId = await activeClient(t, branch);
    const id = await openAccount(t, clientId, products.savings);
    const res = await deposit(t, id, '1000.25', BANK_TRANSFER, { receiptNumber: 'R-1', note: 'first' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.officeId, branch);
    assert.equal(res.body.clientId, clientId);
    assert.equal(res.body.savingsId, id);
    const txnId = res.body.resourceId;
    assert.deepEqual(await balance(t, id), { accountBalance: 1000.25, availableBalance: 1000.25 });

    const journal = await t.get(`/journalentries?transactionId=S${txnId}`);
    assert.deepEqual(journal.body.pageItems.map((e: any) => [e.glAccountCode, e.entryType.value, e.amount, e.officeId]).sort(), [['11201', 'DEBIT', 1000.25, branch], ['21101', 'CREDIT', 1000.25, branch]]);

    const txn = (await t.get(`/savingsaccounts/${id}/transactions/${txnId}`)).body;
    assert.equal(txn.transactionType.value, 'Deposit');
    assert.equal(txn.entryType, 'CREDIT');
    assert.equal(txn.amount, 1000.25);
    assert.equal(txn.runningBalance, 1000.25);
    assert.deepEqual(txn.date, [2026, 1, 15]);
    assert.equal(txn.paymentDetailData.paymentType.name, 'Bank Transfer');
    assert.equal(txn.paymentDetailData.receiptNumber, 'R-1');
    assert.equal(txn.reversed, false);

    const events = (await outboxEvents(service, t.tenant)).filter((e) => e.payload.data.accountId === id);
    assert.equal(events.length, 1);
    const data = events[0]!.payload.data;
    assert.equal(events[0]!.event_type, 'account.credit');
    assert.equal(events[0]!.action_name, 'DEPOSIT');
    assert.match(events[0]!.payload.eventId, /^evt_/);
    assert.equal(data.clientId, clientId);
    assert.match(data.cif, /^CIF\d{8}$/);
    assert.equal(data.amount, 1000.25);
    assert.equal(data.runningBalance, 1000.25);
    assert.equal(data.reference, String(txnId));
    assert.equal(data.currency, 'NGN');
    assert.equal(data.originator.bankName, (await t.get('/configurations/name/bank-name')).body.stringValue);
  });

  test('refusals: not active, blocked, future date, bad amounts, missing payment type, insufficient balance; nothing is written', async () => {
    const clientId = await activeClient(t, branch);
    const submitted = (await t.post('/savingsaccounts', { clientId, productId: products.savings, submittedOnDate: TODAY, ...iso })).body.savingsId;
    assertError(await deposit(t, submitted, 10), 400, 'error.msg.savingsaccount.transaction.account.is.not.active');
    const id = await openAccount(t, clientId, products.savings);
    assert.equal((await deposit(t, id, 100)).status, 200);
    assertError(await withdraw(t, id, '100.01'), 403, 'error.msg.savingsaccount.transaction.insufficient.account.balance');
    assertError(await deposit(t, id, 10, BANK_TRANSFER, { transactionDate: '2026-01-16' }), 400, 'error.msg.savingsaccount.transaction.in.the.future');
    assertError(await deposit(t, id, '10.001'), 400, 'validation.msg.savingsaccount.transaction.transactionAmount.exceeds.decimal.places');
    assertError(await deposit(t, id, -5), 400, 'validation.msg.savingsaccount.transaction.transactionAmount.not.greater.than.zero');
    assertError(await t.post(`/savingsaccounts/${id}/transactions?command=deposit`, { transactionDate: TODAY, transactionAmount: 5, ...iso }), 400, 'validation.msg.savingsaccount.transaction.paymentTypeId.cannot.be.blank');
    assertError(await deposit(t, id, 5, 99), 404, 'error.msg.payment.type.invalid');

    assert.equal((await t.post(`/savingsaccounts/${id}?command=blockDebit`)).status, 200);
    assertError(await withdraw(t, id, 1), 403, 'error.msg.savingsaccount.transaction.debit.blocked');
    assert.equal((await deposit(t, id, 1)).status, 200);
    assert.equal((await t.post(`/savingsaccounts/${id}?command=unblockDebit`)).status, 200);
    assert.equal((await t.post(`/savingsaccounts/${id}?command=blockCredit`)).status, 200);
    assertError(await deposit(t, id, 1), 403, 'error.msg.savingsaccount.transaction.credit.blocked');
    assert.equal((await withdraw(t, id, 1)).status, 200);
    assert.equal((await t.post(`/savingsaccounts/${id}?command=unblockCredit`)).status, 200);
    assert.equal((await t.post(`/savingsaccounts/${id}?command=block`)).status, 200);
    assertError(await deposit(t, id, 1), 403, 'error.msg.savingsaccount.transaction.credit.blocked');
    assertError(await withdraw(t, id, 1), 403, 'error.msg.savingsaccount.transaction.debit.blocked');
    const blocked = (await t.get(`/savingsaccounts/${id}`)).body;
    assert.equal(blocked.subStatus.block, true);
    assert.equal((await t.post(`/savingsaccounts/${id}?command=unblock`)).status, 200);

    assert.deepEqual(await balance(t, id), { accountBalance: 100, availableBalance: 100 });
    assert.equal((await t.get(`/savingsaccounts/${id}/transactions`)).body.totalFilteredRecords, 3);
  });

  test('overdraft: an overdraft account may go down to minus its limit, never below', async () => {
    const clientId = await activeClient(t, branch);
    const created = await t.post('/savingsaccounts', { clientId, productId: products.savings, submittedOnDate: TODAY, allowOverdraft: true, overdraftLimit: 500, ...iso });
    const id = created.body.savingsId;
    for (let i = 0; i < 2; i++) await t.post(`/savingsaccounts/${id}/references`, { refereeName: `R${i}`, refereePhone: '08030000000', relationship: 'Friend' });
    assert.equal((await t.post(`/savingsaccounts/${id}?command=activate`, {})).status, 200);
    assert.equal((await withdraw(t, id, 500)).status, 200);
    assertError(await withdraw(t, id, '0.01'), 403, 'error.msg.savingsaccount.transaction.insufficient.account.balance');
    assert.equal((await balance(t, id)).accountBalance, -500);
  });

  test('50 concurrent withdrawals of 100 from a balance of 1,000 let exactly 10 through', async () => {
    const clientId = await activeClient(t, branch);
    const id = await openAccount(t, clientId, products.savings);
    assert.equal((await deposit(t, id, 1000)).status, 200);
    const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(t, id, 100)));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    assert.equal(ok.length, 10);
    for (const r of refused) assertError(r, 403, 'error.msg.savingsaccount.transaction.insufficient.account.balance');
    assert.deepEqual(await balance(t, id), { accountBalance: 0, availableBalance: 0 });
    const page = (await t.get(`/savingsaccounts/${id}/transactions?limit=200`)).body;
    assert.equal(page.totalFilteredRecords, 11);
    // Running balances descend by 100 from the newest (0) back to the deposit (1000).
    assert.deepEqual(page.pageItems.map((p: any) => p.runningBalance), [0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    assert.equal((await outboxEvents(service, t.tenant)).filter((e) => e.payload.data.accountId === id && e.event_type === 'account.debit').length, 10);
  });

  test('KYC tier 1: single deposit above 50,000 and a cumulative balance above 300,000 across accounts are refused, naming tier and limit', async () => {
    const clientId = await activeClient(t, branch);
    const a = await openAccount(t, clientId, products.savings);
    const b = await openAccount(t, clientId, products.savings);
    const single = await deposit(t, a, '50000.01');
    assertError(single, 403, 'error.msg.savingsaccount.kyc.tier.single.deposit.limit.exceeded');
    assert.deepEqual(single.body.errors[0].args.map((x: any) => x.value), [1, '50000', '50000.01']);
    for (let i = 0; i < 3; i++) assert.equal((await deposit(t, a, 50000)).status, 200);
    for (let i = 0; i < 3; i++) assert.equal((await deposit(t, b, 50000)).status, 200);
    const cumulative = await deposit(t, b, '0.01');
    assertError(cumulative, 403, 'error.msg.savingsaccount.kyc.tier.balance.limit.exceeded');
    assert.deepEqual(cumulative.body.errors[0].args.map((x: any) => x.value), [1, '300000', '300000.01']);
    // Moving money between the client's own accounts adds nothing to the client's balance.
    assert.equal((await transfer(t, a, b, 50000)).status, 200);
    assert.equal((await transfer(t, b, a, 50000)).status, 200);
    // A withdrawal makes room again; an incoming transfer is a credit too and meets the same cap.
    assert.equal((await withdraw(t, a, 100)).status, 200);
    const other = await openAccount(t, await corporateClient(t, branch), products.savings);
    assert.equal((await deposit(t, other, 1000)).status, 200);
    assertError(await transfer(t, other, b, 101), 403, 'error.msg.savingsaccount.kyc.tier.balance.limit.exceeded');
    assert.equal((await transfer(t, other, b, 100)).status, 200);
  });

  test('KYC tier 2 caps are 100,000 / 500,000, tier 3 (corporate) is unlimited; the caps are tenant settings', async () => {
    const person = await activeClient(t, branch, { bvn: '22345678901', nin: '12345678901' });
    assert.equal((await t.post(`/clients/${person}?command=upgradeKyc`, { proofOfAddressReference: 'UTIL-1' })).status, 200);
    const a = await openAccount(t, person, products.savings);
    assert.equal((await deposit(t, a, 100000)).status, 200);
    assertError(await deposit(t, a, '100000.01'), 403, 'error.msg.savingsaccount.kyc.tier.single.deposit.limit.exceeded');
    for (let i = 0; i < 4; i++) assert.equal((await deposit(t, a, 100000)).status, 200);
    assertError(await deposit(t, a, 1), 403, 'error.msg.savingsaccount.kyc.tier.balance.limit.exceeded');

    const corporate = await openAccount(t, await corporateClient(t, branch), products.savings);
    assert.equal((await deposit(t, corporate, 10_000_000)).status, 200);

    // The tier table is a tenant setting: raising tier 2's balance cap lets the deposit through.
    assert.equal((await t.put('/configurations/9', { value: 600000 })).status, 200);
    assert.equal((await deposit(t, a, 1)).status, 200);
    await t.put('/configurations/9', { value: 500000 });
  });

  test('two concurrent credits to two accounts of the same tier-1 client never both pass the cumulative cap', async () => {
    for (let round = 0; round < 3; round++) {
      const clientId = await activeClient(t, branch);
      const a = await openAccount(t, clientId, products.savings);
      const b = await openAccount(t, clientId, products.savings);
      const source = await openAccount(t, await corporateClient(t, branch), products.savings);
      assert.equal((await deposit(t, source, 100000)).status, 200);
      for (let i = 0; i < 5; i++) assert.equal((await deposit(t, a, 50000)).status, 200);
      // 250,000 on file: 50,000 more fits once, not twice (a deposit and an incoming transfer race).
      const [x, y] = await Promise.all([deposit(t, a, 50000), transfer(t, source, b, 50000)]);
      assert.deepEqual([x.status, y.status].sort(), [200, 403], `${x.text} ${y.text}`);
      const total = (await balance(t, a)).accountBalance + (await balance(t, b)).accountBalance;
      assert.equal(total, 300000);
    }
  });

  test('20 concurrent deposits across four accounts of one tier-1 client stop exactly at the cumulative cap', async () => {
    for (let round = 0; round < 4; round++) {
      const clientId = await activeClient(t, branch);
      const accounts: number[] = [];
      for (let i = 0; i < 4; i++) accounts.push(await openAccount(t, clientId, products.savings));
      for (let i = 0; i < 5; i++) assert.equal((await deposit(t, accounts[i % 4]!, 50000)).status, 200);
      // 250,000 on file, cap 300,000: five of twenty deposits of 10,000 fit, whichever accounts they hit.
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => deposit(t, accounts[i % 4]!, 10000)));
      assert.deepEqual(results.map((r) => r.status).sort(), [...Array(5).fill(200), ...Array(15).fill(403)], results.map((r) => r.text).join('\n'));
      let total = 0;
      for (const id of accounts) total += (await balance(t, id)).accountBalance;
      assert.equal(total, 300000);
    }
  });

  test('a deposit that finds its account blocked for credits while it waits for the row is refused, and nothing of it stays', async () => {
    const id = await openAccount(t, await activeClient(t, branch), products.savings);
    assert.equal((await deposit(t, id, 100)).status, 200);
    // Another transaction blocks the account and holds the row until the deposit waits for it (whichever of its statements does).
    // The deposit is sent only once the blocker holds the row: sent earlier, it could finish first and never wait.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const rowHeld = new Promise<void>((resolve) => (locked = resolve));
    const blocker = service.platform.db.system(async (em) => {
      await em.execute(`update account.savings_account set credit_blocked = true where tenant_id = ? and id = ?`, [t.tenant, id]);
      locked();
      await held;
    });
    await Promise.race([rowHeld, blocker]);
    const pending = deposit(t, id, 50);
    for (let i = 0; ; i++) {
      const waiting = await service.platform.db.system((em) =>
        em.execute<{ n: number }[]>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
      );
      if (waiting[0]!.n > 0) break;
      if (i >= 200) release(); // let the blocker end, so a failure here does not hang the file
      assert.ok(i < 200, 'the deposit never waited for the account row');
      await new Promise((r) => setTimeout(r, 25));
    }
    release();
    await blocker;
    assertError(await pending, 403, 'error.msg.savingsaccount.transaction.credit.blocked');
    assert.equal((await balance(t, id)).accountBalance, 100);
    const written = await service.platform.db.system((em) => em.execute<{ txns: number; lines: number }[]>(
      `select (select count(*)::int from account.savings_transaction where tenant_id = ? and account_id = ?) as txns,
              (select count(*)::int from ledger.journal_entry where tenant_id = ? and entity_type = 'SAVINGS' and entity_id = ?) as lines`,
      [t.tenant, id, t.tenant, id],
    ));
    assert.deepEqual(written[0], { txns: 1, lines: 2 });
  });

  test('concurrent deposits into one account: every event carries the running balance its transaction wrote', async () => {
    const id = await openAccount(t, await corporateClient(t, branch), products.savings);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => deposit(t, id, i + 1)));
    assert.ok(results.every((r) => r.status === 200), results.map((r) => r.text).join('\n'));
    assert.equal((await balance(t, id)).accountBalance, 78);
    const events = (await outboxEvents(service, t.tenant)).filter((e) => e.payload.data.accountId === id);
    assert.equal(events.length, 12);
    const written = await service.platform.db.system((em) => em.execute<{ id: string; running_balance: string }[]>(
      `select id, running_balance::text as running_balance from account.savings_transaction where tenant_id = ? and account_id = ?`, [t.tenant, id],
    ));
    const byId = new Map(written.map((w) => [Number(w.id), Number(w.running_balance)]));
    for (const e of events) assert.equal(e.payload.data.runningBalance, byId.get(e.payload.data.transactionId));
    assert.deepEqual(events.map((e) => e.payload.data.runningBalance).sort((a, b) => a - b).at(-1), 78);
  });

  test('undo reverses the transaction, corrects later running balances and the journal; twice is refused; an undo below the floor is refused', async () => {
    const clientId = await activeClient(t, branch);
    const id = await openAccount(t, clientId, products.savings);
    const first = (await deposit(t, id, 300)).body.resourceId;
    const second = (await deposit(t, id, 200)).body.resourceId;
    const third = (await withdraw(t, id, 50)).body.resourceId;
    const before21101 = await glBalance(t, '21101');
    const undone = await t.post(`/savingsaccounts/${id}/transactions/${second}?command=undo`);
    assert.equal(undone.status, 200, undone.text);
    assert.equal(undone.body.resourceId, second);
    assert.deepEqual(await balance(t, id), { accountBalance: 250, availableBalance: 250 });
    const items = (await t.get(`/savingsaccounts/${id}/transactions`)).body.pageItems;
    assert.deepEqual(items.map((i: any) => [i.id, i.reversed, i.runningBalance]), [[third, false, 250], [second, true, 500], [first, false, 300]]);
    assert.equal(await glBalance(t, '21101'), before21101 - 200);
    const journal = (await t.get(`/journalentries?transactionId=S${second}`)).body.pageItems;
    assert.ok(journal.every((e: any) => e.reversed));
    assertError(await t.post(`/savingsaccounts/${id}/transactions/${second}?command=undo`), 403, 'error.msg.savingsaccount.transaction.already.reversed');
    // Undoing the first deposit (300) would leave -50 on an account without overdraft.
    assertError(await t.post(`/savingsaccounts/${id}/transactions/${first}?command=undo`), 403, 'error.msg.savingsaccount.transaction.insufficient.account.balance');
    assert.equal((await t.post(`/savingsaccounts/${id}/transactions/${third}?command=undo`)).status, 200);
    assert.deepEqual(await balance(t, id), { accountBalance: 300, availableBalance: 300 });
    assertError(await t.post(`/savingsaccounts/${id}/transactions/999999?command=undo`), 404, 'error.msg.saving.account.trasaction.id.invalid');
    const teller = await t.userWithRoles([320018], branch);
    assertError(await teller.post(`/savingsaccounts/${id}/transactions/${first}?command=undo`), 403, 'error.msg.not.authorized');
  });

  test('transactions are paged newest first with limit at most 200; ?associations=transactions embeds them', async () => {
    const clientId = await activeClient(t, branch);
    const id = await openAccount(t, clientId, products.savings);
    for (let i = 1; i <= 5; i++) await deposit(t, id, i);
    const page = (await t.get(`/savingsaccounts/${id}/transactions?offset=1&limit=2`)).body;
    assert.equal(page.totalFilteredRecords, 5);
    assert.deepEqual(page.pageItems.map((p: any) => p.amount), [4, 3]);
    assert.equal((await t.get(`/savingsaccounts/${id}/transactions?limit=5000`)).status, 200);
    const withTxns = (await t.get(`/savingsaccounts/${id}?associations=transactions`)).body;
    assert.equal(withTxns.transactions.length, 5);
    assert.equal((await t.get(`/savingsaccounts/${id}`)).body.transactions, undefined);
  });

  test('cash deposits without an open till are refused with the till rule and write nothing', async () => {
    const clientId = await activeClient(t, branch);
    const id = await openAccount(t, clientId, products.savings);
    assertError(await deposit(t, id, 100, CASH), 403, 'error.msg.cashier.no.open.till');
    assert.deepEqual(await balance(t, id), { accountBalance: 0, availableBalance: 0 });
    assert.equal((await outboxEvents(service, t.tenant)).filter((e) => e.payload.data.accountId === id).length, 0);
  });

  test('GraphQL mutations deposit and withdraw through the router', async () => {
    const clientId = await activeClient(t, branch);
    const id = await openAccount(t, clientId, products.savings);
    const dep = await t.graphql(`mutation($id: Int!) { depositToSavingsAccount(savingsAccountId: $id, input: { transactionDate: "${TODAY}", transactionAmount: "75.5", paymentTypeId: 2 }) { resourceId savingsAccount { summary { accountBalance } } } }`, { id });
    assert.equal(dep.body.errors, undefined, dep.text);
    assert.equal(dep.body.data.depositToSavingsAccount.savingsAccount.summary.accountBalance, '75.5');
    const wd = await t.graphql(`mutation($id: Int!) { withdrawFromSavingsAccount(savingsAccountId: $id, input: { transactionDate: "${TODAY}", transactionAmount: "100", paymentTypeId: 2 }) { resourceId } }`, { id });
    assert.equal(wd.body.errors?.[0].extensions.code, 'validation.msg.domain.rule.violation');
    const txns = await t.graphql(`query($id: Int!) { savingsTransactions(savingsAccountId: $id, limit: 10) { totalFilteredRecords pageItems { amount runningBalance } } }`, { id });
    assert.deepEqual(txns.body.data.savingsTransactions, { totalFilteredRecords: 1, pageItems: [{ amount: '75.5', runningBalance: '75.5' }] });
  });
});

describe('statements per deposit', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    await pinBusinessDate(t);
  });
  after(async () => service.stop());

  /**
   * Statements inside the tenant transaction (the tx-start statement included) and round trips to
   * PostgreSQL (begin and commit included, counted at the wire), on the second of two identical calls (the
   * first warms the reference cache and prepares the statements on the connection). The ceilings are
   * today's counts: a change that adds a statement or a round trip to the money path must lower another or
   * say why here.
   */
  test('a deposit, a withdrawal and a transfer send no more statements than a manual journal entry; a cash deposit takes 4 round trips and the commit', async () => {
    const branch = await t.branch();
    const products = await productIds(t);
    const client = await corporateClient(t, branch);
    const id = await openAccount(t, client, products.savings);
    const other = await openAccount(t, client, products.savings);
    const staffId = await createStaff(t, branch);
    const { session: teller } = await staffUser(t, [TELLER_ROLE], branch, staffId);
    const tellerId = await createTeller(t, branch);
    const cashierId = await createCashier(t, tellerId, staffId);
    assert.equal((await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(1_000_000, TODAY))).status, 200);
    const accounts = (await t.get('/glaccounts')).body as { id: number; glCode: string }[];
    const gl = (code: string) => accounts.find((a) => a.glCode === code)!.id;
    const db = service.platform.db;
    const trips: Record<string, number> = {};
    // The counters are the tenant's, so a background job that works in this tenant while a call runs (a
    // worker's periodic sweep on a loaded machine) adds to that call; it only ever adds, so the least of three
    // calls is the call's own count.
    const count = async (name: string, fn: () => Promise<{ status: number; text: string }>) => {
      assert.equal((await fn()).status, 200);
      let least = { statements: Infinity, trips: Infinity };
      for (let i = 0; i < 3; i++) {
        const before = { statements: db.statementsOf(t.tenant), trips: db.roundTripsOf(t.tenant) };
        const res = await fn();
        assert.equal(res.status, 200, res.text);
        least = {
          statements: Math.min(least.statements, db.statementsOf(t.tenant) - before.statements),
          trips: Math.min(least.trips, db.roundTripsOf(t.tenant) - before.trips),
        };
      }
      trips[name] = least.trips;
      return least.statements;
    };
    const counts = {
      journal: await count('journal', () => t.post('/journalentries', { officeId: branch, transactionDate: TODAY, currencyCode: 'NGN', debits: [{ glAccountId: gl('11201'), amount: 10 }], credits: [{ glAccountId: gl('21101'), amount: 10 }], ...iso })),
      deposit: await count('deposit', () => deposit(t, id, 10)),
      cashDeposit: await count('cashDeposit', () => deposit(teller, id, 10, CASH)),
      withdrawal: await count('withdrawal', () => withdraw(t, id, 1)),
      cashWithdrawal: await count('cashWithdrawal', () => withdraw(teller, id, 1, CASH)),
      transfer: await count('transfer', () => transfer(t, id, other, 1)),
    };
    console.log(`statements: ${JSON.stringify(counts)}; round trips: ${JSON.stringify(trips)}`);
    // A debit's row lock is a statement of its own, sent ahead of the read that decides on the balance in the
    // same round trip: a read that waited for the lock inside its own statement would miss the holds its
    // blocker committed (hold-concurrency.test.ts). One statement more, no round trip more. Each command's
    // audit entry is one statement more, sent ahead of the commit in the commit's round trip (audit-scope.ts).
    assert.deepEqual(counts, { journal: 6, deposit: 6, cashDeposit: 6, withdrawal: 7, cashWithdrawal: 7, transfer: 9 });
    // Begin goes with the first statement, the posting's office lock with the posting, the till's record with the
    // leg, the audit entry with the commit.
    assert.deepEqual(trips, { journal: 5, deposit: 5, cashDeposit: 5, withdrawal: 5, cashWithdrawal: 5, transfer: 7 });
  });
});
