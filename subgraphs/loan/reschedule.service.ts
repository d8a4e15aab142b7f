import BigNumber from 'bignumber.js';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, sameEyes, type Actor, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { enumOption } from '../kernel/enum-option.type.js';
import { exactNumber } from '../kernel/exact-json.js';
import { emit } from '../kernel/outbox.js';
import { rescheduledPeriods, type RescheduleChange } from './domain/reschedule.js';
import { MAX_REPAYMENTS } from './domain/schedule.js';
import type { LoanApplicationService } from './loan-application.service.js';
import type { LoanProductService } from './loan-product.service.js';
import type { LoanDependencies } from './loan.ports.js';
import { dayCountOf } from './loan-terms.js';
import { LOAN_CODES } from './codes.js';
import { findLoan, STATUS_ACTIVE, type LoanRow } from './store/loans.js';
import { loadPeriods, type PeriodRow } from './store/schedule.js';
import { keepSchedule, scheduleVersions } from './store/schedule-history.js';
import {
  decideReschedule, findReschedule, rejectReschedule, insertReschedule, listReschedules, pendingRescheduleOf, rewriteScheduleFrom, RESCHEDULE_APPROVED, RESCHEDULE_PENDING, RESCHEDULE_REJECTED,
  type RescheduleRow,
} from './store/reschedules.js';
import type {
  LoanRescheduleApproveInput, LoanRescheduleInput, LoanRescheduleRejectInput, LoanRescheduleRequestType, LoanRescheduleTemplateType, LoanTermVariationType,
} from './reschedule.types.js';

export const RESCHEDULE_REASON_CODE = 'LoanRescheduleReason';
/** GET /rescheduleloans?command=: Fineract's filters (all, pending, approve, reject) and the status each keeps. */
export const RESCHEDULE_FILTERS: Readonly<Record<string, number | null>> = { all: null, pending: RESCHEDULE_PENDING, approve: RESCHEDULE_APPROVED, reject: RESCHEDULE_REJECTED };
/** A listing answers at most this many requests, newest first. */
export const MAX_RESCHEDULE_LIST = 200;

type CommandResult = { officeId: number; clientId: number; loanId: number; resourceId: number; changes: Record<string, unknown> | null };

const invalid = (parameterName: string, rule: string, message: string, value?: unknown) =>
  errors.validation([{ code: `validation.msg.rescheduleloan.${parameterName}.${rule}`, message, parameterName, value }]);
const notFound = (id: number) => errors.notFound(LOAN_CODES.rescheduleIdInvalid, `Loan reschedule request with identifier ${id} does not exist`, id);

const STATUS: Record<number, { code: string; value: string }> = {
  [RESCHEDULE_PENDING]: { code: 'loanStatusType.submitted.and.pending.approval', value: 'Submitted and pending approval' },
  [RESCHEDULE_APPROVED]: { code: 'loanStatusType.approved', value: 'Approved' },
  [RESCHEDULE_REJECTED]: { code: 'loanStatusType.rejected', value: 'Rejected' },
};

const positiveInteger = (v: Validator, name: string, value: number | null | undefined, max: number) => {
  if (value == null) return;
  if (!Number.isInteger(value) || value < 1) v.fail(name, 'not.greater.than.zero', `${name} must be a whole number above zero.`, value);
  else if (value > max) v.fail(name, 'is.not.within.expected.range', `${name} is at most ${max}.`, value);
};

/**
 * Loan rescheduling (Fineract's /rescheduleloans, issue 36). A maker asks for a change from an unpaid instalment on
 * (new first due date, grace on principal or interest, extra terms, a new rate); a different person (four eyes, as
 * for loan approval) approves it, and the schedule is regenerated from that instalment by domain/reschedule.ts:
 * the principal still owed at its start over the remaining instalments plus the extra ones, by the product's day
 * count. The replaced schedule is kept in loan.schedule_history; `loan.rescheduled` is emitted. Nothing is posted:
 * under cash accounting interest is booked when received. The loan row is locked for submission and decision.
 */
export class RescheduleService {
  constructor(
    private readonly db: Database,
    private readonly deps: LoanDependencies,
    private readonly applications: LoanApplicationService,
    private readonly products: LoanProductService,
  ) {}

