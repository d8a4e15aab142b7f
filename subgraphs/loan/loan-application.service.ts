import BigNumber from 'bignumber.js';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Actor, type CustomerIdentity, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { nextValue } from '../kernel/sequence.js';
import { addDays } from '../kernel/scalars.js';
import { stillNeeded, tierFor } from './domain/tiers.js';
import { generateSchedule, MAX_REPAYMENT_EVERY, MAX_REPAYMENTS, type Schedule, type ScheduleTerms } from './domain/schedule.js';
import type { ApprovalPolicyRow, ApprovalPolicyService } from './approval-policy.service.js';
import type { LoanProductRow } from './loan-product.rows.js';
import type { LoanProductService } from './loan-product.service.js';
import type { LoanDependencies } from './loan.ports.js';
import { clearApprovals, loadApprovals, type ApprovalRow } from './store/approvals.js';
import { demandAndCollection, disbursalAndAwaiting, disbursalsByDay } from './store/dashboard.js';
import { rangesById } from './store/delinquency.js';
import {
  endApplication, externalIdTaken, findLoan, insertLoan, loanNotFound, openLoanCount, pageOfLoans, STATUS_APPROVED, STATUS_REJECTED, STATUS_SUBMITTED,
  STATUS_WITHDRAWN, updateLoanTerms, type LoanRow, type LoanTerms,
} from './store/loans.js';
import { productNames, productNamesOf } from './store/products.js';
import { loadPeriods, writeSchedule } from './store/schedule.js';
import { loadTransactions } from './store/transactions.js';
import type { LoanApprovalsType, LoanScheduleType, LoanTemplateType, LoanType } from './loan.types.js';
import {
  AMORTIZATION_OPTIONS, currencyOf, effectivePrincipal, FREQUENCY_OPTIONS, INTEREST_CALCULATION_OPTIONS, INTEREST_RATE_FREQUENCY_OPTIONS, INTEREST_TYPE_OPTIONS,
  loanView, previewPeriods, REPAYMENT_FREQUENCY_OPTIONS, scheduleView, STRATEGY_OPTIONS, frequencyOption, repaymentFrequencyOption,
  interestRateFrequencyOption, amortizationOption, interestTypeOption, interestCalculationOption,
} from './loan.view.js';
import { LOAN_CODES } from './codes.js';

export interface LoanApplicationInput {
  clientId?: number | null;
  productId?: number | null;
  principal?: string | null;
  loanTermFrequency?: number | null;
  loanTermFrequencyType?: number | null;
  numberOfRepayments?: number | null;
  repaymentEvery?: number | null;
  repaymentFrequencyType?: number | null;
  interestRatePerPeriod?: string | null;
  interestRateFrequencyType?: number | null;
  amortizationType?: number | null;
  interestType?: number | null;
  interestCalculationPeriodType?: number | null;
  transactionProcessingStrategyCode?: string | null;
  expectedDisbursementDate?: string | null;
  submittedOnDate?: string | null;
  repaymentsStartingFromDate?: string | null;
  loanType?: string | null;
  linkAccountId?: number | null;
  externalId?: string | null;
  loanOfficerId?: number | null;
  graceOnPrincipalPayment?: number | null;
  graceOnInterestPayment?: number | null;
  charges?: unknown[] | null;
  collateral?: unknown[] | null;
  disbursementData?: unknown[] | null;
  isEqualAmortization?: boolean | null;
  isTopup?: boolean | null;
  /** Fineract charges interest from this date instead of the disbursement; only the disbursement date itself is accepted. */
  interestChargedFromDate?: string | null;
}

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

