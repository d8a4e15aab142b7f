import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Client } from 'graphql-ws';
import { emit } from '../../subgraphs/kernel/outbox.js';
import { TestService, type TenantSession } from '../support/service.js';

const credit = (data: Record<string, unknown>) => ({
  eventType: 'account.credit', entityName: 'SAVINGSACCOUNT', actionName: 'DEPOSIT',
  data: { accountNo: '0000000001', cif: 'CIF', currency: 'NGN', type: 'DEPOSIT', date: '2025-03-01', runningBalance: '100.000000', reference: 'R1', originator: { bankName: 'B', accountNo: '1', senderName: 'S' }, staffId: null, ...data },
});

interface Collected {
  events: Record<string, unknown>[];
  stop: () => void;
}

function collect(client: Client, query: string, field: string): Collected {
  const events: Record<string, unknown>[] = [];
  const stop = client.subscribe({ query }, { next: (v) => { if (v.data) events.push((v.data as Record<string, Record<string, unknown>>)[field]!); else events.push({ errors: v.errors }); }, error: (e) => events.push({ error: String(e) }), complete: () => undefined });
  return { events, stop };
}

async function until(condition: () => boolean, what: string, action?: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
    if (action) await action();
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('event subscriptions: scoped like the queries', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start();
  });
  after(async () => service.stop());

  /** A self-service login for the given client (self-registration lives in another module; the mapping row is what scopes it). */
  async function customerSession(t: TenantSession, clientId: number): Promise<string> {
    await t.userWithRoles([1]);
    const created = ((await t.get('/users')).body as { id: number; username: string }[]).at(-1)!;
    await service.platform.db.system(async (em) => {
      await em.execute(`update organisation.app_user set is_self_service_user = true where tenant_id = ? and id = ?`, [t.tenant, created.id]);
      await em.execute(`insert into organisation.user_client (tenant_id, user_id, client_id) values (?, ?, ?)`, [t.tenant, created.id, clientId]);
    });
    const login = await service.request('POST', '/graphql', {
      tenant: t.tenant, auth: null,
      body: { query: `mutation { authenticate(username: "${created.username}", password: "Secret123", selfService: true) { base64EncodedAuthenticationKey } }` },
    });
    assert.equal(login.status, 200, login.text);
    const key = login.body.data?.authenticate?.base64EncodedAuthenticationKey;
    assert.ok(key, login.text);
    return key as string;
  }

  test('accountTransactions: by account, by office subtree, and a customer sees only their own accounts', async () => {
    const t = await service.tenant('acct');
    const b1 = await t.branch();
    const b2 = await t.branch();
    const branchUser = await t.userWithRoles([1], b1);
    const customerKey = await customerSession(t, 501);

    const query = (args = '') => `subscription { accountTransactions${args} { eventId eventType accountId accountNo transactionId type entryType amount runningBalance currency date clientId officeId } }`;
    const headOffice = service.subscriptionClient(t.tenant, t.key);
    const branch = service.subscriptionClient(t.tenant, branchUser.key);
    const customer = service.subscriptionClient(t.tenant, customerKey);
    const subs = {
      one: collect(headOffice, query('(accountId: "7")'), 'accountTransactions'),
      all: collect(headOffice, query(), 'accountTransactions'),
      branch: collect(branch, query(), 'accountTransactions'),
      customer: collect(customer, query(), 'accountTransactions'),
    };
    const send = (data: Record<string, unknown>, type = 'account.credit') =>
      service.platform.db.tx(t.tenant, (tx) => emit(tx, { ...credit(data), eventType: type, actionName: type === 'account.credit' ? 'DEPOSIT' : 'WITHDRAWAL' }));

    // Probes visible to every subscriber, until all of them are listening.
    const probe = { accountId: 7, officeId: b1, clientId: 501, amount: '0.01', transactionId: 'probe' };
    await until(() => Object.values(subs).every((s) => s.events.length > 0), 'subscriptions to start', async () => void (await send(probe)));
    for (const s of Object.values(subs)) s.events.length = 0;

    await send({ accountId: 7, officeId: b2, clientId: 502, amount: '10.50', transactionId: 't1' });
    await send({ accountId: 8, officeId: b1, clientId: 501, amount: '20.00', transactionId: 't2' }, 'account.debit');
    await send({ accountId: 9, officeId: b1, clientId: 503, amount: '30.00', transactionId: 't3' });
    // Another tenant's event on the same ids.
    const other = await service.tenant('acct2');
    await service.platform.db.tx(other.tenant, (tx) => emit(tx, credit({ accountId: 7, officeId: 1, clientId: 501, amount: '99.00', transactionId: 'x' })));
    const end = { ...probe, transactionId: 'end' };
    await send(end);
    await until(() => Object.values(subs).every((s) => s.events.some((e) => e.transactionId === 'end')), 'the end marker');

    const ids = (s: Collected) => s.events.filter((e) => e.transactionId !== 'end').map((e) => e.transactionId);
    assert.deepEqual(ids(subs.one), ['t1']);
    assert.deepEqual(ids(subs.all), ['t1', 't2', 't3']);
    assert.deepEqual(ids(subs.branch), ['t2', 't3'], 'a branch user sees only their office subtree');
    assert.deepEqual(ids(subs.customer), ['t2'], 'a customer sees only their own accounts');
    const t1 = subs.all.events[0]!;
    assert.deepEqual(t1, { eventId: t1.eventId, eventType: 'account.credit', accountId: '7', accountNo: '0000000001', transactionId: 't1', type: 'DEPOSIT', entryType: 'CREDIT', amount: '10.5', runningBalance: '100', currency: 'NGN', date: '2025-03-01', clientId: 502, officeId: b2 });
    assert.equal(subs.all.events[1]!.entryType, 'DEBIT');
    for (const s of Object.values(subs)) s.stop();
    await Promise.all([headOffice.dispose(), branch.dispose(), customer.dispose()]);
  });

  test('clientCreated delivers clients created over REST to staff in scope only', async () => {
    const t = await service.tenant('cli');
    const b1 = await t.branch();
    const b2 = await t.branch();
    const otherBranchUser = await t.userWithRoles([1], b2);
    const headOffice = service.subscriptionClient(t.tenant, t.key);
    const elsewhere = service.subscriptionClient(t.tenant, otherBranchUser.key);
    const query = 'subscription { clientCreated { clientId cif officeId displayName } }';
    const all = collect(headOffice, query, 'clientCreated');
    const b2Only = collect(elsewhere, query, 'clientCreated');
    const create = (officeId: number, firstname: string) => t.post('/clients', { officeId, legalFormId: 1, firstname, lastname: 'Obi', active: true, activationDate: '01 January 2025', dateFormat: 'dd MMMM yyyy', locale: 'en' });
    await until(() => all.events.length > 0 && b2Only.events.length > 0, 'subscriptions to start', async () => void (await create(b2, 'Probe')));
    all.events.length = 0;
    b2Only.events.length = 0;
    const inB1 = await create(b1, 'Ngozi');
    assert.equal(inB1.status, 200, inB1.text);
    await create(b2, 'End');
    await until(() => all.events.some((e) => e.displayName === 'End Obi') && b2Only.events.some((e) => e.displayName === 'End Obi'), 'the end marker');
    assert.deepEqual(all.events.map((e) => e.displayName), ['Ngozi Obi', 'End Obi']);
    assert.equal(all.events[0]!.clientId, inB1.body.clientId);
    assert.deepEqual(b2Only.events.map((e) => e.displayName), ['End Obi'], 'a user of another branch never sees the B1 client');
    all.stop();
    b2Only.stop();
    await Promise.all([headOffice.dispose(), elsewhere.dispose()]);
  });
});
