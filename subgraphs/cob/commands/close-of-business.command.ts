import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { errors } from '../../kernel/errors.js';
import { requireStaff, type Identity } from '../../kernel/identity.js';
import { addDays } from '../domain/calendar.js';
import { emit } from '../../kernel/outbox.js';
import type { CobCompletedEvent, CobStepWork } from '../contract.js';
import { stepOfJob } from '../domain/jobs.js';
import { COB_STEP_CODES, type CobStepCode } from '../domain/steps.js';
import type { CobDependencies } from '../ports.js';
import { jobSettings, recordJobRun } from '../store/job.store.js';
import { advanceStep, anyRunning, claimRun, claimStep, failStep, findRun, lastCompletedDate, setRunStatus, stepsOf, type RunRow, type StepRunRow, type Trigger } from '../store/run.store.js';
import { COB_CODES } from '../codes.js';
import type { RunMetrics } from './run-metrics.js';

/** A catch-up closes at most this many dates per call; more wait for the next call (ten years of a forgotten tenant is an operator's problem). */
export const MAX_CATCH_UP_DATES = 366;

/** How long the health answer of tenantsBehind() is kept, and how many tenants it looks at. */
const BEHIND_CACHE_MS = 10_000;
const MAX_HEALTH_TENANTS = 1000;

export const STEP_NAMES: Record<CobStepCode, string> = {
  APPLY_CHARGE_TO_OVERDUE_LOAN_INSTALLMENT: 'Apply penalty to overdue loans',
  LOAN_DELINQUENCY_CLASSIFICATION: 'Loan Delinquency Classification',
  ADD_PERIODIC_ACCRUAL_ENTRIES: 'Add Periodic Accrual Transactions',
  POST_INTEREST_FOR_SAVINGS: 'Post Interest For Savings',
  PAY_DUE_SAVINGS_CHARGES: 'Pay Due Savings Charges',
  UPDATE_SAVINGS_DORMANT_ACCOUNTS: 'Update Savings Dormant Accounts',
  APPLY_HOLIDAYS_TO_LOANS: 'Apply Holidays To Loans',
};

/** A step whose module has not plugged its work in yet: the slot runs, does nothing, and completes. */
const EMPTY_SLOT: CobStepWork = { batch: async (_tx, _date, cursor) => ({ cursor, processed: 0, done: true }) };

export interface RunOutcome {
  run: RunRow;
  steps: StepRunRow[];
}

/** One job executed on demand (POST /jobs/{id}?command=executeJob): the date it worked for and how it went. */
export interface JobExecution {
  jobId: number;
  businessDate: string;
  processed: number;
  status: 'success' | 'failed';
  error: string | null;
}

/**
 * The close-of-business run. A date's steps run in their fixed order; each step works in batches, and each
 * batch is one transaction holding the date's run row (so two runners of a tenant, in any process, take
 * turns batch by batch and each reads the cursor the other committed). A batch that throws rolls back its
 * work, is recorded as a failure of its step, and stops the run: the next attempt starts from the step's
 * cursor. The business date moves past a date only in the transaction that finds every step complete.
 */
export class CloseOfBusiness {
  private readonly work = new Map<CobStepCode, CobStepWork>(COB_STEP_CODES.map((code) => [code, EMPTY_SLOT]));
  /** Catch-ups this process is running, per tenant (a second asks while one runs are refused). */
  private readonly catchingUp = new Map<string, Promise<void>>();
  /** Steps this process is executing on demand, as `tenant:step` (GET /jobs says they are running). */
  private readonly executing = new Set<string>();
  private behind: { at: number; count: number } | null = null;
  /** Set at shutdown: runs stop before their next batch (what they committed stays; the next run resumes). */
  private halted = false;