/** The application's terms after product defaults, ready for the schedule and the row. */
interface Terms {
  product: LoanProductRow;
  principal: string;
  loanTermFrequency: number;
  loanTermFrequencyType: number;
  numberOfRepayments: number;
  repaymentEvery: number;
  repaymentFrequencyType: number;
  interestRatePerPeriod: string;
  interestRateFrequencyType: number;
  amortizationType: number;
  interestType: number;
  interestCalculationPeriodType: number;
  transactionProcessingStrategyCode: string;
  graceOnPrincipalPayment: number;
  graceOnInterestPayment: number;
  expectedDisbursementDate: string;
  submittedOnDate: string;
  repaymentsStartingFromDate: string | null;
}

const inRange = (value: BigNumber.Value, min: BigNumber.Value | null, max: BigNumber.Value | null) =>
  (min == null || new BigNumber(value).gte(min)) && (max == null || new BigNumber(value).lte(max));

export const scheduleTerms = (loan: LoanRow, disbursementDate: string, principal: string): ScheduleTerms => ({
  principal, numberOfRepayments: loan.numberOfRepayments, repaymentEvery: loan.repaymentEvery, repaymentFrequencyType: loan.repaymentFrequencyType,
  interestRatePerPeriod: loan.interestRatePerPeriod, interestRateFrequencyType: loan.interestRateFrequencyType, amortizationType: loan.amortizationType,
  interestType: loan.interestType, digits: loan.digits, graceOnPrincipalPayment: loan.graceOnPrincipalPayment, graceOnInterestPayment: loan.graceOnInterestPayment,
  disbursementDate, repaymentsStartingFromDate: loan.repaymentsStartingFrom,
});

/** Loan applications: submission, schedule preview, reads, modification, withdrawal and rejection. The writer of loan.loan's application state. */
export class LoanApplicationService {
  constructor(
    private readonly db: Database,
    private readonly deps: LoanDependencies,
    private readonly products: LoanProductService,
    private readonly policies: ApprovalPolicyService,
  ) {}

  // ---- reads ---------------------------------------------------------------------------------

  /** The loan when the caller may see it (office subtree, an account officer's own book); 404 otherwise, never 403. */
  async requireVisible(tx: Tx, identity: Identity, id: number, lock = false): Promise<LoanRow> {
    const loan = await findLoan(tx, id, { lock });
    if (!loan || !(await this.deps.scope.canSee(tx, identity, { officeId: loan.officeId, staffId: loan.loanOfficerId, clientId: loan.clientId }))) throw loanNotFound(id);
    return loan;
  }

