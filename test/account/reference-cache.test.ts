import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TenantSession, TestService } from '../support/service.js';
import { cashTxn, createCashier, createStaff, createTeller, staffUser, TELLER_ROLE } from '../till/till-support.js';
import { BANK_TRANSFER, CASH, corporateClient, deposit, openAccount, pinBusinessDate, productIds, TODAY, withdraw } from './support.js';

/**
 * Reference data (settings, payment types, the business date, staff of users) is cached in each process.
 * Two service instances on one database stand for two worker processes: a change committed through one
 * is seen by the very next money command through the other, whose cache was warm.
 */
describe('reference cache across instances', () => {
  let a: TestService;
  let b: TestService;
  let onA: TenantSession;
  let tellerOnB: TenantSession;
  let adminOnB: TenantSession;
  let staffId: number;
  let account: number;

  before(async () => {
    a = await TestService.start();
    b = await TestService.start({ databaseUrl: a.databaseUrl, relay: false, env: { WEBHOOK_WORKER: 'off' } });
    onA = await a.tenant();
    await pinBusinessDate(onA);
    const branch = await onA.branch();
    account = await openAccount(onA, await corporateClient(onA, branch), (await productIds(onA)).savings);
    staffId = await createStaff(onA, branch);
    const { session: teller } = await staffUser(onA, [TELLER_ROLE], branch, staffId);
    const tellerId = await createTeller(onA, branch);
    const cashierId = await createCashier(onA, tellerId, staffId);
    assert.equal((await onA.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn(1_000_000, TODAY))).status, 200);
    tellerOnB = new TenantSession(b, teller.tenant, teller.key);
    adminOnB = new TenantSession(b, onA.tenant, onA.key);
    // Warm B's caches: settings, payment types, business date, the teller's staff record, office scope.
    const warm = await deposit(tellerOnB, account, 10_000, CASH);
    assert.equal(warm.status, 200, warm.text);
  });
  after(async () => {
    await b.stop();
    await a.stop();
  });

  test('a lower teller ceiling set through one instance holds the next cash withdrawal through the other', async () => {
    const executed = await withdraw(tellerOnB, account, 600, CASH);
    assert.equal(executed.status, 200, executed.text);
    assert.equal(executed.body.changes?.status, undefined, 'below the default ceiling it executes');
    assert.equal((await onA.put('/configurations/3', { value: 500 })).status, 200);
    const held = await withdraw(tellerOnB, account, 600, CASH);
    assert.equal(held.status, 200, held.text);
    assert.equal(held.body.changes.status, 'awaiting.approval');
  });

  test('a pinned business date moved through one instance dates the next deposit through the other', async () => {
    const tomorrow = '2026-01-16';
    assertError(await deposit(adminOnB, account, 5, BANK_TRANSFER, { transactionDate: tomorrow }), 400, 'error.msg.savingsaccount.transaction.in.the.future');
    await pinBusinessDate(onA, tomorrow);
    try {
      const res = await deposit(adminOnB, account, 5, BANK_TRANSFER, { transactionDate: tomorrow });
      assert.equal(res.status, 200, res.text);
    } finally {
      await pinBusinessDate(onA, TODAY);
    }
    assertError(await deposit(adminOnB, account, 5, BANK_TRANSFER, { transactionDate: tomorrow }), 400, 'error.msg.savingsaccount.transaction.in.the.future');
  });

  test('a payment type changed by plain SQL (no service involved) is seen at once: Bank Transfer made cash needs a till', async () => {
    assert.equal((await deposit(adminOnB, account, 5, BANK_TRANSFER)).status, 200);
    const setCash = (cash: boolean) => a.platform.db.system((em) => em.execute(`update organisation.payment_type set is_cash_payment = ? where tenant_id = ? and id = ?`, [cash, onA.tenant, BANK_TRANSFER]));
    await setCash(true);
    try {
      assertError(await deposit(adminOnB, account, 5, BANK_TRANSFER), 403, 'error.msg.cashier.no.open.till');
    } finally {
      await setCash(false);
    }
    assert.equal((await deposit(adminOnB, account, 5, BANK_TRANSFER)).status, 200);
  });

  test('a teller whose staff record is deactivated through one instance has no till on the other', async () => {
    assert.equal((await deposit(tellerOnB, account, 5, CASH)).status, 200);
    const update = await onA.put(`/staff/${staffId}`, { isActive: false });
    assert.equal(update.status, 200, update.text);
    assertError(await deposit(tellerOnB, account, 5, CASH), 403, 'error.msg.cashier.no.open.till');
  });

  test('a write that is not reference data leaves the version alone; a change to cached data moves it, in its own transaction', async () => {
    const version = async () =>
      (await a.platform.db.system((em) => em.execute<{ version: string }[]>(`select version::text as version from kernel.reference_version where tenant_id = ?`, [onA.tenant])))[0]?.version;
    const before = await version();
    assert.ok(before, 'a provisioned tenant has a version');
    assert.equal((await deposit(onA, account, 5)).status, 200);
    assert.equal(await version(), before, 'money movements never invalidate the caches');
    await assert.rejects(
      a.platform.db.tx(onA.tenant, async (tx) => {
        await tx.em.execute(`update organisation.payment_type set name = 'Renamed' where tenant_id = ? and id = ?`, [tx.tenantId, BANK_TRANSFER]);
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    assert.equal(await version(), before, 'a rolled-back change leaves the committed version');
    assert.equal((await onA.put('/configurations/3', { value: 700 })).status, 200);
    assert.notEqual(await version(), before);
    assert.equal((await onA.get('/configurations/name/teller-cash-withdrawal-ceiling')).body.value, 700);
    assert.equal((await adminOnB.get('/configurations/name/teller-cash-withdrawal-ceiling')).body.value, 700);
  });
});
