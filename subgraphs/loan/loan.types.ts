import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { connectionType } from '../kernel/connection.type.js';
import { declareParameterFields } from '../kernel/fineract-parameters.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';
import { LOAN_PRODUCT_PARAMETERS } from './loan-product.parameters.js';
import { AmortizationTypeEnum, InterestTypeEnum, RepaymentFrequencyTypeEnum } from './loan.enums.js';

@ObjectType('LoanCurrency', { description: "A loan's currency, Fineract's currency object." })
export class LoanCurrencyType {
  @Field({ description: 'ISO 4217 currency code, e.g. "NGN".' }) code!: string;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => Int, { description: 'Decimal places amounts in this currency are kept to.' }) decimalPlaces!: number;
  @Field(() => Int, { description: 'Amounts are rounded to multiples of this many currency units; null or 0 for no rounding.', nullable: true }) inMultiplesOf!: number | null;
  @Field({ description: 'Fineract\'s message key for the currency name, e.g. "currency.NGN".' }) nameCode!: string;
  @Field({ description: 'Label to show, e.g. "Nigerian Naira (₦)".' }) displayLabel!: string;
}

@ObjectType('LoanProductAccountingMappings', { description: 'Cash-based GL mapping on the default chart.' })
export class LoanProductAccountingMappingsType {
  @Field({ description: 'GL code of the fund source (where disbursements are paid from).' }) fundSourceAccount!: string;
  @Field({ description: 'GL code of the loan portfolio (asset) account.' }) loanPortfolioAccount!: string;
  @Field({ description: 'GL code of the interest income account.' }) interestOnLoanAccount!: string;
}

@Directive('@key(fields: "id")')
@ObjectType('LoanProduct', { description: 'A loan product: the terms loans are opened with and their limits.' })
export class LoanProductType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field({ description: 'Short code (up to 4 characters) shown in lists and account numbers.' }) shortName!: string;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description!: string | null;
  @Field(() => LoanCurrencyType, { description: 'Currency of the amounts, with its display details.' }) currency!: LoanCurrencyType;
  @Field({ description: 'ISO 4217 currency code, e.g. "NGN".' }) currencyCode!: string;
  @Field(() => Int, { description: 'Decimal places amounts are kept to (0 to 6).' }) digitsAfterDecimal!: number;
  @Field(() => Int, { description: 'Amounts are rounded to multiples of this many currency units; null or 0 for no rounding.', nullable: true }) inMultiplesOf!: number | null;
  @Field(() => DecimalScalar, { description: 'Principal amount (decimal string) in the loan\'s currency.' }) principal!: string;
  @Field(() => DecimalScalar, { description: 'Smallest principal the product allows (decimal string), or null for no limit.' }) minPrincipal!: string;
  @Field(() => DecimalScalar, { description: 'Largest principal the product allows (decimal string), or null for no limit.' }) maxPrincipal!: string;
  @Field(() => Int, { description: 'Number of instalments in the schedule.' }) numberOfRepayments!: number;
  @Field(() => Int, { description: 'Fewest instalments allowed, or null.' }) minNumberOfRepayments!: number;
  @Field(() => Int, { description: 'Most instalments allowed, or null.' }) maxNumberOfRepayments!: number;
  @Field(() => Int, { description: 'Number of frequency units between repayments, e.g. 1 with monthly = every month.' }) repaymentEvery!: number;
  @Field(() => EnumOption, { description: 'Unit of the repayment interval: 0 days, 1 weeks, 2 months (Fineract\'s code).' }) repaymentFrequencyType!: EnumOption;
  @Field(() => DecimalScalar, { description: 'Nominal interest rate in percent per rate period (see interestRateFrequencyType), decimal string.' }) interestRatePerPeriod!: string;
  @Field(() => DecimalScalar, { description: 'Lowest interest rate per period allowed (percent, decimal string), or null.', nullable: true }) minInterestRatePerPeriod!: string | null;
  @Field(() => DecimalScalar, { description: 'Highest interest rate per period allowed (percent, decimal string), or null.', nullable: true }) maxInterestRatePerPeriod!: string | null;
  @Field(() => EnumOption, { description: 'Period the interest rate applies to: 2 per month, 3 per year.' }) interestRateFrequencyType!: EnumOption;
  @Field(() => EnumOption, { description: 'How principal is repaid: 0 equal principal payments, 1 equal instalments.' }) amortizationType!: EnumOption;
  @Field(() => EnumOption, { description: 'How interest is computed: 0 declining balance, 1 flat.' }) interestType!: EnumOption;
  @Field(() => EnumOption, { description: 'Interest calculation period: 0 daily, 1 same as the repayment period.' }) interestCalculationPeriodType!: EnumOption;
  @Field({ description: 'Order in which a repayment pays penalties, fees, interest and principal (Fineract\'s strategy code, e.g. "mifos-standard-strategy").' }) transactionProcessingStrategyCode!: string;
  @Field(() => EnumOption, { description: 'Days in the interest year: 1 actual, 360, 364 or 365.' }) daysInYearType!: EnumOption;
  @Field(() => EnumOption, { description: 'Days in the interest month: 1 actual, 30.' }) daysInMonthType!: EnumOption;
  @Field(() => Int, { description: 'Number of first instalments that carry no principal.' }) graceOnPrincipalPayment!: number;
  @Field(() => Int, { description: 'Number of first instalments that carry no interest payment.' }) graceOnInterestPayment!: number;
  @Field(() => EnumOption, { description: 'Accounting rule: 1 none, 2 cash based, 3 accrual (periodic), 4 accrual (upfront).' }) accountingRule!: EnumOption;
  @Field(() => LoanProductAccountingMappingsType, { description: 'GL accounts the product posts to.' }) accountingMappings!: LoanProductAccountingMappingsType;
  @Field(() => Int, { description: 'Id of the delinquency bucket used to classify overdue loans, or null.', nullable: true }) delinquencyBucketId!: number | null;
}
declareParameterFields(LoanProductType, LOAN_PRODUCT_PARAMETERS);

