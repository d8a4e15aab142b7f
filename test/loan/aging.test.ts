import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { activeClient, approvedLoan, DATE, savingsAccount, setBusinessDate } from './support.js';

describe('loans: aging job, delinquency buckets and recovery', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let loanId: number;
  const runJob = async (session = t) => {
    const res = await session.post('/jobs/1?command=executeJob');
    assert.equal(res.status, 200, res.text);
    return res.body;
  };
  const loan = async () => (await t.get(`/loans/${loanId}`)).body;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    branch = await t.branch();
    await setBusinessDate(t, '2025-01-01');
    const client = await activeClient(t, branch);
    await savingsAccount(t, client);
    const manager = await t.userWithRoles([320007], branch);
    loanId = await approvedLoan(t, client, 100000, 1, manager);
    const disbursed = await t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE });
    assert.equal(disbursed.status, 200, disbursed.text);
  });
  after(async () => service.stop());

  test('the seeded ranges and bucket, and the job in GET /jobs', async () => {
    const ranges = await t.get('/delinquency/ranges');
    assert.deepEqual(ranges.body.map((r: any) => [r.classification, r.minimumAgeDays, r.maximumAgeDays]), [['1-30', 1, 30], ['31-60', 31, 60], ['61-90', 61, 90], ['Over 90', 91, undefined]]);
    const buckets = await t.get('/delinquency/buckets');
    assert.equal(buckets.body.length, 1);
    assert.equal(buckets.body[0].ranges.length, 4);
    const jobs = await t.get('/jobs');
    assert.equal(jobs.status, 200, jobs.text);
    assert.deepEqual(jobs.body.map((j: any) => [j.jobId, j.shortName])[0], [1, 'LOAN_DELINQUENCY_CLASSIFICATION'], 'the close of business\'s step (test/cob/jobs.test.ts lists the others)');
    const branchManager = await t.userWithRoles([320007], branch);
    assertError(await branchManager.post('/jobs/1?command=executeJob'), 403, 'error.msg.not.authorized');
  });

  test('on the due date the loan is not delinquent (day 0)', async () => {
    await setBusinessDate(t, '2025-02-01');
    await runJob();
    const got = await loan();
    assert.equal(got.delinquencyRange, undefined);
    assert.deepEqual(got.delinquent, { delinquentDays: 0, delinquentAmount: 0 });
    assert.equal(got.inArrears, false);
  });

  test('35, 65 and 95 days past a missed instalment: buckets 31-60, 61-90, over 90; flagged and assigned to a recovery officer', async () => {
    const recovery = await t.userWithRoles([320016], branch);
    assert.equal((await recovery.get('/loans?delinquent=true')).body.totalFilteredRecords, 0);

    await setBusinessDate(t, '2025-03-08');
    const result = await runJob();
    assert.deepEqual([result.jobId, result.businessDate, result.processed], [1, [2025, 3, 8], 1]);
    let got = await loan();
    assert.deepEqual(got.delinquencyRange, { id: 2, classification: '31-60', minimumAgeDays: 31, maximumAgeDays: 60 });
    // Two instalments are overdue by 8 March: 1 February and 1 March, 9,455.96 each.
    assert.deepEqual(got.delinquent, { delinquentDays: 35, delinquentAmount: 18911.92, delinquentDate: [2025, 2, 1] });
    assert.equal(got.flaggedForRecovery, true);
    assert.equal(got.recoveryOfficerUserId, undefined, 'assigned only over 90');
    const queue = await recovery.get('/loans?delinquent=true');
    assert.deepEqual(queue.body.pageItems.map((l: any) => l.id), [loanId]);
    assert.equal((await runJob()).processed, 1, 'running again is harmless');
    assert.equal((await loan()).delinquent.delinquentDays, 35);

    await setBusinessDate(t, '2025-04-07');
    await runJob();
    got = await loan();
    assert.equal(got.delinquencyRange.classification, '61-90');
    assert.equal(got.delinquent.delinquentDays, 65);

    await setBusinessDate(t, '2025-05-07');
    await runJob();
    got = await loan();
    assert.equal(got.delinquencyRange.classification, 'Over 90');
    assert.equal(got.delinquent.delinquentDays, 95);
    const recoveryUser = (await t.get('/users')).body.filter((u: any) => u.selectedRoles?.some((r: any) => r.id === 320016)).map((u: any) => u.id);
    assert.ok(recoveryUser.includes(got.recoveryOfficerUserId), `assigned to a recovery officer: ${got.recoveryOfficerUserId}`);
  });

  test('a repayment that clears the arrears clears the flag on the next run', async () => {
    const arrears = (await loan()).delinquent.delinquentAmount;
    const paid = await t.post(`/loans/${loanId}/transactions?command=repayment`, { transactionDate: '2025-05-07', transactionAmount: arrears, paymentTypeId: 2, ...DATE });
    assert.equal(paid.status, 200, paid.text);
    assert.equal((await loan()).flaggedForRecovery, true, 'until the job runs');
    await runJob();
    const got = await loan();
    assert.equal(got.delinquencyRange, undefined);
    assert.deepEqual(got.delinquent, { delinquentDays: 0, delinquentAmount: 0 });
    assert.equal(got.flaggedForRecovery, false);
    assert.equal((await t.get('/loans?delinquent=true')).body.totalFilteredRecords, 0);
  });

  test('the scheduler ages a tenant once per business date', async () => {
    const first = await service.services.loan.delinquency.runScheduled(t.tenant);
    const again = await service.services.loan.delinquency.runScheduled(t.tenant);
    assert.ok(first === null || first.businessDate === '2025-05-07', 'a manual run does not stop the daily run');
    assert.equal(again, null, 'the second tick on the same business date does nothing');
    await setBusinessDate(t, '2025-05-08');
    const runs = await Promise.all([1, 2, 3].map(() => service.services.loan.delinquency.runScheduled(t.tenant)));
    assert.deepEqual(runs.filter((r) => r !== null).map((r) => r!.businessDate), ['2025-05-08'], 'three instances ticking at once: one run');
  });
});
