import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import pg from 'pg';
import { dropTestDatabase } from '../support/database.js';
import { ServiceProcess } from '../support/service-process.js';
import { application, DATE } from '../loan/support.js';

const LOANS = 6;
/** The loan whose batch is held (by a row lock this test takes) when the process is killed. */
const HELD = 4;

/**
 * kill -9 in the middle of a step: the holiday step works one loan per batch (COB_BATCH_SIZE=1); the
 * fourth loan's instalments are locked by this test, so the process is killed with three batches
 * committed and the fourth waiting. After a restart the run resumes at the step's cursor: every loan is
 * moved once, the step counts each loan once, and the business date moves only then.
 */
test('kill -9 in the middle of a close-of-business step: after a restart the run completes with every loan processed once', async () => {
  const service = await ServiceProcess.start({ WORKERS: '1', COB_BATCH_SIZE: '1' }, { keepDatabase: true });
  const databaseUrl = service.databaseUrl;
  const db = new pg.Client({ connectionString: databaseUrl });
  const holder = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await holder.connect();
  try {
    const admin = await service.admin();
    assert.equal((await admin.post('/businessdate', { type: 'BUSINESS_DATE', date: '2025-01-01', ...DATE })).status, 200);
    const branch = (await admin.post('/offices', { name: `Crash ${randomUUID().slice(0, 8)}`, parentId: 1, openingDate: '2024-01-01', ...DATE })).body.resourceId;
    const client = await admin.post('/clients', { officeId: branch, legalFormId: 1, firstname: 'Ada', lastname: 'Obi', active: true, activationDate: '2024-06-01', ...DATE });
    assert.equal(client.status, 200, client.text);
    const loanIds: number[] = [];
    for (let i = 0; i < LOANS; i++) {
      const created = await admin.post('/loans', application(client.body.clientId, 1, 10000 + i));
      assert.equal(created.status, 200, created.text);
      loanIds.push(created.body.loanId);
    }
    const holiday = await admin.post('/holidays', { name: 'May days', fromDate: '2025-05-01', toDate: '2025-05-02', repaymentsRescheduledTo: '2025-05-05', offices: [{ officeId: branch }], ...DATE });
    assert.equal(holiday.status, 200, holiday.text);
    assert.equal((await admin.post(`/holidays/${holiday.body.resourceId}?command=activate`)).status, 200);

    const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    await holder.query('begin');
    await holder.query('select 1 from loan.schedule_period where loan_id = $1 for update', [loanIds[HELD - 1]]);
    const run = admin.post('/cob?command=run').catch(() => null);
    const step = async () => (await db.query<{ processed: number; status: string }>(`select processed, status from cob.step_run where step_code = 'APPLY_HOLIDAYS_TO_LOANS'`)).rows[0];
    const deadline = Date.now() + 120_000;
    // Three batches committed, and the fourth waits for the held rows.
    while (!((await step())?.processed === HELD - 1 && Number((await db.query(`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows[0].n) > 0)) {
      assert.ok(Date.now() < deadline, `the run did not reach loan ${HELD}: ${JSON.stringify(await step())}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await service.kill();
    await run;
    await holder.query('rollback');

    const moved = async () => (await db.query<{ loan_id: number }>(`select loan_id from cob.loan_due_date_move order by loan_id`)).rows.map((r) => Number(r.loan_id));
    const dueOn = async (loanId: number) => (await db.query<{ d: string }>(`select to_char(due_date, 'YYYY-MM-DD') as d from loan.schedule_period where loan_id = $1 and period = 4`, [loanId])).rows[0]!.d;
    // The killed batch left nothing: loans 1-3 moved, the rest not, and the date is not closed.
    // (The killed process's backend may still be finishing its rollback: wait for it to be gone.)
    while (Number((await db.query(`select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and pid <> $1 and state <> 'idle'`, [holderPid])).rows[0].n) > 0) {
      assert.ok(Date.now() < deadline, 'the killed process\'s transaction did not end');
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.deepEqual(await moved(), loanIds.slice(0, HELD - 1));
    assert.equal(await dueOn(loanIds[HELD - 1]!), '2025-05-01');
    assert.deepEqual((await step())!.processed, HELD - 1);
    assert.equal((await db.query(`select status from cob.run`)).rows[0].status, 'RUNNING');

    const restarted = await ServiceProcess.start({ WORKERS: '1', COB_BATCH_SIZE: '1' }, { databaseUrl });
    try {
      const again = await restarted.admin();
      assert.equal((await again.get('/loans/is-catch-up-running')).body.isCatchUpRunning, true, 'the unfinished run shows');
      const resumed = await again.post('/cob?command=run');
      assert.equal(resumed.status, 200, resumed.text);
      const holidays = resumed.body[0].steps.find((s: { stepCode: string }) => s.stepCode === 'APPLY_HOLIDAYS_TO_LOANS');
      assert.deepEqual([resumed.body[0].status, holidays.status, holidays.processed], ['COMPLETED', 'COMPLETED', LOANS], 'each loan counted once');
      assert.deepEqual(await moved(), loanIds, 'each loan moved once');
      for (const loanId of loanIds) assert.equal(await dueOn(loanId), '2025-05-05');
      const dates = (await again.get('/businessdate')).body.map((d: { type: string; date: number[] }) => [d.type, d.date]);
      assert.deepEqual(dates, [['BUSINESS_DATE', [2025, 1, 2]], ['COB_DATE', [2025, 1, 1]]]);
      assert.equal((await again.get('/loans/is-catch-up-running')).body.isCatchUpRunning, false);
    } finally {
      await restarted.stop();
    }
  } finally {
    await holder.end().catch(() => undefined);
    await db.end();
    await service.stop();
    await dropTestDatabase(databaseUrl);
  }
});
