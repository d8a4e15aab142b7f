import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import { nextValue, reserveUpTo } from '../kernel/sequence.js';
import { ageLoan, rangeFor, type DelinquencyRange } from './domain/aging.js';
import type { LoanDependencies } from './loan.ports.js';
import {
  activeBatchEnd, activeLoanCount, anyRange, bucketNameTaken, claimScheduledRun, classificationTaken, clearRecovered, finishScheduledRun, insertRange,
  lastJobRun, loadBuckets, loadRanges, overdueLoans, recordManualRun, saveBucket, updateRange, writeAging, type AgingRow, type BucketRow,
} from './store/delinquency.js';
import type { JobRunResult, SchedulerJobType } from './loan.types.js';
import { LOAN_CODES } from './codes.js';

export const RECOVERY_OFFICER_ROLE = 320016;
/** Days past due from which a loan is handed to a recovery officer (the "over 90" bucket). */
export const RECOVERY_ASSIGNMENT_DAYS = 91;

/** Fineract's job that classifies loans into delinquency ranges; the only job this service runs. */
export const AGING_JOB = { jobId: 1, displayName: 'Loan Delinquency Classification', shortName: 'LOAN_DELINQUENCY_CLASSIFICATION', cronExpression: '0 0 0 1/1 * ? *' } as const;

export const DEFAULT_RANGES: DelinquencyRange[] = [
  { id: 1, classification: '1-30', minimumAgeDays: 1, maximumAgeDays: 30 },
  { id: 2, classification: '31-60', minimumAgeDays: 31, maximumAgeDays: 60 },
  { id: 3, classification: '61-90', minimumAgeDays: 61, maximumAgeDays: 90 },
  { id: 4, classification: 'Over 90', minimumAgeDays: 91, maximumAgeDays: null },
];
export const DEFAULT_BUCKET = { id: 1, name: 'Default aging buckets', rangeIds: [1, 2, 3, 4] };

export type { BucketRow };

export interface RangeInput {
  classification?: string | null;
  minimumAgeDays?: number | null;
  maximumAgeDays?: number | null;
}

const rangeNotFound = (id: number) => errors.notFound(LOAN_CODES.delinquencyRangeIdNotExist, `Delinquency range with identifier ${id} does not exist`, id);
const bucketNotFound = (id: number) => errors.notFound(LOAN_CODES.delinquencyBucketIdNotExist, `Delinquency bucket with identifier ${id} does not exist`, id);
const AGING_BATCH = 5000;

/**
 * Delinquency ranges and buckets (Fineract's /delinquency), and the aging job: days past due, arrears,
 * range, the Recovery Officer flag and assignment. The only writer of those columns of loan.loan.
 */
export class DelinquencyService {
  private schedulerTimer: NodeJS.Timeout | null = null;
  /** Other modules' daily work (charges' fees), run after the aging in the same claimed transaction until close of business runs it. */
  private readonly dailySteps: ((tx: Tx, businessDate: string) => Promise<void>)[] = [];

  addDailyStep(step: (tx: Tx, businessDate: string) => Promise<void>): void {
    this.dailySteps.push(step);
  }

  constructor(
    private readonly db: Database,
    private readonly deps: LoanDependencies,
  ) {}

  // ---- ranges and buckets ---------------------------------------------------------------------

  async ranges(identity: Identity): Promise<DelinquencyRange[]> {
    const staff = requireStaff(identity, 'READ_DELINQUENCY');
    return this.db.tx(staff.tenantId, (tx) => loadRanges(tx));
  }

  async range(identity: Identity, id: number): Promise<DelinquencyRange> {
    const staff = requireStaff(identity, 'READ_DELINQUENCY');
    return this.db.tx(staff.tenantId, async (tx) => (await loadRanges(tx)).find((r) => r.id === id) ?? Promise.reject(rangeNotFound(id)));
  }

  async createRange(identity: Identity, input: RangeInput): Promise<DelinquencyRange> {
    const actor = requireStaff(identity, 'CREATE_DELINQUENCY');
    return this.db.tx(actor.tenantId, (tx) => this.createRangeCore(tx, actor, input));
  }

