import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TestService, type TenantSession } from '../support/service.js';
import { setBusinessDate } from '../loan/support.js';

/**
 * The scheduler's timer (COB_SCHEDULER_TICK_MS in a deployment; started here, every 100 ms, once the tenant's
 * business date is pinned, so no tick closes its unpinned dates first): a tenant whose business date is
 * three days behind the calendar (UTC) is closed date by date, in order, until its business date is today;
 * the old loan aging scheduler, which the background work no longer starts, does not run beside it.
 */
let service: TestService;
let t: TenantSession;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

before(async () => {
  service = await TestService.start();
  t = await service.tenant();
  await setBusinessDate(t, day(-3));
  service.services.cob.scheduler.start(100);
});
after(async () => service.stop());

test('the scheduler closes the missed dates in order, then the business date is today; delinquency ages only as its step', async () => {
  const businessDate = async () => {
    const found = (await t.get('/businessdate')).body.find((d: { type: string }) => d.type === 'BUSINESS_DATE').date as number[];
    return found.map((n, i) => (i === 0 ? String(n) : String(n).padStart(2, '0'))).join('-');
  };
  // Polled, not timed: the ticks come when the machine gives them time.
  for (let i = 0; i < 600 && (await businessDate()) !== day(0); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(await businessDate(), day(0));
  const runs = (await t.get('/cob/runs')).body as { businessDate: number[]; status: string; triggeredBy: string }[];
  const closed = runs.map((r) => [r.businessDate.map((n, i) => (i === 0 ? String(n) : String(n).padStart(2, '0'))).join('-'), r.status, r.triggeredBy]).reverse();
  assert.deepEqual(closed, [[day(-3), 'COMPLETED', 'scheduler'], [day(-2), 'COMPLETED', 'scheduler'], [day(-1), 'COMPLETED', 'scheduler']]);
  const jobs = (await t.get('/jobs/1/runhistory')).body as { totalFilteredRecords: number; pageItems: { triggerType: string }[] };
  assert.deepEqual(jobs.pageItems.map((r) => r.triggerType), ['cron', 'cron', 'cron']);
  const oldScheduler = await service.platform.db.system((em) =>
    em.execute<{ n: string }[]>(`select count(*) as n from loan.job_run where tenant_id = ? and triggered_by = 'scheduler'`, [t.tenant]));
  assert.equal(Number(oldScheduler[0]!.n), 0, 'the loan module\'s own daily aging did not run');
});
