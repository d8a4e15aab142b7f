import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { requireStaff, type Identity } from '../../kernel/identity.js';
import { errors, Validator } from '../../kernel/errors.js';
import { isPortfolioReport, parametersOfReport, parametersOfReports, PORTFOLIO_REPORTS, type PortfolioParameterDef, type PortfolioReportDef, type PortfolioReportName } from '../domain/catalogue.js';
import * as tables from '../domain/portfolio.js';
import type { ReportTable } from '../domain/report-table.js';
import type { ReportsDependencies } from '../ports.js';
import * as store from '../store/portfolio.store.js';
import { REPORTS_CODES } from '../codes.js';

/** A portfolio report's parameters as /runreports names them (R_officeId ...), already typed. */
export interface PortfolioReportInput {
  name: string;
  /** Default: the caller's office. Sub-offices are always included. */
  officeId?: number | null;
  /** Fineract's "all" is -1 (or absent). */
  loanOfficerId?: number | null;
  /** ISO code; Fineract's "all" is -1 (or absent). */
  currencyId?: string | null;
  startDate?: string | null;
  /** The period's end; for the point-in-time reports (PAR, aging, active loans) the "as of" date, by default the business date. */
  endDate?: string | null;
}

/** The typed (GraphQL) reports' scope: an office subtree, optionally one officer and one currency, and a date. */
export interface TypedScope {
  officeId?: number | null;
  loanOfficerId?: number | null;
  currencyCode?: string | null;
  asOf?: string | null;
}

export interface PortfolioReportResult extends ReportTable {
  reportName: PortfolioReportName;
}

/** The longest period a period report covers, in days: a year and a day, so a leap year fits. */
export const MAX_PERIOD_DAYS = 366;

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/** Runs the portfolio reports for staff holding READ_REPORT, over the office subtree they may see. */
export class PortfolioReportQueries {
  constructor(
    private readonly db: Database,
    private readonly deps: ReportsDependencies,
  ) {}

  catalogue(identity: Identity): (PortfolioReportDef & { parameterDefs: PortfolioParameterDef[] })[] {
    requireStaff(identity, 'READ_REPORT');
    return PORTFOLIO_REPORTS.map((r) => ({ ...r, parameterDefs: parametersOfReport(r) }));
  }

  definition(identity: Identity, id: number): PortfolioReportDef & { parameterDefs: PortfolioParameterDef[] } {
    const found = this.catalogue(identity).find((r) => r.id === id);
    if (!found) throw errors.notFound(REPORTS_CODES.reportIdInvalid, `Report with identifier ${id} does not exist`, id);
    return found;
  }

  parameters(identity: Identity, reportNames: readonly string[]): PortfolioParameterDef[] {
    requireStaff(identity, 'READ_REPORT');
    return parametersOfReports(reportNames);
  }

  async run(identity: Identity, input: PortfolioReportInput): Promise<PortfolioReportResult> {
    const staff = requireStaff(identity, 'READ_REPORT');
    const name = input.name;
    const v = new Validator('report');
    if (!isPortfolioReport(name)) {
      v.add({ code: REPORTS_CODES.unknownReport, message: `No portfolio report is named ${name.slice(0, 100)}.`, parameterName: 'name', value: name.slice(0, 100), args: [] });
      v.throwIfAny();
      throw new Error('unreachable: the validator threw');
    }
    const period = PORTFOLIO_REPORTS.find((r) => r.name === name)!.parameters.includes('startDateSelect');
    if (period) checkPeriod(v, input.startDate, input.endDate);
    v.throwIfAny();
    return this.db.tx(staff.tenantId, async (tx) => {
      const filter: store.LoanFilter = {
        officeIds: await this.deps.officeSubtreeOf(tx, staff, input.officeId ?? staff.officeId),
        loanOfficerId: input.loanOfficerId != null && input.loanOfficerId >= 0 ? input.loanOfficerId : null,
        currencyCode: input.currencyId && input.currencyId !== '-1' ? input.currencyId : null,
      };
      const asOf = input.endDate ?? (await this.deps.businessDates.today(tx));
      const from = input.startDate ?? asOf;
      const table = await this.table(tx, name, filter, from, asOf);
      return { reportName: name, ...table };
    });
  }

  /** PAR by office (`byOffice`) or for the whole subtree, per currency, as of a date (default: the business date). */
  async portfolioAtRisk(identity: Identity, scope: TypedScope, byOffice: boolean): Promise<tables.ParRow[]> {
    return this.typed(identity, scope, async (tx, filter, asOf) => tables.parRows(await store.arrearsGroups(tx, filter, asOf), await store.delinquencyRanges(tx), byOffice));
  }

