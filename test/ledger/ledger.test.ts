import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService, type TenantSession } from '../support/service.js';
import { assertError } from '../support/assertions.js';

const FMT = { dateFormat: 'yyyy-MM-dd', locale: 'en' };

/** Exact cents of a JSON amount (the REST layer answers exact numbers; 2 dp at most here). */
const cents = (value: number | string): bigint => {
  const [whole, frac = ''] = String(value).split('.');
  const sign = whole!.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole!.replace('-', '')) * 100n + BigInt((frac + '00').slice(0, 2)));
};

async function chart(t: TenantSession): Promise<Map<string, { id: number; type: { id: number }; usage: { id: number }; parentId?: number; name: string; nameDecorated: string }>> {
  const res = await t.get('/glaccounts');
  assert.equal(res.status, 200, res.text);
  return new Map(res.body.map((a: { glCode: string }) => [a.glCode, a]));
}

function entry(debits: [number, number | string][], credits: [number, number | string][], extra: Record<string, unknown> = {}) {
  return {
    officeId: 1,
    transactionDate: '2026-03-01',
    currencyCode: 'NGN',
    comments: 'test entry',
    debits: debits.map(([glAccountId, amount]) => ({ glAccountId, amount })),
    credits: credits.map(([glAccountId, amount]) => ({ glAccountId, amount })),
    ...FMT,
    ...extra,
  };
}


type DetailAccount = { code: string; id: number; type: number };

/**
 * Posts `count` random balanced manual entries (1-2 debits, 1-2 credits, up to 100,000.00 each, exact
 * cents) over REST and returns the expected net debit in cents per GL account id.
 */
async function postRandomEntries(t: TenantSession, detail: DetailAccount[], seedValue: number, count: number): Promise<Map<number, bigint>> {
  const expected = new Map<number, bigint>(); // net debit cents per account
  let seed = seedValue;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = () => detail[Math.floor(random() * detail.length)]!;
  const bodies: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const debitCount = 1 + Math.floor(random() * 2);
    const debits: [number, string][] = [];
    let total = 0n;
    for (let d = 0; d < debitCount; d++) {
      const c = BigInt(1 + Math.floor(random() * 10_000_000));
      total += c;
      const acc = pick();
      debits.push([acc.id, `${c / 100n}.${String(c % 100n).padStart(2, '0')}`]);
      expected.set(acc.id, (expected.get(acc.id) ?? 0n) + c);
    }
    // Split the total over one or two credits.
    const credits: [number, string][] = [];
    const first = total > 1n && random() < 0.5 ? total / 2n : total;
    for (const c of first === total ? [total] : [first, total - first]) {
      const acc = pick();
      credits.push([acc.id, `${c / 100n}.${String(c % 100n).padStart(2, '0')}`]);
      expected.set(acc.id, (expected.get(acc.id) ?? 0n) - c);
    }
    const day = 1 + Math.floor(random() * 28);
    bodies.push({ ...entry([], []), transactionDate: `2026-02-${String(day).padStart(2, '0')}`, debits: debits.map(([glAccountId, amount]) => ({ glAccountId, amount })), credits: credits.map(([glAccountId, amount]) => ({ glAccountId, amount })) });
  }
  for (let i = 0; i < bodies.length; i += 10) {
    // Amounts travel as JSON numbers in their exact text.
    const batch = bodies.slice(i, i + 10).map((b) => t.request('POST', '/api/v1/journalentries', { rawBody: JSON.stringify(b).replace(/"amount":"([0-9.]+)"/g, '"amount":$1') }));
    for (const res of await Promise.all(batch)) assert.equal(res.status, 200, res.text);
  }
  return expected;
}

