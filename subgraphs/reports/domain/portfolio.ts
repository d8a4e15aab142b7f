import { Money } from '../../kernel/money.js';
import { FINERACT_CLIENT_STATUS } from '../../kernel/client-status.js';
import type { ArrearsGroup, ClientLine, CollectionDay, ExpectedPayment, LoanArrears, LoanTransactionLine } from '../store/portfolio.store.js';
import { date, decimal, integer, text, type ReportTable } from './report-table.js';

/**
 * The portfolio reports' tables, built from the store's rows: pure functions, so the bands, PAR and the
 * weekly aging are worked out and tested here, and the SQL stays a scan and a group-by.
 */

export interface DelinquencyRange {
  id: number;
  classification: string;
  minimumAgeDays: number;
  maximumAgeDays: number | null;
}

const sum = (values: readonly string[]) => values.reduce((acc, v) => acc.plus(v), new Money(0));
const fixed = (value: Money, digits: number) => value.toFixed(digits, Money.ROUND_HALF_EVEN);
const inRange = (days: number, r: DelinquencyRange) => days >= r.minimumAgeDays && (r.maximumAgeDays === null || days <= r.maximumAgeDays);

/**
 * PAR n: the outstanding principal of loans more than n days in arrears (PAR1: at least one day) over all the
 * outstanding principal, as a percentage with two places; 0.00 when nothing is outstanding.
 */
export function parPercent(atRisk: Money, outstanding: Money): string {
  return outstanding.isZero() ? '0.00' : atRisk.times(100).div(outstanding).toFixed(2, Money.ROUND_HALF_EVEN);
}

/** Fineract's weekly arrears band: "On Schedule" under a day, then "1" for 1-7 days, "2" for 8-14 ... "12" for 78-84, then "12+". */
export function weeksBand(days: number): string {
  if (days < 1) return 'On Schedule';
  const weeks = Math.ceil(days / 7);
  return weeks > 12 ? '12+' : String(weeks);
}
const WEEK_BANDS = ['On Schedule', ...Array.from({ length: 12 }, (_v, i) => String(i + 1)), '12+'];

/** Groups in first-seen order (the store orders by office hierarchy and currency). */
function groupBy<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()];
}

/** PAR of one currency (and office, by branch): the figures both /runreports and GraphQL answer. */
export interface ParRow {
  officeId: number | null;
  officeName: string | null;
  currencyCode: string;
  loans: number;
  principalOutstanding: string;
  loansInArrears: number;
  bands: { classification: string; principal: string }[];
  par1: string;
  par30: string;
  par90: string;
}

/** Portfolio at Risk, one row per currency (or per office and currency with `byOffice`). */
export function parRows(groups: readonly ArrearsGroup[], ranges: readonly DelinquencyRange[], byOffice: boolean): ParRow[] {
  return groupBy(groups, (g) => (byOffice ? `${g.officeId}|${g.currencyCode}` : g.currencyCode)).map((set) => {
    const first = set[0]!;
    const digits = Math.max(...set.map((g) => g.digits));
    const outstanding = sum(set.map((g) => g.principalOutstanding));
    const over = (days: number) => sum(set.filter((g) => g.days > days).map((g) => g.principalOutstanding));
    return {
      officeId: byOffice ? first.officeId : null, officeName: byOffice ? first.officeName : null, currencyCode: first.currencyCode,
      loans: set.reduce((n, g) => n + g.loans, 0), principalOutstanding: fixed(outstanding, digits), loansInArrears: set.filter((g) => g.days > 0).reduce((n, g) => n + g.loans, 0),
      bands: ranges.map((r) => ({ classification: r.classification, principal: fixed(sum(set.filter((g) => inRange(g.days, r)).map((g) => g.principalOutstanding)), digits) })),
      par1: parPercent(over(0), outstanding), par30: parPercent(over(30), outstanding), par90: parPercent(over(90), outstanding),
    };
  });
}

export function portfolioAtRisk(rows: readonly ParRow[], ranges: readonly DelinquencyRange[], byOffice: boolean): ReportTable {
  const lead = byOffice ? [text('Office/Branch'), text('Currency')] : [text('Currency')];
  return {
    columnHeaders: [
      ...lead, integer('Loans'), decimal('Principal Outstanding'), integer('Loans in Arrears'),
      ...ranges.map((r) => decimal(`Principal in Arrears ${r.classification}`)),
      decimal('PAR1 %'), decimal('PAR30 %'), decimal('PAR90 %'),
    ],
    rows: rows.map((r) => [
      ...(byOffice ? [r.officeName, r.currencyCode] : [r.currencyCode]), String(r.loans), r.principalOutstanding, String(r.loansInArrears),
      ...r.bands.map((b) => b.principal), r.par1, r.par30, r.par90,
    ]),
  };
}

