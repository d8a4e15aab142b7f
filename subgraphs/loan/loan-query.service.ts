import BigNumber from 'bignumber.js';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { Validator } from '../kernel/errors.js';
import { requireStaff, type Identity, type StaffIdentity } from '../kernel/identity.js';
import type { KeysetPage } from '../kernel/connection.js';
import { addDays } from '../kernel/scalars.js';
import type { ApprovalPolicyRow, ApprovalPolicyService } from './approval-policy.service.js';
import type { LoanApplicationService } from './loan-application.service.js';
import type { LoanProductService } from './loan-product.service.js';
import type { LoanDependencies } from './loan.ports.js';
import { loadApprovals } from './store/approvals.js';
import { demandAndCollection, disbursalAndAwaiting, disbursalsByDay } from './store/dashboard.js';
import { rangesById } from './store/delinquency.js';
import { keysetPageOfLoans, pageOfLoans, type LoanCriteria } from './store/loan-lists.js';
import { STATUS_APPROVED, STATUS_SUBMITTED, type LoanRow } from './store/loans.js';
import { productNames, productNamesOf } from './store/products.js';
import { loadPeriods } from './store/schedule.js';
import { loadTransactions, transactionKeysetPage } from './store/transactions.js';
import type { LoanTemplateType, LoanTransactionType, LoanType } from './loan.types.js';
import {
  AMORTIZATION_OPTIONS, approvalStateOf, currencyOf, FREQUENCY_OPTIONS, INTEREST_CALCULATION_OPTIONS, INTEREST_RATE_FREQUENCY_OPTIONS, INTEREST_TYPE_OPTIONS,
  loanView, REPAYMENT_FREQUENCY_OPTIONS, transactionView, STRATEGY_OPTIONS, frequencyOption, repaymentFrequencyOption,
  interestRateFrequencyOption, amortizationOption, interestTypeOption, interestCalculationOption,
} from './loan.view.js';

export interface LoanDashboard {
  trends: { day: string; count: number }[];
  amountDue: string;
  amountPaid: string;
  amountToBeDisbursed: string;
  disbursedAmount: string;
}

export interface LoanFilter {
  officeId?: number | null;
  clientId?: number | null;
  status?: string | null;
  externalId?: string | null;
  loanOfficerId?: number | null;
  delinquent?: boolean | null;
  /** Fineract's search text: a substring of the account number or the external id. */
  search?: string | null;
  offset?: number | null;
  limit?: number | null;
}

export const MAX_PAGE_LIMIT = 200;

/** Loans as staff read them: one loan, pages, the dashboard, the application template, and the read models other services answer with. */
export class LoanQueryService {
  constructor(
    private readonly db: Database,
    private readonly deps: LoanDependencies,
    private readonly products: LoanProductService,
    private readonly policies: ApprovalPolicyService,
    private readonly applications: LoanApplicationService,
  ) {}