@InputType({ description: 'Fields of a loan product to change, as Fineract\'s PUT /loanproducts/{id} body: any subset.' })
export class UpdateLoanProductInput {
  @Field(() => String, { description: 'Display name.', nullable: true }) name?: string | null;
  @Field(() => String, { description: 'Short code (up to 4 characters) shown in lists and account numbers.', nullable: true }) shortName?: string | null;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description?: string | null;
  @Field(() => String, { description: 'ISO 4217 currency code, e.g. "NGN".', nullable: true }) currencyCode?: string | null;
  @Field(() => Int, { description: 'Decimal places amounts are kept to (0 to 6).', nullable: true }) digitsAfterDecimal?: number | null;
  @Field(() => Int, { description: 'Amounts are rounded to multiples of this many currency units; null or 0 for no rounding.', nullable: true }) inMultiplesOf?: number | null;
  @Field(() => DecimalScalar, { description: 'Principal amount (decimal string) in the loan\'s currency.', nullable: true }) principal?: string | null;
  @Field(() => DecimalScalar, { description: 'Smallest principal the product allows (decimal string), or null for no limit.', nullable: true }) minPrincipal?: string | null;
  @Field(() => DecimalScalar, { description: 'Largest principal the product allows (decimal string), or null for no limit.', nullable: true }) maxPrincipal?: string | null;
  @Field(() => Int, { description: 'Number of instalments in the schedule.', nullable: true }) numberOfRepayments?: number | null;
  @Field(() => Int, { description: 'Fewest instalments allowed, or null.', nullable: true }) minNumberOfRepayments?: number | null;
  @Field(() => Int, { description: 'Most instalments allowed, or null.', nullable: true }) maxNumberOfRepayments?: number | null;
  @Field(() => Int, { description: 'Number of frequency units between repayments, e.g. 1 with monthly = every month.', nullable: true }) repaymentEvery?: number | null;
  @Field(() => Int, { description: 'Unit of the repayment interval: 0 days, 1 weeks, 2 months (Fineract\'s code).', nullable: true }) repaymentFrequencyType?: number | null;
  @Field(() => RepaymentFrequencyTypeEnum, { description: 'Unit of the repayment interval as the enum: give this or repaymentFrequencyType (both must then agree).', nullable: true }) repaymentFrequencyTypeEnum?: RepaymentFrequencyTypeEnum | null;
  @Field(() => DecimalScalar, { description: 'Nominal interest rate in percent per rate period (see interestRateFrequencyType), decimal string.', nullable: true }) interestRatePerPeriod?: string | null;
  @Field(() => DecimalScalar, { description: 'Lowest interest rate per period allowed (percent, decimal string), or null.', nullable: true }) minInterestRatePerPeriod?: string | null;
  @Field(() => DecimalScalar, { description: 'Highest interest rate per period allowed (percent, decimal string), or null.', nullable: true }) maxInterestRatePerPeriod?: string | null;
  @Field(() => Int, { description: 'Period the interest rate applies to: 2 per month, 3 per year.', nullable: true }) interestRateFrequencyType?: number | null;
  @Field(() => Int, { description: 'How principal is repaid: 0 equal principal payments, 1 equal instalments.', nullable: true }) amortizationType?: number | null;
  @Field(() => AmortizationTypeEnum, { description: 'How principal is repaid, as the enum: give this or amortizationType (both must then agree).', nullable: true }) amortizationTypeEnum?: AmortizationTypeEnum | null;
  @Field(() => Int, { description: 'How interest is computed: 0 declining balance, 1 flat.', nullable: true }) interestType?: number | null;
  @Field(() => InterestTypeEnum, { description: 'How interest is computed, as the enum: give this or interestType (both must then agree).', nullable: true }) interestTypeEnum?: InterestTypeEnum | null;
  @Field(() => Int, { description: 'Interest calculation period: 0 daily, 1 same as the repayment period.', nullable: true }) interestCalculationPeriodType?: number | null;
  @Field(() => String, { description: 'Order in which a repayment pays penalties, fees, interest and principal (Fineract\'s strategy code, e.g. "mifos-standard-strategy").', nullable: true }) transactionProcessingStrategyCode?: string | null;
  @Field(() => Int, { description: 'Days in the interest year: 1 actual, 360, 364 or 365.', nullable: true }) daysInYearType?: number | null;
  @Field(() => Int, { description: 'Days in the interest month: 1 actual, 30.', nullable: true }) daysInMonthType?: number | null;
  @Field(() => Int, { description: 'Number of first instalments that carry no principal.', nullable: true }) graceOnPrincipalPayment?: number | null;
  @Field(() => Int, { description: 'Number of first instalments that carry no interest payment.', nullable: true }) graceOnInterestPayment?: number | null;
  @Field(() => Int, { description: 'Accounting rule: 1 none, 2 cash based, 3 accrual (periodic), 4 accrual (upfront).', nullable: true }) accountingRule?: number | null;
  @Field(() => Int, { description: 'Id of the delinquency bucket used to classify overdue loans, or null.', nullable: true }) delinquencyBucketId?: number | null;
}
declareParameterFields(UpdateLoanProductInput, LOAN_PRODUCT_PARAMETERS);

/**
 * The update's fields, with the ones a new product cannot do without (the service's REQUIRED) non-null. The
 * repayment frequency, amortization and interest type stay nullable: their enum may be given instead.
 */
@InputType({ description: 'A new loan product, as Fineract\'s POST /loanproducts body.' })
export class CreateLoanProductInput extends UpdateLoanProductInput {
  @Field(() => String, { description: 'Display name.' }) override name!: string;
  @Field(() => String, { description: 'Short code (up to 4 characters) shown in lists and account numbers.' }) override shortName!: string;
  @Field(() => String, { description: 'ISO 4217 currency code, e.g. "NGN".' }) override currencyCode!: string;
  @Field(() => DecimalScalar, { description: 'Principal amount (decimal string) in the loan\'s currency.' }) override principal!: string;
  @Field(() => Int, { description: 'Number of instalments in the schedule.' }) override numberOfRepayments!: number;
  @Field(() => Int, { description: 'Number of frequency units between repayments, e.g. 1 with monthly = every month.' }) override repaymentEvery!: number;
  @Field(() => DecimalScalar, { description: 'Nominal interest rate in percent per rate period (see interestRateFrequencyType), decimal string.' }) override interestRatePerPeriod!: string;
  @Field(() => Int, { description: 'Period the interest rate applies to: 2 per month, 3 per year.' }) override interestRateFrequencyType!: number;
  @Field(() => Int, { description: 'Interest calculation period: 0 daily, 1 same as the repayment period.' }) override interestCalculationPeriodType!: number;
  @Field(() => String, { description: 'Order in which a repayment pays penalties, fees, interest and principal (Fineract\'s strategy code, e.g. "mifos-standard-strategy").' }) override transactionProcessingStrategyCode!: string;
}

