import { Field, Int, ObjectType } from 'type-graphql';
import { LocalDateScalar } from '../../kernel/scalars.js';

@ObjectType('CobStepRun', { description: 'One step of a close-of-business run: its progress, counts and duration.' })
export class CobStepRunType {
  @Field({ description: 'The step\'s code (Fineract\'s job name), e.g. LOAN_DELINQUENCY_CLASSIFICATION.' }) stepCode!: string;
  @Field({ description: 'The step\'s display name.' }) stepName!: string;
  @Field(() => Int, { description: 'Its place in the run (1 first).' }) position!: number;
  @Field({ description: 'RUNNING, COMPLETED or FAILED.' }) status!: string;
  @Field(() => Int, { description: 'Accounts processed.' }) processed!: number;
  @Field(() => Int, { description: 'Batches committed.' }) batches!: number;
  @Field(() => Int, { description: 'Batches that failed (rolled back and retried on resume).' }) failures!: number;
  @Field(() => String, { description: 'The last failure\'s message, or null.', nullable: true }) error!: string | null;
  @Field({ description: 'When the step first ran (ISO timestamp).' }) startedAt!: string;
  @Field(() => String, { description: 'When it completed (ISO timestamp), or null.', nullable: true }) finishedAt!: string | null;
  @Field(() => Int, { description: 'Time spent in its batches, in milliseconds.', nullable: true }) durationMs!: number | null;
}

@ObjectType('CobRun', { description: 'The close of business of one business date.' })
export class CobRunType {
  @Field(() => LocalDateScalar, { description: 'The business date closed.' }) businessDate!: string;
  @Field({ description: 'RUNNING, COMPLETED or FAILED.' }) status!: string;
  @Field({ description: 'manual, catch-up or scheduler.' }) triggeredBy!: string;
  @Field({ description: 'When the run started (ISO timestamp).' }) startedAt!: string;
  @Field(() => String, { description: 'When it ended (ISO timestamp), or null while it runs.', nullable: true }) finishedAt!: string | null;
  @Field(() => String, { description: 'Why it stopped, or null.', nullable: true }) error!: string | null;
  @Field(() => [CobStepRunType], { description: 'Its steps, in order.' }) steps!: CobStepRunType[];
}

@ObjectType('CatchUpRunning', { description: 'GET /loans/is-catch-up-running.' })
export class CatchUpRunningType {
  @Field({ description: 'Whether a close of business is running for the tenant.' }) isCatchUpRunning!: boolean;
}
