import type { Database } from '../platform/database.js';
import type { ReportsDependencies } from './ports.js';
import { PortfolioReportQueries } from './queries/portfolio.query.js';
import { StatementQueries } from './queries/statement.query.js';

/** The reports module's facade: read-only queries, no commands. */
export interface ReportsServices {
  portfolio: PortfolioReportQueries;
  statements: StatementQueries;
}

export function createReportsServices(db: Database, deps: ReportsDependencies): ReportsServices {
  return { portfolio: new PortfolioReportQueries(db, deps), statements: new StatementQueries(db, deps) };
}
