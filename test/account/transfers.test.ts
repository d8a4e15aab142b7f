import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Money } from '../../subgraphs/kernel/money.js';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { accountFixture, activeClient, addReferences, balance, corporateClient, deposit, iso, openAccount, pinBusinessDate, productIds, TODAY, transfer, withdraw } from './support.js';

describe('account transfers', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let products: { savings: number; current: number };

  before(async () => {
    ({ service, t, branch, products } = await accountFixture());
  });
  after(async () => service.stop());

  test('a transfer moves both balances, posts DR source liability CR destination liability, and emits a debit and a credit naming the source', async () => {
    const sender = await activeClient(t, branch);
    const from = await openAccount(t, sender, products.savings);
    const receiverClient = await corporateClient(t, branch);
    const to = (await t.post('/savingsaccounts', { clientId: receiverClient, productId: products.current, submittedOnDate: TODAY, ...iso })).body.savingsId;
    await addReferences(t, to);
    assert.equal((await t.post(`/savingsaccounts/${to}?command=activate`, {})).status, 200);
    assert.equal((await deposit(t, from, 1000)).status, 200);

    const res = await t.post('/accounttransfers', {
      fromOfficeId: branch, fromClientId: sender, fromAccountType: 2, fromAccountId: from, toOfficeId: branch, toClientId: receiverClient, toAccountType: 2, toAccountId: to,
      transferAmount: 400.5, transferDate: '15 January 2026', transferDescription: 'rent', dateFormat: 'dd MMMM yyyy', locale: 'en',
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.savingsId, from);
    const transferId = res.body.resourceId;
    assert.deepEqual(await balance(t, from), { accountBalance: 599.5, availableBalance: 599.5 });
    assert.deepEqual(await balance(t, to), { accountBalance: 400.5, availableBalance: 400.5 });

    const got = (await t.get(`/accounttransfers/${transferId}`)).body;
    assert.equal(got.transferAmount, 400.5);
    assert.deepEqual(got.transferDate, [2026, 1, 15]);
    assert.equal(got.fromAccount.id, from);
    assert.equal(got.toAccount.id, to);
    assert.equal(got.fromAccountType.id, 2);
    assert.equal(got.transferDescription, 'rent');
    const debitLeg = (await t.get(`/savingsaccounts/${from}/transactions/${got.fromTransactionId}`)).body;
    assert.equal(debitLeg.entryType, 'DEBIT');
    assert.equal(debitLeg.transferId, transferId);

    const lines = (await t.get(`/journalentries?transactionId=S${got.fromTransactionId}`)).body.pageItems;
    assert.deepEqual(lines.map((e: any) => [e.glAccountCode, e.entryType.value, e.amount]).sort(), [['21101', 'DEBIT', 400.5], ['21102', 'CREDIT', 400.5]]);

    const events = await service.platform.db.system((em) =>
      em.execute<{ event_type: string; payload: any }[]>(`select event_type, payload from kernel.outbox where tenant_id = ? and event_type like 'account.%' and (payload->'data'->>'reference')::bigint in (?, ?) order by id`, [t.tenant, got.fromTransactionId, got.toTransactionId]),
    );
    assert.deepEqual(events.map((e) => e.event_type), ['account.debit', 'account.credit']);
    const fromNo = (await t.get(`/savingsaccounts/${from}`)).body.accountNo;
    assert.equal(events[1]!.payload.data.originator.accountNo, fromNo);
    assert.equal(events[1]!.payload.data.runningBalance, 400.5);
    assert.equal(events[1]!.payload.data.accountId, to);

    const page = (await t.get('/accounttransfers?limit=1')).body;
    assert.equal(page.totalFilteredRecords, 1);
    assert.equal(page.pageItems[0].id, transferId);
    assertError(await t.get('/accounttransfers/999999'), 404, 'error.msg.accounttransfer.id.invalid');
  });

  test('refusals: same account, inactive, blocked, different currencies, insufficient balance, bad account type; nothing moves', async () => {
    const clientId = await corporateClient(t, branch);
    const a = await openAccount(t, clientId, products.savings);
    const b = await openAccount(t, clientId, products.savings);
    assert.equal((await deposit(t, a, 100)).status, 200);
    assertError(await transfer(t, a, a, 10), 400, 'error.msg.accounttransfer.from.and.to.accounts.same');
    assertError(await transfer(t, a, b, '100.01'), 403, 'error.msg.savingsaccount.transaction.insufficient.account.balance');
    const submitted = (await t.post('/savingsaccounts', { clientId, productId: products.savings, submittedOnDate: TODAY, ...iso })).body.savingsId;
    assertError(await transfer(t, a, submitted, 10), 400, 'error.msg.savingsaccount.transaction.account.is.not.active');
    assert.equal((await t.post(`/savingsaccounts/${b}?command=blockCredit`)).status, 200);
    assertError(await transfer(t, a, b, 10), 403, 'error.msg.savingsaccount.transaction.credit.blocked');
    assert.equal((await t.post(`/savingsaccounts/${b}?command=unblockCredit`)).status, 200);
    assert.equal((await t.post(`/savingsaccounts/${a}?command=blockDebit`)).status, 200);
    assertError(await transfer(t, a, b, 10), 403, 'error.msg.savingsaccount.transaction.debit.blocked');
    assert.equal((await t.post(`/savingsaccounts/${a}?command=unblockDebit`)).status, 200);
    const usdProduct = (await t.post('/savingsproducts', { name: 'Dollar Savings', shortName: 'USD', currencyCode: 'USD', digitsAfterDecimal: 2, accountType: 'SAVINGS' })).body.resourceId;
    const usd = await openAccount(t, clientId, usdProduct);
    assertError(await transfer(t, a, usd, 10), 403, 'error.msg.accounttransfer.currency.mismatch');
    assertError(await transfer(t, a, b, 10, { fromAccountType: 1 }), 400, 'validation.msg.accounttransfer.fromAccountType.is.not.one.of.expected.enumerations');
    assertError(await transfer(t, a, b, 10, { transferDate: '2026-01-16' }), 400, 'error.msg.savingsaccount.transaction.in.the.future');
    assertError(await transfer(t, a, 999999, 10), 404, 'error.msg.saving.account.id.invalid');
    assertError(await t.post('/accounttransfers', { fromAccountId: a, transferAmount: 5 }), 400, 'validation.msg.accounttransfer.toAccountId.cannot.be.blank');
    assert.deepEqual([(await balance(t, a)).accountBalance, (await balance(t, b)).accountBalance], [100, 0]);
    const other = await service.tenant();
    assertError(await transfer(other, a, b, 10), 404, 'error.msg.saving.account.id.invalid');
    const teller = await t.userWithRoles([320018], branch);
    assertError(await transfer(teller, a, b, 10), 403, 'error.msg.not.authorized');
  });

  test('opposite transfers between the same two accounts, all at once, never deadlock', async () => {
    const a = await openAccount(t, await corporateClient(t, branch), products.savings);
    const b = await openAccount(t, await corporateClient(t, branch), products.savings);
    await deposit(t, a, 1000);
    await deposit(t, b, 1000);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? transfer(t, a, b, 10) : transfer(t, b, a, 7))));
    assert.deepEqual(results.filter((r) => r.status !== 200).map((r) => r.text), []);
    assert.deepEqual([(await balance(t, a)).accountBalance, (await balance(t, b)).accountBalance], [1000 - 150 + 105, 1000 + 150 - 105]);
  });
});

