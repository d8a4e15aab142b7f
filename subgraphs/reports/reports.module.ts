import type { GraphQLSchema } from 'graphql';
import type { DatabaseModule } from '../kernel/tx.js';
import { buildFederatedSchema } from '../platform/subgraph-server.js';
import { PortfolioReportResolver } from './api/portfolio-report.resolver.js';
import { StatementResolver } from './api/statement.resolver.js';
import { PortfolioTypedResolver } from './api/portfolio-typed.resolver.js';
import { ReportsMigration } from './migrations/20261128180100_reports.js';
import type { ReportsServices } from './reports.services.js';

/** The modules whose services the reports module's ports are wired to (subgraphs/composition/). */
export const dependsOn = ['organisation'] as const;

/**
 * The modules whose published read-only views the reports' SQL reads (docs/reporting.md). Not a port: a
 * database-level read contract, listed here so "what does reports read?" has one answer.
 */
export const readsViewsOf = ['loan', 'account', 'customer', 'organisation'] as const;

/** No ORM entities: the module reads with SQL (store/) and writes nothing. */
export const reportsDatabase: DatabaseModule = {
  entities: [],
  migrations: [{ name: '20261128180100_reports', class: ReportsMigration }],
};

/** `services` is read lazily, at the first request: printing the schema needs no database. */
export async function buildReportsSchema(services: () => ReportsServices): Promise<GraphQLSchema> {
  return buildFederatedSchema({
    resolvers: [PortfolioReportResolver, PortfolioTypedResolver, StatementResolver],
    container: (cls) => new (cls as new (s: ReportsServices) => object)(services()),
  });
}
