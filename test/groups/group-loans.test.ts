import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';

const DATES = { dateFormat: 'yyyy-MM-dd', locale: 'en' };

/** JLG loans whose instalments fall on their group's meeting dates, over HTTPS on PostgreSQL. */
describe('group loans (JLG) synced with the meeting', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let center: number;
  let groups: { id: number; members: number[] }[];
  let calendarId: number;

  const weekly = (clientId: number, groupId: number, extra: Record<string, unknown> = {}) => ({
    clientId, productId: 1, principal: 10000, loanTermFrequency: 8, loanTermFrequencyType: 1, numberOfRepayments: 8, repaymentEvery: 1, repaymentFrequencyType: 1,
    interestRatePerPeriod: 24, interestRateFrequencyType: 3, amortizationType: 1, interestType: 0, interestCalculationPeriodType: 1,
    transactionProcessingStrategyCode: 'mifos-standard-strategy', expectedDisbursementDate: '2025-01-07', submittedOnDate: '2025-01-07',
    loanType: 'jlg', groupId, calendarId, syncRepaymentsWithMeeting: true, syncDisbursementWithMeeting: true, ...DATES, ...extra,
  });

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    // Tuesday 7 January 2025: the center's first meeting, and the loans' disbursement day.
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: '2025-01-07', ...DATES })).status, 200);
    branch = await t.branch();
    center = (await t.post('/centers', { officeId: branch, name: 'Oshodi Center', active: true, activationDate: '2025-01-06', ...DATES })).body.resourceId;
    groups = [];
    for (const name of ['Oshodi A', 'Oshodi B']) {
      const members: number[] = [];
      for (let i = 0; i < 5; i++) {
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
    // Tuesday 11 February is a holiday: that week's meeting, and its instalments, are on Wednesday the 12th.
    const holiday = await t.post('/holidays', { name: 'Market closed', fromDate: '2025-02-11', toDate: '2025-02-11', repaymentsRescheduledTo: '2025-02-12', offices: [{ officeId: branch }], ...DATES });
    assert.equal(holiday.status, 200, holiday.text);
    assert.equal((await t.post(`/holidays/${holiday.body.resourceId}?command=activate`)).status, 200);
  });
  after(async () => service.stop());

  test('a member\'s JLG loan falls due on the center\'s Tuesdays, the holiday week on Wednesday, with the individual loan\'s amounts', async () => {
    const [a] = groups;
    const created = await t.post('/loans', weekly(a!.members[0]!, a!.id));
    assert.equal(created.status, 200, created.text);
    const loan = await t.get(`/loans/${created.body.loanId}?associations=repaymentSchedule`);
    assert.equal(loan.status, 200, loan.text);
    assert.deepEqual(loan.body.loanType, { id: 3, code: 'accountType.jlg', value: 'JLG' });
    assert.equal(loan.body.groupId, a!.id);
    const periods = (loan.body.repaymentSchedule.periods as { period?: number; dueDate: number[]; totalDueForPeriod: number; principalDue: number; interestDue: number }[]).filter((p) => p.period);
    assert.deepEqual(periods.map((p) => p.dueDate), [
      [2025, 1, 14], [2025, 1, 21], [2025, 1, 28], [2025, 2, 4], [2025, 2, 12], [2025, 2, 18], [2025, 2, 25], [2025, 3, 4],
    ]);
    // The amounts are the individual schedule's: 24% a year is 24/52 % a week on 10,000 over 8 weeks.
    const individual = await t.post('/loans?command=calculateLoanSchedule', { ...weekly(a!.members[1]!, a!.id), loanType: 'individual', groupId: undefined, calendarId: undefined, syncRepaymentsWithMeeting: undefined, syncDisbursementWithMeeting: undefined });
    assert.equal(individual.status, 200, individual.text);
    const expected = (individual.body.periods as { period?: number; totalDueForPeriod: number; principalDue: number; interestDue: number }[]).filter((p) => p.period);
    assert.deepEqual(periods.map((p) => [p.principalDue, p.interestDue, p.totalDueForPeriod]), expected.map((p) => [p.principalDue, p.interestDue, p.totalDueForPeriod]));
    // First week: 10,000 x 24% / 52 = 46.15 interest.
    assert.equal(periods[0]!.interestDue, 46.15);
    const total = periods.reduce((sum, p) => sum + Math.round(p.principalDue * 100), 0);
    assert.equal(total, 1_000_000);
  });

  test('refused: a client outside the group, a monthly loan on a weekly meeting, a disbursement off the meeting, another meeting', async () => {
    const [a, b] = groups;
    assertError(await t.post('/loans', weekly(b!.members[0]!, a!.id)), 403, 'error.msg.group.client.not.in.group');
    assertError(await t.post('/loans', weekly(a!.members[2]!, a!.id, { repaymentFrequencyType: 2, loanTermFrequencyType: 2 })), 403, 'error.msg.calendar.loan.repayment.frequency.not.the.same.as.meeting.frequency');
    assertError(await t.post('/loans', weekly(a!.members[2]!, a!.id, { expectedDisbursementDate: '2025-01-06', submittedOnDate: '2025-01-06' })), 403, 'error.msg.loan.application.disbursement.date.do.not.match.meeting.date');
    assertError(await t.post('/loans', weekly(a!.members[2]!, a!.id, { calendarId: calendarId + 100 })), 404, 'error.msg.calendar.id.invalid');
    assertError(await t.post('/loans', weekly(a!.members[2]!, a!.id, { groupId: null })), 400, 'validation.msg.loan.groupId.cannot.be.blank');
    assertError(await t.post('/loans', weekly(a!.members[2]!, a!.id, { loanType: 'group' })), 400, 'validation.msg.loan.loanType.is.not.one.of.expected.enumerations');
    const stranger = await service.tenant();
    assertError(await stranger.post('/loans', weekly(a!.members[2]!, a!.id)), 404, 'error.msg.client.id.invalid');
  });

  test('the loan template offers Individual and JLG', async () => {
    const tpl = await t.get(`/loans/template?templateType=individual&clientId=${groups[0]!.members[0]}`);
    assert.equal(tpl.status, 200, tpl.text);
    assert.deepEqual(tpl.body.loanTypeOptions, [{ id: 1, code: 'accountType.individual', value: 'Individual' }, { id: 3, code: 'accountType.jlg', value: 'JLG' }]);
  });
});
