import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { activeClient, approvedLoan, DATE, savingsAccount, setBusinessDate } from '../loan/support.js';

/** The job ids, in id order: 1 stays the delinquency classification; the others follow the run's order. */
const JOBS = [
  [1, 'LOAN_DELINQUENCY_CLASSIFICATION', 'Loan Delinquency Classification'],
  [2, 'APPLY_CHARGE_TO_OVERDUE_LOAN_INSTALLMENT', 'Apply penalty to overdue loans'],
  [3, 'ADD_PERIODIC_ACCRUAL_ENTRIES', 'Add Periodic Accrual Transactions'],
  [4, 'POST_INTEREST_FOR_SAVINGS', 'Post Interest For Savings'],
  [5, 'PAY_DUE_SAVINGS_CHARGES', 'Pay Due Savings Charges'],
  [6, 'UPDATE_SAVINGS_DORMANT_ACCOUNTS', 'Update Savings Dormant Accounts'],
  [7, 'APPLY_HOLIDAYS_TO_LOANS', 'Apply Holidays To Loans'],
];

interface JobRun { version: number; status: string; triggerType: string; businessDate: number[]; accountsProcessed: number; jobRunErrorMessage?: string; jobRunErrorLog?: string; failedAfterAccountId?: number }
interface Job { jobId: number; shortName: string; displayName: string; cronExpression: string; active: boolean; currentlyRunning: boolean; nextRunTime?: string; lastRunHistory?: JobRun }