@ObjectType({ description: 'The loan product after an update, and what changed.' })
export class LoanProductChangePayload {
  @Field(() => LoanProductType, { description: 'The loan product after the update.' }) loanProduct!: LoanProductType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@InputType({ description: 'Fields of a submitted loan application to change: any subset; the others stay as they are.' })
export class UpdateLoanApplicationInput {
  @Field(() => Int, { description: 'Id of the client (customer) concerned.', nullable: true }) clientId?: number | null;
  @Field(() => Int, { description: 'Id of the loan product the application is for.', nullable: true }) productId?: number | null;
  @Field(() => DecimalScalar, { description: 'Principal amount (decimal string) in the loan\'s currency.', nullable: true }) principal?: string | null;
  @Field(() => Int, { description: 'Length of the loan term in loanTermFrequencyType units.', nullable: true }) loanTermFrequency?: number | null;
  @Field(() => Int, { description: 'Unit of the loan term: 0 days, 1 weeks, 2 months, 3 years.', nullable: true }) loanTermFrequencyType?: number | null;
  @Field(() => Int, { description: 'Number of instalments in the schedule.', nullable: true }) numberOfRepayments?: number | null;
  @Field(() => Int, { description: 'Number of frequency units between repayments, e.g. 1 with monthly = every month.', nullable: true }) repaymentEvery?: number | null;
  @Field(() => Int, { description: 'Unit of the repayment interval: 0 days, 1 weeks, 2 months (Fineract\'s code).', nullable: true }) repaymentFrequencyType?: number | null;
  @Field(() => RepaymentFrequencyTypeEnum, { description: 'Unit of the repayment interval as the enum: give this or repaymentFrequencyType (both must then agree).', nullable: true }) repaymentFrequencyTypeEnum?: RepaymentFrequencyTypeEnum | null;
  @Field(() => DecimalScalar, { description: 'Nominal interest rate in percent per rate period (see interestRateFrequencyType), decimal string.', nullable: true }) interestRatePerPeriod?: string | null;
  @Field(() => Int, { description: 'Period the interest rate applies to: 2 per month, 3 per year.', nullable: true }) interestRateFrequencyType?: number | null;
  @Field(() => Int, { description: 'How principal is repaid: 0 equal principal payments, 1 equal instalments.', nullable: true }) amortizationType?: number | null;
  @Field(() => AmortizationTypeEnum, { description: 'How principal is repaid, as the enum: give this or amortizationType (both must then agree).', nullable: true }) amortizationTypeEnum?: AmortizationTypeEnum | null;
  @Field(() => Int, { description: 'How interest is computed: 0 declining balance, 1 flat.', nullable: true }) interestType?: number | null;
  @Field(() => InterestTypeEnum, { description: 'How interest is computed, as the enum: give this or interestType (both must then agree).', nullable: true }) interestTypeEnum?: InterestTypeEnum | null;
  @Field(() => Int, { description: 'Interest calculation period: 0 daily, 1 same as the repayment period.', nullable: true }) interestCalculationPeriodType?: number | null;
  @Field(() => String, { description: 'Order in which a repayment pays penalties, fees, interest and principal (Fineract\'s strategy code, e.g. "mifos-standard-strategy").', nullable: true }) transactionProcessingStrategyCode?: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the money is expected to be paid out (YYYY-MM-DD).', nullable: true }) expectedDisbursementDate?: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the application was submitted (YYYY-MM-DD).', nullable: true }) submittedOnDate?: string | null;
  @Field(() => LocalDateScalar, { description: 'Due day of the first instalment (YYYY-MM-DD), or null to follow the frequency from disbursement.', nullable: true }) repaymentsStartingFromDate?: string | null;
  @Field(() => String, { description: 'Kind of loan: individual, group or JLG (Fineract\'s `{id, code, value}`).', nullable: true }) loanType?: string | null;
  @Field(() => Int, { description: 'Id of the savings account linked for repayments, or null.', nullable: true }) linkAccountId?: number | null;
  @Field(() => String, { description: 'Caller-supplied reference, unique per tenant; null when none was given.', nullable: true }) externalId?: string | null;
  @Field(() => Int, { description: 'Id of the staff member managing the loan, or null.', nullable: true }) loanOfficerId?: number | null;
  @Field(() => Int, { description: 'Number of first instalments that carry no principal.', nullable: true }) graceOnPrincipalPayment?: number | null;
  @Field(() => Int, { description: 'Number of first instalments that carry no interest payment.', nullable: true }) graceOnInterestPayment?: number | null;
  // Sent by Fineract's web and mobile clients with their defaults; accepted when they ask for nothing this
  // service does not do (no charges, collateral or tranches, no equal amortization of interest, no top-up).
  @Field(() => [GraphQLJSONObject], { description: 'Fineract\'s loan charges, [{chargeId, amount, dueDate}] (amount overrides the definition\'s; dueDate yyyy-MM-dd); left out, the product\'s charges.', nullable: true }) charges?: Record<string, unknown>[] | null;
  @Field(() => [GraphQLJSONObject], { description: 'Fineract\'s collateral list; only an empty list is accepted.', nullable: true }) collateral?: Record<string, unknown>[] | null;
  @Field(() => [GraphQLJSONObject], { description: 'Fineract\'s tranche list; only an empty list is accepted (single disbursement).', nullable: true }) disbursementData?: Record<string, unknown>[] | null;
  @Field(() => Boolean, { description: 'Fineract\'s equal-amortization flag; only false is accepted.', nullable: true }) isEqualAmortization?: boolean | null;
  @Field(() => Boolean, { description: 'Fineract\'s top-up flag; only false is accepted.', nullable: true }) isTopup?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Accepted and ignored.' }) allowPartialPeriodInterestCalcualtion?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Accepted and ignored.' }) createStandingInstructionAtDisbursement?: boolean | null;
  @Field(() => Int, { nullable: true, description: 'Accepted and ignored.' }) graceOnArrearsAgeing?: number | null;
  @Field(() => Int, { description: 'JLG loans: the group the client belongs to.', nullable: true }) groupId?: number | null;
  @Field(() => Int, { description: 'JLG loans: the group\'s meeting (its calendar id) the loan follows.', nullable: true }) calendarId?: number | null;
  @Field(() => Boolean, { description: 'JLG loans: instalments fall on the meeting\'s dates.', nullable: true }) syncRepaymentsWithMeeting?: boolean | null;
  @Field(() => Boolean, { description: 'JLG loans: the expected disbursement date must be a meeting date.', nullable: true }) syncDisbursementWithMeeting?: boolean | null;
  @Field(() => DecimalScalar, { nullable: true, description: 'Accepted and ignored.' }) inArrearsTolerance?: string | null;
  @Field(() => Int, { nullable: true, description: 'Accepted and ignored.' }) fundId?: number | null;
  @Field(() => Int, { nullable: true, description: 'Accepted and ignored.' }) loanPurposeId?: number | null;
  @Field(() => Int, { nullable: true, description: 'Accepted and ignored: the product\'s daysInYearType applies.' }) daysInYearType?: number | null;
  @Field(() => DecimalScalar, { nullable: true, description: 'Accepted and ignored: it caps multi-tranche loans, which are not offered.' }) maxOutstandingLoanBalance?: string | null;
  @Field(() => LocalDateScalar, { nullable: true, description: 'Only the expected disbursement date is accepted: interest runs from the disbursement.' }) interestChargedFromDate?: string | null;
}

/** The update's fields, with the ones a schedule cannot be computed without non-null; the client may be left out. */
@InputType({ description: 'Terms to compute a repayment schedule from (Fineract\'s calculateLoanSchedule body); missing terms default to the product.' })
export class LoanScheduleInput extends UpdateLoanApplicationInput {
  @Field(() => Int, { description: 'Id of the loan product the terms default from.' }) override productId!: number;
  @Field(() => DecimalScalar, { description: 'Principal amount (decimal string) in the loan\'s currency.' }) override principal!: string;
  @Field(() => LocalDateScalar, { description: 'Day the money is expected to be paid out (YYYY-MM-DD).' }) override expectedDisbursementDate!: string;
}

/** A schedule's terms and the applicant: what the service's submit validator requires. */
@InputType({ description: 'A loan application (docs/interface.md, Resources), with Fineract\'s fields. Missing terms default to the product.' })
export class LoanApplicationInput extends LoanScheduleInput {
  @Field(() => Int, { description: 'Id of the client (customer) applying.' }) override clientId!: number;
}

@ObjectType({ description: 'Result of a loan command, as Fineract\'s command result.' })
export class LoanCommandResult {
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.', nullable: true }) officeId!: number | null;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.', nullable: true }) clientId!: number | null;
  @Field(() => Int, { description: 'Id of the loan concerned.' }) loanId!: number;
  @Field(() => Int, { description: 'Id of the record the command created or changed (Fineract\'s `resourceId`).' }) resourceId!: number;
  @Field(() => String, { description: 'External id of the loan, or null.', nullable: true }) resourceExternalId?: string | null;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).', nullable: true }) changes?: Record<string, unknown> | null;
}

@ObjectType('LoanStatus', { description: 'Status of a loan as Fineract\'s `{id, code, value}` with a flag per state.' })
export class LoanStatusType {
  @Field(() => Int, { description: 'Fineract\'s numeric id of this choice (what REST payloads send).' }) id!: number;
  @Field({ description: 'Stable machine-readable code (use this, not `value`, in client logic).' }) code!: string;
  @Field({ description: 'Human-readable label in English.' }) value!: string;
  @Field({ description: 'True while submitted and waiting for approval.' }) pendingApproval!: boolean;
  @Field({ description: 'True once approved and not yet disbursed.' }) waitingForDisbursal!: boolean;
  @Field({ description: 'True once disbursed and not yet closed.' }) active!: boolean;
  @Field({ description: 'True once fully repaid and closed.' }) closedObligationsMet!: boolean;
  @Field({ description: 'True when withdrawn, rejected or closed.' }) closed!: boolean;
}

@ObjectType('LoanTimeline', { description: 'Dates of a loan\'s lifecycle steps and who did them.' })
export class LoanTimelineType {
  @Field(() => LocalDateScalar, { description: 'Day the application was submitted (YYYY-MM-DD).' }) submittedOnDate!: string;
  @Field(() => LocalDateScalar, { description: 'Day the money is expected to be paid out (YYYY-MM-DD).', nullable: true }) expectedDisbursementDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day it was approved (YYYY-MM-DD), or null.', nullable: true }) approvedOnDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the money was paid out (YYYY-MM-DD), or null while not disbursed.', nullable: true }) actualDisbursementDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day it was rejected (YYYY-MM-DD), or null.', nullable: true }) rejectedOnDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the applicant withdrew it (YYYY-MM-DD), or null.', nullable: true }) withdrawnOnDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day it was closed (YYYY-MM-DD), or null.', nullable: true }) closedOnDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Due day of the last instalment (YYYY-MM-DD), or null before disbursement.', nullable: true }) expectedMaturityDate!: string | null;
}

