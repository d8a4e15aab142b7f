import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { LocalDateScalar } from '../../kernel/scalars.js';
import type { RequestContext } from '../../platform/request-context.js';
import type { ReportsServices } from '../reports.services.js';
import { AgingBandType, CollectionDayType, PortfolioAtRiskType } from './portfolio-typed.types.js';

const OFFICE = { description: 'Office whose subtree is covered; default: yours.', nullable: true } as const;
const OFFICER = { description: 'Only this loan officer\'s loans (staff id).', nullable: true } as const;
const CURRENCY = { description: 'Only this currency (ISO code).', nullable: true } as const;

/** The portfolio reports as typed queries (the dashboard's). */
@Resolver()
export class PortfolioTypedResolver {
  constructor(private readonly services: ReportsServices) {}

  @Query(() => [PortfolioAtRiskType], { description: 'Portfolio at risk per currency (per office and currency with byOffice), as of a date (default: the business date).' })
  async portfolioAtRisk(
    @Ctx() ctx: RequestContext,
    @Arg('officeId', () => Int, OFFICE) officeId?: number,
    @Arg('asOf', () => LocalDateScalar, { description: 'The day arrears are counted at; default: the business date.', nullable: true }) asOf?: string,
    @Arg('byOffice', () => Boolean, { description: 'One row per office of the subtree.', nullable: true }) byOffice?: boolean,
    @Arg('loanOfficerId', () => Int, OFFICER) loanOfficerId?: number,
    @Arg('currencyCode', () => String, CURRENCY) currencyCode?: string,
  ): Promise<PortfolioAtRiskType[]> {
    return this.services.portfolio.portfolioAtRisk(ctx.identity, { officeId, asOf, loanOfficerId, currencyCode }, byOffice ?? false);
  }

  @Query(() => [AgingBandType], { description: 'Active loans by weeks in arrears, every band of every currency.' })
  async agingSummary(
    @Ctx() ctx: RequestContext,
    @Arg('officeId', () => Int, OFFICE) officeId?: number,
    @Arg('asOf', () => LocalDateScalar, { description: 'The day arrears are counted at; default: the business date.', nullable: true }) asOf?: string,
    @Arg('loanOfficerId', () => Int, OFFICER) loanOfficerId?: number,
    @Arg('currencyCode', () => String, CURRENCY) currencyCode?: string,
  ): Promise<AgingBandType[]> {
    return this.services.portfolio.agingSummary(ctx.identity, { officeId, asOf, loanOfficerId, currencyCode });
  }

  @Query(() => [CollectionDayType], { description: 'Due against collected, by office, loan officer, currency and day, over at most 366 days.' })
  async collectionReport(
    @Ctx() ctx: RequestContext,
    @Arg('fromDate', () => LocalDateScalar, { description: 'First day.', nullable: true }) fromDate?: string,
    @Arg('toDate', () => LocalDateScalar, { description: 'Last day.', nullable: true }) toDate?: string,
    @Arg('officeId', () => Int, OFFICE) officeId?: number,
    @Arg('loanOfficerId', () => Int, OFFICER) loanOfficerId?: number,
    @Arg('currencyCode', () => String, CURRENCY) currencyCode?: string,
  ): Promise<CollectionDayType[]> {
    return this.services.portfolio.collections(ctx.identity, { officeId, loanOfficerId, currencyCode }, fromDate, toDate);
  }
}
