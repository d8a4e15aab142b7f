import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../platform/request-context.js';
import type { CobServices } from '../cob.services.js';
import type { JobView } from '../queries/jobs.query.js';
import type { JobRunRow } from '../store/job.store.js';
import {
  CobBusinessJobsType, CobBusinessStepsType, CobJobChangeType, CobJobExecutionType, CobJobRunPageType, CobJobRunType, CobJobType, CobSchedulerStatusType, UpdateCobJobInput,
} from './jobs.types.js';

const runType = (r: JobRunRow): CobJobRunType => ({
  version: r.version, jobRunStartTime: r.startedAt, jobRunEndTime: r.finishedAt, status: r.status, triggerType: r.triggeredBy === 'scheduler' ? 'cron' : 'application',
  businessDate: r.businessDate, accountsProcessed: r.processed, jobRunErrorMessage: r.errorMessage, failedAfterAccountId: r.failedAfterAccountId,
  jobRunErrorLog: r.failedAfterAccountId === null ? null : `The failed batch held the accounts after id ${r.failedAfterAccountId} (ascending, at most one batch); they are retried when the run resumes.`,
});

const jobType = (j: JobView): CobJobType => ({
  jobId: j.jobId, displayName: j.displayName, shortName: j.stepCode, cronExpression: j.cronExpression, active: j.active, currentlyRunning: j.currentlyRunning,
  nextRunTime: j.nextRunTime, lastRunHistory: j.lastRun && runType(j.lastRun),
});

/** The close of business's steps as Fineract's scheduler jobs, and the tenant's scheduler. */
@Resolver()
export class JobsResolver {
  constructor(private readonly services: CobServices) {}

  @Query(() => [CobJobType], { description: 'The close of business\'s steps as jobs, in id order (GET /jobs).' })
  async cobJobs(@Ctx() ctx: RequestContext): Promise<CobJobType[]> {
    return (await this.services.jobs.list(ctx.identity)).map(jobType);
  }

  @Query(() => CobJobType, { description: 'One job (GET /jobs/{id}).' })
  async cobJob(@Arg('jobId', () => Int, { description: 'Id of the job.' }) jobId: number, @Ctx() ctx: RequestContext): Promise<CobJobType> {
    return jobType(await this.services.jobs.one(ctx.identity, jobId));
  }

  @Query(() => CobJobRunPageType, { description: 'A job\'s runs, newest first (GET /jobs/{id}/runhistory).' })
  async cobJobRunHistory(
    @Arg('jobId', () => Int, { description: 'Id of the job.' }) jobId: number,
    @Ctx() ctx: RequestContext,
    @Arg('offset', () => Int, { description: 'Runs to skip.', nullable: true }) offset?: number | null,
    @Arg('limit', () => Int, { description: 'Runs to return (at most 200).', nullable: true }) limit?: number | null,
  ): Promise<CobJobRunPageType> {
    const page = await this.services.jobs.history(ctx.identity, jobId, offset ?? 0, limit ?? 200);
    return { totalFilteredRecords: page.total, pageItems: page.rows.map(runType) };
  }

  @Query(() => CobBusinessJobsType, { description: 'Fineract\'s business jobs: the close of business (GET /jobs/names).' })
  cobBusinessJobs(@Ctx() ctx: RequestContext): CobBusinessJobsType {
    return { businessJobs: this.services.jobs.businessJobs(ctx.identity) };
  }

  @Query(() => CobBusinessStepsType, { description: 'A business job\'s steps in order (GET /jobs/{jobName}/steps).' })
  cobBusinessSteps(@Arg('jobName', { description: 'LOAN_CLOSE_OF_BUSINESS.' }) jobName: string, @Ctx() ctx: RequestContext): CobBusinessStepsType {
    return { jobName, businessSteps: this.services.jobs.businessSteps(ctx.identity, jobName) };
  }

  @Query(() => CobSchedulerStatusType, { description: 'Whether the tenant\'s scheduler runs (GET /scheduler).' })
  async cobScheduler(@Ctx() ctx: RequestContext): Promise<CobSchedulerStatusType> {
    return { active: await this.services.jobs.schedulerActive(ctx.identity) };
  }

  @Mutation(() => CobJobExecutionType, { description: 'Runs a job now for the business date (POST /jobs/{id}?command=executeJob); running it again changes nothing.' })
  async executeCobJob(@Arg('jobId', () => Int, { description: 'Id of the job.' }) jobId: number, @Ctx() ctx: RequestContext): Promise<CobJobExecutionType> {
    return this.services.run.executeJob(ctx.identity, jobId);
  }

  @Mutation(() => CobJobChangeType, { description: 'Changes a job\'s cron expression or whether the run does it (PUT /jobs/{id}).' })
  async updateCobJob(
    @Arg('jobId', () => Int, { description: 'Id of the job.' }) jobId: number,
    @Arg('input', { description: 'The fields to change.' }) input: UpdateCobJobInput,
    @Ctx() ctx: RequestContext,
  ): Promise<CobJobChangeType> {
    return { resourceId: jobId, changes: await this.services.jobCommands.update(ctx.identity, jobId, input) };
  }

  @Mutation(() => CobSchedulerStatusType, { description: 'Starts or stops the tenant\'s scheduler (POST /scheduler?command=start|stop).' })
  async setCobScheduler(@Arg('active', { description: 'true: start; false: stop.' }) active: boolean, @Ctx() ctx: RequestContext): Promise<CobSchedulerStatusType> {
    await this.services.jobCommands.setScheduler(ctx.identity, active);
    return { active };
  }
}
