import { exactNumber } from '../../subgraphs/kernel/exact-json.js';
import { renderReport, type ReportResult } from '../report-output.js';
import { intParam, queryDate, type Route, type RouteRequest } from '../route.js';

/** The portfolio reports the reports module serves (subgraphs/reports/domain/catalogue.ts), by Fineract name. */
export const PORTFOLIO_REPORT_NAMES = [
  'Portfolio at Risk', 'Portfolio at Risk by Branch', 'Aging Detail', 'Aging Summary (Arrears in Weeks)', 'Active Loans - Details', 'Disbursal Report',
  'Expected Payments By Date - Basic', 'Collection Report', 'Written-Off Loans', 'Client Listing', 'Active Loans by Loan Officer',
] as const;

/**
 * A report name as a path pattern: it arrives percent-encoded (spaces as %20 or +, parentheses raw or as
 * %28/%29, which clients differ on). Listed before the ledger's /runreports/:reportName, which takes any name.
 */
export function reportPathPattern(name: string): string {
  const piece = (ch: string) => {
    if (ch === ' ') return '(?:%20|\\+| )';
    if (ch === '(') return '(?:\\(|%28)';
    if (ch === ')') return '(?:\\)|%29)';
    return /[.*+?^${}|[\]\\]/.test(ch) ? `\\${ch}` : ch;
  };
  return [...name].map(piece).join('');
}

export interface PortfolioReportData {
  reportName: string;
  columnHeaders: { columnName: string; columnType: string; columnDisplayType: string }[];
  rows: { cells: (string | null)[] }[];
}

/** Cells as Fineract's result set holds them: decimals as exact JSON numbers, integers as numbers, the rest as text. */
export function resultSet(report: PortfolioReportData): ReportResult {
  const cell = (type: string, value: string | null) => (value === null ? null : type === 'DECIMAL' ? exactNumber(value) : type === 'BIGINT' ? Number(value) : value);
  return {
    columnHeaders: report.columnHeaders,
    data: report.rows.map((r) => ({ row: r.cells.map((value, i) => cell(report.columnHeaders[i]!.columnType, value)) })),
  };
}

/** Fineract's "all" is -1 for the officer and the currency; both may be absent. */
const variables = (name: string) => (req: RouteRequest) => ({
  name,
  officeId: intParam(req.query.get('R_officeId')),
  loanOfficerId: intParam(req.query.get('R_loanOfficerId')),
  currencyId: req.query.get('R_currencyId') || undefined,
  startDate: queryDate(req, 'R_startDate'),
  endDate: queryDate(req, 'R_endDate'),
});

const column = (columnName: string, columnType = 'VARCHAR', columnDisplayType = 'TEXT') => ({ columnName, columnType, columnDisplayType });

/**
 * The choices of the portfolio reports' select parameters, which the web app's report form asks for by
 * parameter name: the loan officers of an office (id, Name) and the tenant's currencies (code, name).
 */
const parameterChoiceRoutes: Route[] = [
  {
    method: 'GET', path: '/runreports/loanOfficerIdSelectAll', operation: 'StaffList',
    variables: (req) => ({ officeId: intParam(req.query.get('R_officeId')), loanOfficersOnly: true }),
    result: (d, req) => renderReport('loanOfficerIdSelectAll', {
      columnHeaders: [column('id', 'BIGINT', 'INTEGER'), column('Name')],
      data: (d.staff as { id: number; displayName: string }[]).map((s) => ({ row: [s.id, s.displayName] })),
    }, req),
  },
  {
    method: 'GET', path: '/runreports/currencyIdSelectAll', operation: 'Currencies',
    result: (d, req) => renderReport('currencyIdSelectAll', {
      columnHeaders: [column('code'), column('name')],
      data: (d.currencies.selectedCurrencyOptions as { code: string; name: string }[]).map((c) => ({ row: [c.code, c.name] })),
    }, req),
  },
];

const reportRoutes: Route[] = PORTFOLIO_REPORT_NAMES.map((name) => ({
  method: 'GET', path: `/runreports/${reportPathPattern(name)}`, operation: 'PortfolioReport', variables: variables(name),
  result: (d, req) => renderReport(name, resultSet(d.portfolioReport as PortfolioReportData), req),
  notes: 'R_officeId (default: your office; sub-offices included), R_loanOfficerId and R_currencyId (-1: all), R_startDate/R_endDate (period reports; at most 366 days), R_endDate alone: the "as of" date of point-in-time reports. exportCSV=true for CSV.',
}));

export const portfolioReportRoutes: Route[] = [...parameterChoiceRoutes, ...reportRoutes];
