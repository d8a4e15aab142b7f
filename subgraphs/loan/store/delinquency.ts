import type { Tx } from '../../kernel/tx.js';
import type { DelinquencyRange } from '../domain/aging.js';
import { rows } from './rows.js';
import { pgArray } from '../../kernel/pg-array.js';
import { STATUS_ACTIVE } from './loans.js';

/** Delinquency ranges and buckets, the aging job's runs (loan.job_run) and the aging columns of loan.loan. */

export interface BucketRow {
  id: number;
  name: string;
  rangeIds: number[];
}

/** Every range, by minimum age. */
export async function loadRanges(tx: Tx): Promise<DelinquencyRange[]> {
  return rows<DelinquencyRange>(await tx.query(`select id, classification, minimum_age_days, maximum_age_days from loan.delinquency_range where tenant_id = ? order by minimum_age_days, id`, [tx.tenantId]));
}

export async function loadBuckets(tx: Tx): Promise<BucketRow[]> {
  return rows<BucketRow>(await tx.query(`select id, name, range_ids from loan.delinquency_bucket where tenant_id = ? order by id`, [tx.tenantId]));
}

export async function anyRange(tx: Tx): Promise<boolean> {
  return (await tx.query(`select 1 from loan.delinquency_range where tenant_id = ? limit 1`, [tx.tenantId])).length > 0;
}

/** Whether a range other than `exceptId` has this classification (case-insensitive). */
export async function classificationTaken(tx: Tx, classification: string, exceptId: number): Promise<boolean> {
  return (await tx.query(`select 1 from loan.delinquency_range where tenant_id = ? and lower(classification) = lower(?) and id <> ?`, [tx.tenantId, classification, exceptId])).length > 0;
}

export async function insertRange(tx: Tx, range: DelinquencyRange, userId: number | null): Promise<void> {
  await tx.query(
    `insert into loan.delinquency_range (tenant_id, id, classification, minimum_age_days, maximum_age_days, created_by, updated_by) values (?, ?, ?, ?, ?, ?, ?)`,
    [tx.tenantId, range.id, range.classification, range.minimumAgeDays, range.maximumAgeDays, userId, userId],
  );
}

export async function updateRange(tx: Tx, range: DelinquencyRange, userId: number): Promise<void> {
  await tx.query(
    `update loan.delinquency_range set classification = ?, minimum_age_days = ?, maximum_age_days = ?, updated_by = ?, updated_at = now() where tenant_id = ? and id = ?`,
    [range.classification, range.minimumAgeDays, range.maximumAgeDays, userId, tx.tenantId, range.id],
  );
}

/** Whether a bucket other than `exceptId` has this name (case-insensitive). */
export async function bucketNameTaken(tx: Tx, name: string, exceptId: number | null): Promise<boolean> {
  return (await tx.query(`select 1 from loan.delinquency_bucket where tenant_id = ? and lower(name) = lower(?) and id <> ?`, [tx.tenantId, name, exceptId ?? -1])).length > 0;
}

/** Creates the bucket, or replaces its name and ranges. */
export async function saveBucket(tx: Tx, bucket: BucketRow, userId: number | null): Promise<void> {
  await tx.query(
    `insert into loan.delinquency_bucket (tenant_id, id, name, range_ids, created_by, updated_by) values (?, ?, ?, ?::int[], ?, ?)
     on conflict (tenant_id, id) do update set name = excluded.name, range_ids = excluded.range_ids, updated_by = excluded.updated_by, updated_at = now()`,
    [tx.tenantId, bucket.id, bucket.name, pgArray(bucket.rangeIds), userId, userId],
  );
}

/** The last business date the job ran for, if it ever did. */
export async function lastJobRun(tx: Tx, jobId: number): Promise<string | null> {
  const found = await tx.query<{ d: string | null }>(`select to_char(max(business_date), 'YYYY-MM-DD') as d from loan.job_run where tenant_id = ? and job_id = ?`, [tx.tenantId, jobId]);
  return found[0]?.d ?? null;
}

/** A run on demand: recorded (or re-recorded) for its business date. */
export async function recordManualRun(tx: Tx, jobId: number, businessDate: string, loansAged: number): Promise<void> {
  await tx.query(
    `insert into loan.job_run (tenant_id, job_id, business_date, finished_at, loans_aged, triggered_by) values (?, ?, ?::date, now(), ?, 'manual')
     on conflict (tenant_id, job_id, business_date) do update set finished_at = now(), loans_aged = excluded.loans_aged`,
    [tx.tenantId, jobId, businessDate, loansAged],
  );
}