/** Net debit cents per glcode from a Trial Balance report; asserts both sides total the same. */
function trialBalanceNets(report: { data: { row: [string, string, number, number] }[] }): Map<string, bigint> {
  let totalDebit = 0n;
  let totalCredit = 0n;
  const nets = new Map<string, bigint>();
  for (const { row } of report.data) {
    const [code, , debit, credit] = row;
    totalDebit += cents(debit);
    totalCredit += cents(credit);
    nets.set(code, cents(debit) - cents(credit));
  }
  assert.equal(totalDebit, totalCredit, 'trial balance sides');
  return nets;
}

describe('ledger: chart of accounts, journal entries, closures, reports', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start();
  });
  after(async () => service.stop());

  test('every tenant starts with the default chart and NGN/USD enabled', async () => {
    const t = await service.tenant('gl');
    const accounts = await chart(t);
    const expected: [string, number, number][] = [
      ['10000', 1, 2], ['11101', 1, 1], ['11102', 1, 1], ['11201', 1, 1], ['13101', 1, 1], ['13201', 1, 1],
      ['20000', 2, 2], ['21101', 2, 1], ['21102', 2, 1], ['22101', 2, 1],
      ['30000', 3, 2], ['31101', 3, 1], ['32101', 3, 1],
      ['40000', 4, 2], ['41101', 4, 1], ['42101', 4, 1], ['42201', 4, 1],
      ['50000', 5, 2], ['51101', 5, 1], ['52101', 5, 1], ['53101', 5, 1],
    ];
    for (const [code, type, usage] of expected) {
      const a = accounts.get(code);
      assert.ok(a, `account ${code} exists`);
      assert.equal(a.type.id, type, code);
      assert.equal(a.usage.id, usage, code);
    }
    assert.equal(accounts.get('11101')!.parentId, accounts.get('10000')!.id);
    assert.equal(accounts.get('11101')!.nameDecorated, '....Cash in hand/till');
    assert.equal(accounts.get('21101')!.name, 'Customer savings');

    const currencies = await t.get('/currencies');
    assert.equal(currencies.status, 200, currencies.text);
    const selected = currencies.body.selectedCurrencyOptions.map((c: { code: string; decimalPlaces: number }) => [c.code, c.decimalPlaces]);
    assert.deepEqual(selected, [['NGN', 2], ['USD', 2]]);

    // Seeding is idempotent: provisioning again adds nothing.
    await service.services.organisation.tenants.provision(t.tenant, { adminPassword: 'password' });
    assert.equal((await chart(t)).size, accounts.size);
  });

  test('GL accounts: create, duplicate code 403, out-of-range code 400, delete rules', async () => {
    const t = await service.tenant('gl');
    const accounts = await chart(t);
    const dup = await t.post('/glaccounts', { name: 'Another till', glCode: '11101', type: 1, usage: 1, manualEntriesAllowed: true, parentId: accounts.get('10000')!.id });
    assertError(dup, 403, 'error.msg.glaccount.glcode.duplicate');
    assert.equal(dup.body.userMessageGlobalisationCode, 'error.msg.glaccount.glcode.duplicate');

    const outOfRange = await t.post('/glaccounts', { name: 'Misplaced', glCode: '21999', type: 1, usage: 1, manualEntriesAllowed: true });
    assertError(outOfRange, 400, 'validation.msg.glaccount.glCode.out.of.range');
    assert.equal(outOfRange.body.userMessageGlobalisationCode, 'validation.msg.validation.errors.exist');

    const created = await t.post('/glaccounts', { name: 'Petty cash', glCode: '11103', type: 1, usage: 1, manualEntriesAllowed: true, parentId: accounts.get('10000')!.id, description: 'Small cash' });
    assert.equal(created.status, 200, created.text);
    const id = created.body.resourceId as number;
    const got = await t.get(`/glaccounts/${id}`);
    assert.equal(got.status, 200, got.text);
    assert.equal(got.body.glCode, '11103');
    assert.equal(got.body.nameDecorated, '....Petty cash');
    assert.deepEqual(got.body.type, { id: 1, code: 'accountType.asset', value: 'ASSET' });

    const renamed = await t.put(`/glaccounts/${id}`, { name: 'Petty cash box' });
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual(renamed.body.changes, { name: 'Petty cash box' });

    // An account with entries cannot be deleted; a header with children neither; an unused one can.
    const posted = await t.post('/journalentries', entry([[id, 10]], [[accounts.get('31101')!.id, 10]]));
    assert.equal(posted.status, 200, posted.text);
    assertError(await t.delete(`/glaccounts/${id}`), 403, 'error.msg.glaccount.glcode.invalid.delete.transactions.logged');
    assertError(await t.delete(`/glaccounts/${accounts.get('10000')!.id}`), 403, 'error.msg.glaccount.glcode.invalid.delete.has.children');
    const spare = await t.post('/glaccounts', { name: 'Spare', glCode: '42199', type: 4, usage: 1, manualEntriesAllowed: true });
    assert.equal(spare.status, 200, spare.text);
    const deleted = await t.delete(`/glaccounts/${spare.body.resourceId}`);
    assert.equal(deleted.status, 200, deleted.text);
    assert.equal((await t.get(`/glaccounts/${spare.body.resourceId}`)).status, 404);
  });

  test('a balanced manual entry posts and is listed; an unbalanced one is refused and writes nothing', async () => {
    const t = await service.tenant('je');
    const a = await chart(t);
    const cash = a.get('11101')!.id;
    const capital = a.get('31101')!.id;
    const res = await t.post('/journalentries', entry([[cash, 1000.5]], [[capital, 1000.5]], { referenceNumber: 'REF-1' }));
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.officeId, 1);
    assert.equal(typeof res.body.transactionId, 'string');
    assert.equal(typeof res.body.resourceId, 'number');

    const list = await t.get(`/journalentries?transactionId=${res.body.transactionId}`);
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.totalFilteredRecords, 2);
    const debit = list.body.pageItems.find((e: { entryType: { value: string } }) => e.entryType.value === 'DEBIT');
    assert.equal(debit.glAccountId, cash);
    assert.equal(debit.glAccountCode, '11101');
    assert.equal(debit.amount, 1000.5);
    assert.deepEqual(debit.transactionDate, [2026, 3, 1]);
    assert.equal(debit.manualEntry, true);
    assert.equal(debit.reversed, false);
    assert.equal(debit.officeName, 'Head Office');
    assert.equal(debit.createdByUserName, 'admin');
    assert.equal(debit.currency.code, 'NGN');
    assert.deepEqual(debit.entryType, { id: 2, code: 'journalEntryType.debit', value: 'DEBIT' });
    const one = await t.get(`/journalentries/${debit.id}`);
    assert.equal(one.status, 200, one.text);
    assert.equal(one.body.transactionId, res.body.transactionId);

    const before = (await t.get('/journalentries')).body.totalFilteredRecords;
    const unbalanced = await t.post('/journalentries', entry([[cash, 100]], [[capital, 99.99]]));
    assertError(unbalanced, 403, 'error.msg.glJournalEntry.invalid.mismatch.debits.credits');
    assert.equal(unbalanced.body.userMessageGlobalisationCode, 'validation.msg.domain.rule.violation');
    assert.equal(unbalanced.body.errors[0].userMessageGlobalisationCode, 'error.msg.glJournalEntry.invalid.mismatch.debits.credits');
    assert.equal((await t.get('/journalentries')).body.totalFilteredRecords, before, 'nothing written');

    // Filters and paging.
    const byAccount = await t.get(`/journalentries?glAccountId=${capital}&manualEntriesOnly=true&offset=0&limit=1`);
    assert.equal(byAccount.body.totalFilteredRecords, 1);
    assert.equal(byAccount.body.pageItems.length, 1);
    const outside = await t.get('/journalentries?fromDate=2026-04-01&toDate=2026-04-30');
    assert.equal(outside.body.totalFilteredRecords, 0);
    const fineractDates = await t.get('/journalentries?fromDate=01%20March%202026&toDate=01%20March%202026&dateFormat=dd%20MMMM%20yyyy&locale=en');
    assert.equal(fineractDates.body.totalFilteredRecords, 2, fineractDates.text);
  });

  test('payment details travel with a manual entry and come back as paymentDetailData', async () => {
    const t = await service.tenant('pd');
    const a = await chart(t);
    const cash = a.get('11101')!.id;
    const bank = a.get('11201')!.id;
    const details = { paymentTypeId: 2, accountNumber: '0123456789', checkNumber: 'CHQ-9', routingCode: '058', receiptNumber: 'RCPT-1', bankNumber: 'GTB' };
    const res = await t.post('/journalentries', entry([[cash, 250]], [[bank, 250]], details));
    assert.equal(res.status, 200, res.text);
    const list = await t.get(`/journalentries?transactionId=${res.body.transactionId}`);
    for (const item of list.body.pageItems) {
      assert.deepEqual(item.paymentDetailData, { paymentType: { id: 2, name: 'Bank Transfer' }, accountNumber: '0123456789', checkNumber: 'CHQ-9', routingCode: '058', receiptNumber: 'RCPT-1', bankNumber: 'GTB' });
    }
    const before = (await t.get('/journalentries')).body.totalFilteredRecords;
    assertError(await t.post('/journalentries', entry([[cash, 1]], [[bank, 1]], { receiptNumber: 'R-2' })), 400, 'validation.msg.journalentry.paymentTypeId.cannot.be.blank');
    assertError(await t.post('/journalentries', entry([[cash, 1]], [[bank, 1]], { paymentTypeId: 99 })), 404, 'error.msg.payment.type.invalid');
    assert.equal((await t.get('/journalentries')).body.totalFilteredRecords, before, 'nothing written');
    const plain = await t.post('/journalentries', entry([[cash, 1]], [[bank, 1]]));
    const plainLines = await t.get(`/journalentries?transactionId=${plain.body.transactionId}`);
    assert.equal('paymentDetailData' in plainLines.body.pageItems[0], false);
  });

  test('decimal exactness: 0.1 + 0.2 balances 0.3; 1e-7 and excess places are refused', async () => {
    const t = await service.tenant('dec');
    const a = await chart(t);
    const cash = a.get('11101')!.id;
    const vault = a.get('11102')!.id;
    const capital = a.get('31101')!.id;
    const ok = await t.post('/journalentries', entry([[cash, 0.1], [vault, 0.2]], [[capital, 0.3]]));
    assert.equal(ok.status, 200, ok.text);
    const tiny = await t.post('/journalentries', entry([[cash, 1e-7]], [[capital, 1e-7]]));
    assertError(tiny, 400, 'validation.msg.journalentry.debits.amount.exceeds.decimal.places');
    const threePlaces = await t.post('/journalentries', entry([[cash, 1.001]], [[capital, 1.001]]));
    assert.equal(threePlaces.status, 400, threePlaces.text);
    const zero = await t.post('/journalentries', entry([[cash, 0]], [[capital, 0]]));
    assert.equal(zero.status, 400, zero.text);
    const list = await t.get('/journalentries');
    assert.equal(list.body.totalFilteredRecords, 3, 'only the balanced entry was written');
    // Header accounts and disabled currencies are refused.
    assertError(await t.post('/journalentries', entry([[a.get('10000')!.id, 5]], [[capital, 5]])), 403, 'error.msg.glJournalEntry.invalid.gl.account.header');
    assertError(await t.post('/journalentries', entry([[cash, 5]], [[capital, 5]], { currencyCode: 'EUR' })), 403, 'error.msg.glJournalEntry.currency.not.enabled');
  });

  test('the posting engine works inside a caller transaction: by GL code, with a source, all or nothing', async () => {
    const t = await service.tenant('eng');
    const { db } = service.platform;
    const engine = service.services.ledger.engine;
    const posted = await db.tx(t.tenant, (tx) =>
      engine.post(tx, {
        officeId: 1, currency: 'NGN', date: '2026-05-05',
        lines: [{ glCode: '11101', debit: '5000.25' }, { glCode: '21101', credit: '5000.25' }],
        source: { entityType: 'SAVINGS', entityId: 17, transactionId: 'S901' },
      }),
    );
    assert.equal(posted.transactionId, 'S901');
    const list = await t.get('/journalentries?savingsId=17');
    assert.equal(list.body.totalFilteredRecords, 2, list.text);
    assert.equal(list.body.pageItems[0].manualEntry, false);
    assert.equal(list.body.pageItems[0].entityType.value, 'SAVINGS');
    assert.equal(list.body.pageItems[0].entityId, 17);
    // A failure later in the caller's transaction rolls the journal lines back with it.
    await assert.rejects(db.tx(t.tenant, async (tx) => {
      await engine.post(tx, { officeId: 1, currency: 'NGN', date: '2026-05-05', lines: [{ glCode: '11101', debit: '1' }, { glCode: '21101', credit: '1' }], source: { transactionId: 'S902' } });
      throw new Error('caller failed');
    }), /caller failed/);
    assert.equal((await t.get('/journalentries?transactionId=S902')).body.totalFilteredRecords, 0);
    // The same source transaction cannot post twice; system entries are not reversed over REST.
    await assert.rejects(db.tx(t.tenant, (tx) => engine.post(tx, { officeId: 1, currency: 'NGN', date: '2026-05-05', lines: [{ glCode: '11101', debit: '1' }, { glCode: '21101', credit: '1' }], source: { transactionId: 'S901' } })), /already posted/);
    assertError(await t.post('/journalentries/S901?command=reverse'), 403, 'error.msg.glJournalEntry.invalid.reversal.of.system.entry');
    const reversed = await db.tx(t.tenant, (tx) => engine.reverse(tx, 'S901', { date: '2026-05-06' }));
    assert.equal(reversed.lines.length, 2);
    assert.equal((await t.get('/journalentries?savingsId=17')).body.totalFilteredRecords, 4);
  });

  test('reversal posts opposite lines and marks the original reversed, once', async () => {
    const t = await service.tenant('rev');
    const a = await chart(t);
    const cash = a.get('11101')!.id;
    const fees = a.get('42101')!.id;
    const posted = await t.post('/journalentries', entry([[cash, 250]], [[fees, 250]]));
    assert.equal(posted.status, 200, posted.text);
    const txn = posted.body.transactionId as string;
    const reversed = await t.post(`/journalentries/${txn}?command=reverse`, { comments: 'wrong account' });
    assert.equal(reversed.status, 200, reversed.text);
    assert.notEqual(reversed.body.transactionId, txn);
    const original = await t.get(`/journalentries?transactionId=${txn}`);
    assert.ok(original.body.pageItems.every((e: { reversed: boolean }) => e.reversed), original.text);
    const reversal = await t.get(`/journalentries?transactionId=${reversed.body.transactionId}`);
    assert.equal(reversal.body.totalFilteredRecords, 2);
    const cashLine = reversal.body.pageItems.find((e: { glAccountId: number }) => e.glAccountId === cash);
    assert.equal(cashLine.entryType.value, 'CREDIT');
    assert.equal(cashLine.amount, 250);
    assertError(await t.post(`/journalentries/${txn}?command=reverse`), 403, 'error.msg.glJournalEntry.already.reversed');
    assert.equal((await t.post('/journalentries/M999999?command=reverse')).status, 404);
    // Net effect on the trial balance is zero.
    const tb = await t.graphql('query { trialBalance(officeId: 1) { totalDebit totalCredit rows { glCode debit credit } } }');
    assert.equal(tb.status, 200, tb.text);
    assert.deepEqual(tb.body.data.trialBalance.totalDebit, '0');
    assert.deepEqual(tb.body.data.trialBalance.totalCredit, '0');
  });

  test('closures: no posting on or before the closing date; only the latest closure can be deleted', async () => {
    const t = await service.tenant('cl');
    const a = await chart(t);
    const cash = a.get('11101')!.id;
    const capital = a.get('31101')!.id;
    const closure = await t.post('/glclosures', { officeId: 1, closingDate: '2026-06-30', comments: 'H1', ...FMT });
    assert.equal(closure.status, 200, closure.text);
    assertError(await t.post('/journalentries', entry([[cash, 10]], [[capital, 10]], { transactionDate: '2026-06-30' })), 403, 'error.msg.glJournalEntry.invalid.accounting.closed');
    assertError(await t.post('/journalentries', entry([[cash, 10]], [[capital, 10]], { transactionDate: '2026-01-02' })), 403, 'error.msg.glJournalEntry.invalid.accounting.closed');
    const after = await t.post('/journalentries', entry([[cash, 10]], [[capital, 10]], { transactionDate: '2026-07-01' }));
    assert.equal(after.status, 200, after.text);
    assertError(await t.post('/glclosures', { officeId: 1, closingDate: '2026-05-31', ...FMT }), 403, 'error.msg.glclosure.invalid.accounting.closed');
    const second = await t.post('/glclosures', { officeId: 1, closingDate: '2026-07-31', ...FMT });
    assert.equal(second.status, 200, second.text);
    const list = await t.get('/glclosures?officeId=1');
    assert.deepEqual(list.body.map((c: { closingDate: number[] }) => c.closingDate), [[2026, 7, 31], [2026, 6, 30]]);
    assertError(await t.delete(`/glclosures/${closure.body.resourceId}`), 403, 'error.msg.glclosure.invalid.delete');
    const updated = await t.put(`/glclosures/${second.body.resourceId}`, { comments: 'July' });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(updated.body.changes, { comments: 'July' });
    assert.equal((await t.delete(`/glclosures/${second.body.resourceId}`)).status, 200);
    const reopened = await t.post('/journalentries', entry([[cash, 10]], [[capital, 10]], { transactionDate: '2026-07-15' }));
    assert.equal(reopened.status, 200, reopened.text);
  });

  test('manual entries: an accountant may post, a bank admin may not', async () => {
    const t = await service.tenant('perm');
    const a = await chart(t);
    const body = entry([[a.get('11101')!.id, 5]], [[a.get('31101')!.id, 5]]);
    const admin = await t.userWithRoles([320009]);
    const refused = await admin.post('/journalentries', body);
    assertError(refused, 403, 'error.msg.not.authorized');
    assert.equal(refused.body.userMessageGlobalisationCode, 'error.msg.not.authorized');
    const accountant = await t.userWithRoles([320004]);
    const allowed = await accountant.post('/journalentries', body);
    assert.equal(allowed.status, 200, allowed.text);
    assert.equal((await accountant.get('/journalentries')).body.totalFilteredRecords, 2);
    assertError(await admin.post(`/journalentries/${allowed.body.transactionId}?command=reverse`), 403, 'error.msg.not.authorized');
  });

  test('trial balance after 1,000 random balanced postings: totals equal, per-account sums match', async () => {
    const t = await service.tenant('tb');
    const a = await chart(t);
    const detail = [...a.entries()].filter(([, acc]) => acc.usage.id === 1).map(([code, acc]) => ({ code, id: acc.id, type: acc.type.id }));
    const expected = await postRandomEntries(t, detail, 42, 1000);
    const report = await t.get('/runreports/Trial%20Balance?R_officeId=1&R_startDate=2026-01-01&R_endDate=2026-12-31');
    assert.equal(report.status, 200, report.text);
    assert.deepEqual(report.body.columnHeaders.map((c: { columnName: string }) => c.columnName), ['glcode', 'name', 'debit', 'credit']);
    let totalDebit = 0n;
    let totalCredit = 0n;
    const byCode = new Map(detail.map((d) => [d.code, d.id]));
    for (const { row } of report.body.data as { row: [string, string, number, number] }[]) {
      const [code, , debit, credit] = row;
      totalDebit += cents(debit);
      totalCredit += cents(credit);
      assert.equal(cents(debit) - cents(credit), expected.get(byCode.get(code)!) ?? 0n, `account ${code}`);
    }
    assert.equal(totalDebit, totalCredit);
    const nonZero = [...expected.values()].filter((v) => v !== 0n).length;
    assert.equal(report.body.data.length >= nonZero, true);

    const gql = await t.graphql('query { trialBalance(officeId: 1, startDate: "2026-01-01", endDate: "2026-12-31") { totalDebit totalCredit } }');
    assert.equal(gql.body.data.trialBalance.totalDebit, gql.body.data.trialBalance.totalCredit);
    assert.equal(cents(gql.body.data.trialBalance.totalDebit), totalDebit);
    const alias = await t.get('/runreports/Trial%20Balance%20Table?R_officeId=1&R_startDate=2026-01-01&R_endDate=2026-12-31');
    assert.equal(alias.status, 200, alias.text);
    assert.equal(alias.body.data.length, report.body.data.length);
    const empty = await t.get('/runreports/Trial%20Balance?R_officeId=1&R_startDate=2025-01-01&R_endDate=2025-12-31');
    assert.deepEqual(empty.body.data, []);

    // Balance sheet balances (assets = liabilities + equity incl. earnings); income statement nets.
    const statements = await t.graphql('query { balanceSheet(officeId: 1, asOfDate: "2026-12-31") { totalAssets totalLiabilities totalEquity } incomeStatement(officeId: 1, startDate: "2026-01-01", endDate: "2026-12-31") { totalIncome totalExpense netIncome } }');
    assert.equal(statements.status, 200, statements.text);
    const bs = statements.body.data.balanceSheet;
    assert.equal(cents(bs.totalAssets), cents(bs.totalLiabilities) + cents(bs.totalEquity));
    const is = statements.body.data.incomeStatement;
    assert.equal(cents(is.netIncome), cents(is.totalIncome) - cents(is.totalExpense));
    const bsReport = await t.get('/runreports/Balance%20Sheet?R_officeId=1&R_endDate=2026-12-31');
    assert.equal(bsReport.status, 200, bsReport.text);
    assert.deepEqual(bsReport.body.columnHeaders.map((c: { columnName: string }) => c.columnName), ['glcode', 'name', 'type', 'amount']);
    assertError(await t.get('/runreports/No%20Such%20Report?R_officeId=1'), 404, 'error.msg.report.name.not.found');
  });

  test('property: for random balanced postings the trial balance balances and matches every account', async () => {
    for (const seedValue of [1, 7, 19, 101, 2024, 31337]) {
      const t = await service.tenant('prop');
      const a = await chart(t);
      const detail = [...a.entries()].filter(([, acc]) => acc.usage.id === 1).map(([code, acc]) => ({ code, id: acc.id, type: acc.type.id }));
      const expected = await postRandomEntries(t, detail, seedValue, 40);
      const report = await t.get('/runreports/Trial%20Balance?R_officeId=1&R_startDate=2026-01-01&R_endDate=2026-12-31');
      const nets = trialBalanceNets(report.body);
      for (const account of detail) assert.equal(nets.get(account.code) ?? 0n, expected.get(account.id) ?? 0n, `seed ${seedValue}, account ${account.code}`);
    }
  });

  test('office scope: a branch accountant sees its branch only; reports cover an office subtree', async () => {
    const t = await service.tenant('br');
    const a = await chart(t);
    const branch = await t.branch();
    const head = await t.post('/journalentries', entry([[a.get('11101')!.id, 100]], [[a.get('31101')!.id, 100]]));
    assert.equal(head.status, 200, head.text);
    const atBranch = await t.post('/journalentries', entry([[a.get('11101')!.id, 30]], [[a.get('31101')!.id, 30]], { officeId: branch }));
    assert.equal(atBranch.status, 200, atBranch.text);
    const accountant = await t.userWithRoles([320004], branch);
    const seen = await accountant.get('/journalentries');
    assert.equal(seen.body.totalFilteredRecords, 2, seen.text);
    assert.ok(seen.body.pageItems.every((e: { officeId: number }) => e.officeId === branch));
    const headLine = (await t.get(`/journalentries?transactionId=${head.body.transactionId}`)).body.pageItems[0].id;
    assert.equal((await accountant.get(`/journalentries/${headLine}`)).status, 404);
    assert.equal((await accountant.get('/runreports/Trial%20Balance?R_officeId=1')).status, 404);
    const branchTb = await accountant.get(`/runreports/Trial%20Balance?R_officeId=${branch}`);
    assert.equal(branchTb.status, 200, branchTb.text);
    assert.deepEqual(branchTb.body.data.map((r: { row: unknown[] }) => r.row), [['11101', 'Cash in hand/till', 30, 0], ['31101', 'Share capital', 0, 30]]);
    const allTb = await t.get('/runreports/Trial%20Balance?R_officeId=1');
    assert.deepEqual(allTb.body.data.map((r: { row: unknown[] }) => r.row), [['11101', 'Cash in hand/till', 130, 0], ['31101', 'Share capital', 0, 130]]);
  });

  test("another tenant's journal entries are not found", async () => {
    const a = await service.tenant('ta');
    const b = await service.tenant('tb');
    const chartA = await chart(a);
    const posted = await a.post('/journalentries', entry([[chartA.get('11101')!.id, 7]], [[chartA.get('31101')!.id, 7]]));
    assert.equal(posted.status, 200, posted.text);
    const lines = await a.get(`/journalentries?transactionId=${posted.body.transactionId}`);
    const lineId = lines.body.pageItems[0].id as number;
    assert.equal((await a.get(`/journalentries/${lineId}`)).status, 200);
    assertError(await b.get(`/journalentries/${lineId}`), 404, 'error.msg.resource.not.found');
    assert.equal((await b.get(`/journalentries?transactionId=${posted.body.transactionId}`)).body.totalFilteredRecords, 0);
    assert.equal((await b.post(`/journalentries/${posted.body.transactionId}?command=reverse`)).status, 404);
  });

  test('journalEntryPosted delivers posted transactions to subscribers of the same tenant', async () => {
    const t = await service.tenant('sub');
    const a = await chart(t);
    const client = service.subscriptionClient(t.tenant, t.key);
    const received = new Promise<{ data?: { journalEntryPosted: { transactionId: string; amount: string; lines: { glCode: string }[] } } }>((resolve, reject) => {
      const stop = client.subscribe(
        { query: 'subscription { journalEntryPosted { transactionId officeId amount manualEntry lines { glCode entryType { value } amount } } }' },
        { next: (value) => { resolve(value as never); stop(); }, error: reject, complete: () => undefined },
      );
    });
    let transactionId: string | undefined;
    let done = false;
    const poster = (async () => {
      for (let i = 0; i < 50 && !done; i++) {
        await new Promise((r) => setTimeout(r, 200));
        if (i === 5) {
          const res = await t.post('/journalentries', entry([[a.get('11101')!.id, 12.34]], [[a.get('31101')!.id, 12.34]]));
          assert.equal(res.status, 200, res.text);
          transactionId = res.body.transactionId;
        }
      }
    })();
    const event = await received;
    done = true;
    await poster;
    assert.equal(event.data?.journalEntryPosted.transactionId, transactionId, JSON.stringify(event));
    assert.equal(event.data?.journalEntryPosted.amount, '12.34');
    assert.deepEqual(event.data?.journalEntryPosted.lines.map((l) => l.glCode).sort(), ['11101', '31101']);
    await client.dispose();
  });
});
