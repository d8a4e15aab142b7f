import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../../kernel/enum-option.type.js';
import { LocalDateScalar } from '../../kernel/scalars.js';

@ObjectType('WorkingDays', { description: 'The tenant\'s working days and what a due date on another day becomes (GET /workingdays).' })
export class WorkingDaysType {
  @Field(() => Int, { description: 'Always 1: a tenant has one set of working days.' }) id!: number;
  @Field({ description: 'A weekly RRULE naming the working days, e.g. FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR.' }) recurrence!: string;
  @Field(() => EnumOption, { description: 'What a due date on a non-working day becomes: 1 same day, 2 next working day, 3 next repayment meeting day, 4 previous working day.' }) repaymentRescheduleType!: EnumOption;
  @Field({ description: 'Whether daily repayments falling on non-working days extend the loan\'s term (stored; schedules of daily loans do not yet use it).' }) extendTermForDailyRepayments!: boolean;
}

@ObjectType('WorkingDaysTemplate', { description: 'The choices of PUT /workingdays (GET /workingdays/template).' })
export class WorkingDaysTemplateType {
  @Field(() => [EnumOption], { description: 'The repayment reschedule types.' }) repaymentRescheduleOptions!: EnumOption[];
}

@InputType({ description: 'PUT /workingdays: the fields given change.' })
export class UpdateWorkingDaysInput {
  @Field(() => String, { description: 'A weekly RRULE naming the working days, e.g. FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR.', nullable: true }) recurrence?: string | null;
  @Field(() => Int, { description: '1 same day, 2 next working day, 3 next repayment meeting day, 4 previous working day.', nullable: true }) repaymentRescheduleType?: number | null;
  @Field(() => Boolean, { description: 'Whether daily repayments on non-working days extend the term.', nullable: true }) extendTermForDailyRepayments?: boolean | null;
  @Field(() => String, { description: 'Fineract\'s locale of the request, e.g. "en".', nullable: true }) locale?: string | null;
}

@ObjectType('WorkingDaysChange', { description: 'The answer to PUT /workingdays.' })
export class WorkingDaysChangeType {
  @Field(() => Int, { description: 'Always 1.' }) resourceId!: number;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@ObjectType('HolidayOffice', { description: 'An office a holiday applies to.' })
export class HolidayOfficeType {
  @Field(() => Int, { description: 'Id of the office.' }) officeId!: number;
}

@ObjectType('Holiday', { description: 'A holiday of some offices: instalments due in it move (Fineract\'s /holidays).' })
export class HolidayType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name, unique among the tenant\'s holidays not deleted.' }) name!: string;
  @Field(() => LocalDateScalar, { description: 'First day of the holiday (YYYY-MM-DD).' }) fromDate!: string;
  @Field(() => LocalDateScalar, { description: 'Last day of the holiday (YYYY-MM-DD).' }) toDate!: string;
  @Field(() => Int, { description: '1: instalments move to the loan\'s next repayment date; 2: to `repaymentsRescheduledTo`.' }) reschedulingType!: number;
  @Field(() => LocalDateScalar, { description: 'Where instalments due in the holiday move (reschedulingType 2), or null.', nullable: true }) repaymentsRescheduledTo!: string | null;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description!: string | null;
  @Field(() => EnumOption, { description: 'Pending for activation (100), active (300) or deleted (600).' }) status!: EnumOption;
  @Field(() => Int, { description: 'Id of the first of its offices (Fineract\'s `officeId`).', nullable: true }) officeId!: number | null;
  @Field(() => [HolidayOfficeType], { description: 'The offices it applies to.' }) offices!: HolidayOfficeType[];
  @Field(() => LocalDateScalar, { description: 'The business date whose close of business moved existing loans out of it; null until then.', nullable: true }) rescheduledOn!: string | null;
}

@InputType({ description: 'An office a holiday applies to.' })
export class HolidayOfficeInput {
  @Field(() => Int, { description: 'Id of the office.' }) officeId!: number;
}

@InputType({ description: 'PUT /holidays/{id}: the fields given change (dates and offices only while pending).' })
export class UpdateHolidayInput {
  @Field(() => String, { description: 'Display name (at most 100 characters).', nullable: true }) name?: string | null;
  @Field(() => LocalDateScalar, { description: 'First day of the holiday.', nullable: true }) fromDate?: string | null;
  @Field(() => LocalDateScalar, { description: 'Last day of the holiday.', nullable: true }) toDate?: string | null;
  @Field(() => Int, { description: '1: to the next repayment date; 2 (default): to `repaymentsRescheduledTo`.', nullable: true }) reschedulingType?: number | null;
  @Field(() => LocalDateScalar, { description: 'Where instalments due in the holiday move (reschedulingType 2): a working day within 30 days of the holiday, outside it.', nullable: true }) repaymentsRescheduledTo?: string | null;
  @Field(() => String, { description: 'Free-text description (at most 1000 characters).', nullable: true }) description?: string | null;
  @Field(() => [HolidayOfficeInput], { description: 'The offices it applies to (at most 1000).', nullable: true }) offices?: HolidayOfficeInput[] | null;
  @Field(() => String, { description: 'Fineract\'s locale of the request, e.g. "en".', nullable: true }) locale?: string | null;
}

@InputType({ description: 'POST /holidays: a holiday, created pending for activation.' })
export class CreateHolidayInput extends UpdateHolidayInput {
  @Field(() => String, { description: 'Display name (at most 100 characters).' }) override name!: string;
  @Field(() => LocalDateScalar, { description: 'First day of the holiday.' }) override fromDate!: string;
  @Field(() => LocalDateScalar, { description: 'Last day of the holiday.' }) override toDate!: string;
}

@ObjectType('HolidayChange', { description: 'The answer to a holiday command.' })
export class HolidayChangeType {
  @Field(() => Int, { description: 'Id of the holiday.' }) resourceId!: number;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).', nullable: true }) changes?: Record<string, unknown> | null;
}

@ObjectType('HolidayTemplate', { description: 'The choices of POST /holidays (GET /holidays/template).' })
export class HolidayTemplateType {
  @Field(() => [EnumOption], { description: 'The rescheduling types.' }) rescheduleOptions!: EnumOption[];
}

@ObjectType('LoanDueDateMove', { description: 'An instalment a holiday moved, in the loan\'s calendar history.' })
export class LoanDueDateMoveType {
  @Field(() => Int, { description: 'Id of the holiday.' }) holidayId!: number;
  @Field(() => Int, { description: 'Id of the loan.' }) loanId!: number;
  @Field(() => Int, { description: 'Instalment number.' }) period!: number;
  @Field(() => LocalDateScalar, { description: 'Due date before the move.' }) oldDueDate!: string;
  @Field(() => LocalDateScalar, { description: 'Due date after the move.' }) newDueDate!: string;
  @Field(() => LocalDateScalar, { description: 'The business date whose close of business moved it.' }) businessDate!: string;
}