/** Claims the scheduler's run of a business date; false when a run of that date exists (or another instance holds the claim until it commits). */
export async function claimScheduledRun(tx: Tx, jobId: number, businessDate: string): Promise<boolean> {
  const claimed = await tx.query(
    `insert into loan.job_run (tenant_id, job_id, business_date, triggered_by) values (?, ?, ?::date, 'scheduler') on conflict do nothing returning job_id`,
    [tx.tenantId, jobId, businessDate],
  );
  return claimed.length > 0;
}

export async function finishScheduledRun(tx: Tx, jobId: number, businessDate: string, loansAged: number): Promise<void> {
  await tx.query(`update loan.job_run set finished_at = now(), loans_aged = ? where tenant_id = ? and job_id = ? and business_date = ?::date`, [loansAged, tx.tenantId, jobId, businessDate]);
}

export async function activeLoanCount(tx: Tx): Promise<number> {
  return Number((await tx.query<{ n: string }>(`select count(*) as n from loan.loan where tenant_id = ? and status_id = ?`, [tx.tenantId, STATUS_ACTIVE]))[0]!.n);
}

/** Loans not overdue on `businessDate` (any more, or not active) lose their days past due, arrears, range and recovery officer. */
export async function clearRecovered(tx: Tx, businessDate: string): Promise<void> {
  await tx.query(
    `update loan.loan l set days_past_due = 0, delinquent_amount = 0, delinquent_date = null, delinquency_range_id = null, recovery_officer_user_id = null
      where l.tenant_id = ? and (l.days_past_due > 0 or l.delinquency_range_id is not null) and not exists (
        select 1 from loan.schedule_period p where p.tenant_id = l.tenant_id and p.loan_id = l.id and l.status_id = ? and p.due_date < ?::date
           and p.principal_due + p.interest_due + p.fee_due + p.penalty_due > p.principal_paid + p.interest_paid + p.fee_paid + p.penalty_paid)`,
    [tx.tenantId, STATUS_ACTIVE, businessDate],
  );
}

/** The id ending the next batch of at most `size` active loans after `afterId`; null when none is left. */
export async function activeBatchEnd(tx: Tx, afterId: number, size: number): Promise<number | null> {
  const bounds = await tx.query<{ last: number | null }>(
    `select max(id) as last from (select id from loan.loan where tenant_id = ? and status_id = ? and id > ? order by id limit ?) b`,
    [tx.tenantId, STATUS_ACTIVE, afterId, size],
  );
  return bounds[0]?.last == null ? null : Number(bounds[0].last);
}

export interface OverdueLoan {
  loanId: number;
  officeId: number;
  bucketId: number | null;
  /** The oldest unpaid instalment's due date. */
  oldest: string;
  /** What the overdue instalments still owe. */
  unpaid: string;
  recoveryOfficerUserId: number | null;
}

/** Active loans with ids in (afterId, lastId] and unpaid instalments due before `businessDate`, summed per loan, in id order. */
export async function overdueLoans(tx: Tx, afterId: number, lastId: number, businessDate: string): Promise<OverdueLoan[]> {
  return rows<OverdueLoan>(await tx.query(
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
    [tx.tenantId, STATUS_ACTIVE, afterId, lastId, businessDate],
  ));
}

export interface AgingRow {
  loanId: number;
  days: number;
  amount: string;
  oldest: string;
  rangeId: number | null;
  recoveryOfficerUserId: number | null;
}

/** Writes a batch's aging in one statement, touching only the loans whose figures changed. */
export async function writeAging(tx: Tx, aged: readonly AgingRow[]): Promise<void> {
  await tx.query(
    `update loan.loan l set days_past_due = u.days, delinquent_amount = u.amount, delinquent_date = u.oldest, delinquency_range_id = u.range_id,
            recovery_officer_user_id = u.officer
       from unnest(?::int[], ?::int[], ?::numeric[], ?::date[], ?::int[], ?::int[]) as u(id, days, amount, oldest, range_id, officer)
      where l.tenant_id = ? and l.id = u.id
        and (l.days_past_due, l.delinquent_amount, l.delinquent_date, l.delinquency_range_id, l.recovery_officer_user_id)
            is distinct from (u.days, u.amount, u.oldest, u.range_id, u.officer)`,
    [
      pgArray(aged.map((a) => a.loanId)), pgArray(aged.map((a) => a.days)), pgArray(aged.map((a) => a.amount)), pgArray(aged.map((a) => a.oldest)),
      pgArray(aged.map((a) => a.rangeId)), pgArray(aged.map((a) => a.recoveryOfficerUserId)), tx.tenantId,
    ],
  );
}

/** Every range by id (the loan views name a loan's range). */
export async function rangesById(tx: Tx): Promise<Map<number, DelinquencyRange>> {
  return new Map((await loadRanges(tx)).map((r) => [r.id, r]));
}
