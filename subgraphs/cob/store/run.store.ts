import type { Tx } from '../../kernel/tx.js';

/** The close-of-business ledger: one cob.run row per business date, one cob.step_run row per step of it. */

export type RunStatus = 'RUNNING' | 'COMPLETED' | 'FAILED';
export type Trigger = 'manual' | 'catch-up' | 'scheduler';

export interface RunRow {
  businessDate: string;
  status: RunStatus;
  triggeredBy: Trigger;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
}

export interface StepRunRow {
  businessDate: string;
  stepCode: string;
  position: number;
  status: RunStatus;
  cursor: number;
  processed: number;
  batches: number;
  failures: number;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
}

const RUN_COLUMNS = `to_char(business_date, 'YYYY-MM-DD') as business_date, status, triggered_by, started_at, finished_at, error`;
interface RawRun { business_date: string; status: RunStatus; triggered_by: Trigger; started_at: Date; finished_at: Date | null; error: string | null }
const run = (r: RawRun): RunRow => ({
  businessDate: r.business_date, status: r.status, triggeredBy: r.triggered_by, startedAt: new Date(r.started_at).toISOString(),
  finishedAt: r.finished_at && new Date(r.finished_at).toISOString(), error: r.error,
});

const STEP_COLUMNS = `to_char(business_date, 'YYYY-MM-DD') as business_date, step_code, position, status, cursor, processed, batches, failures, error, started_at, finished_at, duration_ms`;
interface RawStep {
  business_date: string; step_code: string; position: number; status: RunStatus; cursor: string | number; processed: number; batches: number; failures: number;
  error: string | null; started_at: Date; finished_at: Date | null; duration_ms: number | null;
}
const step = (r: RawStep): StepRunRow => ({
  businessDate: r.business_date, stepCode: r.step_code, position: Number(r.position), status: r.status, cursor: Number(r.cursor), processed: Number(r.processed),
  batches: Number(r.batches), failures: Number(r.failures), error: r.error, startedAt: new Date(r.started_at).toISOString(),
  finishedAt: r.finished_at && new Date(r.finished_at).toISOString(), durationMs: r.duration_ms == null ? null : Number(r.duration_ms),
});

/**
 * Opens (or reopens) the run of a date and locks its row to the end of the transaction: two runners of one
 * tenant queue here, so no batch of a date runs beside another of the same date.
 */
export async function claimRun(tx: Tx, businessDate: string, trigger: Trigger): Promise<RunRow> {
  await tx.query(
    `insert into cob.run (tenant_id, business_date, status, triggered_by) values (?, ?::date, 'RUNNING', ?) on conflict (tenant_id, business_date) do nothing`,
    [tx.tenantId, businessDate, trigger],
  );
  const found = await tx.query<RawRun>(`select ${RUN_COLUMNS} from cob.run where tenant_id = ? and business_date = ?::date for update`, [tx.tenantId, businessDate]);
  return run(found[0]!);
}

export async function setRunStatus(tx: Tx, businessDate: string, status: RunStatus, error: string | null): Promise<void> {
  await tx.query(
    `update cob.run set status = ?, error = ?, finished_at = case when ? = 'RUNNING' then null else now() end where tenant_id = ? and business_date = ?::date`,
    [status, error, status, tx.tenantId, businessDate],
  );
}

export async function findRun(tx: Tx, businessDate: string): Promise<RunRow | null> {
  const found = await tx.query<RawRun>(`select ${RUN_COLUMNS} from cob.run where tenant_id = ? and business_date = ?::date`, [tx.tenantId, businessDate]);
  return found[0] ? run(found[0]) : null;
}

/** The latest date whose run completed. */
export async function lastCompletedDate(tx: Tx): Promise<string | null> {
  const found = await tx.query<{ d: string | null }>(`select to_char(max(business_date), 'YYYY-MM-DD') as d from cob.run where tenant_id = ? and status = 'COMPLETED'`, [tx.tenantId]);
  return found[0]?.d ?? null;
}

export async function anyRunning(tx: Tx): Promise<boolean> {
  return (await tx.query(`select 1 from cob.run where tenant_id = ? and status = 'RUNNING' limit 1`, [tx.tenantId])).length > 0;
}

export async function recentRuns(tx: Tx, limit: number): Promise<RunRow[]> {
  return (await tx.query<RawRun>(`select ${RUN_COLUMNS} from cob.run where tenant_id = ? order by business_date desc limit ?`, [tx.tenantId, limit])).map(run);
}

/** The step's row of a date, created at its first batch, locked to the end of the transaction. */
export async function claimStep(tx: Tx, businessDate: string, stepCode: string, position: number): Promise<StepRunRow> {
  await tx.query(
    `insert into cob.step_run (tenant_id, business_date, step_code, position, status) values (?, ?::date, ?, ?, 'RUNNING') on conflict do nothing`,
    [tx.tenantId, businessDate, stepCode, position],
  );
  const found = await tx.query<RawStep>(`select ${STEP_COLUMNS} from cob.step_run where tenant_id = ? and business_date = ?::date and step_code = ? for update`, [tx.tenantId, businessDate, stepCode]);
  return step(found[0]!);
}

/** A batch's progress, committed with the batch's work. */
export async function advanceStep(tx: Tx, businessDate: string, stepCode: string, cursor: number, processed: number, done: boolean, elapsedMs: number): Promise<void> {
  await tx.query(
    `update cob.step_run set cursor = ?, processed = processed + ?, batches = batches + 1, error = null,
            status = case when ? then 'COMPLETED' else 'RUNNING' end, finished_at = case when ? then now() else null end,
            duration_ms = coalesce(duration_ms, 0) + ?
      where tenant_id = ? and business_date = ?::date and step_code = ?`,
    [cursor, processed, done, done, elapsedMs, tx.tenantId, businessDate, stepCode],
  );
}

/** A batch that failed (its work rolled back): the step waits for the next attempt, which resumes at its cursor. */
export async function failStep(tx: Tx, businessDate: string, stepCode: string, position: number, error: string): Promise<void> {
  await tx.query(
    `insert into cob.step_run (tenant_id, business_date, step_code, position, status, failures, error) values (?, ?::date, ?, ?, 'FAILED', 1, ?)
     on conflict (tenant_id, business_date, step_code) do update set status = 'FAILED', failures = cob.step_run.failures + 1, error = excluded.error`,
    [tx.tenantId, businessDate, stepCode, position, error],
  );
}

export async function stepsOf(tx: Tx, businessDates: readonly string[]): Promise<StepRunRow[]> {
  if (businessDates.length === 0) return [];
  return (await tx.query<RawStep>(
    `select ${STEP_COLUMNS} from cob.step_run where tenant_id = ? and business_date = any(?::date[]) order by business_date desc, position`,
    [tx.tenantId, `{${businessDates.join(',')}}`],
  )).map(step);
}
