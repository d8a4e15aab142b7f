import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';

const DATES = { dateFormat: 'yyyy-MM-dd', locale: 'en' };
const BANK_TRANSFER = 2;

type Period = { period?: number; dueDate: number[]; principalDue: number; interestDue: number; totalDueForPeriod: number };
type SheetLoan = { loanId: number; principalDue: number; interestDue: number; feeDue: number; penaltyDue: number; chargesDue: number; totalDue: number };
type SheetClient = { clientId: number; clientName: string; loans: SheetLoan[]; savings: { savingsId: number; dueAmount: number }[] };
type SheetGroup = { groupId: number; groupName: string; clients: SheetClient[]; totals: Record<string, number> };

/** In kobo, so sums are exact. */
const kobo = (n: number) => Math.round(n * 100);

/** A center's collection sheet over HTTPS on PostgreSQL: two groups, a weekly Tuesday meeting, JLG loans synced with it. */
describe('collection sheets of a center and its groups', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let center: number;
  let calendarId: number;
  /** Group A: a0 and a1 borrow; group B: b0 borrows, b1 only saves. */
  let groups: { id: number; members: number[] }[];
  const loans: Record<string, number> = {};
  const savings: Record<string, number> = {};

  const weekly = (clientId: number, groupId: number) => ({
    clientId, productId: 1, principal: 10000, loanTermFrequency: 8, loanTermFrequencyType: 1, numberOfRepayments: 8, repaymentEvery: 1, repaymentFrequencyType: 1,
    interestRatePerPeriod: 24, interestRateFrequencyType: 3, amortizationType: 1, interestType: 0, interestCalculationPeriodType: 1,
    transactionProcessingStrategyCode: 'mifos-standard-strategy', expectedDisbursementDate: '2025-01-07', submittedOnDate: '2025-01-07',
    loanType: 'jlg', groupId, calendarId, syncRepaymentsWithMeeting: true, syncDisbursementWithMeeting: true, ...DATES,
  });
  const generate = (at: TenantSession, id: number, transactionDate: string, calendar = calendarId, level = 'centers') =>
    at.post(`/${level}/${id}?command=generateCollectionSheet`, { calendarId: calendar, transactionDate, ...DATES });
  const save = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.post(`/centers/${center}?command=saveCollectionSheet`, { transactionDate: '2025-01-21', paymentTypeId: BANK_TRANSFER, ...DATES, ...body }, { headers });
  const schedule = async (loanId: number): Promise<Period[]> =>
    ((await t.get(`/loans/${loanId}?associations=repaymentSchedule`)).body.repaymentSchedule.periods as Period[]).filter((p) => p.period);
  const loanOf = (sheet: { groups: SheetGroup[] }, clientId: number) => sheet.groups.flatMap((g) => g.clients).find((c) => c.clientId === clientId)!.loans[0]!;
  const loanSummary = async (loanId: number) => (await t.get(`/loans/${loanId}`)).body.summary as { totalRepayment: number; totalOutstanding: number };
  const balance = async (id: number) => (await t.get(`/savingsaccounts/${id}`)).body.summary.accountBalance as number;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: '2025-01-07', ...DATES })).status, 200);
    branch = await t.branch();
    center = (await t.post('/centers', { officeId: branch, name: 'Ikeja Center', active: true, activationDate: '2025-01-06', ...DATES })).body.resourceId;
    groups = [];
    for (const name of ['Ikeja A', 'Ikeja B']) {
      const members: number[] = [];
      for (let i = 0; i < 2; i++) {
        const c = await t.post('/clients', { officeId: branch, legalFormId: 1, firstname: `${name.slice(-1)}${i}`, lastname: 'Trader', active: true, activationDate: '2025-01-02', ...DATES });
        assert.equal(c.status, 200, c.text);
        members.push(c.body.clientId);
      }
      const g = await t.post('/groups', { officeId: branch, name, centerId: center, clientMembers: members, active: true, activationDate: '2025-01-06', ...DATES });
      assert.equal(g.status, 200, g.text);
      groups.push({ id: g.body.resourceId, members });
    }
    const meeting = await t.post(`/centers/${center}/calendars`, { title: 'Tuesday collection', typeId: 1, startDate: '2025-01-07', repeating: true, frequency: 2, interval: 1, repeatsOnDay: 2, ...DATES });
    assert.equal(meeting.status, 200, meeting.text);
    calendarId = meeting.body.resourceId;
    const product = (await t.get('/savingsproducts')).body.find((p: { name: string }) => p.name === 'Primary Savings').id;
    const manager = await t.userWithRoles([320007]);
    const [a, b] = groups;
    const named: [string, number, number][] = [['a0', a!.members[0]!, a!.id], ['a1', a!.members[1]!, a!.id], ['b0', b!.members[0]!, b!.id], ['b1', b!.members[1]!, b!.id]];
    for (const [name, clientId, groupId] of named) {
      // Every member saves; a disbursement is credited to the borrower's one savings account.
      const opened = await t.post('/savingsaccounts', { clientId, productId: product, submittedOnDate: '2025-01-07', ...DATES });
      assert.equal(opened.status, 200, opened.text);
      assert.equal((await t.post(`/savingsaccounts/${opened.body.savingsId}?command=activate`, {})).status, 200);
      savings[name] = opened.body.savingsId;
      if (name === 'b1') continue;
      const created = await t.post('/loans', weekly(clientId, groupId));
      assert.equal(created.status, 200, created.text);
      loans[name] = created.body.loanId;
      const approved = await manager.post(`/loans/${created.body.loanId}?command=approve`, { approvedOnDate: '2025-01-07', ...DATES });
      assert.equal(approved.status, 200, approved.text);
      const disbursed = await t.post(`/loans/${created.body.loanId}?command=disburse`, { actualDisbursementDate: '2025-01-07', ...DATES });
      assert.equal(disbursed.status, 200, disbursed.text);
    }
    // Two meetings later: the instalments of the 14th and the 21st are due.
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: '2025-01-21', ...DATES })).status, 200);
  });
  after(async () => service.stop());

  test('the sheet of the 21st: per group and member, two instalments due, totals to the kobo', async () => {
    const res = await generate(t, center, '2025-01-21');
    assert.equal(res.status, 200, res.text);
    const sheet = res.body as { dueDate: number[]; groups: SheetGroup[]; totals: Record<string, number> };
    assert.deepEqual(sheet.dueDate, [2025, 1, 21]);
    // A fresh tenant's payment types: cash moves the officer's till.
    assert.deepEqual((res.body.paymentTypeOptions as { id: number; isCashPayment: boolean }[]).slice(0, 2).map((p) => [p.id, p.isCashPayment]), [[1, true], [2, false]]);
    assert.deepEqual(sheet.groups.map((g) => [g.groupId, g.groupName, g.clients.map((c) => c.clientId)]), [
      [groups[0]!.id, 'Ikeja A', groups[0]!.members], [groups[1]!.id, 'Ikeja B', groups[1]!.members],
    ]);
    // 10,000 over 8 weeks at 24% a year (24/52 % a week): the first week's interest is 10,000 x 0.24 / 52 = 46.15,
    // the equal instalment 10,000 x r / (1 - (1 + r)^-8) with r = 0.24 / 52 is 1,276.10 (1,276.101).
    const periods = await schedule(loans.a0!);
    assert.deepEqual(periods.slice(0, 2).map((p) => p.dueDate), [[2025, 1, 14], [2025, 1, 21]]);
    assert.equal(periods[0]!.interestDue, 46.15);
    assert.equal(kobo(periods[0]!.totalDueForPeriod), 127610);
    const principal = kobo(periods[0]!.principalDue) + kobo(periods[1]!.principalDue);
    const interest = kobo(periods[0]!.interestDue) + kobo(periods[1]!.interestDue);
    // Second week: interest on 10,000 - (1,276.10 - 46.15) = 8,770.05 is 40.48.
    assert.equal(kobo(periods[1]!.interestDue), 4048);
    assert.equal(principal + interest, 2 * 127610);
    for (const name of ['a0', 'a1', 'b0']) {
      const line = loanOf(sheet, { a0: groups[0]!.members[0], a1: groups[0]!.members[1], b0: groups[1]!.members[0] }[name]!);
      assert.equal(line.loanId, loans[name]);
      assert.deepEqual([kobo(line.principalDue), kobo(line.interestDue), line.feeDue, line.penaltyDue, line.chargesDue, kobo(line.totalDue)], [principal, interest, 0, 0, 0, 255220]);
    }
    const b1 = sheet.groups[1]!.clients[1]!;
    assert.deepEqual([b1.loans, b1.savings.map((s) => [s.savingsId, s.dueAmount])], [[], [[savings.b1, 0]]]);
    assert.deepEqual([kobo(sheet.groups[0]!.totals.totalDue!), kobo(sheet.groups[1]!.totals.totalDue!)], [2 * 255220, 255220]);
    assert.deepEqual([kobo(sheet.totals.principalDue!), kobo(sheet.totals.interestDue!), kobo(sheet.totals.totalDue!), sheet.totals.savingsDue], [3 * principal, 3 * interest, 3 * 255220, 0]);

    // A group's own sheet has its members only; GraphQL answers the same sheet.
    const groupSheet = await generate(t, groups[1]!.id, '2025-01-21', calendarId, 'groups');
    assert.equal(groupSheet.status, 200, groupSheet.text);
    assert.deepEqual(groupSheet.body.groups.map((g: SheetGroup) => g.groupId), [groups[1]!.id]);
    const gql = await t.request('POST', '/graphql', {
      body: { query: 'query($c: Int!, $cal: Int!) { collectionSheet(centerId: $c, calendarId: $cal, transactionDate: "2025-01-21") { totals { totalDue } } }', variables: { c: center, cal: calendarId } },
    });
    assert.equal(gql.body.errors, undefined, gql.text);
    // 3 x 2,552.20.
    assert.equal(gql.body.data.collectionSheet.totals.totalDue, '7656.6');
  });

  test('refused: a day that is no meeting, another calendar, another tenant\'s center', async () => {
    assertError(await generate(t, center, '2025-01-22'), 403, 'error.msg.meeting.not.valid.recurring.date');
    assertError(await generate(t, center, '2025-01-21', calendarId + 999), 404, 'error.msg.calendar.id.invalid');
    const stranger = await service.tenant();
    assertError(await generate(stranger, center, '2025-01-21'), 404, 'error.msg.center.id.invalid');
    assertError(await stranger.post(`/centers/${center}?command=saveCollectionSheet`, { transactionDate: '2025-01-21', paymentTypeId: BANK_TRANSFER, bulkRepaymentTransactions: [{ loanId: loans.a0, transactionAmount: 1 }], ...DATES }), 404, 'error.msg.center.id.invalid');
  });

  test('a save that fails on one line writes nothing; too many lines and disbursements are refused', async () => {
    const before = await Promise.all([loanSummary(loans.a0!), loanSummary(loans.b0!), balance(savings.b1!)]);
    // b0's line is more than closes the loan: the whole sheet is refused, a0's good line and b1's deposit too.
    const failed = await save({
      bulkRepaymentTransactions: [{ loanId: loans.a0, transactionAmount: 500 }, { loanId: loans.b0, transactionAmount: 20000 }],
      bulkSavingsDueTransactions: [{ savingsId: savings.b1, transactionAmount: 200 }],
    });
    assertError(failed, 403, 'error.msg.loan.transaction.amount.greater.than.outstanding');
    // A loan that is not on this center's sheet (another tenant's or group's id) is not found.
    assertError(await save({ bulkRepaymentTransactions: [{ loanId: loans.a0, transactionAmount: 500 }, { loanId: 999999, transactionAmount: 1 }] }), 404, 'error.msg.loan.id.invalid');
    assert.deepEqual(await Promise.all([loanSummary(loans.a0!), loanSummary(loans.b0!), balance(savings.b1!)]), before);

    // 500 lines in all: 300 repayments and 201 deposits are one too many, as 501 repayments are.
    const repayments = (n: number) => Array.from({ length: n }, () => ({ loanId: loans.a0, transactionAmount: 1 }));
    const deposits = Array.from({ length: 201 }, () => ({ savingsId: savings.b1, transactionAmount: 1 }));
    assertError(await save({ bulkRepaymentTransactions: repayments(300), bulkSavingsDueTransactions: deposits }), 400, 'validation.msg.collectionsheet.bulkRepaymentTransactions.exceeds.max.length');
    assertError(await save({ bulkRepaymentTransactions: repayments(501) }), 400, 'validation.msg.collectionsheet.bulkRepaymentTransactions.exceeds.max.length');
    assertError(await save({ bulkDisbursementTransactions: [{ loanId: loans.a0 }] }), 400, 'validation.msg.collectionsheet.bulkDisbursementTransactions.not.supported');
  });

  test('a saved sheet: a0 pays in part, a1 is absent, b0 pays in full, b1 deposits; once per Idempotency-Key', async () => {
    const body = {
      bulkRepaymentTransactions: [{ loanId: loans.a0, transactionAmount: 1000 }, { loanId: loans.a1, transactionAmount: 0 }, { loanId: loans.b0, transactionAmount: 2552.20 }],
      bulkSavingsDueTransactions: [{ savingsId: savings.b1, transactionAmount: 250 }],
    };
    const before = await Promise.all([loanSummary(loans.a0!), loanSummary(loans.a1!), loanSummary(loans.b0!), balance(savings.b1!)]);
    // a0's 1,000 pays the first instalment's 46.15 interest, then its principal (mifos-standard-strategy).
    const periods0 = (await schedule(loans.a0!))[0]!;
    const saved = await save(body, { 'Idempotency-Key': 'sheet-2025-01-21' });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.resourceId, center);
    assert.equal(saved.body.changes.loanTransactions.length, 2);
    assert.equal(saved.body.changes.SavingsTransactions.length, 1);
    const replay = await save(body, { 'Idempotency-Key': 'sheet-2025-01-21' });
    assert.equal(replay.status, 200, replay.text);
    assert.deepEqual(replay.body, saved.body);

    const [a0, a1, b0, b1] = await Promise.all([loanSummary(loans.a0!), loanSummary(loans.a1!), loanSummary(loans.b0!), balance(savings.b1!)]);
    assert.equal(kobo(a0.totalOutstanding), kobo(before[0]!.totalOutstanding) - 100000);
    assert.deepEqual(a1, before[1]);
    assert.equal(kobo(b0.totalOutstanding), kobo(before[2]!.totalOutstanding) - 255220);
    assert.equal(kobo(b1), kobo(before[3] as number) + 25000);
    // Each repayment is its own loan transaction with its own journal entry.
    const a0Loan = (await t.get(`/loans/${loans.a0}?associations=transactions`)).body;
    const repayments = (a0Loan.transactions as { type: { value: string }; amount: number }[]).filter((x) => x.type.value === 'Repayment');
    assert.deepEqual(repayments.map((x) => x.amount), [1000]);
    const events = async (loanId: number) => service.platform.db.system((em) => em.execute<{ amount: number }[]>(
      `select (payload->'data'->>'amount')::numeric::float8 as amount from kernel.outbox where tenant_id = ? and event_type = 'loan.repayment' and (payload->'data'->>'loanId')::int = ? order by id`,
      [t.tenant, loanId],
    ));
    assert.deepEqual([await events(loans.a0!), await events(loans.a1!), await events(loans.b0!)], [[{ amount: 1000 }], [], [{ amount: 2552.2 }]]);
    const journal = await t.get(`/journalentries?transactionId=L${saved.body.changes.loanTransactions[0]}`);
    assert.equal(journal.status, 200, journal.text);
    const lines = (journal.body.pageItems as { glAccountCode: string; entryType: { value: string }; amount: number }[]).map((e) => [e.glAccountCode, e.entryType.value, e.amount]).sort();
    // a0's 1,000: DR bank settlement, CR the portfolio with what was principal and interest income with the rest.
    const interestPaid = kobo(periods0.interestDue);
    assert.deepEqual(lines, [['11201', 'DEBIT', 1000], ['13101', 'CREDIT', (100000 - interestPaid) / 100], ['41101', 'CREDIT', interestPaid / 100]].sort());

    // The next sheet of the 21st: a0 owes 2,552.20 - 1,000 = 1,552.20, a1 still 2,552.20, b0 nothing.
    const sheet = (await generate(t, center, '2025-01-21')).body as { groups: SheetGroup[]; totals: Record<string, number> };
    assert.deepEqual([kobo(loanOf(sheet, groups[0]!.members[0]!).totalDue), kobo(loanOf(sheet, groups[0]!.members[1]!).totalDue), kobo(loanOf(sheet, groups[1]!.members[0]!).totalDue)], [155220, 255220, 0]);
    assert.equal(kobo(sheet.totals.totalDue!), 155220 + 255220);
  });
});