@ObjectType('LoanSchedulePeriod', { description: 'One row of the schedule; period 0 (no period number) is the disbursement.' })
export class LoanSchedulePeriodType {
  @Field(() => Int, { description: 'Instalment number, 1 for the first.', nullable: true }) period!: number | null;
  @Field(() => LocalDateScalar, { description: 'First day included (YYYY-MM-DD).', nullable: true }) fromDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the instalment falls due (YYYY-MM-DD).' }) dueDate!: string;
  @Field(() => Int, { description: 'Days from the previous due date to this one, or null on the disbursement line.', nullable: true }) daysInPeriod!: number | null;
  @Field({ description: 'True when the instalment is fully paid.' }) complete!: boolean;
  @Field(() => DecimalScalar, { description: 'Principal paid out to the borrower (decimal string).', nullable: true }) principalDisbursed!: string | null;
  @Field(() => DecimalScalar, { description: 'Principal scheduled for this instalment (decimal string).', nullable: true }) principalOriginalDue!: string | null;
  @Field(() => DecimalScalar, { description: 'Principal due on this instalment (decimal string).', nullable: true }) principalDue!: string | null;
  @Field(() => DecimalScalar, { description: 'Principal repaid (decimal string).', nullable: true }) principalPaid!: string | null;
  @Field(() => DecimalScalar, { description: 'Principal still owed (decimal string).', nullable: true }) principalOutstanding!: string | null;
  @Field(() => DecimalScalar, { description: 'Principal still owed after this instalment is paid (decimal string).' }) principalLoanBalanceOutstanding!: string;
  @Field(() => DecimalScalar, { description: 'Interest scheduled for this instalment (decimal string).', nullable: true }) interestOriginalDue!: string | null;
  @Field(() => DecimalScalar, { description: 'Interest due on this instalment (decimal string).', nullable: true }) interestDue!: string | null;
  @Field(() => DecimalScalar, { description: 'Interest repaid (decimal string).', nullable: true }) interestPaid!: string | null;
  @Field(() => DecimalScalar, { description: 'Interest still owed (decimal string).', nullable: true }) interestOutstanding!: string | null;
  @Field(() => DecimalScalar, { description: 'Fees due on this instalment (decimal string).', nullable: true }) feeChargesDue!: string | null;
  @Field(() => DecimalScalar, { description: 'Penalties due on this instalment (decimal string).', nullable: true }) penaltyChargesDue!: string | null;
  @Field(() => DecimalScalar, { description: 'Fees paid on this instalment (decimal string).', nullable: true }) feeChargesPaid!: string | null;
  @Field(() => DecimalScalar, { description: 'Fees still owed on this instalment (decimal string); a waived fee is no longer due.', nullable: true }) feeChargesOutstanding!: string | null;
  @Field(() => DecimalScalar, { description: 'Penalties paid on this instalment (decimal string).', nullable: true }) penaltyChargesPaid!: string | null;
  @Field(() => DecimalScalar, { description: 'Penalties still owed on this instalment (decimal string); a waived penalty is no longer due.', nullable: true }) penaltyChargesOutstanding!: string | null;
  @Field(() => DecimalScalar, { description: 'Total due on this instalment: principal, interest, fees and penalties (decimal string).' }) totalDueForPeriod!: string;
  @Field(() => DecimalScalar, { description: 'Paid so far on this instalment (decimal string).', nullable: true }) totalPaidForPeriod!: string | null;
  @Field(() => DecimalScalar, { description: 'Still owed on this instalment (decimal string).', nullable: true }) totalOutstandingForPeriod!: string | null;
  @Field(() => DecimalScalar, { description: 'Total due and unpaid whose due date has passed (decimal string).', nullable: true }) totalOverdue!: string | null;
  @Field(() => DecimalScalar, { description: 'Instalment amount: principal plus interest (decimal string).', nullable: true }) totalInstallmentAmountForPeriod!: string | null;
}

@ObjectType('LoanSchedule', { description: 'A loan\'s instalment schedule with its totals.' })
export class LoanScheduleType {
  @Field(() => LoanCurrencyType, { description: 'Currency of the amounts, with its display details.' }) currency!: LoanCurrencyType;
  @Field(() => Int, { description: 'Days from disbursement to the last due date.' }) loanTermInDays!: number;
  @Field(() => DecimalScalar, { description: 'Principal paid out (decimal string).' }) totalPrincipalDisbursed!: string;
  @Field(() => DecimalScalar, { description: 'Principal to repay (decimal string).' }) totalPrincipalExpected!: string;
  @Field(() => DecimalScalar, { description: 'Principal repaid (decimal string).' }) totalPrincipalPaid!: string;
  @Field(() => DecimalScalar, { description: 'Interest over the whole schedule (decimal string).' }) totalInterestCharged!: string;
  @Field(() => DecimalScalar, { description: 'Fees over the whole schedule (decimal string).' }) totalFeeChargesCharged!: string;
  @Field(() => DecimalScalar, { description: 'Penalties charged (decimal string).' }) totalPenaltyChargesCharged!: string;
  @Field(() => DecimalScalar, { description: 'Everything to repay: principal, interest, fees and penalties (decimal string).' }) totalRepaymentExpected!: string;
  @Field(() => DecimalScalar, { description: 'Total repaid so far (decimal string).' }) totalRepayment!: string;
  @Field(() => DecimalScalar, { description: 'Total still owed (decimal string).' }) totalOutstanding!: string;
  @Field(() => [LoanSchedulePeriodType], { description: 'Instalments in due-date order.' }) periods!: LoanSchedulePeriodType[];
}

@ObjectType('LoanSummary', { description: 'Totals of a loan: disbursed, paid, outstanding and overdue (decimal strings).' })
export class LoanSummaryType {
  @Field(() => LoanCurrencyType, { description: 'Currency of the amounts, with its display details.' }) currency!: LoanCurrencyType;
  @Field(() => DecimalScalar, { description: 'Principal paid out to the borrower (decimal string).' }) principalDisbursed!: string;
  @Field(() => DecimalScalar, { description: 'Principal repaid (decimal string).' }) principalPaid!: string;
  @Field(() => DecimalScalar, { description: 'Principal still owed (decimal string).' }) principalOutstanding!: string;
  @Field(() => DecimalScalar, { description: 'Principal past its due date and unpaid (decimal string).' }) principalOverdue!: string;
  @Field(() => DecimalScalar, { description: 'Interest charged over the schedule (decimal string).' }) interestCharged!: string;
  @Field(() => DecimalScalar, { description: 'Interest repaid (decimal string).' }) interestPaid!: string;
  @Field(() => DecimalScalar, { description: 'Interest still owed (decimal string).' }) interestOutstanding!: string;
  @Field(() => DecimalScalar, { description: 'Interest past its due date and unpaid (decimal string).' }) interestOverdue!: string;
  @Field(() => DecimalScalar, { description: 'Fees charged (decimal string).' }) feeChargesCharged!: string;
  @Field(() => DecimalScalar, { description: 'Fees paid (decimal string).' }) feeChargesPaid!: string;
  @Field(() => DecimalScalar, { description: 'Fees still owed (decimal string).' }) feeChargesOutstanding!: string;
  @Field(() => DecimalScalar, { description: 'Penalties charged (decimal string).' }) penaltyChargesCharged!: string;
  @Field(() => DecimalScalar, { description: 'Penalties paid (decimal string).' }) penaltyChargesPaid!: string;
  @Field(() => DecimalScalar, { description: 'Penalties still owed (decimal string).' }) penaltyChargesOutstanding!: string;
  @Field(() => DecimalScalar, { description: 'Everything to repay over the loan (decimal string).' }) totalExpectedRepayment!: string;
  @Field(() => DecimalScalar, { description: 'Total repaid so far (decimal string).' }) totalRepayment!: string;
  @Field(() => DecimalScalar, { description: 'Total still owed (decimal string).' }) totalOutstanding!: string;
  @Field(() => DecimalScalar, { description: 'Total due and unpaid whose due date has passed (decimal string).' }) totalOverdue!: string;
  @Field(() => DecimalScalar, { description: 'Principal written off as a loss (decimal string); "0" unless the loan is written off (601).' }) principalWrittenOff!: string;
  @Field(() => DecimalScalar, { description: 'Interest written off (decimal string).' }) interestWrittenOff!: string;
  @Field(() => DecimalScalar, { description: 'Fees written off (decimal string).' }) feeChargesWrittenOff!: string;
  @Field(() => DecimalScalar, { description: 'Penalties written off (decimal string).' }) penaltyChargesWrittenOff!: string;
  @Field(() => DecimalScalar, { description: 'Everything written off (decimal string).' }) totalWrittenOff!: string;
  @Field(() => DecimalScalar, { description: 'Recovery payments received after the write-off (decimal string).' }) totalRecovered!: string;
}

