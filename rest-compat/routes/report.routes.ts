import { renderReport, type ReportResult } from '../report-output.js';
import { intParam, type Route, type RouteRequest, type RouteData } from '../route.js';

interface ParameterDef { id: number; name: string; variable: string; label: string; displayType: string; formatType: string; defaultValue: string; selectOne: string | null }
interface ReportDef { id: number; name: string; type: string; subType: string | null; category: string; description: string; parameters: ParameterDef[] }

const column = (columnName: string, columnType = 'VARCHAR', columnDisplayType = 'TEXT') => ({ columnName, columnType, columnDisplayType });

/** R_reportListing is Fineract's SQL list of quoted names: 'Trial Balance Table','Balance Sheet'. */
const reportListing = (req: RouteRequest) =>
  [...(req.query.get('R_reportListing') ?? '').matchAll(/'((?:[^']|'')*)'|([^,]+)/g)].map((m) => (m[1] ?? m[2] ?? '').replaceAll("''", "'").trim()).filter(Boolean);

/** One Fineract GET /reports row. */
const reportRow = (r: Omit<ReportDef, 'type' | 'subType'> & { type?: string; subType?: string | null }) => ({
  id: r.id, reportName: r.name, reportType: r.type ?? 'Table', reportSubType: r.subType ?? null, reportCategory: r.category, description: r.description,
  coreReport: true, useReport: true,
  reportParameters: r.parameters.map((p) => ({ id: p.id, parameterId: p.id, parameterName: p.name, reportParameterName: p.variable })),
});

/** Fineract's GET /reports rows: the ledger's reports, then the portfolio reports (the reports module's, all of type Table). */
const reportList = (d: RouteData) => [...(d.reports as ReportDef[]).map(reportRow), ...(d.portfolioReports as Omit<ReportDef, 'type' | 'subType'>[]).map(reportRow)];

/** Fineract's GET /reports/{id}, for the portfolio reports (the ledger's reports are listed by GET /reports only). */
const portfolioReportById = (d: RouteData) => reportRow(d.portfolioReportDefinition as Omit<ReportDef, 'type' | 'subType'>);

/** Fineract's FullParameterList result set (stretchy_parameter columns). */
function parameterList(parameters: ParameterDef[]): ReportResult {
  return {
    columnHeaders: ['parameter_name', 'parameter_variable', 'parameter_label', 'parameter_displayType', 'parameter_FormatType', 'parameter_default', 'selectOne', 'selectAll', 'parentParameterName'].map((n) => column(n)),
    data: parameters.map((p) => ({ row: [p.name, p.variable, p.label, p.displayType, p.formatType, p.defaultValue, p.selectOne, null, null] })),
  };
}

/** The ledger's and the portfolio reports' parameters of the listed reports, each name once (both use startDateSelect ...). */
function mergedParameters(d: RouteData): ParameterDef[] {
  const ledger = (d.reportParameters as ParameterDef[]).map((p) => p);
  const portfolio = (d.portfolioReportParameters as ParameterDef[]).map((p) => p).filter((p) => !ledger.some((l) => l.name === p.name));
  return [...ledger, ...portfolio].sort((a, b) => a.id - b.id);
}

/** The OfficeIdSelectOne parameter's choices: the offices the caller sees, indented by level (id, tc). */
function officeChoices(offices: { id: number; nameDecorated: string }[]): ReportResult {
  return { columnHeaders: [column('id', 'BIGINT', 'INTEGER'), column('tc')], data: offices.map((o) => ({ row: [o.id, o.nameDecorated] })) };
}

const officeVariable = (req: RouteRequest) => ({ officeId: intParam(req.query.get('R_officeId')) });
const DAY = column('days', 'DATE', 'DATE');
const COUNT = (name: string) => column(name, 'BIGINT', 'INTEGER');
const AMOUNT = (name: string) => column(name, 'DECIMAL', 'DECIMAL');

/** The dashboard's reports, with Fineract's column names; the home page runs them with genericResultSet=false. */
const dashboardRoutes: Route[] = [
  {
    method: 'GET', path: '/runreports/ClientTrendsByDay', operation: 'ClientTrendsByDay', variables: officeVariable,
    result: (d, req) => renderReport('ClientTrendsByDay', { columnHeaders: [COUNT('count'), DAY], data: d.clientTrendsByDay.map((r: { count: number; days: unknown }) => ({ row: [r.count, r.days] })) }, req),
  },
  {
    method: 'GET', path: '/runreports/LoanTrendsByDay', operation: 'LoanDashboard', variables: officeVariable,
    result: (d, req) => renderReport('LoanTrendsByDay', { columnHeaders: [COUNT('lcount'), DAY], data: d.loanDashboard.trends.map((r: { lcount: number; days: unknown }) => ({ row: [r.lcount, r.days] })) }, req),
  },
  {
    method: 'GET', path: '/runreports/Demand%20Vs%20Collection', operation: 'LoanDashboard', variables: officeVariable,
    result: (d, req) => renderReport('Demand Vs Collection', { columnHeaders: [AMOUNT('AmountDue'), AMOUNT('AmountPaid')], data: [{ row: [d.loanDashboard.amountDue, d.loanDashboard.amountPaid] }] }, req),
  },
  {
    method: 'GET', path: '/runreports/Disbursal%20Vs%20Awaitingdisbursal', operation: 'LoanDashboard', variables: officeVariable,
    result: (d, req) => renderReport('Disbursal Vs Awaitingdisbursal', { columnHeaders: [AMOUNT('amountToBeDisburse'), AMOUNT('disbursedAmount')], data: [{ row: [d.loanDashboard.amountToBeDisbursed, d.loanDashboard.disbursedAmount] }] }, req),
  },
];

/** The report list and the parameter reports the Reports menu runs first. Before /runreports/:reportName. */
export const reportRoutes: Route[] = [
  { method: 'GET', path: '/reports', operation: 'ReportCatalogue', result: reportList },
  { method: 'GET', path: '/reports/:reportId', operation: 'PortfolioReportDefinition', variables: (req) => ({ id: intParam(req.params.reportId) }), result: portfolioReportById },
  {
    method: 'GET', path: '/runreports/FullParameterList', operation: 'ReportCatalogueParameters', variables: (req) => ({ reportNames: reportListing(req) }),
    result: (d, req) => renderReport('FullParameterList', parameterList(mergedParameters(d)), req),
  },
  { method: 'GET', path: '/runreports/OfficeIdSelectOne', operation: 'Offices', result: (d, req) => renderReport('OfficeIdSelectOne', officeChoices(d.offices), req) },
  ...dashboardRoutes,
];