describe('cob: the steps as scheduler jobs, the scheduler', () => {
  let service: TestService;
  let t: TenantSession;
  let other: TenantSession;
  let branch: number;

  const jobs = async (session = t): Promise<Job[]> => {
    const res = await session.get('/jobs');
    assert.equal(res.status, 200, res.text);
    return res.body;
  };
  const history = async (jobId: number, query = '', session = t): Promise<{ totalFilteredRecords: number; pageItems: JobRun[] }> => {
    const res = await session.get(`/jobs/${jobId}/runhistory${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body;
  };
  const dates = async (session = t) => (await session.get('/businessdate')).body.map((d: { type: string; date: number[] }) => [d.type, d.date]);

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    other = await service.tenant();
    branch = await t.branch();
    await setBusinessDate(t, '2025-01-01');
    const client = await activeClient(t, branch);
    await savingsAccount(t, client);
    const loanId = await approvedLoan(t, client, 100000);
    const disbursed = await t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE });
    assert.equal(disbursed.status, 200, disbursed.text);
  });
  after(async () => service.stop());

  test('GET /jobs: every step a job, daily at midnight by default, active, never run; /jobs/{id} and /jobs/names', async () => {
    const list = await jobs();
    assert.deepEqual(list.map((j) => [j.jobId, j.shortName, j.displayName, j.cronExpression, j.active, j.currentlyRunning, j.lastRunHistory]),
      JOBS.map(([id, code, name]) => [id, code, name, '0 0 0 1/1 * ? *', true, false, undefined]));
    // Next midnight (UTC) after now.
    const next = new Date(list[0]!.nextRunTime!);
    assert.equal(next.toISOString().slice(11), '00:00:00.000Z');
    assert.ok(next.getTime() > Date.now() && next.getTime() <= Date.now() + 86_400_000);

    const one = await t.get('/jobs/6');
    assert.equal(one.status, 200, one.text);
    assert.equal(one.body.shortName, 'UPDATE_SAVINGS_DORMANT_ACCOUNTS');
    assertError(await t.get('/jobs/99'), 404, 'error.msg.sheduler.job.id.invalid');
    assertError(await t.post('/jobs/99?command=executeJob'), 404, 'error.msg.sheduler.job.id.invalid');

    // Fineract's business jobs: the close of business, and its steps in order.
    const names = await t.get('/jobs/names');
    assert.equal(names.status, 200, names.text);
    assert.deepEqual(names.body, { businessJobs: ['LOAN_CLOSE_OF_BUSINESS'] });
    const steps = await t.get('/jobs/LOAN_CLOSE_OF_BUSINESS/steps');
    assert.equal(steps.status, 200, steps.text);
    assert.deepEqual(steps.body.businessSteps.map((s: { stepName: string; order: number }) => [s.order, s.stepName]), [
      [1, 'APPLY_CHARGE_TO_OVERDUE_LOAN_INSTALLMENT'], [2, 'LOAN_DELINQUENCY_CLASSIFICATION'], [3, 'ADD_PERIODIC_ACCRUAL_ENTRIES'], [4, 'POST_INTEREST_FOR_SAVINGS'],
      [5, 'PAY_DUE_SAVINGS_CHARGES'], [6, 'UPDATE_SAVINGS_DORMANT_ACCOUNTS'], [7, 'APPLY_HOLIDAYS_TO_LOANS'],
    ]);
    assertError(await t.get('/jobs/LOAN_COB/steps'), 404, 'error.msg.sheduler.job.id.invalid');

    // Reading needs READ_SCHEDULER; running EXECUTEJOB_SCHEDULER; changing UPDATE_SCHEDULER.
    const manager = await t.userWithRoles([320007], branch);
    assertError(await manager.post('/jobs/1?command=executeJob'), 403, 'error.msg.not.authorized');
    assertError(await manager.put('/jobs/1', { active: false }), 403, 'error.msg.not.authorized');
    assertError(await manager.post('/scheduler?command=stop'), 403, 'error.msg.not.authorized');
  });

  test('executeJob runs the step now for the business date; running it again is harmless; the history says so, per tenant', async () => {
    const first = await t.post('/jobs/1?command=executeJob');
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.body, { jobId: 1, businessDate: [2025, 1, 1], processed: 1, status: 'success' });
    const again = await t.post('/jobs/1?command=executeJob');
    assert.deepEqual(again.body, first.body);

    const page = await history(1);
    assert.equal(page.totalFilteredRecords, 2);
    assert.deepEqual(page.pageItems.map((r) => [r.version, r.status, r.triggerType, r.businessDate, r.accountsProcessed]), [
      [2, 'success', 'application', [2025, 1, 1], 1],
      [1, 'success', 'application', [2025, 1, 1], 1],
    ]);
    assert.deepEqual((await history(1, '?offset=1&limit=1')).pageItems.map((r) => r.version), [1]);
    const job = (await jobs()).find((j) => j.jobId === 1)!;
    assert.equal(job.lastRunHistory!.version, 2);
    // Executing a job closes no date: the business date stays.
    assert.deepEqual(await dates(), [['BUSINESS_DATE', [2025, 1, 1]], ['COB_DATE', [2024, 12, 31]]]);
    // The other tenant's jobs never ran.
    assert.equal((await history(1, '', other)).totalFilteredRecords, 0);
    assert.ok((await jobs(other)).every((j) => j.lastRunHistory === undefined));
  });

  test('PUT /jobs/{id}: a daily cron expression and active; an inactive job is skipped by the run; a run\'s steps join their jobs\' history', async () => {
    assertError(await t.put('/jobs/3', { cronExpression: '0 0/5 * * * ?' }), 400, 'validation.msg.schedulerjob.cronExpression.invalid');
    assertError(await t.put('/jobs/3', { cronExpression: 'every day' }), 400, 'validation.msg.schedulerjob.cronExpression.invalid');
    assertError(await t.put('/jobs/3', {}), 400, 'validation.msg.schedulerjob.cronExpression.cannot.be.blank');
    assert.equal((await jobs()).find((j) => j.jobId === 3)!.cronExpression, '0 0 0 1/1 * ? *', 'nothing written');

    let accruals = 0;
    service.services.cob.run.register('ADD_PERIODIC_ACCRUAL_ENTRIES', {
      batch: async (_tx, _date, cursor) => {
        accruals++;
        return { cursor: cursor + 5, processed: 5, done: true };
      },
    });
    const off = await t.put('/jobs/3', { active: false, cronExpression: '0 30 1 1/1 * ? *' });
    assert.equal(off.status, 200, off.text);
    assert.deepEqual(off.body, { resourceId: 3, changes: { cronExpression: '0 30 1 1/1 * ? *', active: false } });
    const job = (await jobs()).find((j) => j.jobId === 3)!;
    assert.deepEqual([job.active, job.cronExpression, job.nextRunTime], [false, '0 30 1 1/1 * ? *', undefined]);
    assert.equal((await jobs(other)).find((j) => j.jobId === 3)!.active, true, 'another tenant\'s job is its own');

    const run = await t.post('/cob?command=run');
    assert.equal(run.status, 200, run.text);
    assert.equal(run.body[0].status, 'COMPLETED');
    assert.equal(accruals, 0, 'the inactive step did nothing');
    assert.deepEqual(await dates(), [['BUSINESS_DATE', [2025, 1, 2]], ['COB_DATE', [2025, 1, 1]]]);
    // The run's steps are in their jobs' history, the inactive one with nothing processed.
    assert.deepEqual((await history(3)).pageItems.map((r) => [r.status, r.triggerType, r.businessDate, r.accountsProcessed]), [['success', 'application', [2025, 1, 1], 0]]);
    assert.equal((await history(1)).totalFilteredRecords, 3);

    const on = await t.put('/jobs/3', { active: true });
    assert.deepEqual(on.body.changes, { active: true });
    const next = await t.post('/cob?command=run');
    assert.equal(next.body[0].status, 'COMPLETED');
    assert.equal(accruals, 1);
    assert.deepEqual((await history(3)).pageItems.map((r) => [r.version, r.businessDate, r.accountsProcessed]), [[2, [2025, 1, 2], 5], [1, [2025, 1, 1], 0]]);
    const onDemand = await t.post('/jobs/3?command=executeJob');
    assert.deepEqual([onDemand.body.processed, accruals], [5, 2], 'executeJob runs the step whatever the run did');
  });

  test('a failed step: its job\'s history has the error and where the failed batch began; the run resumes', async () => {
    service.services.cob.run.register('ADD_PERIODIC_ACCRUAL_ENTRIES', {
      batch: async (_tx, _date, cursor) => {
        if (cursor === 40) throw new Error('loan 41 has no schedule');
        return { cursor: 40, processed: 40, done: false };
      },
    });
    const run = await t.post('/cob?command=run');
    assert.equal(run.body[0].status, 'FAILED');
    const [failed] = (await history(3)).pageItems;
    assert.deepEqual([failed!.status, failed!.businessDate, failed!.accountsProcessed, failed!.jobRunErrorMessage, failed!.failedAfterAccountId],
      ['failed', [2025, 1, 3], 40, 'loan 41 has no schedule', 40]);
    assert.match(failed!.jobRunErrorLog!, /after id 40/);
    const onDemand = await t.post('/jobs/3?command=executeJob');
    assert.deepEqual([onDemand.status, onDemand.body.status, onDemand.body.error], [200, 'failed', 'loan 41 has no schedule']);
    assert.deepEqual(await dates(), [['BUSINESS_DATE', [2025, 1, 3]], ['COB_DATE', [2025, 1, 2]]], 'the date stays open');

    service.services.cob.run.register('ADD_PERIODIC_ACCRUAL_ENTRIES', { batch: async (_tx, _date, cursor) => ({ cursor, processed: 2, done: true }) });
    assert.equal((await t.post('/cob?command=run')).body[0].status, 'COMPLETED');
    assert.deepEqual((await history(3)).pageItems.slice(0, 1).map((r) => [r.status, r.businessDate, r.accountsProcessed]), [['success', [2025, 1, 3], 42]]);
  });

  test('the scheduler: stopped, it runs nothing; started, one process closes the due dates under its lease', async () => {
    const s = await service.tenant();
    await setBusinessDate(s, '2025-01-01');
    assert.deepEqual((await s.get('/scheduler')).body, { active: true });
    const stop = await s.post('/scheduler?command=stop');
    assert.equal(stop.status, 200, stop.text);
    assert.deepEqual((await s.get('/scheduler')).body, { active: false });
    assert.equal((await s.get('/jobs/1')).body.nextRunTime, undefined, 'no next run while stopped');
    assert.deepEqual((await t.get('/scheduler')).body, { active: true }, 'another tenant\'s scheduler runs on');

    const scheduler = service.services.cob.scheduler;
    // 2025-01-04 00:30 UTC: midnight has passed, so the dates through 2025-01-03 are due.
    const now = new Date('2025-01-04T00:30:00Z');
    assert.deepEqual(await scheduler.runTenant(s.tenant, now), []);
    assert.deepEqual(await dates(s), [['BUSINESS_DATE', [2025, 1, 1]], ['COB_DATE', [2024, 12, 31]]]);

    assert.equal((await s.post('/scheduler?command=start')).status, 200);
    // Another process holds the tenant's lease: this one waits.
    await service.platform.db.system((em) => em.execute(`update cob.scheduler set lease_owner = 'elsewhere', lease_until = now() + interval '1 minute' where tenant_id = ?`, [s.tenant]));
    assert.deepEqual(await scheduler.runTenant(s.tenant, now), []);
    // Its lease lapses (it crashed): this process takes over.
    await service.platform.db.system((em) => em.execute(`update cob.scheduler set lease_until = now() - interval '1 second' where tenant_id = ?`, [s.tenant]));
    const closed = await scheduler.runTenant(s.tenant, now);
    assert.deepEqual(closed.map((o) => [o.run.businessDate, o.run.status, o.run.triggeredBy]), [
      ['2025-01-01', 'COMPLETED', 'scheduler'], ['2025-01-02', 'COMPLETED', 'scheduler'], ['2025-01-03', 'COMPLETED', 'scheduler'],
    ], 'a tenant never closed starts at its business date');
    assert.deepEqual(await dates(s), [['BUSINESS_DATE', [2025, 1, 4]], ['COB_DATE', [2025, 1, 3]]]);
    // The next tick before the next firing finds the due dates closed: nothing moves.
    const again = await scheduler.runTenant(s.tenant, now);
    assert.deepEqual(again.map((o) => [o.run.businessDate, o.run.status]), [['2025-01-03', 'COMPLETED']]);
    assert.deepEqual(await dates(s), [['BUSINESS_DATE', [2025, 1, 4]], ['COB_DATE', [2025, 1, 3]]]);
    // Before the day's firing time (01:30 with every job at 01:30), 2025-01-04 is not due yet.
    for (const [id] of JOBS) assert.equal((await s.put(`/jobs/${id}`, { cronExpression: '0 30 1 * * ?' })).status, 200);
    const early = await scheduler.runTenant(s.tenant, new Date('2025-01-05T01:00:00Z'));
    assert.deepEqual(early.map((o) => o.run.businessDate), ['2025-01-03'], 'nothing new is due');
    const due = await scheduler.runTenant(s.tenant, new Date('2025-01-05T01:30:00Z'));
    assert.deepEqual(due.map((o) => o.run.businessDate), ['2025-01-04']);
    assert.equal((await history(1, '', s)).pageItems[0]!.triggerType, 'cron');
    const lease = await service.platform.db.system((em) => em.execute<{ lease_owner: string | null }[]>(`select lease_owner from cob.scheduler where tenant_id = ?`, [s.tenant]));
    assert.equal(lease[0]!.lease_owner, null, 'the lease is released after the run');
  });

  test('/metrics counts runs and steps by outcome, with the step codes as labels', async () => {
    const text = (await service.request('GET', '/metrics')).text;
    const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1]);
    assert.ok(value(/^cob_runs_total\{outcome="success"\} (\d+)/m) >= 5, text.slice(0, 200));
    assert.ok(value(/^cob_runs_total\{outcome="failed"\} (\d+)/m) >= 1);
    assert.ok(value(/^cob_step_failures_total\{step="ADD_PERIODIC_ACCRUAL_ENTRIES"\} (\d+)/m) >= 2);
    assert.ok(value(/^cob_step_runs_total\{step="LOAN_DELINQUENCY_CLASSIFICATION",outcome="success"\} (\d+)/m) >= 7);
    assert.ok(value(/^cob_step_accounts_processed_total\{step="LOAN_DELINQUENCY_CLASSIFICATION"\} (\d+)/m) >= 2);
    assert.match(text, /^cob_step_duration_seconds_total\{step="APPLY_HOLIDAYS_TO_LOANS"\} /m);
  });
});