@ObjectType('LoanPaymentType', { description: 'Payment type of a loan transaction.' })
export class LoanPaymentTypeRef {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
}

@ObjectType('LoanPaymentDetail', { description: 'Payment details of a loan transaction.' })
export class LoanPaymentDetailType {
  @Field(() => LoanPaymentTypeRef, { description: 'Payment type (cash, transfer, cheque, ...), or null.' }) paymentType!: LoanPaymentTypeRef;
}

@ObjectType('LoanTransactionKind', { description: 'Kind of loan transaction as Fineract\'s `{id, code, value}` with a flag per kind.' })
export class LoanTransactionKindType {
  @Field(() => Int, { description: 'Fineract\'s numeric id of this choice (what REST payloads send).' }) id!: number;
  @Field({ description: 'Stable machine-readable code (use this, not `value`, in client logic).' }) code!: string;
  @Field({ description: 'Human-readable label in English.' }) value!: string;
  @Field({ description: 'True for a disbursement.' }) disbursement!: boolean;
  @Field({ description: 'True for a repayment.' }) repayment!: boolean;
  @Field({ description: 'True for an interest waiver.' }) waiveInterest!: boolean;
  @Field({ description: 'True for a write-off.' }) writeOff!: boolean;
  @Field({ description: 'True for a recovery payment on a written-off loan.' }) recoveryRepayment!: boolean;
}

@ObjectType('LoanTransaction', { description: 'A loan transaction (disbursement, repayment, ...) and how it was split.' })
export class LoanTransactionType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of the loan concerned.' }) loanId!: number;
  @Field(() => LoanTransactionKindType, { description: 'Kind of loan transaction (disbursement, repayment, ...).' }) type!: LoanTransactionKindType;
  @Field(() => LocalDateScalar, { description: 'Calendar day (YYYY-MM-DD) the record takes effect, in the tenant\'s business calendar.' }) date!: string;
  @Field(() => LoanCurrencyType, { description: 'Currency of the amounts, with its display details.' }) currency!: LoanCurrencyType;
  @Field(() => DecimalScalar, { description: 'Amount in the record\'s currency, an exact decimal string (e.g. "1500.00").' }) amount!: string;
  @Field(() => DecimalScalar, { description: 'Part of the amount that went to principal (decimal string).' }) principalPortion!: string;
  @Field(() => DecimalScalar, { description: 'Part of the amount that went to interest (decimal string).' }) interestPortion!: string;
  @Field(() => DecimalScalar, { description: 'Part of the amount that went to fees (decimal string).' }) feeChargesPortion!: string;
  @Field(() => DecimalScalar, { description: 'Part of the amount that went to penalties (decimal string).' }) penaltyChargesPortion!: string;
  @Field(() => DecimalScalar, { description: 'Principal still owed after this transaction (decimal string).' }) outstandingLoanBalance!: string;
  @Field(() => LoanPaymentDetailType, { description: 'Payment details (payment type, receipt, cheque numbers), or null.', nullable: true }) paymentDetailData!: LoanPaymentDetailType | null;
  @Field(() => Int, { description: 'Id of the savings or current account concerned.', nullable: true }) savingsAccountId!: number | null;
  @Field({ description: 'True when the transaction was undone.' }) manuallyReversed!: boolean;
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note!: string | null;
  @Field({ description: 'The journal transaction id of this loan transaction.' }) journalTransactionId!: string;
}

@ObjectType('LoanApprovalRequirement', { description: 'The approvals a loan still needs under its product\'s approval policy.' })
export class LoanApprovalRequirementType {
  @Field(() => Int, { description: 'Id of the role.' }) roleId!: number;
  @Field(() => Int, { description: 'Number of records.' }) count!: number;
}

@ObjectType('LoanApprovalRecord', { description: 'One approval given to a loan: who, when and at which tier.' })
export class LoanApprovalRecordType {
  @Field(() => Int, { description: 'Id of the user (login) concerned.' }) userId!: number;
  @Field(() => Int, { description: 'Id of the role.' }) roleId!: number;
  @Field(() => LocalDateScalar, { description: 'Day it was approved (YYYY-MM-DD), or null.' }) approvedOnDate!: string;
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note!: string | null;
}

@ObjectType('LoanApprovals', { description: 'Where the loan stands against its approval policy tier.' })
export class LoanApprovalsType {
  @Field(() => Int, { description: 'Id of the approval policy that applies, or null when none does.', nullable: true }) policyId!: number | null;
  @Field(() => Int, { nullable: true, description: '1-based tier index of the policy.' }) tier!: number | null;
  @Field(() => DecimalScalar, { description: 'Amount in the record\'s currency, an exact decimal string (e.g. "1500.00").' }) amount!: string;
  @Field(() => [LoanApprovalRequirementType], { description: 'Every approval the loan\'s amount tier requires.' }) required!: LoanApprovalRequirementType[];
  @Field(() => [LoanApprovalRequirementType], { description: 'Approvals still missing; the loan is approved when this is empty.' }) stillNeeded!: LoanApprovalRequirementType[];
  @Field(() => [LoanApprovalRecordType], { description: 'Approvals given so far.' }) approvedBy!: LoanApprovalRecordType[];
  @Field({ description: 'Some approvals are recorded and head office approvals are still needed.' }) escalated!: boolean;
}

@ObjectType('DelinquencyRange', { description: 'A band of days overdue (e.g. 1-30) used to classify loans.' })
export class DelinquencyRangeType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Classification of the record (a code value label).' }) classification!: string;
  @Field(() => Int, { description: 'Days overdue at which the range starts.' }) minimumAgeDays!: number;
  @Field(() => Int, { description: 'Days overdue at which the range ends, or null for open-ended.', nullable: true }) maximumAgeDays!: number | null;
}

@ObjectType('LoanDelinquency', { description: 'How overdue a loan is: days, amount and range.' })
export class LoanDelinquencyType {
  @Field(() => Int, { description: 'Days the oldest unpaid instalment is overdue (0 when none).' }) delinquentDays!: number;
  @Field(() => DecimalScalar, { description: 'Amount overdue (decimal string).' }) delinquentAmount!: string;
  @Field(() => LocalDateScalar, { description: 'Due day of the oldest unpaid instalment (YYYY-MM-DD), or null.', nullable: true }) delinquentDate!: string | null;
}

