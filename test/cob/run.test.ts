import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { activeClient, approvedLoan, DATE, savingsAccount, setBusinessDate } from '../loan/support.js';

const STEPS = [
  'APPLY_CHARGE_TO_OVERDUE_LOAN_INSTALLMENT', 'LOAN_DELINQUENCY_CLASSIFICATION', 'ADD_PERIODIC_ACCRUAL_ENTRIES', 'POST_INTEREST_FOR_SAVINGS',
  'PAY_DUE_SAVINGS_CHARGES', 'UPDATE_SAVINGS_DORMANT_ACCOUNTS', 'APPLY_HOLIDAYS_TO_LOANS',
];

interface Step { stepCode: string; position: number; status: string; processed: number; batches: number; failures: number }
interface Run { businessDate: number[]; status: string; triggeredBy: string; steps: Step[] }

describe('cob: the close-of-business run', () => {
  let service: TestService;
  let t: TenantSession;
  let other: TenantSession;
  let loanId: number;

  const businessDates = async (session = t) => {
    const res = await session.get('/businessdate');
    assert.equal(res.status, 200, res.text);
    return Object.fromEntries(res.body.map((d: { type: string; date: number[] }) => [d.type, d.date]));
  };
  const runs = async (session = t): Promise<Run[]> => {
    const res = await session.get('/cob/runs?limit=366');
    assert.equal(res.status, 200, res.text);
    return res.body;
  };
  const loan = async () => (await t.get(`/loans/${loanId}`)).body;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    other = await service.tenant();
    const branch = await t.branch();
    await setBusinessDate(t, '2025-01-01');
    const client = await activeClient(t, branch);
    await savingsAccount(t, client);
    loanId = await approvedLoan(t, client, 100000);
    const disbursed = await t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE });
    assert.equal(disbursed.status, 200, disbursed.text);
  });
  after(async () => service.stop());

  test('a date runs its steps in order, then the business date moves to the next day', async () => {
    const res = await t.post('/cob?command=run');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.length, 1, 'a tenant never closed starts at its business date');
    const [run] = res.body as Run[];
    assert.deepEqual([run!.businessDate, run!.status, run!.triggeredBy], [[2025, 1, 1], 'COMPLETED', 'manual']);
    assert.deepEqual(run!.steps.map((s) => [s.position, s.stepCode, s.status, s.failures]), STEPS.map((code, i) => [i + 1, code, 'COMPLETED', 0]));
    // Delinquency classification ages the tenant's one active loan.
    assert.equal(run!.steps[1]!.processed, 1);
    assert.deepEqual(await businessDates(), { BUSINESS_DATE: [2025, 1, 2], COB_DATE: [2025, 1, 1] });
    // One cob.completed event, valid against its published schema, with the steps' counts in order.
    const events = await service.platform.db.system((em) =>
      em.execute<{ payload: string }[]>(`select payload::text as payload from kernel.outbox where tenant_id = ? and event_type = 'cob.completed' order by id`, [t.tenant]));
    assert.equal(events.length, 1);
    const event: { data: { businessDate: string; steps: { code: string; processed: number }[] } } = JSON.parse(events[0]!.payload);
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    ajv.addFormat('date-time', (v: string) => !Number.isNaN(Date.parse(v)));
    const validate = ajv.compile(JSON.parse(readFileSync(join(process.cwd(), 'docs', 'events', 'cob.completed.json'), 'utf8')));
    assert.equal(validate(event), true, ajv.errorsText(validate.errors));
    assert.equal(event.data.businessDate, '2025-01-01');
    // The one loan aged; the one savings account looked at for dormancy.
    const counted: Record<string, number> = { LOAN_DELINQUENCY_CLASSIFICATION: 1, UPDATE_SAVINGS_DORMANT_ACCOUNTS: 1 };
    assert.deepEqual(event.data.steps.map((s) => [s.code, s.processed]), STEPS.map((code) => [code, counted[code] ?? 0]));
    // Another tenant's dates and runs are its own.
    assert.deepEqual(await runs(other), []);
    assert.equal((await other.get('/loans/is-catch-up-running')).body.isCatchUpRunning, false);
  });

  test('a date run twice changes nothing: its run, its steps and the loans stay as they were', async () => {
    await setBusinessDate(t, '2025-03-08');
    const first = await t.post('/cob?command=run');
    assert.equal(first.status, 200, first.text);
    // The dates since the last closed one are closed first, in order.
    assert.deepEqual(first.body.map((r: Run) => r.businessDate), Array.from({ length: 66 }, (_, i) => {
      const d = new Date(Date.UTC(2025, 0, 2 + i));
      return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
    }));
    // 8 March: 35 days past the unpaid 1 February instalment, in the 31-60 range.
    const aged = await loan();
    assert.deepEqual([aged.delinquent.delinquentDays, aged.delinquencyRange.classification], [35, '31-60']);
    const before = await runs();
    assert.deepEqual(await businessDates(), { BUSINESS_DATE: [2025, 3, 9], COB_DATE: [2025, 3, 8] });

    // Back to 8 March and run again: the date is closed; nothing runs and nothing moves.
    await setBusinessDate(t, '2025-03-08');
    const again = await t.post('/cob?command=run');
    assert.equal(again.status, 200, again.text);
    assert.deepEqual(again.body, [before[0]]);
    assert.deepEqual(await runs(), before);
    assert.deepEqual((await loan()).delinquent, aged.delinquent);
    const completed = await service.platform.db.system((em) => em.execute<{ n: string }[]>(`select count(*) as n from kernel.outbox where tenant_id = ? and event_type = 'cob.completed'`, [t.tenant]));
    assert.equal(Number(completed[0]!.n), 67, 'one event per closed date, none for the second run');
    assert.deepEqual(await businessDates(), { BUSINESS_DATE: [2025, 3, 8], COB_DATE: [2025, 3, 7] }, 'a closed date does not move the business date again');
  });

  test('catch-up closes five missed dates in order, in the background', async () => {
    // Closed through 8 March; the business date is 14 March, so COB_DATE is 13 March: 9 to 13 March are missed.
    await setBusinessDate(t, '2025-03-14');
    assert.equal((await t.get('/loans/is-catch-up-running')).body.isCatchUpRunning, false);
    const res = await t.post('/loans/catch-up');
    assert.equal(res.status, 200, res.text);
    const deadline = Date.now() + 120_000;
    while ((await t.get('/loans/is-catch-up-running')).body.isCatchUpRunning) {
      assert.ok(Date.now() < deadline, 'the catch-up did not finish within 120 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    const latest = (await runs()).slice(0, 5).reverse();
    assert.deepEqual(latest.map((r) => [r.businessDate, r.status, r.triggeredBy]), [9, 10, 11, 12, 13].map((d) => [[2025, 3, d], 'COMPLETED', 'catch-up']));
    for (const run of latest) assert.deepEqual(run.steps.map((s) => s.stepCode), STEPS);
    // The business date was already past them: it stays.
    assert.deepEqual(await businessDates(), { BUSINESS_DATE: [2025, 3, 14], COB_DATE: [2025, 3, 13] });
    // 13 March was the last date aged: 40 days past due.
    assert.equal((await loan()).delinquent.delinquentDays, 40);
    // Nothing left to catch up: the next catch-up closes nothing.
    assert.equal((await t.post('/loans/catch-up')).status, 200);
    await service.services.cob.run.settled(t.tenant);
    assert.equal((await runs()).length, 66 + 1 + 5);
  });

  test('/actuator/health shows the close of business DOWN while a business date is more than a day behind today, and stays UP overall', async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await service.request('GET', '/actuator/health');
      assert.equal(res.status, 200, res.text);
      if (res.body.components.cob?.status === 'DOWN') break;
      assert.ok(Date.now() < deadline, `cob never DOWN: ${res.text}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  });

  test('who may run it: the scheduler permissions, and no other tenant\'s data', async () => {
    const manager = await t.userWithRoles([320007]);
    assertError(await manager.post('/cob?command=run'), 403, 'error.msg.not.authorized');
    assertError(await manager.post('/loans/catch-up'), 403, 'error.msg.not.authorized');
    assertError(await t.post('/cob?command=run', { date: '2025-01-01' }), 400, 'error.msg.parameter.unsupported');
    assert.deepEqual(await runs(other), []);
  });
});
