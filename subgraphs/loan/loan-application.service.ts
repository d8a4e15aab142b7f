import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors } from '../kernel/errors.js';
import { requireStaff, type Actor, type CustomerIdentity, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { nextValue } from '../kernel/sequence.js';
import { addDays } from '../kernel/scalars.js';
import { generateSchedule, type Schedule, type ScheduleTerms } from './domain/schedule.js';
import { applicationTerms, checkApplication, currentInput, dayCountOf, scheduleTerms, scheduleTermsOf, storedTerms, type LoanApplicationInput, type Terms } from './loan-terms.js';
import type { LoanProductService } from './loan-product.service.js';
import type { GroupMeetings, LoanDependencies, ScheduleCalendar } from './loan.ports.js';
import { clearApprovals } from './store/approvals.js';
import { openLoanCount } from './store/loan-lists.js';
import {
  endApplication, externalIdTaken, findLoan, insertLoan, loanNotFound, STATUS_APPROVED, STATUS_REJECTED, STATUS_SUBMITTED, STATUS_WITHDRAWN,
  setGroupLoan, updateLoanTerms, type LoanRow,
} from './store/loans.js';
import { writeSchedule } from './store/schedule.js';
import type { LoanScheduleType } from './loan.types.js';
import { currencyOf, previewPeriods, scheduleView } from './loan.view.js';
import { LOAN_CODES } from './codes.js';
import type { LoanChargesSlot } from './loan-charges.hook.js';

/** Loan applications: submission, schedule preview, modification, withdrawal and rejection. The writer of loan.loan's application state. */
/** What a JLG loan that follows its group's meeting needs to place its instalments (issue 39). */
interface MeetingFollow {
  groupId: number;
  calendarId: number;
}

export class LoanApplicationService {
  private calendar: ScheduleCalendar | null = null;
  private meetings: GroupMeetings | null = null;

  constructor(
    private readonly db: Database,
    private readonly deps: LoanDependencies,
    private readonly products: LoanProductService,
  ) {}

  /** The charges module's hook (held with the products): applications' charges, and charges re-laid on new schedules. */
  get charges(): LoanChargesSlot {
    return this.products.charges;
  }

  /** The cob module's calendar: from then on new schedules' due dates respect working days and holidays. */
  useCalendar(calendar: ScheduleCalendar): void {
    this.calendar = calendar;
  }

  /** The groups module's meetings: from then on JLG loans may follow their group's meeting. */
  useMeetings(meetings: GroupMeetings): void {
    this.meetings = meetings;
  }

  /** A generated schedule on the calendar of the loan's office: each period then starts where the one before now ends. */
  async onCalendar(tx: Tx, officeId: number, schedule: Schedule): Promise<Schedule> {
    if (!this.calendar) return schedule;
    const due = await this.calendar(tx, officeId, schedule.periods.map((p) => p.dueDate));
    return withDueDates(schedule, due);
  }

  /**
   * A new schedule: on the group's meeting dates when the loan follows a meeting (the meeting's dates are already
   * moved by working days and holidays), otherwise on the office's calendar. A meeting that repeats otherwise than
   * the loan would put instalments of a month's interest a week apart: refused, as Fineract does.
   */
  private async placed(tx: Tx, officeId: number, terms: ScheduleTerms, follow: MeetingFollow | null): Promise<Schedule> {
    const schedule = generateSchedule(terms);
    if (!follow || !this.meetings) return this.onCalendar(tx, officeId, schedule);
    const first = terms.repaymentsStartingFromDate ?? addDays(terms.disbursementDate, 1);
    const meeting = await this.meetings.meetingDates(tx, follow.groupId, follow.calendarId, first, schedule.periods.length);
    // Loan frequencies 0 days, 1 weeks, 2 months, 3 years are the meeting's 1 daily, 2 weekly, 3 monthly, 4 yearly.
    if (meeting.frequency !== terms.repaymentFrequencyType + 1 || meeting.interval !== terms.repaymentEvery) {
      throw errors.domainRule(LOAN_CODES.loanRepaymentFrequencyNotMeetingFrequency, 'The loan\'s repayment frequency must be the meeting\'s.', [follow.calendarId], 'repaymentFrequencyType');
    }
    if (terms.repaymentsStartingFromDate != null && meeting.dates[0] !== terms.repaymentsStartingFromDate) {
      throw errors.domainRule(LOAN_CODES.loanFirstRepaymentDateNotMeetingDate, 'The first repayment date must be a meeting date.', [terms.repaymentsStartingFromDate], 'repaymentsStartingFromDate');
    }
    if (meeting.dates.length < schedule.periods.length) {
      throw errors.domainRule(LOAN_CODES.loanFirstRepaymentDateNotMeetingDate, 'The meeting ends before the loan\'s last instalment.', [follow.calendarId], 'calendarId');
    }
    return withDueDates(schedule, meeting.dates);
  }

  /** A JLG application's group (the client a member of it) and the meeting it follows; null for an individual loan. */
  private async groupTerms(tx: Tx, staff: StaffIdentity | CustomerIdentity, input: LoanApplicationInput, clientId: number): Promise<{ follow: MeetingFollow | null; calendarId: number | null } | null> {
    if (input.loanType?.toLowerCase() !== 'jlg') return null;
    if (staff.kind !== 'staff' || !this.meetings) throw errors.forbidden('Group loans are made by staff.');
    const group = await this.meetings.memberGroup(tx, staff, input.groupId!, clientId);
    const follows = input.syncRepaymentsWithMeeting === true || input.syncDisbursementWithMeeting === true;
    // The meeting the loan names must be the group's (meetingDates answers the groups module's 404 otherwise).
    const meeting = follows ? await this.meetings.meetingDates(tx, input.groupId!, input.calendarId!, input.expectedDisbursementDate!, 1) : null;
    if (input.syncDisbursementWithMeeting) {
      if (meeting?.dates[0] !== input.expectedDisbursementDate) {
        throw errors.domainRule(LOAN_CODES.loanDisbursementDateNotMeetingDate, 'The expected disbursement date must be a meeting date.', [input.expectedDisbursementDate], 'expectedDisbursementDate');
      }
    }
    return { follow: input.syncRepaymentsWithMeeting ? { groupId: input.groupId!, calendarId: input.calendarId! } : null, calendarId: follows ? input.calendarId! : group.calendarId };
  }

  /** The meeting a stored JLG loan follows, or null. */
  private followOf(loan: LoanRow): MeetingFollow | null {
    return loan.syncRepaymentsWithMeeting && loan.groupId !== null && loan.calendarId !== null ? { groupId: loan.groupId, calendarId: loan.calendarId } : null;
  }

  /** The loan when the caller may see it (office subtree, an account officer's own book); 404 otherwise, never 403. */
  async requireVisible(tx: Tx, identity: Identity, id: number, lock = false): Promise<LoanRow> {
    const loan = await findLoan(tx, id, { lock });
    if (!loan || !(await this.deps.scope.canSee(tx, identity, { officeId: loan.officeId, staffId: loan.loanOfficerId, clientId: loan.clientId }))) throw loanNotFound(id);
    return loan;
  }

  // ---- commands ------------------------------------------------------------------------------

  /** POST /loans?command=calculateLoanSchedule: the schedule the application would get; nothing is written. */
  async calculateSchedule(identity: Identity, input: LoanApplicationInput): Promise<LoanScheduleType> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => {
      const terms = await this.terms(tx, input, { requireClient: false, current: null });
      // Without a borrower, the preview uses the head office's holidays.
      const officeId = input.clientId != null ? (await this.visibleBorrower(tx, staff, input.clientId)).officeId : 1;
      const group = input.clientId != null ? await this.groupTerms(tx, staff, input, input.clientId) : null;
      const schedule = await this.placed(tx, officeId, scheduleTermsOf(terms), group?.follow ?? null);
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
    const group = await this.groupTerms(tx, staff, input, client.id);
    const id = await nextValue(tx, 'loan');
    await insertLoan(tx, {
      ...storedTerms(terms, { linkAccountId: input.linkAccountId ?? null, externalId: input.externalId ?? null, loanOfficerId }),
      id, clientId: client.id, officeId: client.officeId, submittedByUserId: staff.userId,
      submittedDelegatedBy: staff.kind === 'staff' ? (staff.delegatedBy ?? null) : null,
    });
    if (group) {
      await setGroupLoan(tx, id, {
        groupId: input.groupId!, calendarId: group.calendarId, syncRepaymentsWithMeeting: group.follow !== null, syncDisbursementWithMeeting: input.syncDisbursementWithMeeting === true,
      });
    }
    await writeSchedule(tx, id, await this.placed(tx, client.officeId, scheduleTermsOf(terms), group?.follow ?? null));
    // The charges the application lists, or its product's when it lists none (`charges` left out).
    await this.charges.get()?.applied(tx, staff.userId, id, input.charges ?? null);
    return (await findLoan(tx, id))!;
  }

  /** PUT /loans/{id}: changes the terms while the application is still submitted. */
  async modify(identity: Identity, id: number, input: LoanApplicationInput): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_LOAN');
    return this.db.tx(actor.tenantId, (tx) => this.modifyCore(tx, actor, id, input));
  }

  /** Staff change an application; a customer (self-service) changes their own. */
  async modifyCore(tx: Tx, actor: Actor | CustomerIdentity, id: number, input: LoanApplicationInput): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const loan = await this.requireVisible(tx, actor, id, true);
    if ((input.charges?.length ?? 0) > 0) {
      throw errors.validation([{ code: 'validation.msg.loan.charges.not.supported', message: 'A loan\'s charges are changed through /loans/{loanId}/charges.', parameterName: 'charges' }]);
    }
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
    await writeSchedule(tx, id, await this.placed(tx, loan.officeId, scheduleTermsOf(terms), this.followOf(loan)));
    await this.charges.get()?.scheduled(tx, id);
    const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value != null));
    return { loan: (await findLoan(tx, id))!, changes };
  }

  async withdraw(identity: Identity, id: number, input: { withdrawnOnDate?: string | null; note?: string | null }): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'WITHDRAW_LOAN');
    return this.db.tx(actor.tenantId, (tx) => this.withdrawCore(tx, actor, id, input));
  }

  /** Staff withdraw on the applicant's word; a customer (self-service) withdraws their own application. */
  async withdrawCore(tx: Tx, actor: Actor | CustomerIdentity, id: number, input: { withdrawnOnDate?: string | null; note?: string | null }): Promise<{ loan: LoanRow; changes: Record<string, unknown> }> {
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

  /** A command's date: given or today's business date; not before submission and not in the future. */
  async actionDate(tx: Tx, loan: LoanRow, given: string | null | undefined, parameter: string): Promise<string> {
    const today = await this.deps.businessDates.today(tx);
    const date = given ?? today;
    if (date > today) throw errors.validation([{ code: `validation.msg.loan.${parameter}.cannot.be.a.future.date`, message: `${parameter} cannot be after the business date ${today}.`, parameterName: parameter, value: date }]);
    if (date < loan.submittedOn) throw errors.validation([{ code: `validation.msg.loan.${parameter}.cannot.be.before.submittal.date`, message: `${parameter} cannot be before the submission date ${loan.submittedOn}.`, parameterName: parameter, value: date }]);
    return date;
  }

  /** Schedule from the stored terms (after approval lowered the amount, or from the actual disbursement date). */
  async regenerate(tx: Tx, loan: LoanRow, disbursementDate: string, principal: string): Promise<Schedule> {
    const product = await this.products.require(tx, loan.productId);
    return this.placed(tx, loan.officeId, scheduleTerms(loan, disbursementDate, principal, dayCountOf(product)), this.followOf(loan));
  }

  /** Validates an application against its product (Fineract codes) and fills what it leaves out from the product. */
  private async terms(tx: Tx, input: LoanApplicationInput, options: { requireClient: boolean; current: LoanRow | null }): Promise<Terms> {
    checkApplication(input, options.requireClient);
    const product = await this.products.require(tx, input.productId!);
    const today = await this.deps.businessDates.today(tx);
    const terms = applicationTerms(input, product, options.current?.submittedOn ?? today);
    if (terms.submittedOnDate > today) throw errors.domainRule(LOAN_CODES.loanSubmittalCannotBeInTheFuture, `The submission date cannot be after the business date ${today}.`, [terms.submittedOnDate], 'submittedOnDate');
    return terms;
  }

  /** The borrower when the caller may see them; 404 otherwise. */
  async visibleBorrower(tx: Tx, staff: StaffIdentity | CustomerIdentity, clientId: number) {
    const client = await this.deps.borrower(tx, clientId);
    if (!client || !(await this.deps.scope.canSee(tx, staff, { officeId: client.officeId, staffId: client.staffId, clientId: client.id }))) {
      throw errors.notFound(LOAN_CODES.clientIdInvalid, `Client with identifier ${clientId} does not exist`, clientId);
    }
    return client;
  }

  private async assertExternalIdFree(tx: Tx, externalId: string, exceptId: number | null): Promise<void> {
    if (await externalIdTaken(tx, externalId, exceptId)) throw errors.duplicate(LOAN_CODES.loanDuplicateExternalId, `Loan with externalId \`${externalId}\` already exists`, 'externalId', externalId);
  }

}


/** The schedule with its due dates replaced, in order: each period then starts where the one before now ends. */
function withDueDates(schedule: Schedule, due: readonly string[]): Schedule {
  return { ...schedule, periods: schedule.periods.map((p, i) => ({ ...p, fromDate: i === 0 ? p.fromDate : due[i - 1]!, dueDate: due[i]! })) };
}