@Directive('@key(fields: "id")')
@ObjectType('Loan', { description: 'A loan account: its terms, status, schedule and transactions.' })
export class LoanType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Account number shown to customers (a 10-digit NUBAN for deposit accounts).' }) accountNo!: string;
  @Field(() => String, { description: 'Caller-supplied reference, unique per tenant; null when none was given.', nullable: true }) externalId!: string | null;
  @Field(() => LoanStatusType, { description: 'Lifecycle status (see the type for its codes and flags).' }) status!: LoanStatusType;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field(() => String, { description: 'Display name of the client (customer) concerned.', nullable: true }) clientName!: string | null;
  @Field(() => String, { description: 'Account number of the borrower (client), or null.', nullable: true }) clientAccountNo!: string | null;
  @Field(() => Int, { description: 'Office of the client.' }) clientOfficeId!: number;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => Int, { description: 'Id of the loan product.' }) loanProductId!: number;
  @Field(() => String, { description: 'Name of the loan product.', nullable: true }) loanProductName!: string | null;
  @Field(() => Int, { description: 'Id of the staff member managing the loan, or null.', nullable: true }) loanOfficerId!: number | null;
  @Field(() => EnumOption, { description: 'Kind of loan: individual, group or JLG (Fineract\'s `{id, code, value}`).' }) loanType!: EnumOption;
  @Field(() => Int, { description: 'JLG loans: the group the borrower borrows within; null otherwise.', nullable: true }) groupId!: number | null;
  @Field(() => LoanCurrencyType, { description: 'Currency of the amounts, with its display details.' }) currency!: LoanCurrencyType;
  @Field(() => DecimalScalar, { description: 'Principal amount (decimal string) in the loan\'s currency.' }) principal!: string;
  @Field(() => DecimalScalar, { description: 'Principal applied for (decimal string).' }) proposedPrincipal!: string;
  @Field(() => DecimalScalar, { description: 'Principal approved (decimal string), or null before approval.', nullable: true }) approvedPrincipal!: string | null;
  @Field(() => Int, { description: 'Length of the term in termPeriodFrequencyType units.' }) termFrequency!: number;
  @Field(() => EnumOption, { description: 'Unit of the term: 0 days, 1 weeks, 2 months, 3 years.' }) termPeriodFrequencyType!: EnumOption;
  @Field(() => Int, { description: 'Number of instalments in the schedule.' }) numberOfRepayments!: number;
  @Field(() => Int, { description: 'Number of frequency units between repayments, e.g. 1 with monthly = every month.' }) repaymentEvery!: number;
  @Field(() => EnumOption, { description: 'Unit of the repayment interval: 0 days, 1 weeks, 2 months (Fineract\'s code).' }) repaymentFrequencyType!: EnumOption;
  @Field(() => DecimalScalar, { description: 'Nominal interest rate in percent per rate period (see interestRateFrequencyType), decimal string.' }) interestRatePerPeriod!: string;
  @Field(() => EnumOption, { description: 'Period the interest rate applies to: 2 per month, 3 per year.' }) interestRateFrequencyType!: EnumOption;
  @Field(() => EnumOption, { description: 'How principal is repaid: 0 equal principal payments, 1 equal instalments.' }) amortizationType!: EnumOption;
  @Field(() => EnumOption, { description: 'How interest is computed: 0 declining balance, 1 flat.' }) interestType!: EnumOption;
  @Field(() => EnumOption, { description: 'Interest calculation period: 0 daily, 1 same as the repayment period.' }) interestCalculationPeriodType!: EnumOption;
  @Field({ description: 'Order in which a repayment pays penalties, fees, interest and principal (Fineract\'s strategy code, e.g. "mifos-standard-strategy").' }) transactionProcessingStrategyCode!: string;
  @Field(() => Int, { description: 'Number of first instalments that carry no principal.' }) graceOnPrincipalPayment!: number;
  @Field(() => Int, { description: 'Number of first instalments that carry no interest payment.' }) graceOnInterestPayment!: number;
  @Field(() => Int, { description: 'Id of the savings account linked for repayments, or null.', nullable: true }) linkedAccountId!: number | null;
  @Field(() => Int, { description: 'Id of the savings account the loan was paid into, or null.', nullable: true }) disbursedToSavingsId!: number | null;
  @Field(() => LoanTimelineType, { description: 'Dates of the record\'s lifecycle steps and who did them.' }) timeline!: LoanTimelineType;
  @Field(() => LoanSummaryType, { description: 'Totals of the account (decimal strings).', nullable: true }) summary!: LoanSummaryType | null;
  @Field(() => LoanScheduleType, { description: 'Instalment schedule of the loan.' }) repaymentSchedule!: LoanScheduleType;
  @Field(() => [LoanTransactionType], { description: 'The loan\'s transactions (paged by limit and offset).' }) transactions!: LoanTransactionType[];
  @Field(() => LoanApprovalsType, { description: 'Approvals recorded so far.', nullable: true }) approvals!: LoanApprovalsType | null;
  @Field({ description: 'True when an instalment is past due and unpaid.' }) inArrears!: boolean;
  @Field(() => DelinquencyRangeType, { description: 'Delinquency range the loan falls in, or null when not overdue.', nullable: true }) delinquencyRange!: DelinquencyRangeType | null;
  @Field(() => LoanDelinquencyType, { description: 'How overdue the loan is.' }) delinquent!: LoanDelinquencyType;
  @Field({ description: 'Flagged to the Recovery Officer role (overdue at the last aging run).' }) flaggedForRecovery!: boolean;
  @Field(() => Int, { description: 'Id of the user following up the overdue loan, or null.', nullable: true }) recoveryOfficerUserId!: number | null;
}

@ObjectType('LoanPage', { description: 'A page of loans.' })
export class LoanPageType {
  @Field(() => Int, { description: 'How many records match the filters in all (not only this page).' }) totalFilteredRecords!: number;
  @Field(() => [LoanType], { description: 'The records of this page, in the requested order.' }) pageItems!: LoanType[];
}

@ObjectType('LoanProductOption', { description: 'A loan product to choose from.' })
export class LoanProductOptionType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
}

@ObjectType('LoanDayCount', { description: 'Loans disbursed on one day (the LoanTrendsByDay report).' })
export class LoanDayCountType {
  @Field(() => LocalDateScalar, { description: 'The day counted (YYYY-MM-DD).' }) days!: string;
  @Field(() => Int, { description: 'Number of loans.' }) lcount!: number;
}

@ObjectType('LoanDashboard', { description: "Fineract's loan dashboard reports on the business date, over an office and below it." })
export class LoanDashboardType {
  @Field(() => [LoanDayCountType], { description: 'LoanTrendsByDay: the 12 days before the business date.' }) trends!: LoanDayCountType[];
  @Field(() => DecimalScalar, { description: "Demand Vs Collection: what today's instalments of active loans still owe." }) amountDue!: string;
  @Field(() => DecimalScalar, { description: "Demand Vs Collection: what today's instalments have collected." }) amountPaid!: string;
  @Field(() => DecimalScalar, { description: 'Disbursal Vs Awaitingdisbursal: approved principal waiting for disbursal.' }) amountToBeDisbursed!: string;
  @Field(() => DecimalScalar, { description: 'Disbursal Vs Awaitingdisbursal: principal of active loans.' }) disbursedAmount!: string;
}