  constructor(
    private readonly db: Database,
    private readonly deps: CobDependencies,
    private readonly warn: (data: Record<string, unknown>, message: string) => void,
    /** Accounts per batch: one transaction each, so a crash loses at most one batch's work (rolled back, redone on resume). */
    private readonly batchSize: number,
    private readonly metrics: RunMetrics,
  ) {}

  halt(): void {
    this.halted = true;
  }

  /** Plugs a module's work into its slot (the composition root calls this once per step, at start). */
  register(code: CobStepCode, work: CobStepWork): void {
    this.work.set(code, work);
  }

  /** POST /cob?command=run: closes every date not yet closed through today's business date. */
  async execute(identity: Identity): Promise<RunOutcome[]> {
    const staff = requireStaff(identity, 'EXECUTEJOB_SCHEDULER');
    const businessDate = await this.db.tx(staff.tenantId, (tx) => this.deps.businessDates.today(tx));
    return this.closeThrough(staff.tenantId, businessDate, 'manual');
  }

  /**
   * POST /jobs/{id}?command=executeJob: runs one step now for the business date, every batch, whatever the
   * run's ledger says (Fineract runs a job on demand even when its schedule already ran it): each step is
   * idempotent per date and account, so running it again changes nothing. Its run joins the job's history.
   */
  async executeJob(identity: Identity, jobId: number): Promise<JobExecution> {
    const staff = requireStaff(identity, 'EXECUTEJOB_SCHEDULER');
    const code = stepOfJob(jobId);
    if (code === null) throw errors.notFound(COB_CODES.jobIdInvalid, `Job with identifier ${jobId} does not exist`, jobId);
    const tenantId = staff.tenantId;
    const work = this.work.get(code)!;
    const businessDate = await this.db.tx(tenantId, (tx) => this.deps.businessDates.today(tx));
    const startedAt = new Date();
    const began = performance.now();
    let cursor = 0;
    let processed = 0;
    const key = `${tenantId}:${code}`;
    this.executing.add(key);
    try {
      for (;;) {
        const result = await this.db.tx(tenantId, (tx) => work.batch(tx, businessDate, cursor, this.batchSize));
        cursor = result.cursor;
        processed += result.processed;
        if (result.done) break;
      }
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 1000) : 'step failed';
      await this.db.tx(tenantId, (tx) => recordJobRun(tx, { stepCode: code, businessDate, triggeredBy: 'execute', status: 'failed', startedAt, processed, errorMessage: message, failedAfterAccountId: cursor }));
      this.metrics.step(code, 'failed', processed, performance.now() - began);
      this.warn({ tenantId, businessDate, step: code, err: error }, 'job executed on demand failed');
      return { jobId, businessDate, processed, status: 'failed', error: message };
    } finally {
      this.executing.delete(key);
    }
    await this.db.tx(tenantId, (tx) => recordJobRun(tx, { stepCode: code, businessDate, triggeredBy: 'execute', status: 'success', startedAt, processed, errorMessage: null, failedAfterAccountId: null }));
    this.metrics.step(code, 'success', processed, performance.now() - began);
    return { jobId, businessDate, processed, status: 'success', error: null };
  }

  /** Whether this process is executing the step for the tenant on demand. */
  isExecuting(tenantId: string, code: CobStepCode): boolean {
    return this.executing.has(`${tenantId}:${code}`);
  }

  /**
   * POST /loans/catch-up: closes, in order, every date after the last closed one through COB_DATE, in the
   * background (Fineract answers at once; GET /loans/is-catch-up-running says when it is over).
   */
  async catchUp(identity: Identity): Promise<void> {
    const staff = requireStaff(identity, 'EXECUTEJOB_SCHEDULER');
    const tenantId = staff.tenantId;
    if (this.catchingUp.has(tenantId) || (await this.isRunning(identity))) throw errors.badRequest(COB_CODES.catchUpAlreadyRunning, 'A close of business is already running for this tenant.');
    const cobDate = await this.db.tx(tenantId, (tx) => this.deps.businessDates.cobDate(tx));
    const running = this.closeThrough(tenantId, cobDate, 'catch-up')
      .then(() => undefined)
      .catch((error: unknown) => this.warn({ tenantId, err: error }, 'close-of-business catch-up stopped; the next run resumes it'))
      .finally(() => this.catchingUp.delete(tenantId));
    this.catchingUp.set(tenantId, running);
  }

  /** GET /loans/is-catch-up-running: a catch-up of this process, or a run of any process left unfinished. */
  async isRunning(identity: Identity): Promise<boolean> {
    const staff = requireStaff(identity, 'READ_SCHEDULER');
    if (this.catchingUp.has(staff.tenantId)) return true;
    return this.db.tx(staff.tenantId, (tx) => anyRunning(tx));
  }

  /**
   * For /actuator/health: how many tenants' business dates are more than one day behind today (UTC; a
   * tenant's own zone is at most a day off it, which the one day's grace covers). Probes are frequent: the
   * answer is kept for ten seconds.
   */
  async tenantsBehind(): Promise<number> {
    const now = Date.now();
    if (this.behind && now - this.behind.at < BEHIND_CACHE_MS) return this.behind.count;
    const limit = addDays(new Date(now).toISOString().slice(0, 10), -1);
    let count = 0;
    for (const tenantId of (await this.deps.tenantIds()).slice(0, MAX_HEALTH_TENANTS)) {
      if ((await this.db.tx(tenantId, (tx) => this.deps.businessDates.today(tx))) < limit) count++;
    }
    this.behind = { at: now, count };
    return count;
  }

  /** Waits for this process's catch-up of a tenant, if one runs (shutdown and tests). */
  async settled(tenantId: string): Promise<void> {
    await this.catchingUp.get(tenantId);
  }

  /**
   * Closes the dates after the last closed one through `target`, in order, stopping at the first that does
   * not complete. A tenant never closed starts at its business date (or `target`, if that is earlier): the
   * scheduler's target may be days past it. A date already closed is not run again.
   */
  async closeThrough(tenantId: string, target: string, trigger: Trigger): Promise<RunOutcome[]> {
    const { last, businessDate } = await this.db.tx(tenantId, async (tx) => ({ last: await lastCompletedDate(tx), businessDate: await this.deps.businessDates.today(tx) }));
    const first = last === null ? (businessDate < target ? businessDate : target) : last >= target ? target : addDays(last, 1);
    const dates: string[] = [];
    for (let d = first; d <= target && dates.length < MAX_CATCH_UP_DATES; d = addDays(d, 1)) dates.push(d);
    const outcomes: RunOutcome[] = [];
    for (const date of dates) {
      if (this.halted) break;
      const outcome = await this.closeDate(tenantId, date, trigger);
      outcomes.push(outcome);
      if (outcome.run.status !== 'COMPLETED') break;
    }
    return outcomes;
  }

  /** Runs (or resumes) one date's steps; a date already closed is answered as it stands. */
  async closeDate(tenantId: string, businessDate: string, trigger: Trigger): Promise<RunOutcome> {
    const runBegan = performance.now();
    // A job made inactive (PUT /jobs/{id} active false) is skipped by the run: its step completes with nothing done.
    const inactive = new Set((await this.db.tx(tenantId, (tx) => jobSettings(tx))).filter((j) => !j.active).map((j) => j.stepCode));
    for (const [position, code] of COB_STEP_CODES.entries()) {
      const work = inactive.has(code) ? EMPTY_SLOT : this.work.get(code)!;
      const stepBegan = performance.now();
      let processed = 0;
      for (;;) {
        if (this.halted) return this.outcome(tenantId, businessDate);
        let state: 'closed' | 'done' | 'more';
        try {
          const result = await this.db.tx(tenantId, (tx) => this.batch(tx, businessDate, trigger, code, position + 1, work));
          state = result.state;
          processed += result.processed;
        } catch (error) {
          const message = error instanceof Error ? error.message.slice(0, 1000) : 'step failed';
          await this.db.tx(tenantId, async (tx) => {
            await claimRun(tx, businessDate, trigger);
            await failStep(tx, businessDate, code, position + 1, message);
            await setRunStatus(tx, businessDate, 'FAILED', `${code}: ${message}`.slice(0, 1000));
            const step = (await stepsOf(tx, [businessDate])).find((s) => s.stepCode === code)!;
            await recordJobRun(tx, { stepCode: code, businessDate, triggeredBy: trigger, status: 'failed', startedAt: step.startedAt, processed: step.processed, errorMessage: message, failedAfterAccountId: step.cursor });
          });
          this.metrics.step(code, 'failed', processed, performance.now() - stepBegan);
          this.metrics.run('failed', performance.now() - runBegan);
          this.warn({ tenantId, businessDate, step: code, err: error }, 'close-of-business step failed; the next run resumes at its cursor');
          return this.outcome(tenantId, businessDate);
        }
        if (state === 'closed') return this.outcome(tenantId, businessDate);
        if (state === 'done') break;
      }
      this.metrics.step(code, 'success', processed, performance.now() - stepBegan);
    }
    await this.db.tx(tenantId, async (tx) => {
      const run = await claimRun(tx, businessDate, trigger);
      if (run.status === 'COMPLETED') return;
      const steps = await stepsOf(tx, [businessDate]);
      // Every step must have completed for this date, in this transaction's view, before the date closes.
      if (COB_STEP_CODES.some((code) => steps.find((s) => s.stepCode === code)?.status !== 'COMPLETED')) return;
      await setRunStatus(tx, businessDate, 'COMPLETED', null);
      await this.deps.businessDates.closed(tx, businessDate);
      // Written with the date's closing, so a receiver hears of a date once, and only of a closed one.
      const data: CobCompletedEvent = {
        businessDate,
        steps: steps.map((s) => ({ code: s.stepCode, processed: s.processed, batches: s.batches, failures: s.failures, durationMs: s.durationMs ?? 0 })),
      };
      await emit(tx, { eventType: 'cob.completed', entityName: 'COB', actionName: 'COMPLETE', data: { ...data } });
    });
    this.metrics.run('success', performance.now() - runBegan);
    return this.outcome(tenantId, businessDate);
  }

  /** One batch of one step, with its progress, in the caller's transaction. */
  private async batch(tx: Tx, businessDate: string, trigger: Trigger, code: CobStepCode, position: number, work: CobStepWork): Promise<{ state: 'closed' | 'done' | 'more'; processed: number }> {
    const run = await claimRun(tx, businessDate, trigger);
    if (run.status === 'COMPLETED') return { state: 'closed', processed: 0 };
    if (run.status === 'FAILED') await setRunStatus(tx, businessDate, 'RUNNING', null);
    const step = await claimStep(tx, businessDate, code, position);
    if (step.status === 'COMPLETED') return { state: 'done', processed: 0 };
    const began = performance.now();
    const result = await work.batch(tx, businessDate, step.cursor, this.batchSize);
    await advanceStep(tx, businessDate, code, result.cursor, result.processed, result.done, Math.round(performance.now() - began));
    // The job's history hears of the step once, in the transaction that completes it.
    if (result.done) {
      await recordJobRun(tx, { stepCode: code, businessDate, triggeredBy: run.triggeredBy, status: 'success', startedAt: step.startedAt, processed: step.processed + result.processed, errorMessage: null, failedAfterAccountId: null });
    }
    return { state: result.done ? 'done' : 'more', processed: result.processed };
  }

  private async outcome(tenantId: string, businessDate: string): Promise<RunOutcome> {
    return this.db.tx(tenantId, async (tx) => ({ run: (await findRun(tx, businessDate))!, steps: await stepsOf(tx, [businessDate]) }));
  }
}
