import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { LocalDateScalar } from '../../kernel/scalars.js';
import type { RequestContext } from '../../platform/request-context.js';
import type { ReportsServices } from '../reports.services.js';
import { PortfolioReportDefinitionType, PortfolioReportParameterType, PortfolioReportType } from './portfolio-report.types.js';

/** The portfolio reports (Fineract's /runreports names and R_ parameters). */
@Resolver()
export class PortfolioReportResolver {
  constructor(private readonly services: ReportsServices) {}

  @Query(() => [PortfolioReportDefinitionType], { description: 'The portfolio reports /runreports serves, with their parameters (listed by GET /reports).' })
  portfolioReports(@Ctx() ctx: RequestContext): PortfolioReportDefinitionType[] {
    return this.services.portfolio.catalogue(ctx.identity).map((r) => ({ id: r.id, name: r.name, category: r.category, description: r.description, parameters: r.parameterDefs }));
  }

  @Query(() => PortfolioReportDefinitionType, { description: 'One portfolio report by id (GET /reports/{id}); an unknown id is "not found".' })
  portfolioReportDefinition(@Arg('id', () => Int, { description: 'Report id.' }) id: number, @Ctx() ctx: RequestContext): PortfolioReportDefinitionType {
    const r = this.services.portfolio.definition(ctx.identity, id);
    return { id: r.id, name: r.name, category: r.category, description: r.description, parameters: r.parameterDefs };
  }

  @Query(() => [PortfolioReportParameterType], { description: "The parameters of the named portfolio reports, each once (Fineract's FullParameterList)." })
  portfolioReportParameters(@Arg('reportNames', () => [String], { description: 'Report names whose parameters to list.' }) reportNames: string[], @Ctx() ctx: RequestContext): PortfolioReportParameterType[] {
    return this.services.portfolio.parameters(ctx.identity, reportNames);
  }

  @Query(() => PortfolioReportType, { description: 'Runs a portfolio report by name over an office and its sub-offices (GET /runreports/{name}).' })
  async portfolioReport(
    @Arg('name', { description: 'Report name, e.g. "Portfolio at Risk".' }) name: string,
    @Ctx() ctx: RequestContext,
    @Arg('officeId', () => Int, { description: 'Office whose subtree the report covers; default: the caller\'s office.', nullable: true }) officeId?: number,
    @Arg('loanOfficerId', () => Int, { description: 'Only this loan officer\'s loans (staff id); -1 or absent: all.', nullable: true }) loanOfficerId?: number,
    @Arg('currencyId', () => String, { description: 'Only this currency (ISO code); "-1" or absent: all.', nullable: true }) currencyId?: string,
    @Arg('startDate', () => LocalDateScalar, { description: 'First day of the period (period reports).', nullable: true }) startDate?: string,
    @Arg('endDate', () => LocalDateScalar, { description: 'Last day of the period; for point-in-time reports the "as of" date (default: the business date).', nullable: true }) endDate?: string,
  ): Promise<PortfolioReportType> {
    const report = await this.services.portfolio.run(ctx.identity, { name, officeId, loanOfficerId, currencyId, startDate, endDate });
    return { reportName: report.reportName, columnHeaders: report.columnHeaders, rows: report.rows.map((cells) => ({ cells })) };
  }
}
