import type { LoanCodes } from '../loan/contract.js';
import type { OrganisationCodes } from '../organisation/contract.js';

/**
 * The cob module's globalisation codes (Fineract's), with the HTTP status each is answered with: a missing
 * holiday 404, a broken date rule or a duplicate name 403 (Fineract's domain rule and integrity
 * exceptions), a validation failure 400 (validation.msg.<resource>.<field>.<rule>, built by the Validator).
 */
export const COB_CODES = {
  /** 404 */
  holidayIdInvalid: 'error.msg.holiday.id.invalid',
  /** 404 */
  officeIdInvalid: 'error.msg.office.id.invalid' satisfies OrganisationCodes['officeIdInvalid'],
  /** 403 */
  holidayDuplicateName: 'error.msg.holiday.duplicate.name',
  /** 403 */
  holidayToDateBeforeFromDate: 'error.msg.holiday.to.date.cannot.be.before.from.date',
  /** 403 */
  holidayRescheduledDateInHoliday: 'error.msg.holiday.repayments.rescheduled.date.should.be.before.from.date.or.after.to.date',
  /** 403 */
  holidayRescheduledDateOnNonWorkingDay: 'error.msg.holiday.repayments.rescheduled.date.should.not.fall.on.non.working.day',
  /** 403 */
  holidayRescheduledDateOutOfRange: 'error.msg.holiday.repayments.rescheduled.to.must.be.within.range',
  /** 403: only a pending holiday is activated or edited (Fineract's holiday.update / holiday.activate validation). */
  holidayNotPending: 'validation.msg.holiday.not.in.pending.for.activation.state',
  /** 403 */
  holidayCannotEditActive: 'validation.msg.holiday.update.cannot.edit.holiday.in.active.state',
  /** 400 */
  workingDaysRecurrenceInvalid: 'validation.msg.workingdays.recurrence.invalid',
  /** 404 (Fineract's spelling). */
  jobIdInvalid: 'error.msg.sheduler.job.id.invalid' satisfies LoanCodes['shedulerJobIdInvalid'],
  /** 400: PUT /jobs/{id} with a cron expression that is not a daily one. */
  jobCronExpressionInvalid: 'validation.msg.schedulerjob.cronExpression.invalid',
  /** 400 (Fineract's answer): a catch-up asked while another run of the tenant is in progress. */
  catchUpAlreadyRunning: 'error.msg.loan.cob.catch.up.already.running',
} as const;