  async agingSummary(identity: Identity, scope: TypedScope): Promise<tables.AgingBandRow[]> {
    return this.typed(identity, scope, async (tx, filter, asOf) => tables.agingBands(await store.arrearsGroups(tx, filter, asOf)));
  }

  async collections(identity: Identity, scope: TypedScope, fromDate: string | null | undefined, toDate: string | null | undefined): Promise<(store.CollectionDay & { collectionRate: string | null })[]> {
    const v = new Validator('report');
    checkPeriod(v, fromDate, toDate);
    v.throwIfAny();
    return this.typed(identity, scope, async (tx, filter) => (await store.collections(tx, filter, fromDate!, toDate!)).map((d) => ({ ...d, collectionRate: tables.collectionRate(d) })));
  }

  private async typed<T>(identity: Identity, scope: TypedScope, fn: (tx: Tx, filter: store.LoanFilter, asOf: string) => Promise<T>): Promise<T> {
    const staff = requireStaff(identity, 'READ_REPORT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const filter: store.LoanFilter = {
        officeIds: await this.deps.officeSubtreeOf(tx, staff, scope.officeId ?? staff.officeId),
        loanOfficerId: scope.loanOfficerId ?? null,
        currencyCode: scope.currencyCode ?? null,
      };
      return fn(tx, filter, scope.asOf ?? (await this.deps.businessDates.today(tx)));
    });
  }

  private async table(tx: Tx, name: PortfolioReportName, filter: store.LoanFilter, from: string, to: string): Promise<ReportTable> {
    switch (name) {
      case 'Portfolio at Risk':
      case 'Portfolio at Risk by Branch': {
        const ranges = await store.delinquencyRanges(tx);
        const byOffice = name === 'Portfolio at Risk by Branch';
        return tables.portfolioAtRisk(tables.parRows(await store.arrearsGroups(tx, filter, to), ranges, byOffice), ranges, byOffice);
      }
      case 'Aging Summary (Arrears in Weeks)':
        return tables.agingSummaryWeeks(tables.agingBands(await store.arrearsGroups(tx, filter, to)));
      case 'Active Loans by Loan Officer':
        return tables.activeLoansByOfficer(await store.arrearsGroups(tx, filter, to));
      case 'Aging Detail':
        return tables.agingDetail(await store.loanArrears(tx, filter, to, true), await store.delinquencyRanges(tx));
      case 'Active Loans - Details':
        return tables.activeLoansDetails(await store.loanArrears(tx, filter, to, false));
      case 'Disbursal Report':
        return tables.disbursals(await store.transactionsOfType(tx, filter, store.TXN_DISBURSEMENT, from, to));
      case 'Written-Off Loans':
        return tables.writtenOff(await store.transactionsOfType(tx, filter, store.TXN_WRITEOFF, from, to));
      case 'Expected Payments By Date - Basic':
        return tables.expectedPaymentsTable(await store.expectedPayments(tx, filter, from, to, await this.deps.businessDates.today(tx)));
      case 'Collection Report':
        return tables.collectionTable(await store.collections(tx, filter, from, to));
      case 'Client Listing':
        return tables.clientListing(await store.clients(tx, filter.officeIds, filter.loanOfficerId));
    }
  }
}

/** A period report needs both dates, in order, at most MAX_PERIOD_DAYS apart. */
export function checkPeriod(v: Validator, startDate: string | null | undefined, endDate: string | null | undefined): void {
  if (!startDate || !endDate) {
    v.add({ code: REPORTS_CODES.periodRequired, message: 'The report needs R_startDate and R_endDate.', parameterName: 'startDate', value: startDate ?? null, args: [] });
    return;
  }
  const days = dayNumber(endDate) - dayNumber(startDate);
  if (days < 0) v.add({ code: REPORTS_CODES.startAfterEnd, message: 'R_endDate is before R_startDate.', parameterName: 'endDate', value: endDate, args: [startDate] });
  else if (days + 1 > MAX_PERIOD_DAYS) {
    v.add({ code: REPORTS_CODES.dateRangeTooLong, message: `The period covers ${days + 1} days; at most ${MAX_PERIOD_DAYS} may be asked for at once.`, parameterName: 'endDate', value: endDate, args: [MAX_PERIOD_DAYS] });
  }
}
