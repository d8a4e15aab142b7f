import { renderReport, type ReportResult } from '../report-output.js';
import { intParam, queryDate, RawResponse, RouteInputError, type Route, type RouteRequest } from '../route.js';
import { day, receiptPdf, savingsReceiptFields, statementAmount, statementPdf, type ReceiptData, type StatementData } from '../statement-pdf.js';
import { reportPathPattern, resultSet, type PortfolioReportData } from './portfolio-report.routes.js';

const STATEMENT_FORMATS = ['pdf', 'csv', 'json'];

const isoDay = (value: unknown) => (Array.isArray(value) ? (value as number[]).map((n, i) => (i === 0 ? String(n) : String(n).padStart(2, '0'))).join('-') : String(value));

/** "Client Saving Transactions" as Fineract's result set: an opening row, the lines, a closing row with the period's totals. */
function statementTable(s: StatementData): ReportResult {
  const amount = (v: unknown) => (v == null ? null : statementAmount(v, s.decimalPlaces));
  const col = (columnName: string, columnType = 'VARCHAR', columnDisplayType = 'TEXT') => ({ columnName, columnType, columnDisplayType });
  return {
    columnHeaders: [col('Transaction Date', 'DATE', 'DATE'), col('Transaction Id'), col('Transaction Type'), col('Description'), col('Debit', 'DECIMAL', 'DECIMAL'), col('Credit', 'DECIMAL', 'DECIMAL'), col('Balance', 'DECIMAL', 'DECIMAL')],
    data: [
      { row: [isoDay(s.fromDate), null, 'Opening Balance', null, null, null, amount(s.openingBalance)] },
      ...s.lines.map((l) => ({ row: [isoDay(l.date), l.transactionId, l.type, l.description, amount(l.debit), amount(l.credit), amount(l.balance)] })),
      { row: [isoDay(s.toDate), null, 'Closing Balance', 'Totals', amount(s.totalDebits), amount(s.totalCredits), amount(s.closingBalance)] },
    ],
  };
}

const pdf = (s: StatementData) => new RawResponse('application/pdf', statementPdf(s), { 'content-disposition': `attachment; filename="statement-${s.accountNo}-${isoDay(s.fromDate)}-${isoDay(s.toDate)}.pdf"` });

/** "Savings Transaction Receipt" as a one-row result set. */
function receiptTable(r: ReceiptData): ReportResult {
  const col = (columnName: string, columnType = 'VARCHAR', columnDisplayType = 'TEXT') => ({ columnName, columnType, columnDisplayType });
  return {
    columnHeaders: [col('Transaction Id'), col('Transaction Date', 'DATE', 'DATE'), col('Account Number'), col('Client Name'), col('Transaction Type'), col('Amount', 'DECIMAL', 'DECIMAL'), col('Balance', 'DECIMAL', 'DECIMAL')],
    data: [{ row: [r.transactionId, isoDay(r.date), r.accountNo, r.clientName, r.type, statementAmount(r.amount, r.decimalPlaces), statementAmount(r.balanceAfter, r.decimalPlaces)] }],
  };
}

/** A loan transaction receipt as the LoanReceipt operation answers it (REST-translated). */
interface LoanReceiptData {
  institutionName: string;
  accountNo: string;
  productName: string;
  currencyCode: string;
  decimalPlaces: number;
  clientName: string;
  cif: string;
  officeName: string;
  transactionId: string;
  date: unknown;
  type: string;
  amount: unknown;
  principal: unknown;
  interest: unknown;
  fees: unknown;
  penalties: unknown;
  outstandingAfter: unknown;
  reversed: boolean;
}

const LOAN_RECEIPT_AMOUNTS = [['Amount', 'amount'], ['Principal', 'principal'], ['Interest', 'interest'], ['Fees', 'fees'], ['Penalties', 'penalties'], ['Principal outstanding after', 'outstandingAfter']] as const;

function loanReceiptTable(r: LoanReceiptData): ReportResult {
  const col = (columnName: string, columnType = 'VARCHAR', columnDisplayType = 'TEXT') => ({ columnName, columnType, columnDisplayType });
  return {
    columnHeaders: [col('Transaction Id'), col('Transaction Date', 'DATE', 'DATE'), col('Loan Account Number'), col('Client Name'), col('Transaction Type'), ...LOAN_RECEIPT_AMOUNTS.map(([label]) => col(label, 'DECIMAL', 'DECIMAL'))],
    data: [{ row: [r.transactionId, isoDay(r.date), r.accountNo, r.clientName, r.type, ...LOAN_RECEIPT_AMOUNTS.map(([, key]) => statementAmount(r[key], r.decimalPlaces))] }],
  };
}