  async template(identity: Identity): Promise<LoanRescheduleTemplateType> {
    const staff = requireStaff(identity, 'READ_RESCHEDULELOAN');
    return this.db.tx(staff.tenantId, async (tx) => ({
      rescheduleReasons: (await this.deps.codeValues(tx, RESCHEDULE_REASON_CODE)).map((r) => ({ id: r.id, name: r.name, active: true })),
    }));
  }

  /** POST /rescheduleloans?command=reschedule. */
  async submit(identity: Identity, input: LoanRescheduleInput): Promise<CommandResult> {
    const actor = requireStaff(identity, 'CREATE_RESCHEDULELOAN');
    checkInput(input);
    return this.db.tx(actor.tenantId, (tx) => this.submitCore(tx, actor, input));
  }

  async submitCore(tx: Tx, actor: Actor, input: LoanRescheduleInput): Promise<CommandResult> {
    const loan = await this.applications.requireVisible(tx, actor, input.loanId, true);
    if (loan.statusId !== STATUS_ACTIVE) throw errors.validation([{ code: 'validation.msg.rescheduleloan.loan.is.not.active', message: 'Loan is not active', parameterName: 'loanId', value: input.loanId }]);
    const today = await this.deps.businessDates.today(tx);
    const submittedOn = input.submittedOnDate ?? today;
    const v = new Validator('rescheduleloan');
    if (submittedOn < loan.disbursedOn!) v.fail('submittedOnDate', 'before.loan.disbursement.date', 'Submission date cannot be before the loan disbursement date', submittedOn);
    if (submittedOn > today) v.fail('submittedOnDate', 'cannot.be.a.future.date', `submittedOnDate cannot be after the business date ${today}.`, submittedOn);
    if (!(await this.deps.codeValueValid(tx, RESCHEDULE_REASON_CODE, input.rescheduleReasonId))) {
      v.fail('rescheduleReasonId', 'invalid', 'rescheduleReasonId is not a value of the LoanRescheduleReason code.', input.rescheduleReasonId);
    }
    v.throwIfAny();
    if ((await pendingRescheduleOf(tx, loan.id)) !== null) {
      throw errors.domainRule(LOAN_CODES.rescheduleLoanHasPendingRequest, 'The loan already has a reschedule request waiting for a decision.', [loan.id]);
    }
    const periods = await loadPeriods(tx, [loan.id]);
    // The change is tried now so a request that cannot be applied is refused at once; approval recomputes it.
    const at = await this.regenerate(tx, loan, periods, input);
    const id = await insertReschedule(tx, {
      loanId: loan.id, rescheduleFromDate: input.rescheduleFromDate, rescheduleFromInstallment: at, reasonId: input.rescheduleReasonId,
      reasonComment: input.rescheduleReasonComment ?? null, adjustedDueDate: input.adjustedDueDate ?? null, graceOnPrincipal: input.graceOnPrincipal ?? null,
      graceOnInterest: input.graceOnInterest ?? null, extraTerms: input.extraTerms ?? null,
      newInterestRate: input.newInterestRate == null ? null : new BigNumber(input.newInterestRate).toFixed(), submittedOn, submittedBy: actor.userId,
      submittedDelegatedBy: actor.delegatedBy ?? null,
    });
    return { officeId: loan.officeId, clientId: loan.clientId, loanId: loan.id, resourceId: id, changes: null };
  }