  async createRangeCore(tx: Tx, actor: Actor, input: RangeInput): Promise<DelinquencyRange> {
    this.checkRange(input, true);
    const id = await nextValue(tx, 'delinquency_range');
    await this.addRange(tx, { id, classification: input.classification!, minimumAgeDays: input.minimumAgeDays!, maximumAgeDays: input.maximumAgeDays ?? null }, actor.userId);
    return (await loadRanges(tx)).find((r) => r.id === id)!;
  }

  async updateRange(identity: Identity, id: number, input: RangeInput): Promise<DelinquencyRange> {
    const actor = requireStaff(identity, 'UPDATE_DELINQUENCY');
    return this.db.tx(actor.tenantId, (tx) => this.updateRangeCore(tx, actor, id, input));
  }

  async updateRangeCore(tx: Tx, actor: Actor, id: number, input: RangeInput): Promise<DelinquencyRange> {
    const current = (await loadRanges(tx)).find((r) => r.id === id);
    if (!current) throw rangeNotFound(id);
    const next = { ...current, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as DelinquencyRange;
    this.checkRange(next, true);
    await this.assertClassificationFree(tx, next.classification, id);
    await updateRange(tx, { ...next, id }, actor.userId);
    return (await loadRanges(tx)).find((r) => r.id === id)!;
  }

  async buckets(identity: Identity): Promise<{ bucket: BucketRow; ranges: DelinquencyRange[] }[]> {
    const staff = requireStaff(identity, 'READ_DELINQUENCY');
    return this.db.tx(staff.tenantId, async (tx) => {
      const ranges = await loadRanges(tx);
      return (await loadBuckets(tx)).map((bucket) => ({ bucket, ranges: ranges.filter((r) => bucket.rangeIds.includes(r.id)) }));
    });
  }

  async bucket(identity: Identity, id: number): Promise<{ bucket: BucketRow; ranges: DelinquencyRange[] }> {
    const all = await this.buckets(identity);
    const found = all.find((b) => b.bucket.id === id);
    if (!found) throw bucketNotFound(id);
    return found;
  }

  async saveBucket(identity: Identity, id: number | null, input: { name?: string | null; ranges?: number[] | null }): Promise<BucketRow> {
    const actor = requireStaff(identity, id === null ? 'CREATE_DELINQUENCY' : 'UPDATE_DELINQUENCY');
    return this.db.tx(actor.tenantId, (tx) => this.saveBucketCore(tx, actor, id, input));
  }

  async saveBucketCore(tx: Tx, actor: Actor, id: number | null, input: { name?: string | null; ranges?: number[] | null }): Promise<BucketRow> {
    const current = id === null ? null : (await loadBuckets(tx)).find((b) => b.id === id);
    if (id !== null && !current) throw bucketNotFound(id);
    const name = input.name ?? current?.name;
    const rangeIds = input.ranges ?? current?.rangeIds ?? [];
    const v = new Validator('delinquencyBucket');
    v.required('name', name);
    v.maxLength('name', name, 100);
    if (rangeIds.length === 0) v.fail('ranges', 'cannot.be.blank', 'A bucket needs at least one range.');
    v.throwIfAny();
    const known = new Set((await loadRanges(tx)).map((r) => r.id));
    const unknown = rangeIds.find((r) => !known.has(r));
    if (unknown !== undefined) throw rangeNotFound(unknown);
    if (await bucketNameTaken(tx, name!, id)) throw errors.duplicate(LOAN_CODES.delinquencyBucketDuplicateName, `Delinquency bucket \`${name}\` already exists`, 'name', name);
    const bucketId = id ?? (await nextValue(tx, 'delinquency_bucket'));
    await saveBucket(tx, { id: bucketId, name: name!, rangeIds }, actor.userId);
    return { id: bucketId, name: name!, rangeIds };
  }

  /** Tenant seeding: the four ranges of docs/interface.md, Resources in one bucket (idempotent). */
  async seed(tx: Tx): Promise<void> {
    if (await anyRange(tx)) return;
    for (const range of DEFAULT_RANGES) await this.addRange(tx, range, null);
    await reserveUpTo(tx, 'delinquency_range', DEFAULT_RANGES.length);
    await saveBucket(tx, DEFAULT_BUCKET, null);
    await reserveUpTo(tx, 'delinquency_bucket', DEFAULT_BUCKET.id);
  }

  // ---- the aging job --------------------------------------------------------------------------

  async jobs(identity: Identity): Promise<SchedulerJobType[]> {
    const staff = requireStaff(identity, 'READ_SCHEDULER');
    return this.db.tx(staff.tenantId, async (tx) => {
      return [{ ...AGING_JOB, active: true, currentlyRunning: false, lastRunBusinessDate: await lastJobRun(tx, AGING_JOB.jobId) }];
    });
  }

  /** On demand (POST /jobs/{id}?command=executeJob): always runs, and running it twice gives the same result. */
  async execute(identity: Identity, jobId: number): Promise<JobRunResult> {
    const actor = requireStaff(identity, 'EXECUTEJOB_SCHEDULER');
    return this.db.tx(actor.tenantId, (tx) => this.executeCore(tx, actor, jobId));
  }

  async executeCore(tx: Tx, _actor: Actor, jobId: number): Promise<JobRunResult> {
    if (jobId !== AGING_JOB.jobId) throw errors.notFound(LOAN_CODES.shedulerJobIdInvalid, `Job with identifier ${jobId} does not exist`, jobId);
    const businessDate = await this.deps.businessDates.today(tx);
    const loansAged = await this.ageIn(tx, businessDate);
    for (const step of this.dailySteps) await step(tx, businessDate);
    await recordManualRun(tx, AGING_JOB.jobId, businessDate, loansAged);
    return { jobId, businessDate, loansAged };
  }

  /**
   * The daily run for one tenant, at most once per business date across every instance: the job_run row is
   * claimed in the same transaction as the aging, so a second instance waits on the claim's row lock and
   * then finds the date taken; a run that fails rolls its claim back and the next tick retries.
   */
  async runScheduled(tenantId: string): Promise<JobRunResult | null> {
    return this.db.tx(tenantId, async (tx) => {
      const businessDate = await this.deps.businessDates.today(tx);
      if (!(await claimScheduledRun(tx, AGING_JOB.jobId, businessDate))) return null;
      const loansAged = await this.ageIn(tx, businessDate);
      for (const step of this.dailySteps) await step(tx, businessDate);
      await finishScheduledRun(tx, AGING_JOB.jobId, businessDate, loansAged);
      return { jobId: AGING_JOB.jobId, businessDate, loansAged };
    });
  }

  /** Starts the daily scheduler (every tick visits every tenant; the claim makes extra ticks no-ops). */
  startScheduler(intervalMs: number): void {
    if (this.schedulerTimer) return;
    const tick = async () => {
      for (const tenantId of await this.deps.tenantIds()) {
        try {
          await this.runScheduled(tenantId);
        } catch (error) {
          this.deps.warn({ tenantId, err: error }, 'loan aging job failed; it is retried on the next tick');
        }
      }
    };
    this.schedulerTimer = setInterval(() => void tick(), intervalMs);
    this.schedulerTimer.unref();
  }

  stopScheduler(): void {
    if (this.schedulerTimer) clearInterval(this.schedulerTimer);
    this.schedulerTimer = null;
  }

  /**
   * Ages every active loan of the tenant on `businessDate`: the database sums the unpaid overdue instalments
   * per loan, the domain turns them into days and a range, and one statement per batch writes them back.
   * Loans no longer overdue are cleared (flag and recovery officer). Returns the number of active loans.
   */
  async ageIn(tx: Tx, businessDate: string): Promise<number> {
    const ranges = await loadRanges(tx);
    const buckets = new Map((await loadBuckets(tx)).map((b) => [b.id, ranges.filter((r) => b.rangeIds.includes(r.id))]));
    const active = await activeLoanCount(tx);
    await clearRecovered(tx, businessDate);

    // Batches of active loans by id range, so each aggregate reads only its own loans' instalments.
    let afterId = 0;
    for (;;) {
      const last = await activeBatchEnd(tx, afterId, AGING_BATCH);
      if (last === null) break;
      const overdue = await overdueLoans(tx, afterId, last, businessDate);
      afterId = last;
      if (overdue.length === 0) continue;
      const aged: AgingRow[] = [];
      const unassigned = new Map<number, number[]>();
      for (const row of overdue) {
        const aging = ageLoan([{ dueDate: row.oldest, unpaid: row.unpaid }], businessDate);
        const range = rangeFor(buckets.get(row.bucketId ?? DEFAULT_BUCKET.id) ?? ranges, aging.delinquentDays);
        if (row.recoveryOfficerUserId === null && aging.delinquentDays >= RECOVERY_ASSIGNMENT_DAYS) {
          unassigned.set(row.officeId, [...(unassigned.get(row.officeId) ?? []), aged.length]);
        }
        aged.push({ loanId: row.loanId, days: aging.delinquentDays, amount: aging.delinquentAmount, oldest: aging.delinquentDate!, rangeId: range?.id ?? null, recoveryOfficerUserId: row.recoveryOfficerUserId });
      }
      for (const [officeId, positions] of unassigned) {
        const chosen = await this.recoveryOfficers(tx, officeId, positions.map((i) => aged[i]!.loanId));
        positions.forEach((position, i) => (aged[position]!.recoveryOfficerUserId = chosen[i] ?? null));
      }
      await writeAging(tx, aged);
    }
    return active;
  }

  /**
   * Round robin over the active recovery officers of the branch or any office above it, for loans entering
   * over 90 days: one counter bump per batch (the tenant's counter row serialises concurrent runs). None:
   * left unassigned, logged once per office and batch.
   */
  private async recoveryOfficers(tx: Tx, officeId: number, loanIds: number[]): Promise<(number | null)[]> {
    const officers = await this.deps.usersWithRoleAbove(tx, RECOVERY_OFFICER_ROLE, officeId);
    if (officers.length === 0) {
      this.deps.warn({ tenantId: tx.tenantId, officeId, loans: loanIds.length, firstLoanIds: loanIds.slice(0, 20) }, 'loans over 90 days past due: no active recovery officer at their branch or above; left unassigned');
      return loanIds.map(() => null);
    }
    const first = await nextValue(tx, 'recovery_officer_round_robin');
    if (loanIds.length > 1) await reserveUpTo(tx, 'recovery_officer_round_robin', first + loanIds.length - 1);
    return loanIds.map((_, i) => officers[(first - 1 + i) % officers.length]!);
  }

  private async addRange(tx: Tx, range: DelinquencyRange, actor: number | null): Promise<void> {
    await this.assertClassificationFree(tx, range.classification, range.id);
    await insertRange(tx, range, actor);
  }

  private async assertClassificationFree(tx: Tx, classification: string, exceptId: number): Promise<void> {
    if (await classificationTaken(tx, classification, exceptId)) throw errors.duplicate(LOAN_CODES.delinquencyRangeDuplicateClassification, `Delinquency range \`${classification}\` already exists`, 'classification', classification);
  }

  private checkRange(input: RangeInput, required: boolean): void {
    const v = new Validator('delinquencyRange');
    if (required) {
      v.required('classification', input.classification);
      v.required('minimumAgeDays', input.minimumAgeDays);
    }
    v.maxLength('classification', input.classification, 100);
    if (input.minimumAgeDays != null && !(Number.isInteger(input.minimumAgeDays) && input.minimumAgeDays >= 0)) v.fail('minimumAgeDays', 'not.zero.or.greater', 'minimumAgeDays must be zero or more.', input.minimumAgeDays);
    if (input.maximumAgeDays != null && input.minimumAgeDays != null && input.maximumAgeDays < input.minimumAgeDays) {
      v.fail('maximumAgeDays', 'must.be.greater.than.minimum', 'maximumAgeDays must not be below minimumAgeDays.', input.maximumAgeDays);
    }
    v.throwIfAny();
  }
}
