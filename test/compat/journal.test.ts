import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { DATE_FORMAT, FineractClient } from './fineract-client.js';

interface Line {
  id: number;
  glAccountId: number;
  officeId: number;
  comments?: string;
  officeRunningBalance?: number;
  organizationRunningBalance?: number;
}

describe('Fineract compat: journal entries (JournalEntryHelper style) and running balances', () => {
  let service: TestService;
  let t: TenantSession;
  let api: FineractClient;
  let accounts: Map<string, number>;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    api = new FineractClient(service, t.tenant);
    accounts = new Map(((await api.get('/glaccounts')).body as { glCode: string; id: number }[]).map((a) => [a.glCode, a.id]));
  });
  after(async () => service.stop());

  const post = (officeId: number, debits: [string, string, string?][], credits: [string, string, string?][], extra: Record<string, unknown> = {}) =>
    api.post('/journalentries', {
      officeId: String(officeId), transactionDate: '01 March 2026', currencyCode: 'NGN', ...DATE_FORMAT, ...extra,
      debits: debits.map(([code, amount, comments]) => ({ glAccountId: String(accounts.get(code)), amount, ...(comments ? { comments } : {}) })),
      credits: credits.map(([code, amount, comments]) => ({ glAccountId: String(accounts.get(code)), amount, ...(comments ? { comments } : {}) })),
    });

  test('credits/debits items take comments {glAccountId, amount, comments}, stored and read back per line', async () => {
    const res = await post(1, [['11101', '1500', 'cash received at counter 3']], [['21101', '1000', 'savings of Ada'], ['42101', '500']], { comments: 'Opening float' });
    assert.equal(res.status, 200, res.text);
    const lines = (await api.get(`/journalentries?transactionId=${res.body.transactionId}`)).body.pageItems as (Line & { glAccountCode: string })[];
    const byCode = new Map(lines.map((l) => [l.glAccountCode, l]));
    assert.equal(byCode.get('11101')!.comments, 'cash received at counter 3');
    assert.equal(byCode.get('21101')!.comments, 'savings of Ada');
    assert.equal(byCode.get('42101')!.comments, 'Opening float', 'a line without its own comment carries the entry comment');
    assert.equal((await api.get(`/journalentries/${byCode.get('21101')!.id}`)).body.comments, 'savings of Ada');

    const tooLong = await post(1, [['11101', '1', 'x'.repeat(501)]], [['21101', '1']]);
    assertError(tooLong, 400, 'validation.msg.journalentry.debits[0].comments.exceeds.max.length');
  });

  test('running balances: GL accounts with fetchRunningBalance, journal lines with runningBalance', async () => {
    const fresh = await service.tenant();
    const api2 = new FineractClient(service, fresh.tenant);
    const ids = new Map(((await api2.get('/glaccounts')).body as { glCode: string; id: number }[]).map((a) => [a.glCode, a.id]));
    const branch = await fresh.branch();
    const entry = (officeId: number, debit: string, credit: string, amount: string) =>
      api2.post('/journalentries', {
        officeId: String(officeId), transactionDate: '02 March 2026', currencyCode: 'NGN', ...DATE_FORMAT,
        debits: [{ glAccountId: String(ids.get(debit)), amount }], credits: [{ glAccountId: String(ids.get(credit)), amount }],
      });
    assert.equal((await entry(1, '11101', '21101', '1500')).status, 200);
    assert.equal((await entry(branch, '11101', '21101', '700')).status, 200);
    assert.equal((await entry(1, '21101', '11101', '200.5')).status, 200);

    const cash = ids.get('11101')!;
    const savings = ids.get('21101')!;
    const one = await api2.get(`/glaccounts/${cash}?fetchRunningBalance=true`);
    assert.equal(one.status, 200, one.text);
    assert.match(one.text, /"organizationRunningBalance":1999\.500000/);
    assert.equal((await api2.get(`/glaccounts/${savings}?fetchRunningBalance=true`)).body.organizationRunningBalance, 1999.5, 'a liability is credit-positive');
    assert.equal('organizationRunningBalance' in (await api2.get(`/glaccounts/${cash}`)).body, false, 'only when asked');

    const all = (await api2.get('/glaccounts?fetchRunningBalance=true')).body as { id: number; glCode: string; organizationRunningBalance: number }[];
    assert.ok(all.every((a) => typeof a.organizationRunningBalance === 'number'));
    assert.equal(all.find((a) => a.id === cash)!.organizationRunningBalance, 1999.5);
    assert.equal(all.find((a) => a.glCode === '42101')!.organizationRunningBalance, 0, 'an account without lines is 0');
    assert.equal('organizationRunningBalance' in (await api2.get('/glaccounts')).body[0], false);

    const lines = (await api2.get(`/journalentries?glAccountId=${cash}&runningBalance=true&orderBy=id&sortOrder=ASC`)).body.pageItems as Line[];
    assert.deepEqual(lines.map((l) => [l.officeId, l.officeRunningBalance, l.organizationRunningBalance]), [
      [1, 1500, 1500],
      [branch, 700, 2200],
      [1, 1299.5, 1999.5],
    ]);
    const single = await api2.get(`/journalentries/${lines[1]!.id}?runningBalance=true`);
    assert.equal(single.body.officeRunningBalance, 700);
    assert.equal(single.body.organizationRunningBalance, 2200);
    assert.equal(single.body.runningBalanceComputed, true);
    assert.equal('officeRunningBalance' in (await api2.get(`/journalentries?glAccountId=${cash}`)).body.pageItems[0], false, 'only when asked');

    // Newest first still gives each line the balance after it in posting order.
    const desc = (await api2.get(`/journalentries?glAccountId=${cash}&runningBalance=true&sortOrder=DESC`)).body.pageItems as Line[];
    assert.deepEqual(desc.map((l) => l.organizationRunningBalance), [1999.5, 2200, 1500]);
  });
});
