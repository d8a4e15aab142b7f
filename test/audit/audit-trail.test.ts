import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import pg from 'pg';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { BRANCH_MANAGER_ROLE, cashTxn, createCashier, createStaff, createTeller, staffUser, TELLER_ROLE } from '../till/till-support.js';
import { activeClient, BANK_TRANSFER, CASH, deposit, openAccount, pinBusinessDate, productIds, TODAY, withdraw } from '../account/support.js';

interface AuditItem {
  id: number;
  actionName: string;
  entityName: string;
  operation: string;
  resourceId?: number;
  subresourceId?: number;
  officeId?: number;
  makerId?: number;
  maker?: string;
  checkerId?: number;
  checkedOnDate?: string;
  madeOnDate: string;
  processingResultId: number;
  processingResult: string;
  errorCode?: string;
  commandAsJson: string;
}

/** Polls `fn` until `done` holds (the chainer links entries in the background), for up to a minute. */
async function poll<T>(fn: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await fn();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('audit trail: every command in its own transaction, office-scoped reads, a verifiable chain', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let savings: number;
  let adminId: number;

  const audits = async (session: TenantSession, query: string) => {
    const res = await session.get(`/audits?${query}`);
    assert.equal(res.status, 200, res.text);
    return (res.body as { pageItems: AuditItem[] }).pageItems;
  };

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    await pinBusinessDate(t);
    branch = await t.branch();
    const clientId = await activeClient(t, branch);
    savings = await openAccount(t, clientId, (await productIds(t)).savings);
    adminId = ((await t.get('/users')).body as { id: number; username: string }[]).find((u) => u.username === 'admin')!.id;
  });
  after(async () => service.stop());

  test('a deposit is recorded with its maker, office, account, request and result; a refused withdrawal with its failure code', async () => {
    const made = await deposit(t, savings, '250.75', BANK_TRANSFER, { note: 'audited' });
    assert.equal(made.status, 200, made.text);
    const [entry, ...rest] = await audits(t, `entityName=SAVINGSACCOUNT&actionName=DEPOSIT&resourceId=${savings}`);
    assert.equal(rest.length, 0);
    assert.equal(entry!.operation, 'depositToSavingsAccount');
    assert.equal(entry!.makerId, adminId);
    assert.equal(entry!.maker, 'admin');
    assert.equal(entry!.officeId, 1);
    assert.equal(entry!.processingResult, 'processed');
    assert.equal(entry!.processingResultId, 1);
    const command = JSON.parse(entry!.commandAsJson) as { savingsAccountId: number; input: { transactionAmount: string; note: string } };
    assert.equal(command.savingsAccountId, savings);
    assert.equal(command.input.note, 'audited');
    assert.equal(String(command.input.transactionAmount), '250.75');
    const byId = await t.get(`/audits/${entry!.id}`);
    assert.equal(byId.status, 200, byId.text);
    assert.equal(byId.body.id, entry!.id);

    const refused = await withdraw(t, savings, 1_000_000);
    assertError(refused, 403, 'error.msg.savingsaccount.transaction.insufficient.account.balance');
    const [failure] = await audits(t, `actionName=WITHDRAWAL&resourceId=${savings}&processingResult=5`);
    assert.equal(failure!.processingResult, 'error');
    assert.equal(failure!.errorCode, 'error.msg.savingsaccount.transaction.insufficient.account.balance');
    assert.equal(failure!.makerId, adminId);
  });

  test('a login is recorded without its password; a new user\'s password never reaches the trail', async () => {
    const manager = await t.userWithRoles([BRANCH_MANAGER_ROLE], branch);
    assert.ok(manager.key);
    const logins = await audits(t, 'actionName=LOGIN&entityName=USER');
    assert.ok(logins.length >= 2, 'the admin\'s login and the manager\'s');
    for (const login of logins) assert.match(login.commandAsJson, /"password":"\*\*\*"/);
    // A refused login (its lookup read the user in a transaction of its own) is an error entry, and only that.
    const before = (await audits(t, 'actionName=LOGIN&limit=200')).length;
    const refused = await service.request('POST', '/api/v1/authentication', { tenant: t.tenant, auth: null, body: { username: 'admin', password: 'wrong' } });
    assert.equal(refused.status, 401, refused.text);
    const after = await audits(t, 'actionName=LOGIN&limit=200');
    assert.equal(after.length, before + 1);
    assert.equal(after[0]!.processingResult, 'error');
    assert.equal(after[0]!.errorCode, 'error.msg.not.authenticated');
    assert.equal(after[0]!.makerId, undefined, 'nobody is authenticated');
    assert.match(after[0]!.commandAsJson, /"password":"\*\*\*"/);
    const [created] = await audits(t, 'actionName=CREATE&entityName=USER');
    assert.ok(created!.resourceId! > 0, 'a create names the record it made');
    assert.doesNotMatch(created!.commandAsJson, /Secret123/);
    assert.match(created!.commandAsJson, /"password":"\*\*\*"/);
  });

  test('a maker-checker approval names the teller as maker and the manager as checker', async () => {
    assert.equal((await t.put('/configurations/3', { value: 1000 })).status, 200);
    assert.equal((await deposit(t, savings, 5000)).status, 200);
    const staffId = await createStaff(t, branch);
    const { session: teller, userId: tellerId } = await staffUser(t, [TELLER_ROLE], branch, staffId);
    const counter = await createTeller(t, branch);
    const till = await createCashier(t, counter, staffId);
    assert.equal((await t.post(`/tellers/${counter}/cashiers/${till}/allocate`, cashTxn(100000, TODAY))).status, 200);
    const made = await withdraw(teller, savings, 1500, CASH);
    assert.equal(made.status, 200, made.text);
    const entryId = made.body.commandId as number;
    const [held] = await audits(t, `actionName=WITHDRAWAL&resourceId=${savings}&makerId=${tellerId}&processingResult=2`);
    assert.equal(held!.processingResult, 'awaiting.approval');
    assert.equal(held!.subresourceId, entryId);
    assert.equal(held!.officeId, branch);

    const { session: manager, userId: managerId } = await staffUser(t, [BRANCH_MANAGER_ROLE], branch, null);
    const approved = await manager.post(`/makercheckers/${entryId}?command=approve`);
    assert.equal(approved.status, 200, approved.text);
    const [checked] = await audits(t, `checkerId=${managerId}`);
    assert.equal(checked!.operation, 'approveMakerChecker');
    assert.equal(checked!.actionName, 'WITHDRAWAL');
    assert.equal(checked!.entityName, 'SAVINGSACCOUNT');
    assert.equal(checked!.resourceId, savings);
    assert.equal(checked!.makerId, tellerId);
    assert.equal(checked!.checkerId, managerId);
    assert.ok(checked!.checkedOnDate, 'the time it was checked');
    assert.equal(checked!.processingResult, 'processed');
    assert.equal(checked!.subresourceId, approved.body.resourceId, 'the executed withdrawal');
  });

  test('filters and paging: newest first, totalFilteredRecords, offset and limit; bad filters are 400', async () => {
    for (const amount of [1, 2, 3]) assert.equal((await deposit(t, savings, amount)).status, 200);
    const all = await t.get(`/audits?paged=true&actionName=DEPOSIT&resourceId=${savings}`);
    assert.equal(all.status, 200, all.text);
    const total = all.body.totalFilteredRecords as number;
    assert.ok(total >= 4);
    const ids = (all.body.pageItems as AuditItem[]).map((e) => e.id);
    assert.deepEqual(ids, [...ids].sort((a, b) => b - a), 'newest first');
    const amounts = (all.body.pageItems as AuditItem[]).slice(0, 3).map((e) => String((JSON.parse(e.commandAsJson) as { input: { transactionAmount: unknown } }).input.transactionAmount));
    assert.deepEqual(amounts, ['3', '2', '1']);
    const page = await t.get(`/audits?paged=true&actionName=DEPOSIT&resourceId=${savings}&offset=1&limit=2`);
    assert.equal(page.body.totalFilteredRecords, total);
    assert.deepEqual((page.body.pageItems as AuditItem[]).map((e) => e.id), ids.slice(1, 3));
    const later = await audits(t, `actionName=DEPOSIT&makerDateTimeFrom=2999-01-01 00:00:00`);
    assert.equal(later.length, 0);
    const today = new Date().toISOString().slice(0, 10);
    assert.ok((await audits(t, `actionName=DEPOSIT&makerDateTimeFrom=${today} 00:00:00&makerDateTimeTo=${today}`)).length >= 4);
    assertError(await t.get('/audits?limit=201'), 400, 'validation.msg.audit.limit.not.in.range');
    assertError(await t.get('/audits?makerDateTimeFrom=yesterday'), 400, 'validation.msg.audit.makerDateTimeFrom.invalid.format');
    const template = await t.get('/audits/searchtemplate');
    assert.equal(template.status, 200, template.text);
    assert.ok(template.body.actionNames.includes('DEPOSIT'));
    assert.ok(template.body.entityNames.includes('SAVINGSACCOUNT'));
    assert.ok((template.body.appUsers as { id: number; username: string }[]).some((u) => u.id === adminId && u.username === 'admin'));
    assert.deepEqual((template.body.statuses as { id: number }[]).map((s) => s.id), [1, 2, 3, 5]);
  });

  test('READ_AUDIT only, within the reader\'s office subtree; another tenant\'s entry is not found', async () => {
    const teller = await t.userWithRoles([TELLER_ROLE], branch);
    assertError(await teller.get('/audits'), 403, 'error.msg.not.authorized');
    assert.equal((await t.put(`/roles/${BRANCH_MANAGER_ROLE}/permissions`, { permissions: { READ_AUDIT: true } })).status, 200);
    const other = await t.branch();
    const branchManager = await t.userWithRoles([BRANCH_MANAGER_ROLE], branch);
    const otherManager = await t.userWithRoles([BRANCH_MANAGER_ROLE], other);
    const [adminDeposit] = await audits(t, `actionName=DEPOSIT&makerId=${adminId}`);
    const seen = await audits(branchManager, 'limit=200');
    assert.ok(seen.length > 0, 'the branch\'s own entries (its teller\'s held withdrawal)');
    assert.ok(seen.every((e) => e.officeId === branch), 'only the branch\'s entries');
    assertError(await branchManager.get(`/audits/${adminDeposit!.id}`), 404, 'error.msg.command.id.invalid');
    assert.deepEqual(await audits(otherManager, 'limit=200'), []);
    assertError(await otherManager.get(`/audits/${seen[0]!.id}`), 404, 'error.msg.command.id.invalid');
    const stranger = await service.tenant();
    assertError(await stranger.get(`/audits/${adminDeposit!.id}`), 404, 'error.msg.command.id.invalid');
    assert.ok((await audits(stranger, 'limit=200')).every((e) => e.id !== adminDeposit!.id));
  });

  test('GraphQL: audits with the same filters', async () => {
    const res = await t.graphql<{ audits: { totalFilteredRecords: number; pageItems: { actionName: string; resourceId: number; maker: string }[] } }>(
      `query($r: Int) { audits(actionName: "DEPOSIT", resourceId: $r, limit: 1) { totalFilteredRecords pageItems { actionName resourceId maker } } }`,
      { r: savings },
    );
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.data!.audits.pageItems, [{ actionName: 'DEPOSIT', resourceId: savings, maker: 'admin' }]);
    assert.ok(res.body.data!.audits.totalFilteredRecords >= 4);
  });

  test('the chain verifies; an entry edited in SQL is named by the check', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const verify = async () => {
      const res = await t.get(`/audits/verify?fromDate=${today}&toDate=${today}`);
      assert.equal(res.status, 200, res.text);
      return res.body as { verified: boolean; checkedEntries: number; unchainedEntries: number; firstMismatch?: { entryId: number; reason: string } };
    };
    const clean = await poll(verify, (v) => v.unchainedEntries === 0);
    assert.equal(clean.unchainedEntries, 0, 'the chainer linked every entry');
    assert.equal(clean.verified, true);
    assert.ok(clean.checkedEntries > 10);

    // The day's anchor: the last link's hash, kept once and emitted once as audit.anchored.
    const anchored = await service.services.audit.chainer.anchor(t.tenant, today);
    assert.ok(anchored, 'every entry of the day is linked');
    assert.equal(anchored.date, today);
    assert.deepEqual(await service.services.audit.chainer.anchor(t.tenant, today), anchored);
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)) && /T/.test(s));
    const validate = ajv.compile(JSON.parse(readFileSync(join(process.cwd(), 'docs', 'events', 'audit.anchored.json'), 'utf8')) as object);
    const [victim] = await audits(t, `actionName=DEPOSIT&resourceId=${savings}&limit=1&offset=2`);
    // The guard refuses the service's own role and the owner alike: an edit needs triggers switched off.
    const admin = new pg.Client({ connectionString: service.databaseUrl });
    await admin.connect();
    try {
      const events = await admin.query<{ payload: unknown }>(`select payload from kernel.outbox where tenant_id = $1 and event_type = 'audit.anchored'`, [t.tenant]);
      assert.equal(events.rows.length, 1, 'one event for the day, however often it is anchored');
      assert.ok(validate(events.rows[0]!.payload), ajv.errorsText(validate.errors));
      assert.deepEqual((events.rows[0]!.payload as { data: unknown }).data, anchored);
      const links = await admin.query<{ hash: string }>(`select hash from audit.chain_link where tenant_id = $1 and seq = $2`, [t.tenant, anchored.seq]);
      assert.equal(links.rows[0]!.hash, anchored.hash);
      await assert.rejects(admin.query(`update audit.entry set command_json = '{}' where id = $1`, [victim!.id]), /append-only/);
      await assert.rejects(admin.query(`delete from audit.entry where id = $1`, [victim!.id]), /append-only/);
      await admin.query(`set session_replication_role = replica`);
      await admin.query(`update audit.entry set command_json = replace(command_json, '"transactionAmount"', '"transactionAmount" ') where id = $1`, [victim!.id]);
    } finally {
      await admin.end();
    }
    const tampered = await verify();
    assert.equal(tampered.verified, false);
    assert.equal(tampered.firstMismatch!.entryId, victim!.id);
    assert.equal(tampered.firstMismatch!.reason, 'the entry differs from what was chained');
    assertError(await t.get(`/audits/verify?fromDate=2020-01-01&toDate=${today}`), 400, 'validation.msg.audit.toDate.range.too.long');
  });
});
