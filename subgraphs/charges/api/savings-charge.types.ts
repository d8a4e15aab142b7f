import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../../kernel/enum-option.type.js';
import { DecimalScalar, LocalDateScalar } from '../../kernel/scalars.js';
import { ChargeCurrencyType, ChargeType } from './charge.types.js';

@ObjectType('SavingsAccountCharge', { description: 'A charge on a savings or current account (Fineract\'s savings account charge): what was charged, paid, waived and is outstanding.' })
export class SavingsAccountChargeType {
  @Field(() => Int, { description: 'The account charge\'s id.' }) id!: number;
  @Field(() => Int, { description: 'The charge definition\'s id.' }) chargeId!: number;
  @Field(() => Int, { description: 'The account\'s id.' }) accountId!: number;
  @Field({ description: 'The charge\'s name.' }) name!: string;
  @Field(() => EnumOption, { description: 'When it falls due (5 withdrawal fee, 6 annual fee, 7 monthly fee, 2 specified due date, 3 savings activation).' }) chargeTimeType!: EnumOption;
  @Field(() => EnumOption, { description: 'How it is computed (1 flat, 2 % of the withdrawal).' }) chargeCalculationType!: EnumOption;
  @Field(() => LocalDateScalar, { description: 'When it next falls due (YYYY-MM-DD), or null.', nullable: true }) dueDate!: string | null;
  @Field(() => Int, { description: 'Recurring fees: the month of feeOnMonthDay.', nullable: true }) feeOnMonth!: number | null;
  @Field(() => Int, { description: 'Recurring fees: the day of feeOnMonthDay.', nullable: true }) feeOnDay!: number | null;
  @Field(() => Int, { description: 'Monthly fees: months between two fees.', nullable: true }) feeInterval!: number | null;
  @Field(() => DecimalScalar, { description: 'The flat amount per occurrence, or the percentage.' }) amountOrPercentage!: string;
  @Field(() => DecimalScalar, { description: 'The percentage, for a percentage charge.', nullable: true }) percentage!: string | null;
  @Field(() => ChargeCurrencyType, { description: 'The account\'s currency.' }) currency!: ChargeCurrencyType;
  @Field(() => DecimalScalar, { description: 'What has been charged so far.' }) amount!: string;
  @Field(() => DecimalScalar, { description: 'What has been paid of it.' }) amountPaid!: string;
  @Field(() => DecimalScalar, { description: 'What has been waived of it.' }) amountWaived!: string;
  @Field(() => DecimalScalar, { description: 'Always 0: savings charges are not written off.' }) amountWrittenOff!: string;
  @Field(() => DecimalScalar, { description: 'What is still owed: amount - paid - waived.' }) amountOutstanding!: string;
  @Field({ description: 'False once inactivated.' }) isActive!: boolean;
  @Field({ description: 'True for a penalty.' }) penalty!: boolean;
  @Field(() => LocalDateScalar, { description: 'When it was inactivated, or null.', nullable: true }) inactivationDate!: string | null;
}

@InputType({ description: 'A charge to add to a savings or current account (Fineract\'s POST /savingsaccounts/{id}/charges body).' })
export class SavingsAccountChargeInput {
  @Field(() => Int, { description: 'An active savings charge definition in the account\'s currency.' }) chargeId!: number;
  @Field(() => DecimalScalar, { description: 'The amount (or percentage) for this account; the definition\'s by default.', nullable: true }) amount?: string | null;
  @Field(() => LocalDateScalar, { description: 'Specified-due-date charges: when it falls due.', nullable: true }) dueDate?: string | null;
  @Field(() => String, { description: 'Recurring fees: the day, e.g. "15 January"; the definition\'s by default.', nullable: true }) feeOnMonthDay?: string | null;
  @Field(() => Int, { description: 'Monthly fees: months between two fees; the definition\'s by default.', nullable: true }) feeInterval?: number | null;
}

@InputType({ description: 'Fineract\'s paycharge body.' })
export class PaySavingsAccountChargeInput {
  @Field(() => DecimalScalar, { description: 'How much to pay; everything outstanding by default.', nullable: true }) amount?: string | null;
  @Field(() => LocalDateScalar, { description: 'The transaction date; the business date by default.', nullable: true }) dueDate?: string | null;
}

@ObjectType('SavingsProductChargeTemplate', { description: 'The charges part of GET /savingsaccounts/template?productId=.' })
export class SavingsProductChargeTemplateType {
  @Field(() => [ChargeType], { description: 'Active savings charges an application may list (any currency: keep the product\'s).' }) chargeOptions!: ChargeType[];
  @Field(() => [ChargeType], { description: 'The product\'s charges: what an application that lists none gets.' }) charges!: ChargeType[];
}
