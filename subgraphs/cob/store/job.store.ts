import type { Tx } from '../../kernel/tx.js';

/** The jobs' settings, the tenant's scheduler and its lease, and the jobs' run history. */

export interface JobSettingRow {
  stepCode: string;
  cronExpression: string;
  active: boolean;
}

export async function jobSettings(tx: Tx): Promise<JobSettingRow[]> {
  const rows = await tx.query<{ step_code: string; cron_expression: string; active: boolean }>(
    `select step_code, cron_expression, active from cob.job where tenant_id = ?`, [tx.tenantId],
  );
  return rows.map((r) => ({ stepCode: r.step_code, cronExpression: r.cron_expression, active: r.active }));
}

export async function saveJobSetting(tx: Tx, row: JobSettingRow): Promise<void> {
  await tx.query(
    `insert into cob.job (tenant_id, step_code, cron_expression, active) values (?, ?, ?, ?)
     on conflict (tenant_id, step_code) do update set cron_expression = excluded.cron_expression, active = excluded.active`,
    [tx.tenantId, row.stepCode, row.cronExpression, row.active],
  );
}

/** Whether the tenant's scheduler runs (on unless stopped). */
export async function schedulerActive(tx: Tx): Promise<boolean> {
  const rows = await tx.query<{ active: boolean }>(`select active from cob.scheduler where tenant_id = ?`, [tx.tenantId]);
  return rows[0]?.active ?? true;
}

export async function setSchedulerActive(tx: Tx, active: boolean): Promise<void> {
  await tx.query(
    `insert into cob.scheduler (tenant_id, active) values (?, ?) on conflict (tenant_id) do update set active = excluded.active`,
    [tx.tenantId, active],
  );
}

/**
 * Takes (or renews) the tenant's scheduler lease for `owner` when its scheduler is on and no other process
 * holds a live lease; false otherwise. The row lock makes two processes asking at once take turns.
 */
export async function takeLease(tx: Tx, owner: string, seconds: number): Promise<boolean> {
  await tx.query(`insert into cob.scheduler (tenant_id) values (?) on conflict do nothing`, [tx.tenantId]);
  const taken = await tx.query(
    `update cob.scheduler set lease_owner = ?, lease_until = now() + make_interval(secs => ?)
      where tenant_id = ? and active and (lease_until is null or lease_until < now() or lease_owner = ?) returning 1`,
    [owner, seconds, tx.tenantId, owner],
  );
  return taken.length > 0;
}

export async function releaseLease(tx: Tx, owner: string): Promise<void> {
  await tx.query(`update cob.scheduler set lease_owner = null, lease_until = null where tenant_id = ? and lease_owner = ?`, [tx.tenantId, owner]);
}

export type JobTrigger = 'manual' | 'catch-up' | 'scheduler' | 'execute';

export interface JobRunRow {
  id: number;
  /** 1 for a job's first run, counting up (Fineract's `version`). */
  version: number;
  stepCode: string;
  businessDate: string;
  triggeredBy: JobTrigger;
  status: 'success' | 'failed';
  startedAt: string;
  finishedAt: string;
  processed: number;
  errorMessage: string | null;
  failedAfterAccountId: number | null;
}

export interface NewJobRun {
  stepCode: string;
  businessDate: string;
  triggeredBy: JobTrigger;
  status: 'success' | 'failed';
  startedAt: Date | string;
  processed: number;
  errorMessage: string | null;
  failedAfterAccountId: number | null;
}

export async function recordJobRun(tx: Tx, run: NewJobRun): Promise<void> {
  await tx.query(
    `insert into cob.job_run (tenant_id, step_code, business_date, triggered_by, status, started_at, processed, error_message, failed_after_account_id)
     values (?, ?, ?::date, ?, ?, ?::timestamptz, ?, ?, ?)`,
    [tx.tenantId, run.stepCode, run.businessDate, run.triggeredBy, run.status, new Date(run.startedAt).toISOString(), run.processed, run.errorMessage, run.failedAfterAccountId],
  );
}

interface RawJobRun {
  id: string | number; step_code: string; business_date: string; triggered_by: JobTrigger; status: 'success' | 'failed'; started_at: Date; finished_at: Date;
  processed: number; error_message: string | null; failed_after_account_id: string | number | null; version: string | number;
}
const JOB_RUN_COLUMNS = `id, row_number() over (partition by step_code order by id) as version, step_code, to_char(business_date, 'YYYY-MM-DD') as business_date, triggered_by, status, started_at, finished_at, processed, error_message, failed_after_account_id`;
const jobRun = (r: RawJobRun): JobRunRow => ({
  id: Number(r.id), version: Number(r.version), stepCode: r.step_code, businessDate: r.business_date, triggeredBy: r.triggered_by, status: r.status,
  startedAt: new Date(r.started_at).toISOString(), finishedAt: new Date(r.finished_at).toISOString(), processed: Number(r.processed),
  errorMessage: r.error_message, failedAfterAccountId: r.failed_after_account_id == null ? null : Number(r.failed_after_account_id),
});

/** A page of a job's runs, newest first, and how many there are. */
export async function jobRuns(tx: Tx, stepCode: string, offset: number, limit: number): Promise<{ total: number; rows: JobRunRow[] }> {
  const total = await tx.query<{ n: string }>(`select count(*) as n from cob.job_run where tenant_id = ? and step_code = ?`, [tx.tenantId, stepCode]);
  const rows = await tx.query<RawJobRun>(
    `select * from (select ${JOB_RUN_COLUMNS} from cob.job_run where tenant_id = ? and step_code = ?) runs order by id desc offset ? limit ?`,
    [tx.tenantId, stepCode, offset, limit],
  );
  return { total: Number(total[0]!.n), rows: rows.map(jobRun) };
}

/** Each job's latest run. */
export async function lastJobRuns(tx: Tx): Promise<JobRunRow[]> {
  const rows = await tx.query<RawJobRun>(
    `select distinct on (step_code) * from (select ${JOB_RUN_COLUMNS} from cob.job_run where tenant_id = ?) runs order by step_code, id desc`, [tx.tenantId],
  );
  return rows.map(jobRun);
}

/** The steps a run of any process is working on now (the run's step rows still RUNNING or FAILED). */
export async function stepsInProgress(tx: Tx): Promise<string[]> {
  const rows = await tx.query<{ step_code: string }>(
    `select distinct s.step_code from cob.step_run s join cob.run r on r.tenant_id = s.tenant_id and r.business_date = s.business_date
      where s.tenant_id = ? and r.status = 'RUNNING' and s.status = 'RUNNING'`, [tx.tenantId],
  );
  return rows.map((r) => r.step_code);
}
