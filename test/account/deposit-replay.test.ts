import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import BigNumber from 'bignumber.js';
import pg from 'pg';
import { captureDeposit, hasPgbench, replayScript, runReplay } from '../../bench/own-sql.js';
import type { DepositSetup } from '../../bench/account.js';
import { TestService, type TenantSession } from '../support/service.js';
import { CASH, corporateClient, iso, openAccount, pinBusinessDate, productIds, TODAY } from './support.js';
import { cashTxn, createCashier, createStaff, createTeller, TELLER_ROLE } from '../till/till-support.js';

/**
 * The bench's own-SQL yardstick (bench/own-sql.ts) is generated from a live capture of a cash deposit: this
 * fails when the deposit changes in a way the generator cannot replay, before a bench run finds out, and
 * shows the replay writes what a deposit writes.
 */
const pgbench = await hasPgbench();

describe('own-SQL replay of a cash deposit', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    await pinBusinessDate(t);
  });
  after(async () => service.stop());

  test('the captured deposit is 5 statements in 5 round trips, and pgbench replays it across accounts and tellers: each transaction moves a balance, writes its row, its journal, its events and its till record', { skip: !pgbench && 'pgbench is not installed' }, async () => {
    const branch = await t.branch();
    const products = await productIds(t);
    const client = await corporateClient(t, branch);
    const accounts: number[] = [];
    for (let i = 0; i < 3; i++) accounts.push(await openAccount(t, client, products.savings));
    const tellers: DepositSetup['tellers'] = [];
    for (let i = 0; i < 2; i++) {
      const staffId = await createStaff(t, branch);
      const username = `replay${i}${Date.now()}`;
      assert.equal((await t.post('/users', { username, firstname: 'Replay', lastname: 'Teller', officeId: branch, roles: [TELLER_ROLE], staffId, password: 'Secret123', repeatPassword: 'Secret123' })).status, 200);
      const tellerId = await createTeller(t, branch);
      const cashierId = await createCashier(t, tellerId, staffId);
      assert.equal((await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(1_000_000, TODAY))).status, 200);
      tellers.push({ username, password: 'Secret123', staffId });
    }
    const setup: DepositSetup = { accounts, hot: accounts[0]!, tellers, body: JSON.stringify({ transactionDate: TODAY, transactionAmount: 100.5, paymentTypeId: CASH, ...iso }) };
    const databaseUrl = service.databaseUrl!;
    // Ids as small as the other parameters (office 2, GL accounts 2 and 8, payment type 1): the capture tells
    // them apart by depositing into two accounts.
    const script = replayScript(await captureDeposit(databaseUrl, setup, accounts[2]!, accounts[0]!, t.tenant));
    // The counts test/account/money.test.ts asserts for a cash deposit.
    assert.equal(script.statements, 5);
    assert.equal(script.roundTrips, 5);
    assert.match(script.body, /^\\startpipeline\nbegin;\nselect set_config\('role'/);
    assert.match(script.body, /staff_id = :staff\b/);
    assert.match(script.body, /\\gset r_/);

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const counts = async () => (await db.query<{ txns: number; lines: number; rows: number; postings: number; cash: number; balances: string }>(
        `select (select count(*)::int from account.savings_transaction where tenant_id = $1) as txns,
                (select count(*)::int from ledger.journal_entry where tenant_id = $1 and entity_type = 'SAVINGS') as lines,
                (select count(*)::int from kernel.outbox where tenant_id = $1 and event_type = 'account.credit') as rows,
                (select count(*)::int from kernel.outbox o, jsonb_array_elements(o.companions) c
                  where o.tenant_id = $1 and o.event_type = 'account.credit' and c.value->'payload'->>'eventType' = 'journal.entry.posted') as postings,
                (select count(*)::int from till.cashier_transaction where tenant_id = $1 and entity_type = 'SAVINGS') as cash,
                (select sum(account_balance)::text from account.savings_account where tenant_id = $1) as balances`,
        [t.tenant],
      )).rows[0]!;
      const before = await counts();
      const result = await runReplay(databaseUrl, script, setup, accounts, 2, 1);
      assert.equal(result.failed, 0);
      const after = await counts();
      const replayed = after.txns - before.txns;
      assert.ok(replayed > 0, 'pgbench ran transactions');
      assert.equal(after.lines - before.lines, 2 * replayed, 'two journal lines each');
      assert.equal(after.rows - before.rows, replayed, 'one outbox row each, its account.credit event');
      assert.equal(after.postings - before.postings, replayed, 'with its journal.entry.posted riding in it');
      assert.equal(after.cash - before.cash, replayed, 'one till record each');
      assert.ok(new BigNumber(after.balances).minus(before.balances).isEqualTo(new BigNumber('100.5').times(replayed)), 'each moved its account by the amount');
    } finally {
      await db.end();
    }
  });
});