describe('500 random concurrent deposits, withdrawals and transfers keep every invariant', () => {
  let service: TestService;
  let t: TenantSession;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    await pinBusinessDate(t);
  });
  after(async () => service.stop());

  test('balances = sums of transactions, none below the floor, sum of balances = GL 21101 + 21102, trial balance even, one event per movement', async () => {
    const branch = await t.branch();
    const products = await productIds(t);
    const accounts: { id: number; floor: number }[] = [];
    for (let i = 0; i < 10; i++) {
      const client = i < 3 ? await activeClient(t, branch) : await corporateClient(t, branch);
      if (i % 4 === 3) {
        const id = (await t.post('/savingsaccounts', { clientId: client, productId: i % 2 ? products.current : products.savings, submittedOnDate: TODAY, allowOverdraft: true, overdraftLimit: 300, ...iso })).body.savingsId;
        await addReferences(t, id);
        assert.equal((await t.post(`/savingsaccounts/${id}?command=activate`, {})).status, 200);
        accounts.push({ id, floor: -300 });
      } else {
        accounts.push({ id: await openAccount(t, client, products.savings), floor: 0 });
      }
    }
    // A seeded pseudo-random sequence, so a failure can be replayed.
    let seed = 20261122;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const amount = () => `${1 + rand(400)}.${String(rand(100)).padStart(2, '0')}`;
    const ops = Array.from({ length: 500 }, () => {
      const kind = rand(3);
      const a = accounts[rand(accounts.length)]!.id;
      let b = accounts[rand(accounts.length)]!.id;
      if (b === a) b = accounts[(accounts.findIndex((x) => x.id === a) + 1) % accounts.length]!.id;
      const value = amount();
      return { legs: kind === 2 ? 2 : 1, run: kind === 0 ? () => deposit(t, a, value) : kind === 1 ? () => withdraw(t, a, value) : () => transfer(t, a, b, value) };
    });
    const statuses: { legs: number; status: number; code?: string }[] = [];
    // 20 requests in flight at a time: enough contention on 10 accounts for a 2-core machine.
    let next = 0;
    await Promise.all(Array.from({ length: 20 }, async () => {
      while (next < ops.length) {
        const i = next++;
        const res = await ops[i]!.run();
        statuses.push({ legs: ops[i]!.legs, status: res.status, code: res.body?.errors?.[0]?.userMessageGlobalisationCode });
      }
    }));
    const unexpected = statuses.filter((s) => s.status !== 200 && !['error.msg.savingsaccount.transaction.insufficient.account.balance', 'error.msg.savingsaccount.kyc.tier.balance.limit.exceeded', 'error.msg.savingsaccount.kyc.tier.single.deposit.limit.exceeded'].includes(s.code ?? ''));
    assert.deepEqual(unexpected, []);
    assert.ok(statuses.filter((s) => s.status === 200).length > 250, 'most operations commit');

    let sum = new Money(0);
    let transactions = 0;
    for (const { id, floor } of accounts) {
      const account = (await t.get(`/savingsaccounts/${id}`)).body;
      const items: any[] = [];
      for (let offset = 0; ; offset += 200) {
        const page = (await t.get(`/savingsaccounts/${id}/transactions?offset=${offset}&limit=200`)).body;
        items.push(...page.pageItems);
        if (items.length >= page.totalFilteredRecords) break;
      }
      transactions += items.length;
      const net = items.filter((i) => !i.reversed).reduce((s, i) => (i.entryType === 'CREDIT' ? s.plus(String(i.amount)) : s.minus(String(i.amount))), new Money(0));
      assert.equal(net.toFixed(), new Money(String(account.summary.accountBalance)).toFixed(), `account ${id}: balance equals the sum of its transactions`);
      assert.ok(new Money(String(account.summary.accountBalance)).gte(floor), `account ${id} is not below its floor`);
      if (items.length > 0) assert.equal(String(items[0].runningBalance), String(account.summary.accountBalance), `account ${id}: newest running balance is the balance`);
      sum = sum.plus(String(account.summary.accountBalance));
    }

    const report = (await t.get(`/runreports/${encodeURIComponent('Trial Balance')}?R_officeId=1&R_startDate=2020-01-01&R_endDate=2030-12-31`)).body;
    const rows: [string, string, number | null, number | null][] = report.data.map((d: any) => d.row);
    const net = (code: string) => {
      const row = rows.find((r) => r[0] === code);
      return row ? new Money(String(row[3] ?? 0)).minus(String(row[2] ?? 0)) : new Money(0);
    };
    assert.equal(net('21101').plus(net('21102')).toFixed(), sum.toFixed(), 'sum of balances equals the GL liability accounts');
    const debits = rows.reduce((s, r) => s.plus(String(r[2] ?? 0)), new Money(0));
    const credits = rows.reduce((s, r) => s.plus(String(r[3] ?? 0)), new Money(0));
    assert.equal(debits.toFixed(), credits.toFixed(), 'trial balance is even');

    const events = await service.platform.db.system((em) =>
      em.execute<{ n: string; refs: string }[]>(`select count(*) as n, count(distinct payload->'data'->>'reference') as refs from kernel.outbox where tenant_id = ? and event_type in ('account.credit', 'account.debit')`, [t.tenant]),
    );
    const committedLegs = statuses.filter((s) => s.status === 200).reduce((n, s) => n + s.legs, 0);
    assert.equal(transactions, committedLegs, 'one savings transaction per committed leg, none for a refusal');
    assert.equal(Number(events[0]!.n), transactions, 'one event per committed savings transaction');
    assert.equal(Number(events[0]!.refs), transactions, 'each event names its own transaction');
  });
});