/** One weekly band of one currency: Fineract's Aging Summary (Arrears in Weeks) row. */
export interface AgingBandRow {
  currencyCode: string;
  band: string;
  loans: number;
  originalPrincipal: string;
  originalInterest: string;
  principalPaid: string;
  interestPaid: string;
  principalOverdue: string;
  interestOverdue: string;
}

/** Every band for every currency with active loans, currencies in order. */
export function agingBands(groups: readonly ArrearsGroup[]): AgingBandRow[] {
  const rows = groupBy(groups, (g) => g.currencyCode).flatMap((set) => {
    const digits = Math.max(...set.map((g) => g.digits));
    return WEEK_BANDS.map((band) => {
      const inBand = set.filter((g) => weeksBand(g.days) === band);
      const total = (pick: (g: ArrearsGroup) => string) => fixed(sum(inBand.map(pick)), digits);
      return {
        currencyCode: set[0]!.currencyCode, band, loans: inBand.reduce((n, g) => n + g.loans, 0), originalPrincipal: total((g) => g.originalPrincipal),
        originalInterest: total((g) => g.originalInterest), principalPaid: total((g) => g.principalPaid), interestPaid: total((g) => g.interestPaid),
        principalOverdue: total((g) => g.principalOverdue), interestOverdue: total((g) => g.interestOverdue),
      };
    });
  });
  return rows.sort((a, b) => a.currencyCode.localeCompare(b.currencyCode));
}

export function agingSummaryWeeks(rows: readonly AgingBandRow[]): ReportTable {
  return {
    columnHeaders: [
      text('currency'), text('Weeks In Arrears (Up To)'), integer('No Of Loans'), decimal('Original Principal'), decimal('Original Interest'),
      decimal('Principal Paid'), decimal('Interest Paid'), decimal('Principal Overdue'), decimal('Interest Overdue'),
    ],
    rows: rows.map((r) => [r.currencyCode, r.band, String(r.loans), r.originalPrincipal, r.originalInterest, r.principalPaid, r.interestPaid, r.principalOverdue, r.interestOverdue]),
  };
}

/** Active Loans by Loan Officer: one row per office, officer and currency. */
export function activeLoansByOfficer(groups: readonly ArrearsGroup[]): ReportTable {
  const columnHeaders = [
    text('Office/Branch'), text('Loan Officer'), text('Currency'), integer('Active Loans'), decimal('Principal Disbursed'), decimal('Principal Outstanding'),
    decimal('Principal Overdue'), integer('Loans in Arrears'),
  ];
  const rows = groupBy(groups, (g) => `${g.officeId}|${g.loanOfficerId ?? ''}|${g.currencyCode}`).map((set) => {
    const first = set[0]!;
    const digits = Math.max(...set.map((g) => g.digits));
    const total = (pick: (g: ArrearsGroup) => string) => fixed(sum(set.map(pick)), digits);
    return [
      first.officeName, first.loanOfficerName, first.currencyCode, String(set.reduce((n, g) => n + g.loans, 0)), total((g) => g.originalPrincipal),
      total((g) => g.principalOutstanding), total((g) => g.principalOverdue), String(set.filter((g) => g.days > 0).reduce((n, g) => n + g.loans, 0)),
    ];
  });
  return { columnHeaders, rows };
}

/** The range a number of days in arrears falls in, by classification; null on schedule or outside every range. */
const rangeOf = (days: number, ranges: readonly DelinquencyRange[]) => (days > 0 ? (ranges.find((r) => inRange(days, r))?.classification ?? null) : null);

export function agingDetail(loans: readonly LoanArrears[], ranges: readonly DelinquencyRange[]): ReportTable {
  return {
    columnHeaders: [
      text('Office/Branch'), text('currency'), text('Loan Officer'), text('Client Account No.'), text('Client Name'), text('Account Number'), decimal('Loan Amount'),
      decimal('Original Principal'), decimal('Principal Paid'), decimal('Principal Outstanding'), decimal('Principal Overdue'), decimal('Interest Overdue'),
      integer('Days in Arrears'), text('Weeks In Arrears Band'), text('Delinquency Range'),
    ],
    rows: loans.map((l) => [
      l.officeName, l.currencyCode, l.loanOfficerName, l.clientAccountNo, l.clientName, l.accountNo, l.principal, l.originalPrincipal, l.principalPaid,
      l.principalOutstanding, l.principalOverdue, l.interestOverdue, String(l.days), weeksBand(l.days), rangeOf(l.days, ranges),
    ]),
  };
}