@ObjectType('LoanProductTemplate', { description: "Fineract's GET /loanproducts/template: the options this service supports, and defaults." })
export class LoanProductTemplateType {
  @Field(() => EnumOption, { description: 'How principal is repaid: 0 equal principal payments, 1 equal instalments.' }) amortizationType!: EnumOption;
  @Field(() => EnumOption, { description: 'How interest is computed: 0 declining balance, 1 flat.' }) interestType!: EnumOption;
  @Field(() => EnumOption, { description: 'Interest calculation period: 0 daily, 1 same as the repayment period.' }) interestCalculationPeriodType!: EnumOption;
  @Field(() => EnumOption, { description: 'Unit of the repayment interval: 0 days, 1 weeks, 2 months (Fineract\'s code).' }) repaymentFrequencyType!: EnumOption;
  @Field(() => EnumOption, { description: 'Period the interest rate applies to: 2 per month, 3 per year.' }) interestRateFrequencyType!: EnumOption;
  @Field(() => EnumOption, { description: 'Accounting rule: 1 none, 2 cash based, 3 accrual (periodic), 4 accrual (upfront).' }) accountingRule!: EnumOption;
  @Field(() => EnumOption, { description: 'Days in the interest year: 1 actual, 360, 364 or 365.' }) daysInYearType!: EnumOption;
  @Field(() => EnumOption, { description: 'Days in the interest month: 1 actual, 30.' }) daysInMonthType!: EnumOption;
  @Field({ description: 'Order in which a repayment pays penalties, fees, interest and principal (Fineract\'s strategy code, e.g. "mifos-standard-strategy").' }) transactionProcessingStrategyCode!: string;
  @Field(() => [EnumOption], { description: 'Choices for amortizationType.' }) amortizationTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for interestType.' }) interestTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for interestCalculationPeriodType.' }) interestCalculationPeriodTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for repaymentFrequencyType.' }) repaymentFrequencyTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for interestRateFrequencyType.' }) interestRateFrequencyTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for transactionProcessingStrategyCode.' }) transactionProcessingStrategyOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for accountingRule.' }) accountingRuleOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for daysInYearType.' }) daysInYearTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for daysInMonthType.' }) daysInMonthTypeOptions!: EnumOption[];
}

@ObjectType('LoanTemplate', { description: 'Defaults and choices for a new loan application (Fineract\'s GET /loans/template).' })
export class LoanTemplateType {
  @Field(() => Int, { description: 'Id of the client (customer) concerned.', nullable: true }) clientId!: number | null;
  @Field(() => String, { description: 'Display name of the client (customer) concerned.', nullable: true }) clientName!: string | null;
  @Field(() => Int, { description: 'Office of the client.', nullable: true }) clientOfficeId!: number | null;
  @Field(() => Int, { description: 'Id of the loan product.', nullable: true }) loanProductId!: number | null;
  @Field(() => String, { description: 'Name of the loan product.', nullable: true }) loanProductName!: string | null;
  @Field(() => LoanCurrencyType, { description: 'Currency of the amounts, with its display details.', nullable: true }) currency!: LoanCurrencyType | null;
  @Field(() => DecimalScalar, { description: 'Principal amount (decimal string) in the loan\'s currency.', nullable: true }) principal!: string | null;
  @Field(() => Int, { description: 'Length of the term in termPeriodFrequencyType units.', nullable: true }) termFrequency!: number | null;
  @Field(() => EnumOption, { description: 'Unit of the term: 0 days, 1 weeks, 2 months, 3 years.', nullable: true }) termPeriodFrequencyType!: EnumOption | null;
  @Field(() => Int, { description: 'Number of instalments in the schedule.', nullable: true }) numberOfRepayments!: number | null;
  @Field(() => Int, { description: 'Number of frequency units between repayments, e.g. 1 with monthly = every month.', nullable: true }) repaymentEvery!: number | null;
  @Field(() => EnumOption, { description: 'Unit of the repayment interval: 0 days, 1 weeks, 2 months (Fineract\'s code).', nullable: true }) repaymentFrequencyType!: EnumOption | null;
  @Field(() => DecimalScalar, { description: 'Nominal interest rate in percent per rate period (see interestRateFrequencyType), decimal string.', nullable: true }) interestRatePerPeriod!: string | null;
  @Field(() => EnumOption, { description: 'Period the interest rate applies to: 2 per month, 3 per year.', nullable: true }) interestRateFrequencyType!: EnumOption | null;
  @Field(() => EnumOption, { description: 'How principal is repaid: 0 equal principal payments, 1 equal instalments.', nullable: true }) amortizationType!: EnumOption | null;
  @Field(() => EnumOption, { description: 'How interest is computed: 0 declining balance, 1 flat.', nullable: true }) interestType!: EnumOption | null;
  @Field(() => EnumOption, { description: 'Interest calculation period: 0 daily, 1 same as the repayment period.', nullable: true }) interestCalculationPeriodType!: EnumOption | null;
  @Field(() => String, { description: 'Order in which a repayment pays penalties, fees, interest and principal (Fineract\'s strategy code, e.g. "mifos-standard-strategy").', nullable: true }) transactionProcessingStrategyCode!: string | null;
  @Field(() => LoanTimelineType, { description: 'Dates of the record\'s lifecycle steps and who did them.', nullable: true }) timeline!: LoanTimelineType | null;
  @Field(() => [LoanProductOptionType], { description: 'Loan products the client may apply for.' }) productOptions!: LoanProductOptionType[];
  @Field(() => [EnumOption], { description: 'Choices for loanTermFrequencyType.' }) termFrequencyTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for repaymentFrequencyType.' }) repaymentFrequencyTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for interestRateFrequencyType.' }) interestRateFrequencyTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for amortizationType.' }) amortizationTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for interestType.' }) interestTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for interestCalculationPeriodType.' }) interestCalculationPeriodTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for transactionProcessingStrategyCode.' }) transactionProcessingStrategyOptions!: EnumOption[];
}

@InputType({ description: 'Date and note of a loan state change (withdraw, reject, undo).' })
export class LoanStateChangeInput {
  @Field(() => LocalDateScalar, { description: 'Day it was rejected (YYYY-MM-DD), or null.', nullable: true }) rejectedOnDate?: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the applicant withdrew it (YYYY-MM-DD), or null.', nullable: true }) withdrawnOnDate?: string | null;
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note?: string | null;
}

@InputType({ description: 'Approval of a loan application.' })
export class LoanApproveInput {
  @Field(() => LocalDateScalar, { description: 'Day it was approved (YYYY-MM-DD), or null.', nullable: true }) approvedOnDate?: string | null;
  @Field(() => DecimalScalar, { description: 'Principal approved (decimal string); the amount applied for when omitted.', nullable: true }) approvedLoanAmount?: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the money is expected to be paid out (YYYY-MM-DD).', nullable: true }) expectedDisbursementDate?: string | null;
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note?: string | null;
}

@InputType({ description: 'Disbursement of an approved loan.' })
export class LoanDisburseInput {
  @Field(() => LocalDateScalar, { description: 'Day the money was paid out (YYYY-MM-DD), or null while not disbursed.', nullable: true }) actualDisbursementDate?: string | null;
  @Field(() => DecimalScalar, { description: 'Amount of the transaction (decimal string).', nullable: true }) transactionAmount?: string | null;
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note?: string | null;
  @Field(() => Int, { nullable: true, description: 'Accepted for Fineract clients and ignored: a disbursement always credits the operating savings account.' })
  paymentTypeId?: number | null;
}

@InputType({ description: 'A loan repayment, as Fineract\'s POST /loans/{id}/transactions?command=repayment body.' })
export class LoanRepaymentInput {
  @Field(() => LocalDateScalar, { description: 'Business day of the transaction (YYYY-MM-DD); the business date when null.', nullable: true }) transactionDate?: string | null;
  @Field(() => DecimalScalar, { description: 'Amount of the transaction (decimal string).' }) transactionAmount!: string;
  @Field(() => Int, { description: 'Id of the payment type (cash, transfer, cheque, ...), or null.', nullable: true }) paymentTypeId?: number | null;
  @Field(() => Int, { description: 'Id of a savings account to debit for the repayment, or null for an external payment.', nullable: true }) fromSavingsAccountId?: number | null;
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note?: string | null;
  @Field(() => String, { description: 'Account number (a 10-digit NUBAN for deposit accounts).', nullable: true }) accountNumber?: string | null;
  @Field(() => String, { description: 'Cheque number of the payment, or null.', nullable: true }) checkNumber?: string | null;
  @Field(() => String, { description: 'Payment routing code, or null.', nullable: true }) routingCode?: string | null;
  @Field(() => String, { description: 'Receipt number of the payment, or null.', nullable: true }) receiptNumber?: string | null;
  @Field(() => String, { description: 'Bank number (sort code) of the payment, or null.', nullable: true }) bankNumber?: string | null;
}