  async get(identity: Identity, id: number): Promise<LoanType> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => this.view(tx, await this.requireVisible(tx, staff, id)));
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
      const { total, loans } = await pageOfLoans(tx, {
        visibleOfficeIds: await this.deps.scope.officeIds(tx, staff), portfolioStaffId: this.deps.scope.portfolioStaffId(staff), officeId: filter.officeId,
        clientId: filter.clientId, statusId: status, externalId: filter.externalId, loanOfficerId: filter.loanOfficerId, delinquent: filter.delinquent, search: filter.search,
      }, limit, offset);
      return { total, items: await this.views(tx, loans) };
    });
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
      const client = clientId == null ? null : await this.visibleBorrower(tx, staff, clientId);
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

  // ---- commands ------------------------------------------------------------------------------

  /** POST /loans?command=calculateLoanSchedule: the schedule the application would get; nothing is written. */
  async calculateSchedule(identity: Identity, input: LoanApplicationInput): Promise<LoanScheduleType> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => {
      const terms = await this.terms(tx, input, { requireClient: false, current: null });
      if (input.clientId != null) await this.visibleBorrower(tx, staff, input.clientId);
      const schedule = generateSchedule(this.scheduleTermsOf(terms));
      const currency = currencyOf(terms.product.currencyCode, terms.product.digitsAfterDecimal, terms.product.inMultiplesOf);
      return scheduleView(terms.principal, terms.expectedDisbursementDate, currency, previewPeriods(schedule), null);
    });
  }

  async submit(identity: Identity, input: LoanApplicationInput): Promise<LoanRow> {
    const staff = requireStaff(identity, 'CREATE_LOAN');
    return this.db.tx(staff.tenantId, (tx) => this.submitCore(tx, staff, input));
  }

  /**
   * A submitted application inside the caller's transaction. A customer (self-service) applies only for
   * their own client (scope answers 404 otherwise); the approval flow is the same as for staff.
   */
  async submitCore(tx: Tx, staff: StaffIdentity | CustomerIdentity, input: LoanApplicationInput): Promise<LoanRow> {
    const terms = await this.terms(tx, input, { requireClient: true, current: null });
    const client = await this.visibleBorrower(tx, staff, input.clientId!);
    if (!client.active) throw errors.domainRule(LOAN_CODES.loanClientNotActive, `Client with identifier ${client.id} is not active.`, [client.id], 'clientId');
    const loanOfficerId = input.loanOfficerId ?? client.staffId;
    if (input.loanOfficerId != null && !(await this.deps.staffExists(tx, input.loanOfficerId))) {
      throw errors.notFound(LOAN_CODES.staffIdInvalid, `Staff with identifier ${input.loanOfficerId} does not exist`, input.loanOfficerId);
    }
    if (input.externalId) await this.assertExternalIdFree(tx, input.externalId, null);
    const id = await nextValue(tx, 'loan');
    await insertLoan(tx, {
      ...storedTerms(terms, { linkAccountId: input.linkAccountId ?? null, externalId: input.externalId ?? null, loanOfficerId }),
      id, clientId: client.id, officeId: client.officeId, submittedByUserId: staff.userId,
      submittedDelegatedBy: staff.kind === 'staff' ? (staff.delegatedBy ?? null) : null,
    });
    await writeSchedule(tx, id, generateSchedule(this.scheduleTermsOf(terms)));
    return (await findLoan(tx, id))!;
  }

  /** PUT /loans/{id}: changes the terms while the application is still submitted. */
  async modify(identity: Identity, id: number, input: LoanApplicationInput): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_LOAN');
    return this.db.tx(actor.tenantId, (tx) => this.modifyCore(tx, actor, id, input));
  }

  async modifyCore(tx: Tx, actor: Actor, id: number, input: LoanApplicationInput): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const loan = await this.requireVisible(tx, actor, id, true);
    if (loan.statusId !== STATUS_SUBMITTED) throw errors.domainRule(LOAN_CODES.loanCannotModifyLoanInItsPresentState, 'Only a submitted application can be modified.', [id]);
    if (input.clientId != null && input.clientId !== loan.clientId) throw errors.domainRule(LOAN_CODES.loanClientCannotBeChanged, 'The borrower of an application cannot be changed.', [id], 'clientId');
    const merged: LoanApplicationInput = { ...currentInput(loan), ...Object.fromEntries(Object.entries(input).filter(([, v]) => v != null)) };
    const terms = await this.terms(tx, merged, { requireClient: false, current: loan });
    if (input.externalId && input.externalId !== loan.externalId) await this.assertExternalIdFree(tx, input.externalId, id);
    if (input.loanOfficerId != null && !(await this.deps.staffExists(tx, input.loanOfficerId))) {
      throw errors.notFound(LOAN_CODES.staffIdInvalid, `Staff with identifier ${input.loanOfficerId} does not exist`, input.loanOfficerId);
    }
    await updateLoanTerms(tx, id, storedTerms(terms, { linkAccountId: merged.linkAccountId ?? null, externalId: merged.externalId ?? null, loanOfficerId: merged.loanOfficerId ?? loan.loanOfficerId }), actor.userId);
    // A change of terms invalidates approvals given to the old terms.
    await clearApprovals(tx, id);
    await writeSchedule(tx, id, generateSchedule(this.scheduleTermsOf(terms)));
    const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value != null));
    return { loan: (await findLoan(tx, id))!, changes };
  }

  async withdraw(identity: Identity, id: number, input: { withdrawnOnDate?: string | null; note?: string | null }): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'WITHDRAW_LOAN');
    return this.db.tx(actor.tenantId, (tx) => this.withdrawCore(tx, actor, id, input));
  }

  async withdrawCore(tx: Tx, actor: Actor, id: number, input: { withdrawnOnDate?: string | null; note?: string | null }): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const loan = await this.requireVisible(tx, actor, id, true);
    if (loan.statusId !== STATUS_SUBMITTED && loan.statusId !== STATUS_APPROVED) {
      throw errors.domainRule(LOAN_CODES.loanWithdrawnByApplicantNotAllowed, 'Only a submitted or approved, undisbursed loan can be withdrawn.', [id]);
    }
    const date = await this.actionDate(tx, loan, input.withdrawnOnDate, 'withdrawnOnDate');
    return { loan: await endApplication(tx, id, STATUS_WITHDRAWN, date, actor.userId), changes: { status: STATUS_WITHDRAWN, withdrawnOnDate: date, note: input.note ?? null } };
  }

  async reject(identity: Identity, id: number, input: { rejectedOnDate?: string | null; note?: string | null }): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'REJECT_LOAN');
    return this.db.tx(actor.tenantId, (tx) => this.rejectCore(tx, actor, id, input));
  }

  async rejectCore(tx: Tx, actor: Actor, id: number, input: { rejectedOnDate?: string | null; note?: string | null }): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const loan = await this.requireVisible(tx, actor, id, true);
    if (loan.statusId !== STATUS_SUBMITTED) throw errors.domainRule(LOAN_CODES.loanRejectNotInSubmittedState, 'Only a submitted application can be rejected.', [id]);
    const date = await this.actionDate(tx, loan, input.rejectedOnDate, 'rejectedOnDate');
    return { loan: await endApplication(tx, id, STATUS_REJECTED, date, actor.userId), changes: { status: STATUS_REJECTED, rejectedOnDate: date, note: input.note ?? null } };
  }

  // ---- shared with the other loan services ----------------------------------------------------

  /** Loans of a client not yet closed, rejected or withdrawn (submitted, approved, active): they block closing the client. */
  async openCount(tx: Tx, clientId: number): Promise<number> {
    return openLoanCount(tx, clientId);
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
        approvals: loan.statusId === STATUS_SUBMITTED || loan.statusId === STATUS_APPROVED ? this.approvalStateUnder(policies.get(loan.productId) ?? null, loan, approvals.filter((a) => a.loanId === loan.id)) : null,
        range: loan.delinquencyRangeId == null ? null : ranges.get(loan.delinquencyRangeId) ?? null, today,
      }));
    }
    return out;
  }

  /** Where the loan stands against its policy tier: required, still needed, who approved. */
  async approvalState(tx: Tx, loan: LoanRow, recorded: ApprovalRow[]): Promise<LoanApprovalsType> {
    return this.approvalStateUnder(await this.policies.policyFor(tx, loan.productId), loan, recorded);
  }

  private approvalStateUnder(policy: ApprovalPolicyRow | null, loan: LoanRow, recorded: ApprovalRow[]): LoanApprovalsType {
    const amount = effectivePrincipal(loan);
    const tier = policy ? tierFor(policy.tiers, amount) : null;
    const needed = tier ? stillNeeded(tier.tier, recorded) : [];
    return {
      policyId: policy?.id ?? null, tier: tier ? tier.index + 1 : null, amount: new BigNumber(amount).toFixed(),
      required: tier?.tier.approvals ?? [], stillNeeded: loan.statusId === STATUS_SUBMITTED ? needed : [],
      approvedBy: recorded.map((a) => ({ userId: a.userId, roleId: a.roleId, approvedOnDate: a.approvedOn, note: a.note })),
      escalated: loan.statusId === STATUS_SUBMITTED && recorded.length > 0 && needed.length > 0,
    };
  }

  /** A command's date: given or today's business date; not before submission and not in the future. */
  async actionDate(tx: Tx, loan: LoanRow, given: string | null | undefined, parameter: string): Promise<string> {
    const today = await this.deps.businessDates.today(tx);
    const date = given ?? today;
    if (date > today) throw errors.validation([{ code: `validation.msg.loan.${parameter}.cannot.be.a.future.date`, message: `${parameter} cannot be after the business date ${today}.`, parameterName: parameter, value: date }]);
    if (date < loan.submittedOn) throw errors.validation([{ code: `validation.msg.loan.${parameter}.cannot.be.before.submittal.date`, message: `${parameter} cannot be before the submission date ${loan.submittedOn}.`, parameterName: parameter, value: date }]);
    return date;
  }

  scheduleTermsOf(terms: Terms): ScheduleTerms {
    return {
      principal: terms.principal, numberOfRepayments: terms.numberOfRepayments, repaymentEvery: terms.repaymentEvery, repaymentFrequencyType: terms.repaymentFrequencyType,
      interestRatePerPeriod: terms.interestRatePerPeriod, interestRateFrequencyType: terms.interestRateFrequencyType, amortizationType: terms.amortizationType,
      interestType: terms.interestType, digits: terms.product.digitsAfterDecimal, graceOnPrincipalPayment: terms.graceOnPrincipalPayment,
      graceOnInterestPayment: terms.graceOnInterestPayment, disbursementDate: terms.expectedDisbursementDate, repaymentsStartingFromDate: terms.repaymentsStartingFromDate,
    };
  }

  /** Schedule from the stored terms (after approval lowered the amount, or from the actual disbursement date). */
  regenerate(loan: LoanRow, disbursementDate: string, principal: string): Schedule {
    return generateSchedule(scheduleTerms(loan, disbursementDate, principal));
  }

  private async visibleBorrower(tx: Tx, staff: StaffIdentity | CustomerIdentity, clientId: number) {
    const client = await this.deps.borrower(tx, clientId);
    if (!client || !(await this.deps.scope.canSee(tx, staff, { officeId: client.officeId, staffId: client.staffId, clientId: client.id }))) {
      throw errors.notFound(LOAN_CODES.clientIdInvalid, `Client with identifier ${clientId} does not exist`, clientId);
    }
    return client;
  }

  private async assertExternalIdFree(tx: Tx, externalId: string, exceptId: number | null): Promise<void> {
    if (await externalIdTaken(tx, externalId, exceptId)) throw errors.duplicate(LOAN_CODES.loanDuplicateExternalId, `Loan with externalId \`${externalId}\` already exists`, 'externalId', externalId);
  }

  /** Validates an application against its product (Fineract codes) and fills what it leaves out from the product. */
  private async terms(tx: Tx, input: LoanApplicationInput, options: { requireClient: boolean; current: LoanRow | null }): Promise<Terms> {
    const v = new Validator('loan');
    if (options.requireClient) v.required('clientId', input.clientId);
    v.required('productId', input.productId);
    v.required('principal', input.principal);
    v.required('expectedDisbursementDate', input.expectedDisbursementDate);
    if (input.loanType != null && input.loanType.toLowerCase() !== 'individual') v.fail('loanType', 'is.not.one.of.expected.enumerations', 'loanType must be individual.', input.loanType);
    v.maxLength('externalId', input.externalId, 100);
    for (const name of ['charges', 'collateral', 'disbursementData'] as const) {
      if ((input[name]?.length ?? 0) > 0) v.fail(name, 'not.supported', `Loan ${name} are not supported; send an empty list or leave ${name} out.`);
    }
    if (input.isEqualAmortization === true) v.fail('isEqualAmortization', 'not.supported', 'Equal amortization of interest is not supported.');
    if (input.isTopup === true) v.fail('isTopup', 'not.supported', 'Top-up loans are not supported.');
    if (input.interestChargedFromDate != null && input.interestChargedFromDate !== input.expectedDisbursementDate) {
      v.fail('interestChargedFromDate', 'not.supported', 'Interest is charged from the disbursement date; another start date is not supported.', input.interestChargedFromDate);
    }
    v.throwIfAny();
    const product = await this.products.require(tx, input.productId!);
    const t: Terms = {
      product,
      principal: new BigNumber(input.principal!).toFixed(),
      numberOfRepayments: input.numberOfRepayments ?? product.numberOfRepayments,
      repaymentEvery: input.repaymentEvery ?? product.repaymentEvery,
      repaymentFrequencyType: input.repaymentFrequencyType ?? product.repaymentFrequencyType,
      loanTermFrequency: 0,
      loanTermFrequencyType: 0,
      interestRatePerPeriod: new BigNumber(input.interestRatePerPeriod ?? product.interestRatePerPeriod).toFixed(),
      interestRateFrequencyType: input.interestRateFrequencyType ?? product.interestRateFrequencyType,
      amortizationType: input.amortizationType ?? product.amortizationType,
      interestType: input.interestType ?? product.interestType,
      interestCalculationPeriodType: input.interestCalculationPeriodType ?? product.interestCalculationPeriodType,
      transactionProcessingStrategyCode: input.transactionProcessingStrategyCode ?? product.transactionProcessingStrategyCode,
      graceOnPrincipalPayment: input.graceOnPrincipalPayment ?? product.graceOnPrincipalPayment,
      graceOnInterestPayment: input.graceOnInterestPayment ?? product.graceOnInterestPayment,
      expectedDisbursementDate: input.expectedDisbursementDate!,
      submittedOnDate: input.submittedOnDate ?? options.current?.submittedOn ?? (await this.deps.businessDates.today(tx)),
      repaymentsStartingFromDate: input.repaymentsStartingFromDate ?? null,
    };
    t.loanTermFrequency = input.loanTermFrequency ?? t.numberOfRepayments * t.repaymentEvery;
    t.loanTermFrequencyType = input.loanTermFrequencyType ?? t.repaymentFrequencyType;

    const principal = new BigNumber(t.principal);
    if (!principal.isFinite() || principal.lte(0)) v.fail('principal', 'not.greater.than.zero', 'The parameter `principal` must be greater than 0.', input.principal);
    else if (!inRange(principal, product.minPrincipal, product.maxPrincipal)) {
      v.fail('principal', 'is.not.within.expected.range', `principal must be between ${new BigNumber(product.minPrincipal).toFixed()} and ${new BigNumber(product.maxPrincipal).toFixed()}.`, input.principal, [product.minPrincipal, product.maxPrincipal]);
    } else if ((principal.decimalPlaces() ?? 0) > product.digitsAfterDecimal) {
      v.fail('principal', 'exceeds.decimal.places', `principal has more decimal places than ${product.currencyCode} allows (${product.digitsAfterDecimal}).`, input.principal);
    }
    if (!Number.isInteger(t.numberOfRepayments) || t.numberOfRepayments < 1) v.fail('numberOfRepayments', 'must.be.greater.than.zero', 'numberOfRepayments must be at least 1.', t.numberOfRepayments);
    else if (t.numberOfRepayments > MAX_REPAYMENTS) v.fail('numberOfRepayments', 'is.not.within.expected.range', `numberOfRepayments is at most ${MAX_REPAYMENTS}.`, t.numberOfRepayments);
    else if (!inRange(t.numberOfRepayments, product.minNumberOfRepayments, product.maxNumberOfRepayments)) {
      v.fail('numberOfRepayments', 'is.not.within.expected.range', `numberOfRepayments must be between ${product.minNumberOfRepayments} and ${product.maxNumberOfRepayments}.`, t.numberOfRepayments, [product.minNumberOfRepayments, product.maxNumberOfRepayments]);
    }
    if (!Number.isInteger(t.repaymentEvery) || t.repaymentEvery < 1) v.fail('repaymentEvery', 'must.be.greater.than.zero', 'repaymentEvery must be at least 1.', t.repaymentEvery);
    else if (t.repaymentEvery > MAX_REPAYMENT_EVERY) v.fail('repaymentEvery', 'is.not.within.expected.range', `repaymentEvery is at most ${MAX_REPAYMENT_EVERY}.`, t.repaymentEvery);
    if (![0, 1, 2].includes(t.repaymentFrequencyType)) v.fail('repaymentFrequencyType', 'is.not.one.of.expected.enumerations', 'repaymentFrequencyType is 0 days, 1 weeks or 2 months.', t.repaymentFrequencyType);
    if (![0, 1, 2, 3].includes(t.loanTermFrequencyType)) v.fail('loanTermFrequencyType', 'is.not.one.of.expected.enumerations', 'loanTermFrequencyType is 0 days, 1 weeks, 2 months or 3 years.', t.loanTermFrequencyType);
    if (![2, 3].includes(t.interestRateFrequencyType)) v.fail('interestRateFrequencyType', 'is.not.one.of.expected.enumerations', 'interestRateFrequencyType is 2 per month or 3 per year.', t.interestRateFrequencyType);
    if (![0, 1].includes(t.amortizationType)) v.fail('amortizationType', 'is.not.one.of.expected.enumerations', 'amortizationType is 0 equal principal or 1 equal instalments.', t.amortizationType);
    if (![0, 1].includes(t.interestType)) v.fail('interestType', 'is.not.one.of.expected.enumerations', 'interestType is 0 declining balance or 1 flat.', t.interestType);
    if (![0, 1].includes(t.interestCalculationPeriodType)) v.fail('interestCalculationPeriodType', 'is.not.one.of.expected.enumerations', 'interestCalculationPeriodType is 0 daily or 1 same as repayment period.', t.interestCalculationPeriodType);
    if (t.transactionProcessingStrategyCode !== product.transactionProcessingStrategyCode) {
      v.fail('transactionProcessingStrategyCode', 'is.not.one.of.expected.enumerations', `The strategy of this product is ${product.transactionProcessingStrategyCode}.`, t.transactionProcessingStrategyCode);
    }
    const rate = new BigNumber(t.interestRatePerPeriod);
    if (!rate.isFinite() || rate.lt(0)) v.fail('interestRatePerPeriod', 'not.zero.or.greater', 'interestRatePerPeriod must be zero or more.', input.interestRatePerPeriod);
    else if (!inRange(rate, product.minInterestRatePerPeriod, product.maxInterestRatePerPeriod)) {
      v.fail('interestRatePerPeriod', 'is.not.within.expected.range', 'interestRatePerPeriod is outside the product range.', input.interestRatePerPeriod);
    }
    if (t.graceOnPrincipalPayment < 0 || t.graceOnPrincipalPayment >= t.numberOfRepayments) v.fail('graceOnPrincipalPayment', 'is.not.within.expected.range', 'graceOnPrincipalPayment must be below numberOfRepayments.', t.graceOnPrincipalPayment);
    if (t.graceOnInterestPayment < 0 || t.graceOnInterestPayment >= t.numberOfRepayments) v.fail('graceOnInterestPayment', 'is.not.within.expected.range', 'graceOnInterestPayment must be below numberOfRepayments.', t.graceOnInterestPayment);
    // The term must cover the repayments, in the same unit (Fineract's rule).
    if (t.loanTermFrequencyType === t.repaymentFrequencyType && t.loanTermFrequency < t.numberOfRepayments * t.repaymentEvery) {
      v.fail('loanTermFrequency', 'is.less.than.repayment.structure.suggests', 'loanTermFrequency is shorter than numberOfRepayments x repaymentEvery.', t.loanTermFrequency);
    }
    if (t.expectedDisbursementDate < t.submittedOnDate) {
      v.fail('expectedDisbursementDate', 'cannot.be.before.submittal.date', 'expectedDisbursementDate cannot be before submittedOnDate.', t.expectedDisbursementDate);
    }
    if (t.repaymentsStartingFromDate !== null && t.repaymentsStartingFromDate <= t.expectedDisbursementDate) {
      v.fail('repaymentsStartingFromDate', 'cannot.be.before.disbursement.date', 'repaymentsStartingFromDate must be after the disbursement date.', t.repaymentsStartingFromDate);
    }
    v.throwIfAny();
    const today = await this.deps.businessDates.today(tx);
    if (t.submittedOnDate > today) throw errors.domainRule(LOAN_CODES.loanSubmittalCannotBeInTheFuture, `The submission date cannot be after the business date ${today}.`, [t.submittedOnDate], 'submittedOnDate');
    return t;
  }
}

