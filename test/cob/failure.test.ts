import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TestService, type TenantSession } from '../support/service.js';
import { setBusinessDate } from '../loan/support.js';

/**
 * A step that fails stops the run where it is: the date stays open, the business date does not move, and
 * the failure is recorded on the step; the next run resumes at that step and closes the date.
 */
let service: TestService;
let t: TenantSession;

before(async () => {
  service = await TestService.start();
  t = await service.tenant();
  await setBusinessDate(t, '2025-01-01');
});
after(async () => service.stop());

test('a failed step leaves the date open and the business date where it was; the next run resumes and closes it', async () => {
  let attempts = 0;
  // A module's step that fails once (its batch rolls back), then works.
  service.services.cob.run.register('ADD_PERIODIC_ACCRUAL_ENTRIES', {
    batch: async (_tx, _date, cursor) => {
      attempts++;
      if (attempts === 1) throw new Error('accrual store unavailable');
      return { cursor, processed: 0, done: true };
    },
  });
  const failed = await t.post('/cob?command=run');
  assert.equal(failed.status, 200, failed.text);
  const run = failed.body[0];
  assert.deepEqual([run.status, run.error], ['FAILED', 'ADD_PERIODIC_ACCRUAL_ENTRIES: accrual store unavailable']);
  assert.deepEqual(run.steps.map((s: { stepCode: string; status: string; failures: number }) => [s.stepCode, s.status, s.failures]), [
    ['APPLY_CHARGE_TO_OVERDUE_LOAN_INSTALLMENT', 'COMPLETED', 0], ['LOAN_DELINQUENCY_CLASSIFICATION', 'COMPLETED', 0], ['ADD_PERIODIC_ACCRUAL_ENTRIES', 'FAILED', 1],
  ], 'the steps after the failed one did not run');
  const dates = async () => (await t.get('/businessdate')).body.map((d: { type: string; date: number[] }) => [d.type, d.date]);
  assert.deepEqual(await dates(), [['BUSINESS_DATE', [2025, 1, 1]], ['COB_DATE', [2024, 12, 31]]]);

  const resumed = await t.post('/cob?command=run');
  assert.equal(resumed.status, 200, resumed.text);
  assert.deepEqual([resumed.body[0].businessDate, resumed.body[0].status, resumed.body[0].error], [[2025, 1, 1], 'COMPLETED', undefined]);
  const accruals = resumed.body[0].steps.find((s: { stepCode: string }) => s.stepCode === 'ADD_PERIODIC_ACCRUAL_ENTRIES');
  assert.deepEqual([accruals.status, accruals.failures, accruals.error], ['COMPLETED', 1, undefined]);
  assert.equal(resumed.body[0].steps.length, 7);
  assert.equal(attempts, 2, 'the completed steps before it were not run again, the failed one once more');
  assert.deepEqual(await dates(), [['BUSINESS_DATE', [2025, 1, 2]], ['COB_DATE', [2025, 1, 1]]]);
});
