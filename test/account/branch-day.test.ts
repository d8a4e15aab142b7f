import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TenantSession, TestService } from '../support/service.js';
import { accountFixture, activeClient, deposit, openAccount, TODAY, withdraw } from './support.js';

const DAY = `query($officeId: Int!, $limit: Int) { branchDay(officeId: $officeId, limit: $limit) {
  date totals { currency credits debits count } transactions { transactionId accountNo clientId client { displayName } type entryType amount runningBalance bookedAt } } }`;

/** A decimal string without its trailing zeros, to compare amounts exactly. */
const exact = (decimal: string) => (decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal);

interface Day {
  branchDay: {
    date: string;
    totals: { currency: string; credits: string; debits: string; count: number }[];
    transactions: { transactionId: string; clientId: number; client: { displayName: string }; type: string; entryType: string; amount: string; runningBalance: string; bookedAt: string }[];
  };
}

/** A branch's business date so far: what the live dashboard opens on before it streams. */
describe('branchDay', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let account: number;
  before(async () => {
    let products: { savings: number };
    ({ service, t, branch, products } = await accountFixture());
    account = await openAccount(t, await activeClient(t, branch, { firstname: 'Chidi', lastname: 'Okeke' }), products.savings);
  });
  after(async () => service.stop());

  test('answers the day\'s totals per currency and its latest transactions with their holders, newest first', async () => {
    for (const amount of ['1000.25', '2500', '49000']) assert.equal((await deposit(t, account, amount)).status, 200);
    const out = await withdraw(t, account, '750.10');
    assert.equal(out.status, 200, out.text);
    const undone = await deposit(t, account, '5');
    assert.equal((await t.post(`/savingsaccounts/${account}/transactions/${undone.body.resourceId}?command=undo`, {})).status, 200);

    const res = await t.graphql<Day>(DAY, { officeId: branch, limit: 3 });
    const day = res.body.data!.branchDay;
    assert.equal(day.date, TODAY);
    // 1000.25 + 2500 + 49000 in, 750.10 out; the undone deposit counts nowhere.
    assert.deepEqual(day.totals.map((x) => [x.currency, exact(x.credits), exact(x.debits), x.count]), [['NGN', '52500.25', '750.1', 4]]);
    assert.deepEqual(day.transactions.map((x) => [x.type, x.entryType, exact(x.amount), exact(x.runningBalance)]), [
      ['WITHDRAWAL', 'DEBIT', '750.1', '51750.15'],
      ['DEPOSIT', 'CREDIT', '49000', '52500.25'],
      ['DEPOSIT', 'CREDIT', '2500', '3500.25'],
    ]);
    assert.ok(day.transactions.every((x) => x.client.displayName === 'Chidi Okeke' && !Number.isNaN(Date.parse(x.bookedAt))));
  });

  test('another branch\'s staff and another tenant see an empty day; the limit is bounded', async () => {
    const otherBranch = await t.branch();
    const elsewhere = await t.userWithRoles([320018], otherBranch);
    const theirs = await elsewhere.graphql<Day>(DAY, { officeId: branch });
    assert.deepEqual(theirs.body.data?.branchDay.transactions, []);
    assert.deepEqual(theirs.body.data?.branchDay.totals, []);
    const stranger = await service.tenant();
    const foreign = await stranger.graphql<Day>(DAY, { officeId: branch });
    assert.deepEqual(foreign.body.data?.branchDay.transactions, []);
    const tooMany = await t.graphql<Day>(DAY, { officeId: branch, limit: 201 });
    assert.equal(tooMany.body.errors?.[0]?.extensions?.code, 'error.msg.graphql.page.size.exceeded');
  });
});