const STATUS_NAMES: Record<string, number> = { submitted: 100, pending: 100, approved: 200, active: 300, withdrawn: 400, rejected: 500, closed: 600 };

function parseStatus(value: string): number | undefined {
  if (/^\d+$/.test(value)) return [100, 200, 300, 400, 500, 600].includes(Number(value)) ? Number(value) : undefined;
  return STATUS_NAMES[value.toLowerCase()];
}

function currentInput(loan: LoanRow): LoanApplicationInput {
  return {
    clientId: loan.clientId, productId: loan.productId, principal: loan.principal, loanTermFrequency: loan.loanTermFrequency,
    loanTermFrequencyType: loan.loanTermFrequencyType, numberOfRepayments: loan.numberOfRepayments, repaymentEvery: loan.repaymentEvery,
    repaymentFrequencyType: loan.repaymentFrequencyType, interestRatePerPeriod: loan.interestRatePerPeriod, interestRateFrequencyType: loan.interestRateFrequencyType,
    amortizationType: loan.amortizationType, interestType: loan.interestType, interestCalculationPeriodType: loan.interestCalculationPeriodType,
    transactionProcessingStrategyCode: loan.transactionProcessingStrategyCode, expectedDisbursementDate: loan.expectedDisbursementDate,
    submittedOnDate: loan.submittedOn, repaymentsStartingFromDate: loan.repaymentsStartingFrom, linkAccountId: loan.linkAccountId,
    externalId: loan.externalId, loanOfficerId: loan.loanOfficerId, graceOnPrincipalPayment: loan.graceOnPrincipalPayment, graceOnInterestPayment: loan.graceOnInterestPayment,
  };
}

/** The terms as the loan row stores them. */
function storedTerms(t: Terms, rest: Pick<LoanTerms, 'linkAccountId' | 'externalId' | 'loanOfficerId'>): LoanTerms {
  return {
    productId: t.product.id, currencyCode: t.product.currencyCode, digits: t.product.digitsAfterDecimal, principal: t.principal, loanTermFrequency: t.loanTermFrequency,
    loanTermFrequencyType: t.loanTermFrequencyType, numberOfRepayments: t.numberOfRepayments, repaymentEvery: t.repaymentEvery, repaymentFrequencyType: t.repaymentFrequencyType,
    interestRatePerPeriod: t.interestRatePerPeriod, interestRateFrequencyType: t.interestRateFrequencyType, amortizationType: t.amortizationType, interestType: t.interestType,
    interestCalculationPeriodType: t.interestCalculationPeriodType, transactionProcessingStrategyCode: t.transactionProcessingStrategyCode,
    graceOnPrincipalPayment: t.graceOnPrincipalPayment, graceOnInterestPayment: t.graceOnInterestPayment, submittedOn: t.submittedOnDate,
    expectedDisbursementDate: t.expectedDisbursementDate, repaymentsStartingFrom: t.repaymentsStartingFromDate, ...rest,
  };
}
