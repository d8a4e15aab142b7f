import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Tx } from '../../subgraphs/kernel/tx.js';
import { ModuleHarness, type SeedTenant } from '../support/module-harness.js';

/**
 * Commands compose: every command's in-transaction core runs inside a transaction the caller opened, so a
 * transaction script (self-registration, a disbursement) commits a staff member, a client, a login and a
 * journal entry together, or none of them. Proven in-process: no HTTP is needed for it.
 */
describe('commands compose inside one transaction', () => {
  let harness: ModuleHarness;
  let t: SeedTenant;
  let branch: number;
  let cash: number;
  let suspense: number;

  before(async () => {
    harness = await ModuleHarness.start();
    t = await harness.tenant('compose');
    branch = await t.branch();
    const chart = await harness.services.ledger.glAccounts.list(t.admin);
    const id = (glCode: string) => chart.find((a) => a.account.glCode === glCode)!.account.id;
    cash = id('11101');
    suspense = id('22101');
  });
  after(async () => harness.stop());

  /** Staff, a client booked to them, their login and a journal entry, through the cores, in the caller's transaction. */
  async function onboard(tx: Tx, tag: string) {
    const { organisation, customer, ledger } = harness.services;
    const actor = t.admin;
    // Slow work that must not hold the connection (BVN engine, password hashing) is prepared first.
    const client = await customer.onboarding.prepareCreate({ officeId: branch, legalFormId: 1, firstname: 'Composed', lastname: tag, externalId: `client-${tag}`, active: true, activationDate: '2024-06-01' });
    const login = await organisation.users.prepareCreate({
      username: `user-${tag}`, firstname: 'Composed', lastname: tag, officeId: branch, roles: [1], password: 'Str0ng!Passw0rd', repeatPassword: 'Str0ng!Passw0rd',
    });
    const staff = await organisation.staff.createCore(tx, actor, { officeId: branch, firstname: 'Composed', lastname: tag, externalId: `staff-${tag}` });
    const created = await customer.onboarding.createCore(tx, actor, { ...client, input: { ...client.input, staffId: staff.id } });
    const user = await organisation.users.createCore(tx, actor, { ...login, input: { ...login.input, staffId: staff.id } });
    const posted = await ledger.journal.createManualCore(tx, actor, {
      officeId: branch, transactionDate: '2024-06-01', currencyCode: 'NGN', referenceNumber: `je-${tag}`,
      debits: [{ glAccountId: cash, amount: '125.50' }], credits: [{ glAccountId: suspense, amount: '125.50' }],
    });
    return { staffId: staff.id, clientId: created.id, userId: user.user.id, transactionId: posted.transactionId };
  }

  /** What the tenant holds for `tag`, read in a fresh transaction. */
  async function persisted(tag: string) {
    return t.tx(async (tx) => {
      const count = async (sql: string, value: string) => Number((await tx.em.execute<{ n: string }[]>(sql, [tx.tenantId, value]))[0]!.n);
      return {
        staff: await count(`select count(*) as n from organisation.staff where tenant_id = ? and external_id = ?`, `staff-${tag}`),
        clients: await count(`select count(*) as n from customer.client where tenant_id = ? and external_id = ?`, `client-${tag}`),
        users: await count(`select count(*) as n from organisation.app_user where tenant_id = ? and username = ?`, `user-${tag}`),
        journalLines: await count(`select count(*) as n from ledger.journal_entry where tenant_id = ? and reference_number = ?`, `je-${tag}`),
        clientEvents: await count(`select count(*) as n from kernel.outbox where tenant_id = ? and event_type = 'client.created' and payload::text like ?`, `%client-${tag}%`),
      };
    });
  }

  test('a failure at the end of the transaction leaves nothing of any module behind', async () => {
    const failure = new Error('the transaction script failed after every command succeeded');
    await assert.rejects(
      t.tx(async (tx) => {
        const ids = await onboard(tx, 'rolled');
        // Inside the transaction every command sees the others' writes.
        const client = await harness.services.customer.clients.getVisible(tx, t.admin, ids.clientId);
        assert.equal(client.staffId, ids.staffId);
        throw failure;
      }),
      failure,
    );
    assert.deepEqual(await persisted('rolled'), { staff: 0, clients: 0, users: 0, journalLines: 0, clientEvents: 0 });
  });

  test('without the failure everything commits together and reads back through the public services', async () => {
    const ids = await t.tx((tx) => onboard(tx, 'kept'));
    assert.deepEqual(await persisted('kept'), { staff: 1, clients: 1, users: 1, journalLines: 2, clientEvents: 1 });
    const { organisation, customer, ledger } = harness.services;
    const client = await customer.clients.get(t.admin, ids.clientId);
    assert.equal(client.staffId, ids.staffId);
    assert.equal(client.officeId, branch);
    const user = await organisation.users.get(t.admin, ids.userId);
    assert.equal(user.user.staffId, ids.staffId);
    const journal = await ledger.journal.list(t.admin, { transactionId: ids.transactionId });
    assert.equal(journal.totalFilteredRecords, 2);
  });

  test('a tenant is provisioned with its chart of accounts, currencies and products, or not at all', async () => {
    const { organisation } = harness.services;
    const slug = `broken${Date.now().toString(36)}`;
    // Runs after every module's seeder (it is added last), in the provisioning transaction they all share.
    organisation.tenants.addSeeder(async (tx) => {
      if (tx.tenantId === slug) throw new Error('a seeder failed');
    });
    await assert.rejects(organisation.tenants.provision(slug, { adminPassword: 'password' }), /a seeder failed/);
    assert.equal((await organisation.tenants.ids()).includes(slug), false);
    // Counted as the owner (row-level security bypassed), so nothing of the slug hides from the count.
    const seeded = (tenantId: string) =>
      harness.db.system(async (em) => {
        const rows = await em.execute<{ n: string }[]>(
          `select (select count(*) from organisation.office where tenant_id = ?) + (select count(*) from ledger.gl_account where tenant_id = ?)
                + (select count(*) from ledger.currency where tenant_id = ?) + (select count(*) from account.savings_product where tenant_id = ?) as n`,
          [tenantId, tenantId, tenantId, tenantId],
        );
        return Number(rows[0]!.n);
      });
    assert.ok((await seeded(t.id)) > 0, 'a provisioned tenant has its seed');
    assert.equal(await seeded(slug), 0);
  });
});
