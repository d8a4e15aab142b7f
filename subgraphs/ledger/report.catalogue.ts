/**
 * The reports /runreports serves, as Fineract's report list (GET /reports) and its parameter list
 * (FullParameterList) describe them, so the Mifos X web app's Reports menu can ask for their parameters and
 * run them. Ids and parameter names are Fineract's (stretchy_report, stretchy_parameter).
 */
export interface ReportParameterDef {
  id: number;
  name: string;
  variable: string;
  label: string;
  displayType: 'select' | 'date';
  formatType: 'number' | 'date';
  defaultValue: string;
  selectOne: 'Y' | null;
}

export interface ReportDef {
  id: number;
  name: string;
  type: 'Table' | 'Chart';
  subType: string | null;
  category: string;
  description: string;
  /** The /runreports query parameters it reads, by Fineract parameter name. */
  parameters: string[];
}

export const REPORT_PARAMETERS: ReportParameterDef[] = [
  { id: 1, name: 'startDateSelect', variable: 'startDate', label: 'startDate', displayType: 'date', formatType: 'date', defaultValue: 'today', selectOne: null },
  { id: 2, name: 'endDateSelect', variable: 'endDate', label: 'endDate', displayType: 'date', formatType: 'date', defaultValue: 'today', selectOne: null },
  { id: 5, name: 'OfficeIdSelectOne', variable: 'officeId', label: 'Office', displayType: 'select', formatType: 'number', defaultValue: '0', selectOne: 'Y' },
];

const ACCOUNTING = 'Accounting';
const OFFICE_PERIOD = ['OfficeIdSelectOne', 'startDateSelect', 'endDateSelect'];

export const REPORTS: ReportDef[] = [
  { id: 1001, name: 'Trial Balance', type: 'Table', subType: null, category: ACCOUNTING, description: 'Net debit or credit per GL account over a period; office 1 covers all offices.', parameters: OFFICE_PERIOD },
  { id: 1002, name: 'Trial Balance Table', type: 'Table', subType: null, category: ACCOUNTING, description: 'The trial balance as a table (the same report as Trial Balance).', parameters: OFFICE_PERIOD },
  { id: 1003, name: 'Balance Sheet', type: 'Table', subType: null, category: ACCOUNTING, description: 'Assets, liabilities and equity (with current earnings) as of the end date.', parameters: ['OfficeIdSelectOne', 'endDateSelect'] },
  { id: 1004, name: 'Income Statement', type: 'Table', subType: null, category: ACCOUNTING, description: 'Income and expense accounts over a period, with net income.', parameters: OFFICE_PERIOD },
];

/** The parameters of the named reports, each once, in Fineract's order (by parameter id). */
export function parametersOf(reportNames: readonly string[]): ReportParameterDef[] {
  const wanted = new Set(REPORTS.filter((r) => reportNames.includes(r.name)).flatMap((r) => r.parameters));
  return REPORT_PARAMETERS.filter((p) => wanted.has(p.name));
}