function loanReceiptPdf(r: LoanReceiptData): Buffer {
  const fields: [string, string][] = [
    ['Customer', r.clientName], ['CIF', r.cif], ['Branch', r.officeName], ['Loan account', r.accountNo], ['Product', r.productName], ['Transaction', r.transactionId],
    ['Date', day(r.date)], ['Type', r.type], ...LOAN_RECEIPT_AMOUNTS.map(([label, key]): [string, string] => [label, `${r.currencyCode} ${statementAmount(r[key], r.decimalPlaces)}`]),
  ];
  return receiptPdf(r.institutionName, `Loan transaction receipt${r.reversed ? ' (REVERSED)' : ''}`, fields);
}

/** Statements: Fineract's report (staff) and the customer's own (self-service). The period is at most 366 days. */
export const statementRoutes: Route[] = [
  {
    method: 'GET', path: `/runreports/${reportPathPattern('Client Saving Transactions')}`, operation: 'SavingsStatement',
    variables: (req: RouteRequest) => ({ accountId: intParam(req.query.get('R_savingsAccountId')), fromDate: queryDate(req, 'R_startDate'), toDate: queryDate(req, 'R_endDate') }),
    result: (d, req) => ((req.query.get('output-type') ?? '').toUpperCase() === 'PDF' ? pdf(d.savingsStatement) : renderReport('Client Saving Transactions', statementTable(d.savingsStatement), req)),
    notes: 'R_savingsAccountId, R_startDate, R_endDate (at most 366 days). output-type=PDF for a PDF, exportCSV=true for CSV.',
  },
  {
    method: 'GET', path: `/runreports/${reportPathPattern('Savings Transaction Receipt')}`, operation: 'SavingsReceipt',
    variables: (req: RouteRequest) => ({ transactionId: intParam(req.query.get('R_transactionId')) }),
    result: (d, req) => ((req.query.get('output-type') ?? '').toUpperCase() === 'PDF'
      ? new RawResponse('application/pdf', receiptPdf(d.savingsReceipt.institutionName, `Transaction receipt${d.savingsReceipt.reversed ? ' (REVERSED)' : ''}`, savingsReceiptFields(d.savingsReceipt)), { 'content-disposition': `attachment; filename="receipt-${d.savingsReceipt.transactionId}.pdf"` })
      : renderReport('Savings Transaction Receipt', receiptTable(d.savingsReceipt), req)),
    notes: 'R_transactionId: a savings transaction id. output-type=PDF for a PDF (the web app\'s receipt), exportCSV=true for CSV.',
  },
  {
    method: 'GET', path: `/runreports/${reportPathPattern('Loan Transaction Receipt')}`, operation: 'LoanReceipt',
    variables: (req: RouteRequest) => ({ transactionId: intParam(req.query.get('R_transactionId')) }),
    result: (d, req) => ((req.query.get('output-type') ?? '').toUpperCase() === 'PDF'
      ? new RawResponse('application/pdf', loanReceiptPdf(d.loanReceipt), { 'content-disposition': `attachment; filename="loan-receipt-${d.loanReceipt.transactionId}.pdf"` })
      : renderReport('Loan Transaction Receipt', loanReceiptTable(d.loanReceipt), req)),
    notes: 'R_transactionId: a loan transaction id. output-type=PDF for a PDF (the web app\'s receipt), exportCSV=true for CSV.',
  },
  {
    method: 'GET', path: `/runreports/${reportPathPattern('Loan Account Schedule')}`, operation: 'LoanAccountSchedule',
    variables: (req: RouteRequest) => ({ loanId: intParam(req.query.get('R_selectLoan') ?? req.query.get('R_loanId')) }),
    result: (d, req) => renderReport('Loan Account Schedule', resultSet(d.loanAccountSchedule as PortfolioReportData), req),
    notes: 'R_selectLoan (or R_loanId): the loan id. exportCSV=true for CSV.',
  },
  {
    method: 'GET', path: '/self/savingsaccounts/:accountId/statement', operation: 'SavingsStatement',
    variables: (req: RouteRequest) => {
      const format = req.query.get('format');
      if (format !== null && !STATEMENT_FORMATS.includes(format.toLowerCase())) {
        throw new RouteInputError({ code: 'validation.msg.statement.format.is.not.one.of.expected.enumerations', message: 'format must be pdf, csv or json.', parameterName: 'format', value: format.slice(0, 20) });
      }
      return { accountId: intParam(req.params.accountId), fromDate: queryDate(req, 'fromDate'), toDate: queryDate(req, 'toDate') };
    },
    result: (d, req) => {
      const format = (req.query.get('format') ?? 'json').toLowerCase();
      if (format === 'pdf') return pdf(d.savingsStatement);
      if (format === 'csv') return renderReport(`statement-${d.savingsStatement.accountNo}`, statementTable(d.savingsStatement), { ...req, query: new URLSearchParams('exportCSV=true') });
      return d.savingsStatement;
    },
    notes: 'The customer\'s own account only (another\'s is 404). fromDate, toDate (at most 366 days); format=pdf or csv, JSON otherwise.',
  },
];
