/** A report in Fineract's /runreports shape: typed column headers and rows of cells (text, or null). */
export interface ReportColumn {
  columnName: string;
  /** Fineract's SQL type: VARCHAR, DECIMAL, BIGINT, DATE. */
  columnType: string;
  /** How a client shows it: TEXT, DECIMAL, INTEGER, DATE. */
  columnDisplayType: string;
}

export interface ReportTable {
  columnHeaders: ReportColumn[];
  /** Each row's cells in column order: numbers and dates as exact text (YYYY-MM-DD), absent values as null. */
  rows: (string | null)[][];
}

export const text = (columnName: string): ReportColumn => ({ columnName, columnType: 'VARCHAR', columnDisplayType: 'TEXT' });
export const decimal = (columnName: string): ReportColumn => ({ columnName, columnType: 'DECIMAL', columnDisplayType: 'DECIMAL' });
export const integer = (columnName: string): ReportColumn => ({ columnName, columnType: 'BIGINT', columnDisplayType: 'INTEGER' });
export const date = (columnName: string): ReportColumn => ({ columnName, columnType: 'DATE', columnDisplayType: 'DATE' });
