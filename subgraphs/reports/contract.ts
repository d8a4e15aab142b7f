/** What other modules may use of the reports module: types only. */
export type { ReportTable, ReportColumn } from './domain/report-table.js';
import type { REPORTS_CODES } from './codes.js';

export type ReportsCodes = typeof REPORTS_CODES;
