import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { activeClient, application, approvedLoan, DATE, setBusinessDate } from '../loan/support.js';

const MON_FRI = 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR';

/**
 * 100,000 over 12 months from 2025-01-01 falls due on the 1st of each month: 2025-02-01 and 2025-03-01 are
 * Saturdays, 2025-06-01 a Sunday, 2025-04-01 a Tuesday, 2025-05-01 a Thursday, 2025-07-01 a Tuesday.
 */
describe('cob: working days and holidays move due dates', () => {
  let service: TestService;
  let t: TenantSession;
  let other: TenantSession;
  let branch: number;
  let client: number;

  const preview = async (session = t) => {
    const res = await session.post('/loans?command=calculateLoanSchedule', application(client, 1, 100000));
    assert.equal(res.status, 200, res.text);
    return res.body.periods.slice(1) as { dueDate: number[]; fromDate: number[]; totalDueForPeriod: number }[];
  };
  const schedule = async (loanId: number) => {
    const res = await t.get(`/loans/${loanId}?associations=repaymentSchedule`);
    assert.equal(res.status, 200, res.text);
    return res.body.repaymentSchedule.periods.slice(1) as { dueDate: number[]; fromDate: number[] }[];
  };
  const holiday = async (body: Record<string, unknown>, session = t) => session.post('/holidays', { ...DATE, locale: 'en', ...body });

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    other = await service.tenant();
    branch = await t.branch();
    await setBusinessDate(t, '2025-01-01');
    client = await activeClient(t, branch);
  });
  after(async () => service.stop());

  test('working days: every day by default; Monday to Friday moves a Saturday instalment by each reschedule type', async () => {
    const initial = await t.get('/workingdays');
    assert.equal(initial.status, 200, initial.text);
    assert.deepEqual(initial.body, { id: 1, recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR,SA,SU', repaymentRescheduleType: { id: 2, code: 'RepaymentRescheduleType.move.to.next.working.day', value: 'move to next working day' }, extendTermForDailyRepayments: false });
    assert.deepEqual((await preview())[0]!.dueDate, [2025, 2, 1], 'every day works: the Saturday stays');
    const template = await t.get('/workingdays/template');
    assert.deepEqual(template.body.repaymentRescheduleOptions.map((o: { id: number }) => o.id), [1, 2, 3, 4]);

    const put = await t.put('/workingdays', { recurrence: MON_FRI, repaymentRescheduleType: 2, extendTermForDailyRepayments: false, locale: 'en' });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(put.body, { resourceId: 1, changes: { recurrence: MON_FRI } });
    let periods = await preview();
    // Next working day: Saturday 1 February is Monday 3 February, and the next period starts there.
    assert.deepEqual([periods[0]!.dueDate, periods[1]!.fromDate, periods[1]!.dueDate, periods[3]!.dueDate, periods[4]!.dueDate], [[2025, 2, 3], [2025, 2, 3], [2025, 3, 3], [2025, 5, 1], [2025, 6, 2]]);
    // Amounts do not change: interest is per period.
    assert.equal(periods[0]!.totalDueForPeriod, 9455.96);

    await t.put('/workingdays', { repaymentRescheduleType: 4, locale: 'en' });
    periods = await preview();
    assert.deepEqual([periods[0]!.dueDate, periods[4]!.dueDate], [[2025, 1, 31], [2025, 5, 30]], 'previous working day');
    await t.put('/workingdays', { repaymentRescheduleType: 1, locale: 'en' });
    assert.deepEqual((await preview())[0]!.dueDate, [2025, 2, 1], 'same day');
    await t.put('/workingdays', { repaymentRescheduleType: 3, locale: 'en' });
    // Next repayment date: 1 March, itself a Saturday, so on to the Monday after.
    assert.deepEqual((await preview())[0]!.dueDate, [2025, 3, 3], 'next repayment meeting day');

    // A submitted loan keeps the calendar's dates.
    await t.put('/workingdays', { repaymentRescheduleType: 2, locale: 'en' });
    const created = await t.post('/loans', application(client, 1, 100000));
    assert.equal(created.status, 200, created.text);
    assert.deepEqual((await schedule(created.body.loanId))[0]!.dueDate, [2025, 2, 3]);

    assertError(await t.put('/workingdays', { recurrence: 'FREQ=DAILY', locale: 'en' }), 400, 'validation.msg.workingdays.recurrence.invalid');
    assertError(await t.put('/workingdays', { repaymentRescheduleType: 9, locale: 'en' }), 400, 'validation.msg.workingdays.repaymentRescheduleType.is.not.one.of.expected.enumerations');
    assert.equal((await t.get('/workingdays')).body.recurrence, MON_FRI, 'refused changes wrote nothing');
    // Tenants' calendars are their own.
    assert.equal((await other.get('/workingdays')).body.recurrence, 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR,SA,SU');
    const manager = await t.userWithRoles([320007], branch);
    assertError(await manager.put('/workingdays', { repaymentRescheduleType: 1, locale: 'en' }), 403, 'error.msg.not.authorized');
  });

  test('holidays: created pending, edited while pending, activated, then only deleted; validation and other tenants', async () => {
    assertError(await holiday({ name: 'Bad', fromDate: '2025-04-02', toDate: '2025-04-01', repaymentsRescheduledTo: '2025-04-03', offices: [{ officeId: branch }] }), 403, 'error.msg.holiday.to.date.cannot.be.before.from.date');
    assertError(await holiday({ name: 'Bad', fromDate: '2025-04-01', toDate: '2025-04-02', repaymentsRescheduledTo: '2025-04-02', offices: [{ officeId: branch }] }), 403, 'error.msg.holiday.repayments.rescheduled.date.should.be.before.from.date.or.after.to.date');
    assertError(await holiday({ name: 'Bad', fromDate: '2025-04-01', toDate: '2025-04-02', repaymentsRescheduledTo: '2025-04-05', offices: [{ officeId: branch }] }), 403, 'error.msg.holiday.repayments.rescheduled.date.should.not.fall.on.non.working.day');
    assertError(await holiday({ name: 'Bad', fromDate: '2025-04-01', toDate: '2025-04-02', repaymentsRescheduledTo: '2025-06-02', offices: [{ officeId: branch }] }), 403, 'error.msg.holiday.repayments.rescheduled.to.must.be.within.range');
    assertError(await holiday({ name: 'Bad', fromDate: '2025-04-01', toDate: '2025-04-02', repaymentsRescheduledTo: '2025-04-03' }), 400, 'validation.msg.holiday.offices.cannot.be.blank');
    assertError(await holiday({ name: 'Bad', fromDate: '2025-04-01', toDate: '2025-04-02', offices: [{ officeId: branch }] }), 400, 'validation.msg.holiday.repaymentsRescheduledTo.cannot.be.blank');
    assertError(await holiday({ name: 'Bad', fromDate: '2025-04-01', toDate: '2025-04-02', repaymentsRescheduledTo: '2025-04-03', offices: [{ officeId: 99999 }] }), 404, 'error.msg.office.id.invalid');
    assert.deepEqual((await t.get(`/holidays?officeId=${branch}`)).body, [], 'refused holidays wrote nothing');

    const created = await holiday({ name: 'Spring break', description: 'Two days', fromDate: '2025-04-01', toDate: '2025-04-02', repaymentsRescheduledTo: '2025-04-03', offices: [{ officeId: branch }] });
    assert.equal(created.status, 200, created.text);
    const id = created.body.resourceId as number;
    assertError(await holiday({ name: 'spring BREAK', fromDate: '2025-08-01', toDate: '2025-08-01', repaymentsRescheduledTo: '2025-08-04', offices: [{ officeId: branch }] }), 403, 'error.msg.holiday.duplicate.name');

    const got = await t.get(`/holidays/${id}`);
    assert.equal(got.status, 200, got.text);
    assert.deepEqual(got.body, {
      id, name: 'Spring break', description: 'Two days', fromDate: [2025, 4, 1], toDate: [2025, 4, 2], repaymentsRescheduledTo: [2025, 4, 3], reschedulingType: 2,
      status: { id: 100, code: 'holidayStatusType.pending.for.activation', value: 'Pending for activation' }, officeId: branch, offices: [{ officeId: branch }],
    });
    assert.deepEqual((await t.get(`/holidays?officeId=${branch}&fromDate=2025-04-02&toDate=2025-12-31`)).body.map((h: { id: number }) => h.id), [id]);
    assert.deepEqual((await t.get(`/holidays?officeId=${branch}&fromDate=2025-04-03`)).body, []);
    assert.deepEqual((await t.get('/holidays/template')).body.rescheduleOptions.map((o: { id: number }) => o.id), [1, 2]);

    // Pending: new schedules ignore it.
    assert.deepEqual((await preview())[2]!.dueDate, [2025, 4, 1]);
    const edited = await t.put(`/holidays/${id}`, { toDate: '2025-04-01', ...DATE });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.changes.toDate, '2025-04-01');
    assert.deepEqual(Object.keys(edited.body.changes).filter((k) => !['dateFormat', 'locale'].includes(k)), ['toDate']);

    const activated = await t.post(`/holidays/${id}?command=activate`);
    assert.equal(activated.status, 200, activated.text);
    assert.equal((await t.get(`/holidays/${id}`)).body.status.id, 300);
    assertError(await t.post(`/holidays/${id}?command=activate`), 403, 'validation.msg.holiday.not.in.pending.for.activation.state');
    assertError(await t.put(`/holidays/${id}`, { fromDate: '2025-03-31', ...DATE }), 400, 'validation.msg.holiday.update.cannot.edit.holiday.in.active.state');
    assert.equal((await t.put(`/holidays/${id}`, { name: 'Spring day', locale: 'en' })).status, 200, 'an active holiday\'s name may change');

    // Active: a new schedule's instalment on 1 April goes to the named date.
    assert.deepEqual((await preview())[2]!.dueDate, [2025, 4, 3]);

    // Another tenant, and a head-office-less staff member of another branch, do not see it.
    assertError(await other.get(`/holidays/${id}`), 404, 'error.msg.holiday.id.invalid');
    assertError(await other.delete(`/holidays/${id}`), 404, 'error.msg.holiday.id.invalid');
    const elsewhere = await t.branch();
    const outsider = await t.userWithRoles([320007], elsewhere);
    assertError(await outsider.get(`/holidays/${id}`), 404, 'error.msg.holiday.id.invalid');

    const deleted = await t.delete(`/holidays/${id}`);
    assert.equal(deleted.status, 200, deleted.text);
    assertError(await t.get(`/holidays/${id}`), 404, 'error.msg.holiday.id.invalid');
    assert.deepEqual((await preview())[2]!.dueDate, [2025, 4, 1], 'a deleted holiday moves nothing');
  });

  test('activating a holiday moves existing loans\' instalments in the next close of business, once, by each reschedule type', async () => {
    const loanA = await approvedLoan(t, client, 100000);
    const loanB = await approvedLoan(t, client, 50000);
    // Named date: 1 May (Thursday) and 2 May to Monday 5 May.
    const named = (await holiday({ name: 'May days', fromDate: '2025-05-01', toDate: '2025-05-02', repaymentsRescheduledTo: '2025-05-05', offices: [{ officeId: branch }] })).body.resourceId;
    // Next repayment date: 1 July (Tuesday) to the loan's 1 August instalment.
    const next = (await holiday({ name: 'July day', fromDate: '2025-07-01', toDate: '2025-07-01', reschedulingType: 1, offices: [{ officeId: branch }] })).body.resourceId;
    assert.equal((await t.post(`/holidays/${named}?command=activate`)).status, 200);
    assert.equal((await t.post(`/holidays/${next}?command=activate`)).status, 200);
    assert.deepEqual((await schedule(loanA))[3]!.dueDate, [2025, 5, 1], 'activation alone moves nothing: the run does');

    const run = await t.post('/cob?command=run');
    assert.equal(run.status, 200, run.text);
    const step = run.body.at(-1).steps.find((s: { stepCode: string }) => s.stepCode === 'APPLY_HOLIDAYS_TO_LOANS');
    assert.equal(step.status, 'COMPLETED');
    assert.ok(step.processed >= 2, `both loans moved: ${JSON.stringify(step)}`);

    for (const loanId of [loanA, loanB]) {
      const periods = await schedule(loanId);
      assert.deepEqual([periods[3]!.dueDate, periods[4]!.fromDate], [[2025, 5, 5], [2025, 5, 5]], 'named date, and the next period starts there');
      assert.deepEqual([periods[5]!.dueDate, periods[6]!.dueDate], [[2025, 8, 1], [2025, 8, 1]], 'July\'s instalment joins August\'s');
      const moves = await t.get(`/loans/${loanId}/holiday-moves`);
      assert.deepEqual(moves.body.map((m: { period: number; oldDueDate: number[]; newDueDate: number[] }) => [m.period, m.oldDueDate, m.newDueDate]), [[4, [2025, 5, 1], [2025, 5, 5]], [6, [2025, 7, 1], [2025, 8, 1]]]);
    }
    const closed = run.body.at(-1).businessDate as number[];
    assert.deepEqual((await t.get(`/holidays/${named}`)).body.rescheduledOn, closed);

    // The next date's run applies no holiday twice.
    const again = await t.post('/cob?command=run');
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.at(-1).steps.find((s: { stepCode: string }) => s.stepCode === 'APPLY_HOLIDAYS_TO_LOANS').processed, 0);
    assert.equal((await t.get(`/loans/${loanA}/holiday-moves`)).body.length, 2);
    assert.deepEqual((await schedule(loanA))[3]!.dueDate, [2025, 5, 5]);
    assertError(await other.get(`/loans/${loanA}/holiday-moves`), 404, 'error.msg.loan.id.invalid');
    assertError(await (await t.userWithRoles([320007], await t.branch())).get(`/loans/${loanA}/holiday-moves`), 404, 'error.msg.loan.id.invalid');
  });
});
