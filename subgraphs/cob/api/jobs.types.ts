import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { LocalDateScalar } from '../../kernel/scalars.js';

@ObjectType('CobJobRun', { description: 'One run of a job (Fineract\'s job run history entry).' })
export class CobJobRunType {
  @Field(() => Int, { description: 'The job\'s run count at this run (1 for its first).' }) version!: number;
  @Field({ description: 'When it started (ISO timestamp).' }) jobRunStartTime!: string;
  @Field({ description: 'When it ended (ISO timestamp).' }) jobRunEndTime!: string;
  @Field({ description: 'success or failed.' }) status!: string;
  @Field({ description: 'cron (the scheduler) or application (on demand, a catch-up or POST /cob?command=run).' }) triggerType!: string;
  @Field(() => LocalDateScalar, { description: 'The business date it worked for.' }) businessDate!: string;
  @Field(() => Int, { description: 'Accounts processed.' }) accountsProcessed!: number;
  @Field(() => String, { description: 'Why it failed, or null.', nullable: true }) jobRunErrorMessage!: string | null;
  @Field(() => String, { description: 'Which accounts the failed batch held (those after an id, at most a batch), or null.', nullable: true }) jobRunErrorLog!: string | null;
  @Field(() => Int, { description: 'The failed batch\'s accounts are those with a greater id (ascending, at most a batch), or null.', nullable: true }) failedAfterAccountId!: number | null;
}

@ObjectType('CobJob', { description: 'A step of the close of business as a scheduler job (Fineract\'s /jobs).' })
export class CobJobType {
  @Field(() => Int, { description: 'Id of the job.' }) jobId!: number;
  @Field({ description: 'Its name as people read it.' }) displayName!: string;
  @Field({ description: 'Its name as an enum (the step code), e.g. LOAN_DELINQUENCY_CLASSIFICATION.' }) shortName!: string;
  @Field({ description: 'A daily Quartz cron expression (UTC) at which the scheduled run of the day may start.' }) cronExpression!: string;
  @Field({ description: 'Whether the run does this step (an inactive one is skipped; it can still be executed on demand).' }) active!: boolean;
  @Field({ description: 'Whether a run or an on-demand execution is working on it now.' }) currentlyRunning!: boolean;
  @Field(() => String, { description: 'When it next fires (ISO timestamp), or null when it is inactive or the scheduler is stopped.', nullable: true }) nextRunTime!: string | null;
  @Field(() => CobJobRunType, { description: 'Its latest run, or null.', nullable: true }) lastRunHistory!: CobJobRunType | null;
}

@ObjectType('CobJobRunPage', { description: 'A page of a job\'s runs, newest first.' })
export class CobJobRunPageType {
  @Field(() => Int, { description: 'How many runs the job has.' }) totalFilteredRecords!: number;
  @Field(() => [CobJobRunType], { description: 'The page.' }) pageItems!: CobJobRunType[];
}

@ObjectType('CobBusinessJobs', { description: 'Fineract\'s business jobs (GET /jobs/names).' })
export class CobBusinessJobsType {
  @Field(() => [String], { description: 'The close of business, LOAN_CLOSE_OF_BUSINESS.' }) businessJobs!: string[];
}

@ObjectType('CobBusinessStep', { description: 'A step of a business job.' })
export class CobBusinessStepType {
  @Field({ description: 'The step\'s code, e.g. LOAN_DELINQUENCY_CLASSIFICATION.' }) stepName!: string;
  @Field(() => Int, { description: 'Its place in the run (1 first).' }) order!: number;
}

@ObjectType('CobBusinessSteps', { description: 'A business job\'s steps (GET /jobs/{jobName}/steps).' })
export class CobBusinessStepsType {
  @Field({ description: 'The business job.' }) jobName!: string;
  @Field(() => [CobBusinessStepType], { description: 'Its steps, in order.' }) businessSteps!: CobBusinessStepType[];
}

@ObjectType('CobJobExecution', { description: 'A job executed on demand.' })
export class CobJobExecutionType {
  @Field(() => Int, { description: 'Id of the job.' }) jobId!: number;
  @Field(() => LocalDateScalar, { description: 'The business date it worked for.' }) businessDate!: string;
  @Field(() => Int, { description: 'Accounts processed.' }) processed!: number;
  @Field({ description: 'success or failed (then see the job\'s run history).' }) status!: string;
  @Field(() => String, { description: 'Why it failed, or null.', nullable: true }) error!: string | null;
}

@ObjectType('CobSchedulerStatus', { description: 'The tenant\'s scheduler (GET /scheduler).' })
export class CobSchedulerStatusType {
  @Field({ description: 'Whether the close of business runs on its schedule.' }) active!: boolean;
}

@InputType({ description: 'PUT /jobs/{id}: the fields given change.' })
export class UpdateCobJobInput {
  @Field(() => String, { description: 'A daily Quartz cron expression (UTC), e.g. 0 0 1 1/1 * ? * for 01:00.', nullable: true }) cronExpression?: string | null;
  @Field(() => Boolean, { description: 'Whether the run does this step.', nullable: true }) active?: boolean | null;
  @Field(() => String, { description: 'Accepted as Fineract does; the jobs keep their names.', nullable: true }) displayName?: string | null;
}

@ObjectType('CobJobChange', { description: 'The answer to PUT /jobs/{id}.' })
export class CobJobChangeType {
  @Field(() => Int, { description: 'Id of the job.' }) resourceId!: number;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values.' }) changes!: Record<string, unknown>;
}
