import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../../kernel/enum-option.type.js';
import { DecimalScalar } from '../../kernel/scalars.js';

@ObjectType('ChargeCurrency', { description: "A charge's currency, Fineract's currency object." })
export class ChargeCurrencyType {
  @Field({ description: 'ISO 4217 currency code, e.g. "NGN".' }) code!: string;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => Int, { description: 'Decimal places amounts in this currency are kept to.' }) decimalPlaces!: number;
  @Field(() => String, { description: 'Symbol, e.g. "₦", or null.', nullable: true }) displaySymbol!: string | null;
  @Field({ description: 'Fineract\'s message key for the currency name, e.g. "currency.NGN".' }) nameCode!: string;
  @Field(() => Int, { description: 'Amounts are rounded to multiples of this many currency units; 0 for no rounding.' }) inMultiplesOf!: number;
  @Field({ description: 'Label to show, e.g. "Nigerian Naira (₦)".' }) displayLabel!: string;
}

@ObjectType('ChargeGlAccount', { description: 'A GL account a charge posts its income to.' })
export class ChargeGlAccountType {
  @Field(() => Int, { description: 'The GL account\'s id.' }) id!: number;
  @Field({ description: 'The GL account\'s name.' }) name!: string;
  @Field({ description: 'The GL account\'s code, e.g. "42101".' }) glCode!: string;
}

@ObjectType('Charge', { description: 'A charge definition (Fineract\'s /charges): a fee or penalty on loans, savings accounts or clients.' })
export class ChargeType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant.' }) id!: number;
  @Field({ description: 'Name, unique among live charges.' }) name!: string;
  @Field({ description: 'True when it may be added to products and accounts.' }) active!: boolean;
  @Field({ description: 'True for a penalty (posted to penalty income, paid first), false for a fee.' }) penalty!: boolean;
  @Field(() => ChargeCurrencyType, { description: 'Currency of the amount.' }) currency!: ChargeCurrencyType;
  @Field(() => DecimalScalar, { description: 'The flat amount, or the percentage for a percentage charge (2 means 2%).' }) amount!: string;
  @Field(() => EnumOption, { description: 'When it falls due: 1 disbursement, 2 specified due date, 3 savings activation, 5 withdrawal fee, 6 annual fee, 7 monthly fee, 8 instalment fee, 9 overdue instalment.' }) chargeTimeType!: EnumOption;
  @Field(() => EnumOption, { description: 'What it applies to: 1 loan, 2 savings, 3 client.' }) chargeAppliesTo!: EnumOption;
  @Field(() => EnumOption, { description: 'How it is computed: 1 flat, 2 % of amount, 3 % of amount and interest, 4 % of interest.' }) chargeCalculationType!: EnumOption;
  @Field(() => EnumOption, { description: 'How a loan charge is paid: 0 regular, 1 account transfer.' }) chargePaymentMode!: EnumOption;
  @Field(() => Int, { description: 'Monthly and annual fees: the month (1-12) of feeOnMonthDay.', nullable: true }) feeOnMonth!: number | null;
  @Field(() => Int, { description: 'Monthly and annual fees: the day (1-31) of feeOnMonthDay.', nullable: true }) feeOnDay!: number | null;
  @Field(() => Int, { description: 'Monthly fees: months between two fees (1-12).', nullable: true }) feeInterval!: number | null;
  @Field(() => DecimalScalar, { description: 'Percentage charges: the least amount charged.', nullable: true }) minCap!: string | null;
  @Field(() => DecimalScalar, { description: 'Percentage charges: the most amount charged.', nullable: true }) maxCap!: string | null;
  @Field(() => ChargeGlAccountType, { description: 'The income account it posts to (42101 fees, 42201 penalties by default).', nullable: true }) incomeAccount!: ChargeGlAccountType | null;
}

@ObjectType('ChargeTemplate', { description: 'The options of a new charge (Fineract\'s GET /charges/template).' })
export class ChargeTemplateType {
  @Field({ description: 'Default of `active`.' }) active!: boolean;
  @Field({ description: 'Default of `penalty`.' }) penalty!: boolean;
  @Field(() => [ChargeCurrencyType], { description: 'The enabled currencies.' }) currencyOptions!: ChargeCurrencyType[];
  @Field(() => [EnumOption], { description: 'What a charge may apply to.' }) chargeAppliesToOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Every calculation type.' }) chargeCalculationTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Every time type.' }) chargeTimeTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Payment modes of loan charges.' }) chargePaymentModeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Calculation types of loan charges.' }) loanChargeCalculationTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Time types of loan charges.' }) loanChargeTimeTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Calculation types of savings charges.' }) savingsChargeCalculationTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Time types of savings charges.' }) savingsChargeTimeTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Calculation types of client charges.' }) clientChargeCalculationTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Time types of client charges.' }) clientChargeTimeTypeOptions!: EnumOption[];
  @Field(() => [ChargeGlAccountType], { description: 'Income accounts a charge may post to.' }) incomeAccountOptions!: ChargeGlAccountType[];
}

@InputType({ description: 'A charge definition (Fineract\'s POST /charges body); on update any subset.' })
export class ChargeInput {
  @Field(() => String, { description: 'Name, unique among live charges (at most 100 characters).', nullable: true }) name?: string | null;
  @Field(() => String, { description: 'ISO 4217 code of an enabled currency.', nullable: true }) currencyCode?: string | null;
  @Field(() => Int, { description: '1 loan, 2 savings, 3 client; cannot change.', nullable: true }) chargeAppliesTo?: number | null;
  @Field(() => Int, { description: 'When it falls due (see Charge.chargeTimeType).', nullable: true }) chargeTimeType?: number | null;
  @Field(() => Int, { description: '1 flat, 2 % of amount, 3 % of amount and interest, 4 % of interest.', nullable: true }) chargeCalculationType?: number | null;
  @Field(() => Int, { description: 'Loan charges: 0 regular, 1 account transfer.', nullable: true }) chargePaymentMode?: number | null;
  @Field(() => DecimalScalar, { description: 'The flat amount or the percentage; greater than 0.', nullable: true }) amount?: string | null;
  @Field(() => Boolean, { description: 'True when it may be used (default false, as Fineract).', nullable: true }) active?: boolean | null;
  @Field(() => Boolean, { description: 'True for a penalty.', nullable: true }) penalty?: boolean | null;
  @Field(() => String, { description: 'Monthly and annual fees: the day, e.g. "15 January" (dd MMM) or "--01-15".', nullable: true }) feeOnMonthDay?: string | null;
  @Field(() => Int, { description: 'Monthly fees: months between two fees (1-12).', nullable: true }) feeInterval?: number | null;
  @Field(() => DecimalScalar, { description: 'Percentage charges: the least amount charged.', nullable: true }) minCap?: string | null;
  @Field(() => DecimalScalar, { description: 'Percentage charges: the most amount charged.', nullable: true }) maxCap?: string | null;
  @Field(() => Int, { description: 'Id of an income GL account; default 42101 (fees) or 42201 (penalties).', nullable: true }) incomeAccountId?: number | null;
}

@ObjectType('ChargeChanges', { description: 'What a charge command changed.' })
export class ChargeChangesType {
  @Field(() => Int, { description: 'The charge\'s id.' }) id!: number;
  @Field(() => GraphQLJSONObject, { description: 'The fields that changed, with their new values.' }) changes!: Record<string, unknown>;
}