  /** POST /rescheduleloans/{id}?command=approve: by another person than the submitter; the schedule is regenerated. */
  async approve(identity: Identity, id: number, input: LoanRescheduleApproveInput): Promise<CommandResult> {
    const actor = requireStaff(identity, 'APPROVE_RESCHEDULELOAN');
    return this.db.tx(actor.tenantId, async (tx) => {
      const { request, loan } = await this.pending(tx, actor, id);
      if (sameEyes({ userId: request.submittedBy, delegatedBy: request.submittedDelegatedBy }, actor)) {
        throw errors.domainRule(LOAN_CODES.rescheduleApprovalBySubmitterNotAllowed, 'The submitter of a reschedule request cannot approve it, nor can anyone acting with an API key issued by or for them (four eyes).', [id]);
      }
      const approvedOn = await this.decisionDate(tx, request, input.approvedOnDate, 'approvedOnDate');
      if (loan.statusId !== STATUS_ACTIVE) throw errors.validation([{ code: 'validation.msg.rescheduleloan.loan.is.not.active', message: 'Loan is not active', parameterName: 'loanId', value: loan.id }]);
      const periods = await loadPeriods(tx, [loan.id]);
      const change: LoanRescheduleInput = {
        loanId: loan.id, rescheduleFromDate: request.rescheduleFromDate, rescheduleReasonId: request.reasonId, adjustedDueDate: request.adjustedDueDate,
        graceOnPrincipal: request.graceOnPrincipal, graceOnInterest: request.graceOnInterest, extraTerms: request.extraTerms, newInterestRate: request.newInterestRate,
      };
      const product = await this.products.require(tx, loan.productId);
      const from = periodAt(periods, request.rescheduleFromDate);
      const regenerated = rescheduledPeriods(periods, change, { ...termsOf(loan), dayCount: dayCountOf(product) });
      await keepSchedule(tx, loan.id, { reason: 'reschedule', rescheduleId: id }, actor.userId);
      const rate = request.newInterestRate ?? loan.interestRatePerPeriod;
      await rewriteScheduleFrom(tx, loan.id, from, regenerated, { interestRatePerPeriod: rate, numberOfRepayments: regenerated.length }, actor.userId, [
        decideReschedule(tx, id, 'approved', approvedOn, actor.userId),
      ]);
      // The regenerated instalments carry no fees yet: the loan's charges are laid on them again.
      await this.applications.charges.get()?.scheduled(tx, loan.id);
      const totalInterest = regenerated.reduce((sum, p) => sum.plus(p.interestDue), new BigNumber(0));
      await emit(tx, {
        eventType: 'loan.rescheduled', entityName: 'RESCHEDULELOAN', actionName: 'APPROVE',
        data: {
          loanId: loan.id, accountNo: loan.accountNo, clientId: loan.clientId, officeId: loan.officeId, rescheduleId: id, rescheduleFromDate: request.rescheduleFromDate,
          approvedOn, numberOfRepayments: regenerated.length, interestRatePerPeriod: exactNumber(rate), totalInterest: exactNumber(totalInterest), currency: loan.currencyCode,
        },
      });
      return {
        officeId: loan.officeId, clientId: loan.clientId, loanId: loan.id, resourceId: id,
        changes: { status: statusOf(RESCHEDULE_APPROVED), approvedOnDate: approvedOn, numberOfRepayments: regenerated.length, interestRatePerPeriod: new BigNumber(rate).toFixed() },
      };
    });
  }

  /** POST /rescheduleloans/{id}?command=reject. */
  async reject(identity: Identity, id: number, input: LoanRescheduleRejectInput): Promise<CommandResult> {
    const actor = requireStaff(identity, 'REJECT_RESCHEDULELOAN');
    return this.db.tx(actor.tenantId, async (tx) => {
      const { request, loan } = await this.pending(tx, actor, id);
      const rejectedOn = await this.decisionDate(tx, request, input.rejectedOnDate, 'rejectedOnDate');
      await rejectReschedule(tx, id, rejectedOn, actor.userId);
      return { officeId: loan.officeId, clientId: loan.clientId, loanId: loan.id, resourceId: id, changes: { status: statusOf(RESCHEDULE_REJECTED), rejectedOnDate: rejectedOn } };
    });
  }

  /** GET /rescheduleloans/{id}. */
  async get(identity: Identity, id: number): Promise<LoanRescheduleRequestType> {
    const staff = requireStaff(identity, 'READ_RESCHEDULELOAN');
    return this.db.tx(staff.tenantId, async (tx) => {
      const request = await findReschedule(tx, id);
      const loan = request ? await this.visibleLoan(tx, staff, request.loanId) : null;
      if (!request || !loan) throw notFound(id);
      return (await this.views(tx, [request], new Map([[loan.id, loan]])))[0]!;
    });
  }

