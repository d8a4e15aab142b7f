import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import { nextValue, reserveUpTo } from '../kernel/sequence.js';
import { ageLoan, rangeFor, type DelinquencyRange } from './domain/aging.js';
import type { LoanDependencies } from './loan.ports.js';
import { rows, STATUS_ACTIVE } from './loan.store.js';
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

export interface BucketRow {
  id: number;
  name: string;
  rangeIds: number[];
}

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

  constructor(
    private readonly db: Database,
    private readonly deps: LoanDependencies,
  ) {}

  // ---- ranges and buckets ---------------------------------------------------------------------

  async ranges(identity: Identity): Promise<DelinquencyRange[]> {
    const staff = requireStaff(identity, 'READ_DELINQUENCY');
    return this.db.tx(staff.tenantId, (tx) => this.loadRanges(tx));
  }

  async range(identity: Identity, id: number): Promise<DelinquencyRange> {
    const staff = requireStaff(identity, 'READ_DELINQUENCY');
    return this.db.tx(staff.tenantId, async (tx) => (await this.loadRanges(tx)).find((r) => r.id === id) ?? Promise.reject(rangeNotFound(id)));
  }

  async createRange(identity: Identity, input: RangeInput): Promise<DelinquencyRange> {
    const actor = requireStaff(identity, 'CREATE_DELINQUENCY');
    return this.db.tx(actor.tenantId, (tx) => this.createRangeCore(tx, actor, input));
  }

  async createRangeCore(tx: Tx, actor: Actor, input: RangeInput): Promise<DelinquencyRange> {
    this.checkRange(input, true);
    const id = await nextValue(tx, 'delinquency_range');
    await this.insertRange(tx, { id, classification: input.classification!, minimumAgeDays: input.minimumAgeDays!, maximumAgeDays: input.maximumAgeDays ?? null }, actor.userId);
    return (await this.loadRanges(tx)).find((r) => r.id === id)!;
  }

  async updateRange(identity: Identity, id: number, input: RangeInput): Promise<DelinquencyRange> {
    const actor = requireStaff(identity, 'UPDATE_DELINQUENCY');
    return this.db.tx(actor.tenantId, (tx) => this.updateRangeCore(tx, actor, id, input));
  }

  async updateRangeCore(tx: Tx, actor: Actor, id: number, input: RangeInput): Promise<DelinquencyRange> {
    const current = (await this.loadRanges(tx)).find((r) => r.id === id);
    if (!current) throw rangeNotFound(id);
    const next = { ...current, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as DelinquencyRange;
    this.checkRange(next, true);
    await this.assertClassificationFree(tx, next.classification, id);
    await tx.em.execute(
      `update loan.delinquency_range set classification = ?, minimum_age_days = ?, maximum_age_days = ?, updated_by = ?, updated_at = now() where tenant_id = ? and id = ?`,
      [next.classification, next.minimumAgeDays, next.maximumAgeDays, actor.userId, tx.tenantId, id],
    );
    return (await this.loadRanges(tx)).find((r) => r.id === id)!;
  }

  async buckets(identity: Identity): Promise<{ bucket: BucketRow; ranges: DelinquencyRange[] }[]> {
    const staff = requireStaff(identity, 'READ_DELINQUENCY');
    return this.db.tx(staff.tenantId, async (tx) => {
      const ranges = await this.loadRanges(tx);
      return (await this.loadBuckets(tx)).map((bucket) => ({ bucket, ranges: ranges.filter((r) => bucket.rangeIds.includes(r.id)) }));
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
    const current = id === null ? null : (await this.loadBuckets(tx)).find((b) => b.id === id);
    if (id !== null && !current) throw bucketNotFound(id);
    const name = input.name ?? current?.name;
    const rangeIds = input.ranges ?? current?.rangeIds ?? [];
    const v = new Validator('delinquencyBucket');
    v.required('name', name);
    v.maxLength('name', name, 100);
    if (rangeIds.length === 0) v.fail('ranges', 'cannot.be.blank', 'A bucket needs at least one range.');
    v.throwIfAny();
    const known = new Set((await this.loadRanges(tx)).map((r) => r.id));
    const unknown = rangeIds.find((r) => !known.has(r));
    if (unknown !== undefined) throw rangeNotFound(unknown);
    const clash = await tx.em.execute(`select 1 from loan.delinquency_bucket where tenant_id = ? and lower(name) = lower(?) and id <> ?`, [tx.tenantId, name, id ?? -1]);
    if (clash.length > 0) throw errors.duplicate(LOAN_CODES.delinquencyBucketDuplicateName, `Delinquency bucket \`${name}\` already exists`, 'name', name);
    const bucketId = id ?? (await nextValue(tx, 'delinquency_bucket'));
    await tx.em.execute(
      `insert into loan.delinquency_bucket (tenant_id, id, name, range_ids, created_by, updated_by) values (?, ?, ?, ?::int[], ?, ?)
       on conflict (tenant_id, id) do update set name = excluded.name, range_ids = excluded.range_ids, updated_by = excluded.updated_by, updated_at = now()`,
      [tx.tenantId, bucketId, name, `{${rangeIds.join(',')}}`, actor.userId, actor.userId],
    );
    return { id: bucketId, name: name!, rangeIds };
  }

  /** Tenant seeding: the four ranges of docs/interface.md, Resources in one bucket (idempotent). */
  async seed(tx: Tx): Promise<void> {
    const existing = await tx.em.execute(`select 1 from loan.delinquency_range where tenant_id = ? limit 1`, [tx.tenantId]);
    if (existing.length > 0) return;
    for (const range of DEFAULT_RANGES) await this.insertRange(tx, range, null);
    await reserveUpTo(tx, 'delinquency_range', DEFAULT_RANGES.length);
    await tx.em.execute(`insert into loan.delinquency_bucket (tenant_id, id, name, range_ids) values (?, ?, ?, ?::int[])`, [tx.tenantId, DEFAULT_BUCKET.id, DEFAULT_BUCKET.name, `{${DEFAULT_BUCKET.rangeIds.join(',')}}`]);
    await reserveUpTo(tx, 'delinquency_bucket', DEFAULT_BUCKET.id);
  }

  // ---- the aging job --------------------------------------------------------------------------

  async jobs(identity: Identity): Promise<SchedulerJobType[]> {
    const staff = requireStaff(identity, 'READ_SCHEDULER');
    return this.db.tx(staff.tenantId, async (tx) => {
      const last = await tx.em.execute<{ d: string | null }[]>(
        `select to_char(max(business_date), 'YYYY-MM-DD') as d from loan.job_run where tenant_id = ? and job_id = ?`, [tx.tenantId, AGING_JOB.jobId],
      );
      return [{ ...AGING_JOB, active: true, currentlyRunning: false, lastRunBusinessDate: last[0]?.d ?? null }];
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
    await tx.em.execute(
      `insert into loan.job_run (tenant_id, job_id, business_date, finished_at, loans_aged, triggered_by) values (?, ?, ?::date, now(), ?, 'manual')
       on conflict (tenant_id, job_id, business_date) do update set finished_at = now(), loans_aged = excluded.loans_aged`,
      [tx.tenantId, AGING_JOB.jobId, businessDate, loansAged],
    );
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
      const claimed = await tx.em.execute(
        `insert into loan.job_run (tenant_id, job_id, business_date, triggered_by) values (?, ?, ?::date, 'scheduler') on conflict do nothing returning job_id`,
        [tx.tenantId, AGING_JOB.jobId, businessDate],
      );
      if (claimed.length === 0) return null;
      const loansAged = await this.ageIn(tx, businessDate);
      await tx.em.execute(`update loan.job_run set finished_at = now(), loans_aged = ? where tenant_id = ? and job_id = ? and business_date = ?::date`, [loansAged, tx.tenantId, AGING_JOB.jobId, businessDate]);
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
    const ranges = await this.loadRanges(tx);
    const buckets = new Map((await this.loadBuckets(tx)).map((b) => [b.id, ranges.filter((r) => b.rangeIds.includes(r.id))]));
    const active = Number((await tx.em.execute<{ n: string }[]>(`select count(*) as n from loan.loan where tenant_id = ? and status_id = ?`, [tx.tenantId, STATUS_ACTIVE]))[0]!.n);

    // Loans that are not overdue any more (or never were) lose their flag, range and recovery officer.
    await tx.em.execute(
      `update loan.loan l set days_past_due = 0, delinquent_amount = 0, delinquent_date = null, delinquency_range_id = null, recovery_officer_user_id = null
        where l.tenant_id = ? and (l.days_past_due > 0 or l.delinquency_range_id is not null) and not exists (
          select 1 from loan.schedule_period p where p.tenant_id = l.tenant_id and p.loan_id = l.id and l.status_id = ? and p.due_date < ?::date
             and p.principal_due + p.interest_due + p.fee_due + p.penalty_due > p.principal_paid + p.interest_paid + p.fee_paid + p.penalty_paid)`,
      [tx.tenantId, STATUS_ACTIVE, businessDate],
    );

    // Batches of active loans by id range, so each aggregate reads only its own loans' instalments.
    let afterId = 0;
    for (;;) {
      const bounds = await tx.em.execute<{ last: number | null }[]>(
        `select max(id) as last from (select id from loan.loan where tenant_id = ? and status_id = ? and id > ? order by id limit ?) b`,
        [tx.tenantId, STATUS_ACTIVE, afterId, AGING_BATCH],
      );
      const last = bounds[0]?.last == null ? null : Number(bounds[0].last);
      if (last === null) break;
      const overdue = rows<{ loanId: number; officeId: number; bucketId: number | null; oldest: string; unpaid: string; recoveryOfficerUserId: number | null }>(await tx.em.execute(
        `select l.id as loan_id, l.office_id, pr.delinquency_bucket_id as bucket_id, l.recovery_officer_user_id,
                to_char(min(p.due_date), 'YYYY-MM-DD') as oldest,
                sum(p.principal_due + p.interest_due + p.fee_due + p.penalty_due - p.principal_paid - p.interest_paid - p.fee_paid - p.penalty_paid) as unpaid
           from loan.loan l
           join loan.product pr on pr.tenant_id = l.tenant_id and pr.id = l.product_id
           join loan.schedule_period p on p.tenant_id = l.tenant_id and p.loan_id = l.id
          where l.tenant_id = ? and l.status_id = ? and l.id > ? and l.id <= ? and p.due_date < ?::date
            and p.principal_due + p.interest_due + p.fee_due + p.penalty_due > p.principal_paid + p.interest_paid + p.fee_paid + p.penalty_paid
          group by l.id, l.office_id, pr.delinquency_bucket_id, l.recovery_officer_user_id
          order by l.id`,
        [tx.tenantId, STATUS_ACTIVE, afterId, last, businessDate],
      ));
      afterId = last;
      if (overdue.length === 0) continue;
      const ids: number[] = [];
      const days: number[] = [];
      const amounts: string[] = [];
      const dates: string[] = [];
      const rangeIds: (number | null)[] = [];
      const officers: (number | null)[] = [];
      const unassigned = new Map<number, number[]>();
      for (const row of overdue) {
        const aging = ageLoan([{ dueDate: row.oldest, unpaid: row.unpaid }], businessDate);
        const range = rangeFor(buckets.get(row.bucketId ?? DEFAULT_BUCKET.id) ?? ranges, aging.delinquentDays);
        if (row.recoveryOfficerUserId === null && aging.delinquentDays >= RECOVERY_ASSIGNMENT_DAYS) {
          unassigned.set(row.officeId, [...(unassigned.get(row.officeId) ?? []), ids.length]);
        }
        ids.push(row.loanId);
        days.push(aging.delinquentDays);
        amounts.push(aging.delinquentAmount);
        dates.push(aging.delinquentDate!);
        rangeIds.push(range?.id ?? null);
        officers.push(row.recoveryOfficerUserId);
      }
      for (const [officeId, positions] of unassigned) {
        const chosen = await this.recoveryOfficers(tx, officeId, positions.map((i) => ids[i]!));
        positions.forEach((position, i) => (officers[position] = chosen[i] ?? null));
      }
      await tx.em.execute(
        `update loan.loan l set days_past_due = u.days, delinquent_amount = u.amount, delinquent_date = u.oldest, delinquency_range_id = u.range_id,
                recovery_officer_user_id = u.officer
           from unnest(?::int[], ?::int[], ?::numeric[], ?::date[], ?::int[], ?::int[]) as u(id, days, amount, oldest, range_id, officer)
          where l.tenant_id = ? and l.id = u.id
            and (l.days_past_due, l.delinquent_amount, l.delinquent_date, l.delinquency_range_id, l.recovery_officer_user_id)
                is distinct from (u.days, u.amount, u.oldest, u.range_id, u.officer)`,
        [pgArray(ids), pgArray(days), pgArray(amounts), pgArray(dates), pgArray(rangeIds), pgArray(officers), tx.tenantId],
      );
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

  private async loadRanges(tx: Tx): Promise<DelinquencyRange[]> {
    return rows<DelinquencyRange>(await tx.em.execute(`select id, classification, minimum_age_days, maximum_age_days from loan.delinquency_range where tenant_id = ? order by minimum_age_days, id`, [tx.tenantId]));
  }

  private async loadBuckets(tx: Tx): Promise<BucketRow[]> {
    return rows<BucketRow>(await tx.em.execute(`select id, name, range_ids from loan.delinquency_bucket where tenant_id = ? order by id`, [tx.tenantId]));
  }

  private async insertRange(tx: Tx, range: DelinquencyRange, actor: number | null): Promise<void> {
    await this.assertClassificationFree(tx, range.classification, range.id);
    await tx.em.execute(
      `insert into loan.delinquency_range (tenant_id, id, classification, minimum_age_days, maximum_age_days, created_by, updated_by) values (?, ?, ?, ?, ?, ?, ?)`,
      [tx.tenantId, range.id, range.classification, range.minimumAgeDays, range.maximumAgeDays, actor, actor],
    );
  }

  private async assertClassificationFree(tx: Tx, classification: string, exceptId: number): Promise<void> {
    const clash = await tx.em.execute(`select 1 from loan.delinquency_range where tenant_id = ? and lower(classification) = lower(?) and id <> ?`, [tx.tenantId, classification, exceptId]);
    if (clash.length > 0) throw errors.duplicate(LOAN_CODES.delinquencyRangeDuplicateClassification, `Delinquency range \`${classification}\` already exists`, 'classification', classification);
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

/** A PostgreSQL array literal of numbers, dates or decimal text (null elements as NULL). */
function pgArray(values: readonly (string | number | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
}
