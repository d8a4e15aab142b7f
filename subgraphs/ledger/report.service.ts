import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors } from '../kernel/errors.js';
import { requireStaff, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { Money, formatAmount } from '../kernel/money.js';
import { parametersOf, REPORTS, type ReportDef, type ReportParameterDef } from './report.catalogue.js';
import { GL_TYPES, type GLTypeId } from './ledger.entities.js';
import type { OfficeSubtree } from './ledger.ports.js';
import { LEDGER_CODES } from './codes.js';
import { accountTotals, currenciesWithEntries } from './ledger.store.js';

export interface AccountTotal {
  glAccountId: number;
  glCode: string;
  name: string;
  type: number;
  debits: string;
  credits: string;
}

export interface TrialBalanceRow {
  glAccountId: number;
  glCode: string;
  name: string;
  type: number;
  debit: string;
  credit: string;
}

export interface TrialBalance {
  rows: TrialBalanceRow[];
  totalDebit: string;
  totalCredit: string;
}

export interface StatementRow {
  glAccountId: number | null;
  glCode: string;
  name: string;
  type: number;
  amount: string;
}

export interface BalanceSheet {
  rows: StatementRow[];
  totalAssets: string;
  totalLiabilities: string;
  totalEquity: string;
}

export interface IncomeStatement {
  rows: StatementRow[];
  totalIncome: string;
  totalExpense: string;
  netIncome: string;
}

export interface ReportColumn {
  columnName: string;
  columnType: string;
  columnDisplayType: string;
  field: string;
}

export interface LedgerReport {
  reportName: string;
  columnHeaders: ReportColumn[];
  rows: ReportRow[];
}

export interface ReportRow {
  glAccountId?: number | null;
  glCode?: string;
  name?: string;
  type?: number;
  debit?: string;
  credit?: string;
  amount?: string;
}

const text = (name: string, field: string): ReportColumn => ({ columnName: name, columnType: 'VARCHAR', columnDisplayType: 'TEXT', field });
const decimal = (name: string, field: string): ReportColumn => ({ columnName: name, columnType: 'DECIMAL', columnDisplayType: 'DECIMAL', field });

/** Balances are sums over journal lines (no stored running balance), per account, for a period and office subtree. */
export class LedgerReportService {
  constructor(
    private readonly db: Database,
    private readonly officeSubtree: OfficeSubtree,
  ) {}

  async trialBalance(identity: Identity, officeId: number, startDate?: string | null, endDate?: string | null, currencyCode?: string | null): Promise<TrialBalance> {
    const staff = requireStaff(identity, 'READ_REPORT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const totals = await this.totals(tx, staff, officeId, startDate ?? null, endDate ?? null, currencyCode ?? null);
      let totalDebit = new Money(0);
      let totalCredit = new Money(0);
      const rows = totals.map((t) => {
        // Net balance on its side: assets and expenses normally show a debit, the others a credit.
        const net = new Money(t.debits).minus(t.credits);
        const debit = net.gt(0) ? net : new Money(0);
        const credit = net.lt(0) ? net.negated() : new Money(0);
        totalDebit = totalDebit.plus(debit);
        totalCredit = totalCredit.plus(credit);
        return { glAccountId: t.glAccountId, glCode: t.glCode, name: t.name, type: t.type, debit: formatAmount(debit), credit: formatAmount(credit) };
      });
      return { rows, totalDebit: formatAmount(totalDebit), totalCredit: formatAmount(totalCredit) };
    });
  }

  async balanceSheet(identity: Identity, officeId: number, asOfDate?: string | null, currencyCode?: string | null): Promise<BalanceSheet> {
    const staff = requireStaff(identity, 'READ_REPORT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const totals = await this.totals(tx, staff, officeId, null, asOfDate ?? null, currencyCode ?? null);
      const sums = { 1: new Money(0), 2: new Money(0), 3: new Money(0) } as Record<number, Money>;
      let earnings = new Money(0);
      const rows: StatementRow[] = [];
      for (const t of totals) {
        const natural = naturalBalance(t);
        if (t.type === 4 || t.type === 5) {
          earnings = t.type === 4 ? earnings.plus(natural) : earnings.minus(natural);
          continue;
        }
        sums[t.type] = sums[t.type]!.plus(natural);
        rows.push({ glAccountId: t.glAccountId, glCode: t.glCode, name: t.name, type: t.type, amount: formatAmount(natural) });
      }
      if (!earnings.isZero()) {
        rows.push({ glAccountId: null, glCode: '', name: 'Current period earnings', type: 3, amount: formatAmount(earnings) });
        sums[3] = sums[3]!.plus(earnings);
      }
      return { rows, totalAssets: formatAmount(sums[1]!), totalLiabilities: formatAmount(sums[2]!), totalEquity: formatAmount(sums[3]!) };
    });
  }

  async incomeStatement(identity: Identity, officeId: number, startDate?: string | null, endDate?: string | null, currencyCode?: string | null): Promise<IncomeStatement> {
    const staff = requireStaff(identity, 'READ_REPORT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const totals = await this.totals(tx, staff, officeId, startDate ?? null, endDate ?? null, currencyCode ?? null);
      let income = new Money(0);
      let expense = new Money(0);
      const rows: StatementRow[] = [];
      for (const t of totals) {
        if (t.type !== 4 && t.type !== 5) continue;
        const natural = naturalBalance(t);
        if (t.type === 4) income = income.plus(natural);
        else expense = expense.plus(natural);
        rows.push({ glAccountId: t.glAccountId, glCode: t.glCode, name: t.name, type: t.type, amount: formatAmount(natural) });
      }
      return { rows, totalIncome: formatAmount(income), totalExpense: formatAmount(expense), netIncome: formatAmount(income.minus(expense)) };
    });
  }

  /** The reports, with their parameters (GET /reports). */
  catalogue(identity: Identity): (ReportDef & { parameterDefs: ReportParameterDef[] })[] {
    requireStaff(identity, 'READ_REPORT');
    return REPORTS.map((r) => ({ ...r, parameterDefs: parametersOf([r.name]) }));
  }

  /** Fineract's FullParameterList: the parameters of the named reports, each once. */
  parameters(identity: Identity, reportNames: readonly string[]): ReportParameterDef[] {
    requireStaff(identity, 'READ_REPORT');
    return parametersOf(reportNames);
  }

  /** The /runreports shapes: "Trial Balance" (and its alias "Trial Balance Table"), "Balance Sheet", "Income Statement". */
  async run(identity: Identity, name: string, officeId: number | null | undefined, startDate?: string | null, endDate?: string | null, currencyCode?: string | null): Promise<LedgerReport> {
    requireStaff(identity, 'READ_REPORT');
    const office = officeId ?? 1;
    switch (name.trim().toLowerCase()) {
      case 'trial balance':
      case 'trial balance table': {
        const tb = await this.trialBalance(identity, office, startDate, endDate, currencyCode);
        return { reportName: name, columnHeaders: [text('glcode', 'glCode'), text('name', 'name'), decimal('debit', 'debit'), decimal('credit', 'credit')], rows: tb.rows };
      }
      case 'balance sheet': {
        const bs = await this.balanceSheet(identity, office, endDate, currencyCode);
        return { reportName: name, columnHeaders: statementColumns, rows: bs.rows };
      }
      case 'income statement': {
        const is = await this.incomeStatement(identity, office, startDate, endDate, currencyCode);
        return { reportName: name, columnHeaders: statementColumns, rows: is.rows };
      }
      default:
        throw errors.notFound(LEDGER_CODES.reportNameNotFound, `Report with name ${name} does not exist`, name);
    }
  }

  /**
   * One currency's totals, never a sum across currencies: without `currencyCode`, an office subtree whose
   * ledger holds one currency answers in it as always; one with several is 400 until the caller names one.
   */
  private async totals(tx: Tx, staff: StaffIdentity, officeId: number, startDate: string | null, endDate: string | null, currencyCode: string | null): Promise<AccountTotal[]> {
    const offices = await this.officeSubtree(tx, staff, officeId);
    if (!currencyCode) {
      const currencies = await currenciesWithEntries(tx, offices);
      if (currencies.length > 1) {
        throw errors.badRequest(LEDGER_CODES.reportCurrencyRequired, `This office's ledger holds ${currencies.join(', ')}: name one currency (R_currencyCode, or currencyCode in GraphQL); amounts of two currencies are never added together.`, 'currencyCode');
      }
    }
    const rows = await accountTotals(tx, { officeIds: offices, startDate, endDate, currencyCode });
    return rows.map((r) => ({ glAccountId: r.id, glCode: r.gl_code, name: r.name, type: Number(r.type), debits: formatAmount(r.debits), credits: formatAmount(r.credits) }));
  }
}

const statementColumns = [text('glcode', 'glCode'), text('name', 'name'), text('type', 'typeName'), decimal('amount', 'amount')];

/** Positive when the account sits on its normal side (debit for assets/expenses, credit otherwise). */
function naturalBalance(t: AccountTotal): Money {
  const net = new Money(t.debits).minus(t.credits);
  return GL_TYPES[t.type as GLTypeId]?.normal === 'debit' ? net : net.negated();
}
