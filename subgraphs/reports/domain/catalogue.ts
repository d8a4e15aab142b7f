/**
 * The portfolio reports /runreports serves, as Fineract's report list (GET /reports) and parameter list
 * (FullParameterList) describe them: names, categories and parameter names are Fineract's (stretchy_report,
 * stretchy_parameter), so the Mifos X web app's Reports screens ask for the right parameters and run them.
 * Ids 2001 and up keep clear of the ledger's reports (1001-1004).
 */
export interface PortfolioParameterDef {
  id: number;
  name: string;
  variable: string;
  label: string;
  displayType: 'select' | 'date';
  formatType: 'number' | 'date' | 'string';
  defaultValue: string;
  selectOne: 'Y' | null;
  selectAll: 'Y' | null;
}

export interface PortfolioReportDef {
  id: number;
  name: PortfolioReportName;
  category: 'Loan' | 'Client' | 'Savings';
  description: string;
  /** Fineract parameter names, in the order the form shows them. */
  parameters: readonly string[];
}

export const PORTFOLIO_PARAMETERS: readonly PortfolioParameterDef[] = [
  { id: 1, name: 'startDateSelect', variable: 'startDate', label: 'startDate', displayType: 'date', formatType: 'date', defaultValue: 'today', selectOne: null, selectAll: null },
  { id: 2, name: 'endDateSelect', variable: 'endDate', label: 'endDate', displayType: 'date', formatType: 'date', defaultValue: 'today', selectOne: null, selectAll: null },
  { id: 5, name: 'OfficeIdSelectOne', variable: 'officeId', label: 'Office', displayType: 'select', formatType: 'number', defaultValue: '0', selectOne: 'Y', selectAll: null },
  { id: 6, name: 'loanOfficerIdSelectAll', variable: 'loanOfficerId', label: 'Loan Officer', displayType: 'select', formatType: 'number', defaultValue: '0', selectOne: null, selectAll: 'Y' },
  { id: 10, name: 'currencyIdSelectAll', variable: 'currencyId', label: 'Currency', displayType: 'select', formatType: 'number', defaultValue: '0', selectOne: null, selectAll: 'Y' },
];

export const PORTFOLIO_REPORT_NAMES = [
  'Portfolio at Risk', 'Portfolio at Risk by Branch', 'Aging Detail', 'Aging Summary (Arrears in Weeks)', 'Active Loans - Details', 'Disbursal Report',
  'Expected Payments By Date - Basic', 'Collection Report', 'Written-Off Loans', 'Client Listing', 'Active Loans by Loan Officer',
] as const;
export type PortfolioReportName = (typeof PORTFOLIO_REPORT_NAMES)[number];

const PORTFOLIO = ['OfficeIdSelectOne', 'loanOfficerIdSelectAll', 'currencyIdSelectAll'];
const PERIOD = [...PORTFOLIO, 'startDateSelect', 'endDateSelect'];

export const PORTFOLIO_REPORTS: readonly PortfolioReportDef[] = [
  { id: 2001, name: 'Portfolio at Risk', category: 'Loan', description: 'Outstanding principal of active loans by arrears band (the delinquency ranges), and PAR1, PAR30, PAR90 as percentages; as of R_endDate (default: the business date).', parameters: [...PORTFOLIO, 'endDateSelect'] },
  { id: 2002, name: 'Portfolio at Risk by Branch', category: 'Loan', description: 'Portfolio at Risk for each office of the subtree.', parameters: [...PORTFOLIO, 'endDateSelect'] },
  { id: 2003, name: 'Aging Detail', category: 'Loan', description: 'Each active loan in arrears, with days and amounts overdue.', parameters: [...PORTFOLIO, 'endDateSelect'] },
  { id: 2004, name: 'Aging Summary (Arrears in Weeks)', category: 'Loan', description: 'Active loans by weeks in arrears, per currency.', parameters: [...PORTFOLIO, 'endDateSelect'] },
  { id: 2005, name: 'Active Loans - Details', category: 'Loan', description: 'Every active loan with repaid, outstanding and overdue amounts.', parameters: [...PORTFOLIO, 'endDateSelect'] },
  { id: 2006, name: 'Disbursal Report', category: 'Loan', description: 'Disbursements between two dates.', parameters: PERIOD },
  { id: 2007, name: 'Expected Payments By Date - Basic', category: 'Loan', description: 'Instalments falling due between two dates, with what is still owed on each.', parameters: PERIOD },
  { id: 2008, name: 'Collection Report', category: 'Loan', description: 'Amounts due against amounts collected, by loan officer and day.', parameters: PERIOD },
  { id: 2009, name: 'Written-Off Loans', category: 'Loan', description: 'Loans written off between two dates, with the amounts written off.', parameters: PERIOD },
  { id: 2010, name: 'Client Listing', category: 'Client', description: 'The clients of the office subtree.', parameters: ['OfficeIdSelectOne', 'loanOfficerIdSelectAll'] },
  { id: 2011, name: 'Active Loans by Loan Officer', category: 'Loan', description: 'Active loans, principal disbursed, outstanding and overdue, per loan officer.', parameters: [...PORTFOLIO, 'endDateSelect'] },
];

export const isPortfolioReport = (name: string): name is PortfolioReportName => (PORTFOLIO_REPORT_NAMES as readonly string[]).includes(name);

/** The parameters of one report, in its order. */
export const parametersOfReport = (report: PortfolioReportDef): PortfolioParameterDef[] =>
  report.parameters.map((n) => PORTFOLIO_PARAMETERS.find((p) => p.name === n)!);

/** The named reports' parameters, each once, in Fineract's order (by parameter id). */
export function parametersOfReports(names: readonly string[]): PortfolioParameterDef[] {
  const wanted = new Set(PORTFOLIO_REPORTS.filter((r) => names.includes(r.name)).flatMap((r) => r.parameters));
  return PORTFOLIO_PARAMETERS.filter((p) => wanted.has(p.name));
}
