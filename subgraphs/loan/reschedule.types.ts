import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';

@InputType('LoanRescheduleInput', { description: "Fineract's reschedule request body (POST /rescheduleloans?command=reschedule): what changes from the instalment due on rescheduleFromDate on." })
export class LoanRescheduleInput {
  @Field(() => Int, { description: 'Id of the active loan to reschedule.' }) loanId!: number;
  @Field(() => LocalDateScalar, { description: 'Due date of the first unpaid instalment the change applies to (YYYY-MM-DD).' }) rescheduleFromDate!: string;
  @Field(() => Int, { description: 'Id of a value of the LoanRescheduleReason code.' }) rescheduleReasonId!: number;
  @Field(() => LocalDateScalar, { description: 'Date of the request (YYYY-MM-DD); the business date when null. Not before the disbursement.', nullable: true }) submittedOnDate?: string | null;
  @Field(() => String, { description: 'Free-text comment on the reason (at most 500 characters), or null.', nullable: true }) rescheduleReasonComment?: string | null;
  @Field(() => LocalDateScalar, { description: 'New due date of that instalment, later ones following it at the loan\'s frequency (YYYY-MM-DD), or null.', nullable: true }) adjustedDueDate?: string | null;
  @Field(() => Int, { description: 'Instalments from the date on that repay no principal, or null.', nullable: true }) graceOnPrincipal?: number | null;
  @Field(() => Int, { description: 'Instalments from the date on whose interest is deferred to the next one, or null.', nullable: true }) graceOnInterest?: number | null;
  @Field(() => Int, { description: 'Instalments added to the end of the loan, or null.', nullable: true }) extraTerms?: number | null;
  @Field(() => DecimalScalar, { description: 'New interest rate per period, in the loan\'s rate frequency (decimal string, 1.5 is 1.5%), or null.', nullable: true }) newInterestRate?: string | null;
  @Field(() => Boolean, { description: "Fineract's flag; interest is always recomputed on the balance from the date here.", nullable: true }) recalculateInterest?: boolean | null;
}

@InputType('LoanRescheduleApproveInput', { description: "Fineract's approval body for a reschedule request." })
export class LoanRescheduleApproveInput {
  @Field(() => LocalDateScalar, { description: 'Date of the approval (YYYY-MM-DD); the business date when null. Not before the submission.', nullable: true }) approvedOnDate?: string | null;
}

@InputType('LoanRescheduleRejectInput', { description: "Fineract's rejection body for a reschedule request." })
export class LoanRescheduleRejectInput {
  @Field(() => LocalDateScalar, { description: 'Date of the rejection (YYYY-MM-DD); the business date when null. Not before the submission.', nullable: true }) rejectedOnDate?: string | null;
}

@ObjectType('LoanRescheduleStatus', { description: 'Status of a reschedule request as Fineract\'s `{id, code, value}` (the loan status codes 100, 200, 500) with a flag per state.' })
export class LoanRescheduleStatusType {
  @Field(() => Int, { description: '100 submitted and pending approval, 200 approved, 500 rejected.' }) id!: number;
  @Field({ description: 'Stable machine-readable code.' }) code!: string;
  @Field({ description: 'Human-readable label in English.' }) value!: string;
  @Field({ description: 'True while the request waits for a decision.' }) pendingApproval!: boolean;
  @Field({ description: 'True once approved (the schedule has been regenerated).' }) approved!: boolean;
  @Field({ description: 'True once rejected.' }) rejected!: boolean;
}

@ObjectType('LoanRescheduleCodeValue', { description: 'A value of the LoanRescheduleReason code.' })
export class LoanRescheduleCodeValueType {
  @Field(() => Int, { description: 'Id of the code value.' }) id!: number;
  @Field(() => String, { description: 'Its label, or null when the value is no longer active.', nullable: true }) name!: string | null;
  @Field({ description: 'Whether the value can still be chosen.' }) active!: boolean;
}

@ObjectType('LoanRescheduleTimeline', { description: 'Who submitted, approved or rejected the request, and when (user ids where Fineract gives usernames).' })
export class LoanRescheduleTimelineType {
  @Field(() => LocalDateScalar, { description: 'Date of the request.' }) submittedOnDate!: string;
  @Field(() => Int, { description: 'Id of the user who submitted it.' }) submittedByUserId!: number;
  @Field(() => LocalDateScalar, { description: 'Date of the approval, or null.', nullable: true }) approvedOnDate!: string | null;
  @Field(() => Int, { description: 'Id of the user who approved it, or null.', nullable: true }) approvedByUserId!: number | null;
  @Field(() => LocalDateScalar, { description: 'Date of the rejection, or null.', nullable: true }) rejectedOnDate!: string | null;
  @Field(() => Int, { description: 'Id of the user who rejected it, or null.', nullable: true }) rejectedByUserId!: number | null;
}

