import PDFDocument from 'pdfkit';
import { Money } from '../subgraphs/kernel/money.js';

/** A savings statement as the SavingsStatement operation answers it (REST-translated: decimals as exact numbers). */
export interface StatementData {
  institutionName: string;
  accountNo: string;
  productName: string;
  currencyCode: string;
  decimalPlaces: number;
  clientName: string;
  cif: string;
  officeName: string;
  fromDate: string;
  toDate: string;
  openingBalance: unknown;
  closingBalance: unknown;
  totalDebits: unknown;
  totalCredits: unknown;
  lines: { transactionId: string; date: string; type: string; description: string; debit?: unknown; credit?: unknown; balance: unknown }[];
}

/** An amount (an exact JSON number, or absent) in the currency's decimal places; absent as empty. */
export function statementAmount(value: unknown, decimalPlaces: number): string {
  return value == null ? '' : new Money(JSON.stringify(value)).toFixed(decimalPlaces, Money.ROUND_HALF_EVEN);
}

/** A date the REST layer turned into [y, m, d], or ISO text, as dd/mm/yyyy. */
export function day(value: unknown): string {
  const [y, m, d] = Array.isArray(value) ? (value as number[]) : String(value).split('-').map(Number);
  return `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`;
}

const COLUMNS: { title: string; width: number; align: 'left' | 'right' }[] = [
  { title: 'Date', width: 62, align: 'left' }, { title: 'Reference', width: 62, align: 'left' }, { title: 'Description', width: 151, align: 'left' },
  { title: 'Debit', width: 80, align: 'right' }, { title: 'Credit', width: 80, align: 'right' }, { title: 'Balance', width: 80, align: 'right' },
];

/**
 * The statement as a PDF (pdfkit, standard fonts, A4): the institution, the customer (name, CIF), the account
 * (number, product, branch), the period, the opening balance, the lines with their running balance, the
 * totals and the closing balance; the table continues on further pages with its header repeated. Its size is
 * bounded by the period the statement query allows. pdfkit writes into its own buffer as it draws, so the
 * document is read whole once ended.
 */
export function statementPdf(s: StatementData): Buffer {
  const amount = (value: unknown) => statementAmount(value, s.decimalPlaces);
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Statement ${s.accountNo} ${s.fromDate} to ${s.toDate}`, Author: s.institutionName } });
  const left = doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 20;
  doc.font('Helvetica-Bold').fontSize(16).text(s.institutionName);
  doc.font('Helvetica').fontSize(11).text('Statement of account').moveDown(0.5);
  doc.fontSize(9);
  for (const [label, value] of [
    ['Customer', s.clientName], ['CIF', s.cif], ['Branch', s.officeName], ['Account number', s.accountNo], ['Product', s.productName],
    ['Currency', s.currencyCode], ['Period', `${day(s.fromDate)} to ${day(s.toDate)}`],
  ] as const) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  }
  doc.moveDown(0.5);
  const row = (cells: string[], bold = false) => {
    if (doc.y > bottom()) doc.addPage();
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) => {
      doc.text(cell, x, y, { width: COLUMNS[i]!.width - 4, align: COLUMNS[i]!.align, lineBreak: false, ellipsis: true });
      x += COLUMNS[i]!.width;
    });
    doc.x = left;
    doc.y = y + 13;
  };
  row(COLUMNS.map((c) => c.title), true);
  row([day(s.fromDate), '', 'Opening balance', '', '', amount(s.openingBalance)]);
  for (const l of s.lines) {
    if (doc.y > bottom()) {
      doc.addPage();
      row(COLUMNS.map((c) => c.title), true);
    }
    row([day(l.date), l.transactionId, l.description, amount(l.debit), amount(l.credit), amount(l.balance)]);
  }
  row(['', '', 'Totals', amount(s.totalDebits), amount(s.totalCredits), ''], true);
  row([day(s.toDate), '', 'Closing balance', '', '', amount(s.closingBalance)], true);
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A savings transaction receipt as the SavingsReceipt operation answers it (REST-translated). */
export interface ReceiptData {
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
  description: string;
  amount: unknown;
  balanceAfter: unknown;
  reversed: boolean;
}

/** The receipt's lines: the customer, the account and the transaction with the balance after it. */
export function savingsReceiptFields(r: ReceiptData): [string, string][] {
  return [
    ['Customer', r.clientName], ['CIF', r.cif], ['Branch', r.officeName], ['Account number', r.accountNo], ['Product', r.productName], ['Transaction', r.transactionId],
    ['Date', day(r.date)], ['Type', r.type], ['Description', r.description], ['Amount', `${r.currencyCode} ${statementAmount(r.amount, r.decimalPlaces)}`],
    ['Balance after', `${r.currencyCode} ${statementAmount(r.balanceAfter, r.decimalPlaces)}`],
  ];
}

/** A receipt as a one-page PDF (A5): the institution, a title, and label/value lines. */
export function receiptPdf(institutionName: string, title: string, fields: readonly (readonly [string, string])[]): Buffer {
  const doc = new PDFDocument({ size: 'A5', margin: 36, info: { Title: title, Author: institutionName } });
  doc.font('Helvetica-Bold').fontSize(14).text(institutionName);
  doc.font('Helvetica').fontSize(11).text(title).moveDown(0.5);
  doc.fontSize(9);
  for (const [label, value] of fields) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) chunks.push(chunk);
  return Buffer.concat(chunks);
}