export function activeLoansDetails(loans: readonly LoanArrears[]): ReportTable {
  return {
    columnHeaders: [
      text('Office/Branch'), text('Currency'), text('Loan Officer'), text('Client Account No.'), text('Client'), text('Loan Account No.'), text('Product'),
      decimal('Loan Amount'), decimal('Interest Rate Per Period'), date('Disbursed Date'), decimal('Principal Repaid'), decimal('Principal Outstanding'),
      decimal('Principal Overdue'), decimal('Interest Repaid'), decimal('Interest Outstanding'), decimal('Interest Overdue'), integer('Days in Arrears'),
    ],
    rows: loans.map((l) => [
      l.officeName, l.currencyCode, l.loanOfficerName, l.clientAccountNo, l.clientName, l.accountNo, l.productName, l.principal, l.interestRatePerPeriod,
      l.disbursedOn, l.principalPaid, l.principalOutstanding, l.principalOverdue, l.interestPaid, l.interestOutstanding, l.interestOverdue, String(l.days),
    ]),
  };
}

export function disbursals(lines: readonly LoanTransactionLine[]): ReportTable {
  return {
    columnHeaders: [
      text('Office/Branch'), text('Currency'), text('Loan Officer'), text('Client Account No.'), text('Client'), text('Loan Account No.'), text('Product'),
      decimal('Loan Amount'), date('Disbursed Date'), decimal('Principal Disbursed'),
    ],
    rows: lines.map((l) => [l.officeName, l.currencyCode, l.loanOfficerName, l.clientAccountNo, l.clientName, l.accountNo, l.productName, l.principal, l.transactionDate, l.amount]),
  };
}

export function writtenOff(lines: readonly LoanTransactionLine[]): ReportTable {
  return {
    columnHeaders: [
      text('Office/Branch'), text('currency'), text('Client Account No.'), text('Client Name'), text('Loan Account No.'), text('Product Name'), date('Disbursed Date'),
      date('Written Off date'), decimal('Loan Amount'), decimal('Written-Off Principal'), decimal('Written-Off Interest'), decimal('Written-Off Fees'),
      decimal('Written-Off Penalties'), text('Reason For Write-Off'), text('Loan Officer Name'),
    ],
    rows: lines.map((l) => [
      l.officeName, l.currencyCode, l.clientAccountNo, l.clientName, l.accountNo, l.productName, l.disbursedOn, l.transactionDate, l.principal,
      l.principalPortion, l.interestPortion, l.feePortion, l.penaltyPortion, l.note, l.loanOfficerName ?? '-',
    ]),
  };
}

export function expectedPaymentsTable(lines: readonly ExpectedPayment[]): ReportTable {
  return {
    columnHeaders: [
      text('Office'), text('Loan Officer'), text('Client Account Number'), text('Name'), text('Product'), text('Loan Account Number'), date('Due Date'),
      integer('Installment'), text('Currency'), decimal('Principal Due'), decimal('Interest Due'), decimal('Fees Due'), decimal('Penalty Due'), decimal('Total Due'),
      decimal('Total Overdue'),
    ],
    rows: lines.map((l) => [
      l.officeName, l.loanOfficerName ?? '-', l.clientAccountNo, l.clientName, l.productName, l.accountNo, l.dueDate, String(l.installment), l.currencyCode,
      l.principalDue, l.interestDue, l.feesDue, l.penaltyDue, l.totalDue, l.totalOverdue,
    ]),
  };
}

/** Collected over due as a percentage with two places; null when nothing fell due that day. */
export const collectionRate = (d: CollectionDay): string | null => (new Money(d.amountDue).isZero() ? null : parPercent(new Money(d.amountCollected), new Money(d.amountDue)));

/** Due against collected by officer and day. */
export function collectionTable(days: readonly CollectionDay[]): ReportTable {
  return {
    columnHeaders: [
      text('Office/Branch'), text('Loan Officer'), text('Currency'), date('Date'), integer('Loans Due'), decimal('Amount Due'), decimal('Amount Collected'), decimal('Collection Rate %'),
    ],
    rows: days.map((d) => [d.officeName, d.loanOfficerName ?? '-', d.currencyCode, d.day, String(d.loansDue), d.amountDue, d.amountCollected, collectionRate(d)]),
  };
}

export function clientListing(lines: readonly ClientLine[]): ReportTable {
  return {
    columnHeaders: [text('Office/Branch'), text('Client Account No.'), text('name'), text('Status'), date('Activation'), text('External Id')],
    rows: lines.map((c) => [c.officeName, c.accountNo, c.displayName, FINERACT_CLIENT_STATUS[c.statusId]?.[1] ?? 'Invalid', c.activationDate, c.externalId]),
  };
}
