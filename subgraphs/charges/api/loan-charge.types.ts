import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../../kernel/enum-option.type.js';
import { DecimalScalar, LocalDateScalar } from '../../kernel/scalars.js';
import { ChargeCurrencyType, ChargeType } from './charge.types.js';

@ObjectType('LoanInstallmentCharge', { description: 'One instalment\'s part of a loan charge (Fineract\'s installmentChargeData).' })
export class LoanInstallmentChargeType {
  @Field(() => Int, { description: 'The instalment\'s number.' }) installmentNumber!: number;
  @Field(() => LocalDateScalar, { description: 'When this part falls due (YYYY-MM-DD): the instalment\'s due date, or the day an overdue penalty applied.' }) dueDate!: string;
  @Field(() => DecimalScalar, { description: 'What this instalment is charged.' }) amount!: string;
  @Field(() => DecimalScalar, { description: 'What has been paid of it.' }) amountPaid!: string;
  @Field(() => DecimalScalar, { description: 'What has been waived of it.' }) amountWaived!: string;
  @Field(() => DecimalScalar, { description: 'What is still owed: amount - paid - waived.' }) amountOutstanding!: string;
  @Field({ description: 'True once paid in full.' }) paid!: boolean;
  @Field({ description: 'True once nothing is owed and something was waived.' }) waived!: boolean;
}

@ObjectType('LoanCharge', { description: 'A charge on a loan (Fineract\'s loan charge): what was charged, paid, waived and is outstanding.' })
export class LoanChargeType {
  @Field(() => Int, { description: 'The loan charge\'s id.' }) id!: number;
  @Field(() => Int, { description: 'The charge definition\'s id.' }) chargeId!: number;
  @Field(() => Int, { description: 'The loan\'s id.' }) loanId!: number;
  @Field({ description: 'The charge\'s name.' }) name!: string;
  @Field(() => EnumOption, { description: 'When it falls due (1 disbursement, 2 specified due date, 8 instalment fee, 9 overdue instalment).' }) chargeTimeType!: EnumOption;
  @Field(() => EnumOption, { description: 'How it is computed (1 flat, 2 % of amount, 3 % of amount and interest, 4 % of interest).' }) chargeCalculationType!: EnumOption;
  @Field(() => EnumOption, { description: 'How it is paid (0 regular, 1 account transfer).' }) chargePaymentMode!: EnumOption;
  @Field(() => LocalDateScalar, { description: 'When it falls due (YYYY-MM-DD): a specified due date, or its first instalment\'s; null for a disbursement charge.', nullable: true }) dueDate!: string | null;
  @Field(() => DecimalScalar, { description: 'The flat amount (per instalment for an instalment fee), or the percentage.' }) amountOrPercentage!: string;
  @Field(() => DecimalScalar, { description: 'The percentage, for a percentage charge.', nullable: true }) percentage!: string | null;
  @Field(() => ChargeCurrencyType, { description: 'The loan\'s currency.' }) currency!: ChargeCurrencyType;
  @Field(() => DecimalScalar, { description: 'What is charged in all (every instalment\'s part), rounded half-even to the currency when computed.' }) amount!: string;
  @Field(() => DecimalScalar, { description: 'What has been paid of it.' }) amountPaid!: string;
  @Field(() => DecimalScalar, { description: 'What has been waived of it.' }) amountWaived!: string;
  @Field(() => DecimalScalar, { description: 'Always 0: loan charges are not written off here.' }) amountWrittenOff!: string;
  @Field(() => DecimalScalar, { description: 'What is still owed: amount - paid - waived.' }) amountOutstanding!: string;
  @Field({ description: 'True for a penalty.' }) penalty!: boolean;
  @Field({ description: 'True once paid in full.' }) paid!: boolean;
  @Field({ description: 'True once waived in full.' }) waived!: boolean;
  @Field({ description: 'True while something is owed.' }) chargePayable!: boolean;
  @Field(() => [LoanInstallmentChargeType], { description: 'Each instalment\'s part (instalment fees, specified-due-date charges, overdue penalties).' }) installmentChargeData!: LoanInstallmentChargeType[];
}

@ObjectType('LoanChargeTemplate', { description: 'GET /loans/{loanId}/charges/template: the charges that may be added to the loan.' })
export class LoanChargeTemplateType {
  @Field(() => DecimalScalar, { description: 'Always 0.' }) amountPaid!: string;
  @Field(() => DecimalScalar, { description: 'Always 0.' }) amountWaived!: string;
  @Field(() => DecimalScalar, { description: 'Always 0.' }) amountWrittenOff!: string;
  @Field(() => DecimalScalar, { description: 'Always 0.' }) amountOutstanding!: string;
  @Field({ description: 'Always false.' }) penalty!: boolean;
  @Field(() => [ChargeType], { description: 'Active loan charges in the loan\'s currency.' }) chargeOptions!: ChargeType[];
}

@InputType({ description: 'A charge to add to a loan (Fineract\'s POST /loans/{loanId}/charges body).' })
export class LoanChargeInput {
  @Field(() => Int, { description: 'An active loan charge definition in the loan\'s currency (not an overdue-instalment one: those come with the product).' }) chargeId!: number;
  @Field(() => DecimalScalar, { description: 'The amount (per instalment for an instalment fee) or percentage for this loan; the definition\'s by default.', nullable: true }) amount?: string | null;
  @Field(() => LocalDateScalar, { description: 'Specified-due-date charges: when it falls due; it is added to the instalment whose period holds it.', nullable: true }) dueDate?: string | null;
}

@InputType({ description: 'Fineract\'s PUT /loans/{loanId}/charges/{id} body (a loan not yet disbursed).' })
export class UpdateLoanChargeInput {
  @Field(() => DecimalScalar, { description: 'The new amount or percentage.', nullable: true }) amount?: string | null;
  @Field(() => LocalDateScalar, { description: 'Specified-due-date charges: the new due date.', nullable: true }) dueDate?: string | null;
}

@InputType({ description: 'Fineract\'s waive body.' })
export class WaiveLoanChargeInput {
  @Field(() => Int, { description: 'Waive only this instalment\'s part; every part still owed by default.', nullable: true }) installmentNumber?: number | null;
}

@ObjectType('LoanChargeChange', { description: 'What a loan charge command changed.' })
export class LoanChargeChangeType {
  @Field(() => Int, { description: 'The loan charge\'s id.' }) id!: number;
  @Field(() => DecimalScalar, { description: 'The amount (waived, or the new amount).', nullable: true }) amount?: string | null;
  @Field(() => LocalDateScalar, { description: 'The new due date.', nullable: true }) dueDate?: string | null;
  @Field(() => Int, { description: 'The instalment waived, when one was named.', nullable: true }) installmentNumber?: number | null;
}

@ObjectType('LoanProductChargeTemplate', { description: 'The charges part of GET /loans/template?productId=.' })
export class LoanProductChargeTemplateType {
  @Field(() => [ChargeType], { description: 'Active loan charges in the product\'s currency an application may list.' }) chargeOptions!: ChargeType[];
  @Field(() => [ChargeType], { description: 'The product\'s charges: what an application that lists none gets.' }) charges!: ChargeType[];
}