  /** GET /rescheduleloans?loanId=&command=: one loan's requests, or (without loanId) those of every loan the caller sees; newest first, at most 200. */
  async list(identity: Identity, loanId: number | null | undefined, command: string | null | undefined): Promise<LoanRescheduleRequestType[]> {
    const staff = requireStaff(identity, 'READ_RESCHEDULELOAN');
    const filter = command == null || command === '' ? null : command.toLowerCase();
    if (filter !== null && !(filter in RESCHEDULE_FILTERS)) {
      throw errors.badRequest('error.msg.unrecognized.query.param', `Unrecognized query parameter command=${command}; use all, pending, approve or reject.`, 'command');
    }
    return this.db.tx(staff.tenantId, async (tx) => {
      if (loanId != null) await this.applications.requireVisible(tx, staff, loanId);
      const found = await listReschedules(tx, loanId == null ? null : [loanId], filter === null ? null : RESCHEDULE_FILTERS[filter]!, MAX_RESCHEDULE_LIST);
      const loans = new Map<number, LoanRow>();
      for (const id of new Set(found.map((r) => r.loanId))) {
        const loan = await this.visibleLoan(tx, staff, id);
        if (loan) loans.set(id, loan);
      }
      return this.views(tx, found.filter((r) => loans.has(r.loanId)), loans);
    });
  }

  // ---- helpers ---------------------------------------------------------------------------------

  /** The instalment number the change starts at, after checking it can be applied to `periods` now. */
  private async regenerate(tx: Tx, loan: LoanRow, periods: readonly PeriodRow[], input: LoanRescheduleInput): Promise<number> {
    const from = periodAt(periods, input.rescheduleFromDate);
    const at = periods.findIndex((p) => p.period === from);
    const previousDue = at > 0 ? periods[at - 1]!.dueDate : loan.disbursedOn!;
    if (input.adjustedDueDate != null && input.adjustedDueDate <= previousDue) {
      throw invalid('adjustedDueDate', 'before.previous.installment', `adjustedDueDate must be after ${previousDue}, the due date before it.`, input.adjustedDueDate);
    }
    const total = periods.length + (input.extraTerms ?? 0);
    if (total > MAX_REPAYMENTS) throw invalid('extraTerms', 'is.not.within.expected.range', `A loan has at most ${MAX_REPAYMENTS} instalments.`, input.extraTerms);
    const remaining = total - at;
    for (const name of ['graceOnPrincipal', 'graceOnInterest'] as const) {
      const grace = input[name];
      if (grace != null && grace >= remaining) throw invalid(name, 'is.not.within.expected.range', `${name} must be below the ${remaining} instalments from the date on.`, grace);
    }
    const product = await this.products.require(tx, loan.productId);
    rescheduledPeriods(periods, changeOf(input), { ...termsOf(loan), dayCount: dayCountOf(product) });
    return from;
  }

  private async pending(tx: Tx, actor: StaffIdentity, id: number): Promise<{ request: RescheduleRow; loan: LoanRow }> {
    const request = await findReschedule(tx, id, { lock: true });
    const visible = request ? await this.visibleLoan(tx, actor, request.loanId) : null;
    if (!request || !visible) throw notFound(id);
    const loan = await this.applications.requireVisible(tx, actor, request.loanId, true);
    if (request.statusId !== RESCHEDULE_PENDING) {
      throw errors.validation([{ code: 'validation.msg.rescheduleloan.request.is.not.in.submitted.and.pending.state', message: 'Loan reschedule request is not in submitted and pending approval state', parameterName: 'id', value: id }]);
    }
    return { request, loan };
  }

  private async decisionDate(tx: Tx, request: RescheduleRow, given: string | null | undefined, name: string): Promise<string> {
    const today = await this.deps.businessDates.today(tx);
    const on = given ?? today;
    const v = new Validator('rescheduleloan');
    if (on < request.submittedOn) v.fail(name, 'before.submission.date', `${name} cannot be before the submission on ${request.submittedOn}.`, on);
    if (on > today) v.fail(name, 'cannot.be.a.future.date', `${name} cannot be after the business date ${today}.`, on);
    v.throwIfAny();
    return on;
  }