  async get(identity: Identity, id: number): Promise<LoanType> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => this.view(tx, await this.applications.requireVisible(tx, staff, id)));
  }

  async list(identity: Identity, filter: LoanFilter): Promise<{ total: number; items: LoanType[] }> {
    const staff = requireStaff(identity, 'READ_LOAN');
    const v = new Validator('loan');
    const offset = filter.offset ?? 0;
    const limit = Math.min(filter.limit ?? MAX_PAGE_LIMIT, MAX_PAGE_LIMIT);
    v.check(Number.isInteger(offset) && offset >= 0, 'offset', 'must.be.zero.or.greater', 'The parameter `offset` must be zero or greater.', offset);
    v.check(Number.isInteger(limit) && limit >= 1, 'limit', 'must.be.greater.than.zero', 'The parameter `limit` must be greater than zero.', limit);
    const status = filter.status == null || filter.status === '' ? null : parseStatus(filter.status);
    if (status === undefined) v.fail('status', 'is.not.one.of.expected.enumerations', 'status is an id (100, 200, 300, 400, 500, 600) or a name (submitted, approved, active, withdrawn, rejected, closed).', filter.status);
    v.throwIfAny();
    return this.db.tx(staff.tenantId, async (tx) => {
      const { total, loans } = await pageOfLoans(tx, await this.criteria(tx, staff, filter, status ?? null), limit, offset);
      return { total, items: await this.views(tx, loans) };
    });
  }

  /** The loans list as a connection: by id, `page.first` after the cursor's id, the same filters and scope as list. */
  async keysetPage(identity: Identity, filter: LoanFilter, page: KeysetPage): Promise<{ total: number; items: LoanType[] }> {
    const staff = requireStaff(identity, 'READ_LOAN');
    const status = filter.status == null || filter.status === '' ? null : parseStatus(filter.status);
    if (status === undefined) new Validator('loan').fail('status', 'is.not.one.of.expected.enumerations', 'status is an id (100, 200, 300, 400, 500, 600) or a name (submitted, approved, active, withdrawn, rejected, closed).', filter.status).throwIfAny();
    return this.db.tx(staff.tenantId, async (tx) => {
      // One row beyond the page tells whether another follows.
      const { total, loans } = await keysetPageOfLoans(tx, await this.criteria(tx, staff, filter, status ?? null), page.after === null ? null : Number(page.after[0]), page.first + 1);
      return { total, items: await this.views(tx, loans) };
    });
  }

  /** A loan's transactions as a connection: oldest first, `page.first` after the cursor's id; another office's or tenant's loan is not found. */
  async transactionsKeysetPage(identity: Identity, loanId: number, page: KeysetPage): Promise<{ total: number; items: LoanTransactionType[] }> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => {
      const loan = await this.applications.requireVisible(tx, staff, loanId);
      // One row beyond the page tells whether another follows.
      const found = await transactionKeysetPage(tx, loan.id, page.after === null ? null : Number(page.after[0]), page.first + 1);
      const currency = currencyOf(loan.currencyCode, loan.digits);
      return { total: found.total, items: found.rows.map((t) => transactionView(t, currency)) };
    });
  }

  /** The list's filters within the caller's scope (office subtree, a loan officer's own portfolio). */
  private async criteria(tx: Tx, staff: StaffIdentity, filter: LoanFilter, statusId: number | null): Promise<LoanCriteria> {
    return {
      visibleOfficeIds: await this.deps.scope.officeIds(tx, staff), portfolioStaffId: this.deps.scope.portfolioStaffId(staff), officeId: filter.officeId,
      clientId: filter.clientId, statusId, externalId: filter.externalId, loanOfficerId: filter.loanOfficerId, delinquent: filter.delinquent, search: filter.search,
    };
  }

  /**
   * Fineract's dashboard reports over an office and below it (head office: all), on the business date:
   * loans disbursed on each of the 12 days before it (LoanTrendsByDay), what today's instalments of active
   * loans still owe and have collected (Demand Vs Collection), approved principal waiting for disbursal and
   * principal of active loans (Disbursal Vs Awaitingdisbursal).
   */
  async dashboard(identity: Identity, officeId: number | null | undefined): Promise<LoanDashboard> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => {
      const offices = await this.deps.officeSubtreeOf(tx, staff, officeId ?? staff.officeId);
      const today = await this.deps.businessDates.today(tx);
      const trends = await disbursalsByDay(tx, offices, addDays(today, -12), addDays(today, -1));
      const demand = await demandAndCollection(tx, offices, today);
      const disbursal = await disbursalAndAwaiting(tx, offices);
      return { trends, amountDue: demand.due, amountPaid: demand.paid, amountToBeDisbursed: disbursal.awaiting, disbursedAmount: disbursal.disbursed };
    });
  }

  async template(identity: Identity, clientId: number | null, productId: number | null): Promise<LoanTemplateType> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => {
      const client = clientId == null ? null : await this.applications.visibleBorrower(tx, staff, clientId);
      const products = await productNames(tx);
      const product = productId == null ? null : await this.products.require(tx, productId);
      const today = await this.deps.businessDates.today(tx);
      return {
        clientId: client?.id ?? null, clientName: client?.displayName ?? null, clientOfficeId: client?.officeId ?? null,
        loanProductId: product?.id ?? null, loanProductName: product?.name ?? null,
        currency: product ? currencyOf(product.currencyCode, product.digitsAfterDecimal, product.inMultiplesOf) : null,
        principal: product ? new BigNumber(product.principal).toFixed() : null,
        termFrequency: product ? product.numberOfRepayments * product.repaymentEvery : null,
        termPeriodFrequencyType: product ? frequencyOption(product.repaymentFrequencyType) : null,
        numberOfRepayments: product?.numberOfRepayments ?? null, repaymentEvery: product?.repaymentEvery ?? null,
        repaymentFrequencyType: product ? repaymentFrequencyOption(product.repaymentFrequencyType) : null,
        interestRatePerPeriod: product ? new BigNumber(product.interestRatePerPeriod).toFixed() : null,
        interestRateFrequencyType: product ? interestRateFrequencyOption(product.interestRateFrequencyType) : null,
        amortizationType: product ? amortizationOption(product.amortizationType) : null,
        interestType: product ? interestTypeOption(product.interestType) : null,
        interestCalculationPeriodType: product ? interestCalculationOption(product.interestCalculationPeriodType) : null,
        transactionProcessingStrategyCode: product?.transactionProcessingStrategyCode ?? null,
        timeline: { submittedOnDate: today, expectedDisbursementDate: today, approvedOnDate: null, actualDisbursementDate: null, rejectedOnDate: null, withdrawnOnDate: null, closedOnDate: null, expectedMaturityDate: null },
        productOptions: products,
        termFrequencyTypeOptions: FREQUENCY_OPTIONS, repaymentFrequencyTypeOptions: REPAYMENT_FREQUENCY_OPTIONS,
        interestRateFrequencyTypeOptions: INTEREST_RATE_FREQUENCY_OPTIONS, amortizationTypeOptions: AMORTIZATION_OPTIONS,
        interestTypeOptions: INTEREST_TYPE_OPTIONS, interestCalculationPeriodTypeOptions: INTEREST_CALCULATION_OPTIONS,
        transactionProcessingStrategyOptions: STRATEGY_OPTIONS,
      };
    });
  }

  async view(tx: Tx, loan: LoanRow): Promise<LoanType> {
    return (await this.views(tx, [loan]))[0]!;
  }

  /** Read models for a page of loans: schedules, approvals, products, borrowers and ranges in a handful of queries. */
  async views(tx: Tx, loans: LoanRow[]): Promise<LoanType[]> {
    if (loans.length === 0) return [];
    const ids = loans.map((l) => l.id);
    const [periods, approvals, today] = await Promise.all([loadPeriods(tx, ids), loadApprovals(tx, ids), this.deps.businessDates.today(tx)]);
    const productIds = [...new Set(loans.map((l) => l.productId))];
    const products = await productNamesOf(tx, productIds);
    const ranges = await rangesById(tx);
    // One borrower and one policy lookup per distinct client and product on the page, not per loan.
    const borrowers = new Map<number, Awaited<ReturnType<LoanDependencies['borrower']>>>();
    for (const clientId of new Set(loans.map((l) => l.clientId))) borrowers.set(clientId, await this.deps.borrower(tx, clientId));
    const policies = new Map<number, ApprovalPolicyRow | null>();
    const out: LoanType[] = [];
    for (const loan of loans) {
      const borrower = borrowers.get(loan.clientId) ?? null;
      if (!policies.has(loan.productId)) policies.set(loan.productId, await this.policies.policyFor(tx, loan.productId));
      const transactions = loans.length === 1 ? await loadTransactions(tx, loan.id) : [];
      out.push(loanView({
        loan, productName: products.get(loan.productId) ?? null, clientName: borrower?.displayName ?? null, clientAccountNo: borrower?.accountNo ?? null,
        clientOfficeId: borrower?.officeId ?? loan.officeId, periods: periods.filter((p) => p.loanId === loan.id), transactions,
        approvals: loan.statusId === STATUS_SUBMITTED || loan.statusId === STATUS_APPROVED ? approvalStateOf(policies.get(loan.productId) ?? null, loan, approvals.filter((a) => a.loanId === loan.id)) : null,
        range: loan.delinquencyRangeId == null ? null : ranges.get(loan.delinquencyRangeId) ?? null, today,
      }));
    }
    return out;
  }
}

const STATUS_NAMES: Record<string, number> = { submitted: 100, pending: 100, approved: 200, active: 300, withdrawn: 400, rejected: 500, closed: 600 };

function parseStatus(value: string): number | undefined {
  if (/^\d+$/.test(value)) return [100, 200, 300, 400, 500, 600].includes(Number(value)) ? Number(value) : undefined;
  return STATUS_NAMES[value.toLowerCase()];
}
