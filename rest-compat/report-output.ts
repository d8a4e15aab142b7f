import { RawResponse, type RouteRequest } from './route.js';

/** Fineract's /runreports result: column headers and rows of plain values in column order. */
export interface ReportResult {
  columnHeaders: { columnName: string; columnType: string; columnDisplayType: string }[];
  data: { row: unknown[] }[];
}

/** A cell as text: strings as they are, numbers (exact JSON numbers) as their digits, null as empty. */
function cellText(value: unknown): string {
  if (value == null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A CSV field: quoted when it holds a comma, quote or line break; text that a spreadsheet would run as a
 * formula (=, +, -, @ first) gets a leading apostrophe. Numbers are never text here, so -5.00 stays a number.
 */
function csvField(value: unknown): string {
  let text = cellText(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A report as the caller asked for it, as Fineract's /runreports does: `exportCSV=true` is text/csv with the
 * header row and a Content-Disposition file name, `output-type=HTML` a simple table, `genericResultSet=false`
 * an array of objects keyed by column name, and otherwise the generic result set.
 */
export function renderReport(name: string, report: ReportResult, req: RouteRequest): unknown {
  const names = report.columnHeaders.map((c) => c.columnName);
  if (req.query.get('exportCSV') === 'true') {
    const lines = [names.map(csvField).join(','), ...report.data.map((r) => r.row.map(csvField).join(','))];
    const file = `${name.replace(/[^A-Za-z0-9_-]/g, '')}.csv`;
    return new RawResponse('text/csv; charset=utf-8', `${lines.join('\r\n')}\r\n`, { 'content-disposition': `attachment; filename="${file}"` });
  }
  if ((req.query.get('output-type') ?? '').toUpperCase() === 'HTML') {
    const head = `<tr>${names.map((n) => `<th>${escapeHtml(n)}</th>`).join('')}</tr>`;
    const rows = report.data.map((r) => `<tr>${r.row.map((v) => `<td>${escapeHtml(cellText(v))}</td>`).join('')}</tr>`).join('');
    return new RawResponse('text/html; charset=utf-8', `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(name)}</title></head><body><table>${head}${rows}</table></body></html>`);
  }
  if (req.query.get('genericResultSet') === 'false') {
    return report.data.map((r) => Object.fromEntries(names.map((n, i) => [n, r.row[i] ?? null])));
  }
  return report;
}
