import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../platform/request-context.js';
import { STEP_NAMES, type RunOutcome } from '../commands/close-of-business.command.js';
import type { CobStepCode } from '../contract.js';
import type { CobServices } from '../cob.services.js';
import { CatchUpRunningType, CobRunType } from './run.types.js';

const runType = ({ run, steps }: RunOutcome): CobRunType => ({
  ...run,
  steps: steps.map((s) => ({ ...s, stepName: STEP_NAMES[s.stepCode as CobStepCode] ?? s.stepCode })),
});

/** The close-of-business run: on demand, catch-up, and its history. */
@Resolver()
export class RunResolver {
  constructor(private readonly services: CobServices) {}

  @Mutation(() => [CobRunType], { description: 'Closes the business date (and any earlier date not yet closed, in order); the business date then moves to the next day.' })
  async runCloseOfBusiness(@Ctx() ctx: RequestContext): Promise<CobRunType[]> {
    return (await this.services.run.execute(ctx.identity)).map(runType);
  }

  @Mutation(() => Boolean, { description: 'Starts closing every date not yet closed through COB_DATE, in order, in the background (POST /loans/catch-up).' })
  async loanCatchUp(@Ctx() ctx: RequestContext): Promise<boolean> {
    await this.services.run.catchUp(ctx.identity);
    return true;
  }

  @Query(() => CatchUpRunningType, { description: 'Whether a close of business runs for the tenant (GET /loans/is-catch-up-running).' })
  async isCatchUpRunning(@Ctx() ctx: RequestContext): Promise<CatchUpRunningType> {
    return { isCatchUpRunning: await this.services.run.isRunning(ctx.identity) };
  }

  @Query(() => [CobRunType], { description: 'Close-of-business runs, newest first, with their steps.' })
  async cobRuns(@Ctx() ctx: RequestContext, @Arg('limit', () => Int, { description: 'How many dates (at most 366).', nullable: true }) limit?: number | null): Promise<CobRunType[]> {
    return (await this.services.runs.history(ctx.identity, limit ?? 30)).map(runType);
  }
}