  private async visibleLoan(tx: Tx, staff: StaffIdentity, loanId: number): Promise<LoanRow | null> {
    const loan = await findLoan(tx, loanId);
    if (!loan || !(await this.deps.scope.canSee(tx, staff, { officeId: loan.officeId, staffId: loan.loanOfficerId, clientId: loan.clientId }))) return null;
    return loan;
  }

  private async views(tx: Tx, requests: readonly RescheduleRow[], loans: ReadonlyMap<number, LoanRow>): Promise<LoanRescheduleRequestType[]> {
    const reasons = new Map((await this.deps.codeValues(tx, RESCHEDULE_REASON_CODE)).map((r) => [r.id, r.name]));
    const borrowers = new Map<number, string>();
    const history = new Map<number, Awaited<ReturnType<typeof scheduleVersions>>>();
    const out: LoanRescheduleRequestType[] = [];
    for (const r of requests) {
      const loan = loans.get(r.loanId)!;
      if (!borrowers.has(loan.clientId)) borrowers.set(loan.clientId, (await this.deps.borrower(tx, loan.clientId))?.displayName ?? '');
      if (r.statusId === RESCHEDULE_APPROVED && !history.has(loan.id)) history.set(loan.id, await scheduleVersions(tx, loan.id));
      const kept = history.get(loan.id)?.find((h) => h.rescheduleId === r.id);
      out.push({
        id: r.id, loanId: r.loanId, clientId: loan.clientId, clientName: borrowers.get(loan.clientId)!, loanAccountNumber: loan.accountNo, statusEnum: statusOf(r.statusId),
        rescheduleFromInstallment: r.rescheduleFromInstallment, rescheduleFromDate: r.rescheduleFromDate, recalculateInterest: true,
        rescheduleReasonCodeValue: { id: r.reasonId, name: reasons.get(r.reasonId) ?? null, active: reasons.has(r.reasonId) }, rescheduleReasonComment: r.reasonComment,
        timeline: {
          submittedOnDate: r.submittedOn, submittedByUserId: r.submittedBy, approvedOnDate: r.approvedOn, approvedByUserId: r.approvedBy,
          rejectedOnDate: r.rejectedOn, rejectedByUserId: r.rejectedBy,
        },
        loanTermVariationsData: variationsOf(r),
        previousSchedule: (kept?.periods ?? []).map((p) => ({
          period: p.period, fromDate: p.fromDate, dueDate: p.dueDate, principalDue: p.principalDue, interestDue: p.interestDue, principalPaid: p.principalPaid, interestPaid: p.interestPaid,
        })),
      });
    }
    return out;
  }
}

/** Field checks that need no database: Fineract's bounds on each change, and at least one change. */
function checkInput(input: LoanRescheduleInput): void {
  const v = new Validator('rescheduleloan');
  v.maxLength('rescheduleReasonComment', input.rescheduleReasonComment, 500);
  positiveInteger(v, 'graceOnPrincipal', input.graceOnPrincipal, MAX_REPAYMENTS);
  positiveInteger(v, 'graceOnInterest', input.graceOnInterest, MAX_REPAYMENTS);
  positiveInteger(v, 'extraTerms', input.extraTerms, MAX_REPAYMENTS);
  if (!Number.isInteger(input.rescheduleReasonId) || input.rescheduleReasonId < 1) v.fail('rescheduleReasonId', 'not.greater.than.zero', 'rescheduleReasonId must be above zero.', input.rescheduleReasonId);
  if (input.newInterestRate != null) {
    const rate = new BigNumber(input.newInterestRate);
    if (!rate.isFinite() || rate.lte(0)) v.fail('newInterestRate', 'not.greater.than.zero', 'newInterestRate must be greater than 0.', input.newInterestRate);
    else if ((rate.decimalPlaces() ?? 0) > 6 || rate.gt(1000)) v.fail('newInterestRate', 'is.not.within.expected.range', 'newInterestRate has at most 6 decimals and is at most 1000.', input.newInterestRate);
  }
  if (input.adjustedDueDate != null && input.adjustedDueDate < input.rescheduleFromDate) {
    v.fail('rescheduleFromDate', 'adjustedDueDate.before.rescheduleFromDate', 'Adjusted due date cannot be before the reschedule from date', input.adjustedDueDate);
  }
  if (input.adjustedDueDate == null && input.graceOnPrincipal == null && input.graceOnInterest == null && input.extraTerms == null && input.newInterestRate == null) {
    v.fail('rescheduleFromDate', 'no.change', 'Give at least one of adjustedDueDate, graceOnPrincipal, graceOnInterest, extraTerms or newInterestRate.');
  }
  v.throwIfAny();
}