@ObjectType({ description: 'Result of a loan transaction command.' })
export class LoanTransactionResult {
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field(() => Int, { description: 'Id of the loan concerned.' }) loanId!: number;
  @Field(() => Int, { description: 'Id of the record the command created or changed (Fineract\'s `resourceId`).' }) resourceId!: number;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@ObjectType('ApprovalTier', { description: 'Approvals needed for loans whose principal falls in this amount band.' })
export class ApprovalTierType {
  @Field(() => DecimalScalar, { description: 'Smallest amount this tier covers (decimal string).' }) minAmount!: string;
  @Field(() => DecimalScalar, { description: 'Largest amount this tier covers (decimal string), or null for no limit.', nullable: true }) maxAmount!: string | null;
  @Field(() => [LoanApprovalRequirementType], { description: 'Approvals a loan in this tier needs.' }) approvals!: LoanApprovalRequirementType[];
}

@ObjectType('ApprovalPolicy', { description: 'How many approvals, from which roles, loans of a product need, by amount tier.' })
export class ApprovalPolicyType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description!: string | null;
  @Field(() => Int, { description: 'Id of the loan product the policy applies to.', nullable: true }) productId!: number | null;
  @Field({ description: 'True for the default choice.' }) isDefault!: boolean;
  @Field({ description: 'True when the record is in use; inactive records are kept for history.' }) active!: boolean;
  @Field(() => [ApprovalTierType], { description: 'Tiers in ascending amount order.' }) tiers!: ApprovalTierType[];
}

@InputType({ description: 'Roles and count of approvals a tier needs.' })
export class ApprovalRequirementInput {
  @Field(() => Int, { description: 'Id of the role.', nullable: true }) roleId?: number | null;
  @Field(() => Int, { description: 'Number of records.', nullable: true }) count?: number | null;
}

@InputType({ description: 'One amount tier of an approval policy.' })
export class ApprovalTierInput {
  @Field(() => DecimalScalar, { description: 'Smallest amount this tier covers (decimal string).', nullable: true }) minAmount?: string | null;
  @Field(() => DecimalScalar, { description: 'Largest amount this tier covers (decimal string), or null for no limit.', nullable: true }) maxAmount?: string | null;
  @Field(() => [ApprovalRequirementInput], { description: 'Approvals a loan in this tier needs.', nullable: true }) approvals?: ApprovalRequirementInput[] | null;
}

@InputType({ description: 'Fields of an approval policy to change: any subset.' })
export class UpdateApprovalPolicyInput {
  @Field(() => String, { description: 'Display name.', nullable: true }) name?: string | null;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description?: string | null;
  @Field(() => Int, { description: 'Id of the loan product the policy applies to.', nullable: true }) productId?: number | null;
  @Field(() => Boolean, { description: 'True for the default choice.', nullable: true }) isDefault?: boolean | null;
  @Field(() => Boolean, { description: 'True when the record is in use; inactive records are kept for history.', nullable: true }) active?: boolean | null;
  @Field(() => [ApprovalTierInput], { description: 'Tiers in ascending amount order.', nullable: true }) tiers?: ApprovalTierInput[] | null;
}

/** The update's fields, with the ones the service's create validator always requires non-null. */
@InputType({ description: 'An approval policy for a loan product.' })
export class CreateApprovalPolicyInput extends UpdateApprovalPolicyInput {
  @Field(() => String, { description: 'Display name.' }) override name!: string;
  @Field(() => [ApprovalTierInput], { description: 'Tiers in ascending amount order (at least one).' }) override tiers!: ApprovalTierInput[];
}

@ObjectType('ApprovalQueueItem', { description: 'A loan waiting for an approval the caller can give.' })
export class ApprovalQueueItemType {
  @Field(() => Int, { description: 'Id of the loan concerned.' }) loanId!: number;
  @Field({ description: 'Account number shown to customers (a 10-digit NUBAN for deposit accounts).' }) accountNo!: string;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => DecimalScalar, { description: 'Principal amount (decimal string) in the loan\'s currency.' }) principal!: string;
  @Field(() => LoanApprovalsType, { description: 'Approvals recorded so far.' }) approvals!: LoanApprovalsType;
}

@InputType({ description: 'Fields of a delinquency range to change: any subset.' })
export class UpdateDelinquencyRangeInput {
  @Field(() => String, { description: 'Classification of the record (a code value label).', nullable: true }) classification?: string | null;
  @Field(() => Int, { description: 'Days overdue at which the range starts.', nullable: true }) minimumAgeDays?: number | null;
  @Field(() => Int, { description: 'Days overdue at which the range ends, or null for open-ended.', nullable: true }) maximumAgeDays?: number | null;
  @Field(() => String, { description: 'Fineract\'s locale of the request, e.g. "en".', nullable: true }) locale?: string | null;
}

/** The update's fields, with the ones the service's create validator always requires non-null. */
@InputType({ description: 'A delinquency range: a band of days overdue with its classification.' })
export class CreateDelinquencyRangeInput extends UpdateDelinquencyRangeInput {
  @Field(() => String, { description: 'Classification of the record (a code value label).' }) override classification!: string;
  @Field(() => Int, { description: 'Days overdue at which the range starts.' }) override minimumAgeDays!: number;
}

@ObjectType('DelinquencyBucket', { description: 'A named set of delinquency ranges assigned to loan products.' })
export class DelinquencyBucketType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => [DelinquencyRangeType], { description: 'The ranges, in order.' }) ranges!: DelinquencyRangeType[];
}

@InputType({ description: 'Fields of a delinquency bucket to change: any subset.' })
export class UpdateDelinquencyBucketInput {
  @Field(() => String, { description: 'Display name.', nullable: true }) name?: string | null;
  @Field(() => [Int], { description: 'The ranges, in order.', nullable: true }) ranges?: number[] | null;
}

/** The update's fields, with the ones the service's create validator always requires non-null. */
@InputType({ description: 'A delinquency bucket: a named, ordered set of delinquency ranges.' })
export class CreateDelinquencyBucketInput extends UpdateDelinquencyBucketInput {
  @Field(() => String, { description: 'Display name.' }) override name!: string;
  @Field(() => [Int], { description: 'The ranges, in order (at least one).' }) override ranges!: number[];
}

@ObjectType('SchedulerJob', { description: 'A background job (interest posting, delinquency, ...) and its last run.' })
export class SchedulerJobType {
  @Field(() => Int, { description: 'Id of the scheduler job.' }) jobId!: number;
  @Field({ description: 'Name to display: the person\'s names joined, or the entity\'s full name.' }) displayName!: string;
  @Field({ description: 'Short code (up to 4 characters) shown in lists and account numbers.' }) shortName!: string;
  @Field({ description: 'True when the record is in use; inactive records are kept for history.' }) active!: boolean;
  @Field({ description: 'True while the job runs.' }) currentlyRunning!: boolean;
  @Field(() => String, { description: 'When the job runs (cron syntax), or null when run only on demand.', nullable: true }) cronExpression!: string | null;
  @Field(() => LocalDateScalar, { description: 'Business date of the last run (YYYY-MM-DD), or null.', nullable: true }) lastRunBusinessDate!: string | null;
}

@ObjectType({ description: 'Outcome of running a scheduler job.' })
export class JobRunResult {
  @Field(() => Int, { description: 'Id of the scheduler job.' }) jobId!: number;
  @Field(() => LocalDateScalar, { description: 'Business date the job ran for (YYYY-MM-DD).' }) businessDate!: string;
  @Field(() => Int, { description: 'Number of loans whose delinquency was updated.' }) loansAged!: number;
}

export const LoanConnectionType = connectionType(LoanType, 'Loan', 'loan');
export const LoanTransactionConnectionType = connectionType(LoanTransactionType, 'LoanTransaction', 'loan transaction');
