import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { errors } from '../../kernel/errors.js';
import { requireStaff, type Identity } from '../../kernel/identity.js';
import { COB_CODES } from '../codes.js';
import { STEP_NAMES, type CloseOfBusiness } from '../commands/close-of-business.command.js';
import { DEFAULT_CRON, JOB_IDS, dailyCronSeconds, nextRun, stepOfJob } from '../domain/jobs.js';
import { COB_STEP_CODES, type CobStepCode } from '../domain/steps.js';
import { jobRuns, jobSettings, lastJobRuns, schedulerActive, stepsInProgress, type JobRunRow } from '../store/job.store.js';

/** Fineract's name of the close-of-business business job. */
export const BUSINESS_JOB = 'LOAN_CLOSE_OF_BUSINESS';

/** A page of a job's run history holds at most this many runs. */
export const MAX_JOB_RUNS_PAGE = 200;

export interface JobView {
  jobId: number;
  stepCode: CobStepCode;
  displayName: string;
  cronExpression: string;
  active: boolean;
  currentlyRunning: boolean;
  /** Null when the job is inactive or the tenant's scheduler is stopped. */
  nextRunTime: string | null;
  lastRun: JobRunRow | null;
}

/** The run's steps as Fineract's scheduler jobs: their settings, state and history, and the tenant's scheduler. */
export class JobQueries {
  constructor(
    private readonly db: Database,
    private readonly run: CloseOfBusiness,
  ) {}

  async list(identity: Identity): Promise<JobView[]> {
    const staff = requireStaff(identity, 'READ_SCHEDULER');
    return this.db.tx(staff.tenantId, (tx) => this.jobsIn(tx));
  }

  async one(identity: Identity, jobId: number): Promise<JobView> {
    const staff = requireStaff(identity, 'READ_SCHEDULER');
    const code = requireJob(jobId);
    return this.db.tx(staff.tenantId, async (tx) => (await this.jobsIn(tx)).find((j) => j.stepCode === code)!);
  }

  async history(identity: Identity, jobId: number, offset: number, limit: number): Promise<{ total: number; rows: JobRunRow[] }> {
    const staff = requireStaff(identity, 'READ_SCHEDULER');
    const code = requireJob(jobId);
    const from = Number.isInteger(offset) && offset > 0 ? offset : 0;
    const size = Number.isInteger(limit) && limit > 0 ? Math.min(limit, MAX_JOB_RUNS_PAGE) : MAX_JOB_RUNS_PAGE;
    return this.db.tx(staff.tenantId, (tx) => jobRuns(tx, code, from, size));
  }

  /** GET /jobs/names (Fineract's business jobs): the close of business, whose steps are the jobs above. */
  businessJobs(identity: Identity): string[] {
    requireStaff(identity, 'READ_SCHEDULER');
    return [BUSINESS_JOB];
  }

  /** GET /jobs/{jobName}/steps: the close of business's steps in their order (1 first). */
  businessSteps(identity: Identity, jobName: string): { stepName: string; order: number }[] {
    requireStaff(identity, 'READ_SCHEDULER');
    if (jobName !== BUSINESS_JOB) throw errors.notFound(COB_CODES.jobIdInvalid, `Job with name ${jobName.slice(0, 60)} does not exist`, jobName.slice(0, 60));
    return COB_STEP_CODES.map((code, i) => ({ stepName: code, order: i + 1 }));
  }

  async schedulerActive(identity: Identity): Promise<boolean> {
    const staff = requireStaff(identity, 'READ_SCHEDULER');
    return this.db.tx(staff.tenantId, (tx) => schedulerActive(tx));
  }

  async jobsIn(tx: Tx): Promise<JobView[]> {
    const settings = new Map((await jobSettings(tx)).map((j) => [j.stepCode, j]));
    const last = new Map((await lastJobRuns(tx)).map((r) => [r.stepCode, r]));
    const running = new Set(await stepsInProgress(tx));
    const scheduling = await schedulerActive(tx);
    const now = new Date();
    return COB_STEP_CODES.map((code) => {
      const setting = settings.get(code) ?? { cronExpression: DEFAULT_CRON, active: true };
      const seconds = dailyCronSeconds(setting.cronExpression);
      return {
        jobId: JOB_IDS[code], stepCode: code, displayName: STEP_NAMES[code], cronExpression: setting.cronExpression, active: setting.active,
        currentlyRunning: running.has(code) || this.run.isExecuting(tx.tenantId, code),
        nextRunTime: setting.active && scheduling && seconds !== null ? nextRun(seconds, now).toISOString() : null,
        lastRun: last.get(code) ?? null,
      };
    }).sort((a, b) => a.jobId - b.jobId);
  }
}

export function requireJob(jobId: number): CobStepCode {
  const code = stepOfJob(jobId);
  if (code === null) throw errors.notFound(COB_CODES.jobIdInvalid, `Job with identifier ${jobId} does not exist`, jobId);
  return code;
}