/** The unpaid instalment due on `date`: 400 when none is due then or it is paid (in full or in part). */
function periodAt(periods: readonly PeriodRow[], date: string): number {
  const p = periods.find((x) => x.dueDate === date);
  if (!p) throw invalid('rescheduleFromDate', 'repayment.schedule.installment.does.not.exist', 'Repayment schedule installment does not exist', date);
  const rest = periods.filter((x) => x.period >= p.period);
  const paid = (x: PeriodRow) => new BigNumber(x.principalPaid).plus(x.interestPaid).plus(x.feePaid).plus(x.penaltyPaid);
  if (paid(p).gte(new BigNumber(p.principalDue).plus(p.interestDue).plus(p.feeDue).plus(p.penaltyDue)) && paid(p).gt(0)) {
    throw invalid('rescheduleFromDate', 'repayment.schedule.installment.obligation.met', 'Repayment schedule installment obligation met', date);
  }
  if (rest.some((x) => paid(x).gt(0))) {
    throw invalid('rescheduleFromDate', 'repayment.schedule.installment.partly.paid', 'An instalment from the date on is already paid in part; reschedule from a later one.', date);
  }
  return p.period;
}

const changeOf = (input: LoanRescheduleInput): RescheduleChange => ({
  rescheduleFromDate: input.rescheduleFromDate, extraTerms: input.extraTerms, newInterestRate: input.newInterestRate == null ? null : new BigNumber(input.newInterestRate).toFixed(),
  graceOnPrincipal: input.graceOnPrincipal, graceOnInterest: input.graceOnInterest, adjustedDueDate: input.adjustedDueDate,
});

const termsOf = (loan: LoanRow) => ({
  repaymentEvery: loan.repaymentEvery, repaymentFrequencyType: loan.repaymentFrequencyType, interestRatePerPeriod: loan.interestRatePerPeriod,
  interestRateFrequencyType: loan.interestRateFrequencyType, amortizationType: loan.amortizationType, interestType: loan.interestType, digits: loan.digits,
  interestCalculationPeriodType: loan.interestCalculationPeriodType,
});

function statusOf(id: number) {
  const s = STATUS[id]!;
  return { id, code: s.code, value: s.value, pendingApproval: id === RESCHEDULE_PENDING, approved: id === RESCHEDULE_APPROVED, rejected: id === RESCHEDULE_REJECTED };
}

/** Fineract's loanTermVariationsData for the request's changes (LoanTermVariationType codes). */
function variationsOf(r: RescheduleRow): LoanTermVariationType[] {
  const out: LoanTermVariationType[] = [];
  const add = (id: number, code: string, value: string, decimalValue: string | null, dateValue: string | null) =>
    out.push({ termType: enumOption(id, `loanTermType.${code}`, value), termVariationApplicableFrom: r.rescheduleFromDate, decimalValue, dateValue, isSpecificToInstallment: id === 4 });
  if (r.adjustedDueDate !== null) add(4, 'dueDate', 'dueDate', null, r.adjustedDueDate);
  if (r.graceOnInterest !== null) add(7, 'graceOnInterest', 'graceOnInterest', String(r.graceOnInterest), null);
  if (r.graceOnPrincipal !== null) add(8, 'graceOnPrincipal', 'graceOnPrincipal', String(r.graceOnPrincipal), null);
  if (r.extraTerms !== null) add(9, 'extendRepaymentPeriod', 'extendRepaymentPeriod', String(r.extraTerms), null);
  if (r.newInterestRate !== null) add(10, 'interestRateFromInstallment', 'interestRateFromInstallment', new BigNumber(r.newInterestRate).toFixed(), null);
  return out;
}