@ObjectType('LoanTermVariation', { description: "One change a reschedule request makes (Fineract's loanTermVariationsData)." })
export class LoanTermVariationType {
  @Field(() => EnumOption, { description: 'What changes: 4 due date, 7 grace on interest, 8 grace on principal, 9 extend repayment period, 10 interest rate from instalment.' }) termType!: EnumOption;
  @Field(() => LocalDateScalar, { description: 'The date the change applies from (the reschedule date).' }) termVariationApplicableFrom!: string;
  @Field(() => DecimalScalar, { description: 'Its number (terms, instalments, rate), or null for a date change.', nullable: true }) decimalValue!: string | null;
  @Field(() => LocalDateScalar, { description: 'Its date (the adjusted due date), or null.', nullable: true }) dateValue!: string | null;
  @Field({ description: 'Whether it applies to one instalment only (the due date change).' }) isSpecificToInstallment!: boolean;
}

@ObjectType('LoanReschedulePeriod', { description: 'One instalment of the schedule an approved request replaced, as it stood then.' })
export class LoanReschedulePeriodType {
  @Field(() => Int, { description: 'Instalment number.' }) period!: number;
  @Field(() => LocalDateScalar, { description: 'Start of the period.' }) fromDate!: string;
  @Field(() => LocalDateScalar, { description: 'Due date.' }) dueDate!: string;
  @Field(() => DecimalScalar, { description: 'Principal due (decimal string).' }) principalDue!: string;
  @Field(() => DecimalScalar, { description: 'Interest due (decimal string).' }) interestDue!: string;
  @Field(() => DecimalScalar, { description: 'Principal paid then (decimal string).' }) principalPaid!: string;
  @Field(() => DecimalScalar, { description: 'Interest paid then (decimal string).' }) interestPaid!: string;
}

@ObjectType('LoanRescheduleRequest', { description: "A loan reschedule request (Fineract's LoanRescheduleRequestData)." })
export class LoanRescheduleRequestType {
  @Field(() => Int, { description: 'Id of the request.' }) id!: number;
  @Field(() => Int, { description: 'Id of the loan.' }) loanId!: number;
  @Field(() => Int, { description: 'Id of the borrower.' }) clientId!: number;
  @Field(() => String, { description: 'Display name of the borrower.' }) clientName!: string;
  @Field(() => String, { description: 'Account number of the loan.' }) loanAccountNumber!: string;
  @Field(() => LoanRescheduleStatusType, { description: 'Pending, approved or rejected.' }) statusEnum!: LoanRescheduleStatusType;
  @Field(() => Int, { description: 'Number of the first instalment the request changes.' }) rescheduleFromInstallment!: number;
  @Field(() => LocalDateScalar, { description: 'Due date of that instalment before the change.' }) rescheduleFromDate!: string;
  @Field({ description: "Fineract's flag: interest is recomputed on the balance (always true here)." }) recalculateInterest!: boolean;
  @Field(() => LoanRescheduleCodeValueType, { description: 'The reason, a LoanRescheduleReason value.' }) rescheduleReasonCodeValue!: LoanRescheduleCodeValueType;
  @Field(() => String, { description: 'Comment on the reason, or null.', nullable: true }) rescheduleReasonComment!: string | null;
  @Field(() => LoanRescheduleTimelineType, { description: 'Submission and decision.' }) timeline!: LoanRescheduleTimelineType;
  @Field(() => [LoanTermVariationType], { description: 'The changes asked for.' }) loanTermVariationsData!: LoanTermVariationType[];
  @Field(() => [LoanReschedulePeriodType], { description: 'Once approved: the schedule as it was before (kept in the loan\'s history); empty otherwise.' }) previousSchedule!: LoanReschedulePeriodType[];
}

@ObjectType('LoanRescheduleTemplate', { description: "What a reschedule request form offers (Fineract's GET /rescheduleloans/template)." })
export class LoanRescheduleTemplateType {
  @Field(() => [LoanRescheduleCodeValueType], { description: 'The active values of the LoanRescheduleReason code.' }) rescheduleReasons!: LoanRescheduleCodeValueType[];
}
