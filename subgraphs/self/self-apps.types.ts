import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';

/*
 * The shapes Fineract's own customer apps (the Mifos mobile app, the web self-service app) read on
 * /self paths (issue 42): dates of a record's lifecycle, a loan's totals and terms, recent transactions.
 */

@ObjectType('MyAccountTimeline', { description: 'Dates of one of my savings accounts\' lifecycle steps.' })
export class MyAccountTimelineType {
  @Field(() => LocalDateScalar, { description: 'Day the account was applied for (YYYY-MM-DD).' }) submittedOnDate!: string;
  @Field(() => LocalDateScalar, { description: 'Day it was approved (YYYY-MM-DD), or null.', nullable: true }) approvedOnDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day it was activated (YYYY-MM-DD), or null.', nullable: true }) activatedOnDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day it was closed (YYYY-MM-DD), or null.', nullable: true }) closedOnDate!: string | null;
}

@ObjectType('MyAccountBlocks', { description: 'Staff blocks on one of my accounts (Fineract\'s sub-status).' })
export class MyAccountBlocksType {
  @Field({ description: 'True when the whole account is blocked.' }) block!: boolean;
  @Field({ description: 'True when debits are blocked.' }) blockDebit!: boolean;
  @Field({ description: 'True when credits are blocked.' }) blockCredit!: boolean;
}

@ObjectType('MyLoanCurrency', { description: 'Currency of my loan.' })
export class MyLoanCurrencyType {
  @Field({ description: 'ISO 4217 currency code, e.g. "NGN".' }) code!: string;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => Int, { description: 'Decimal places amounts in this currency are kept to.' }) decimalPlaces!: number;
  @Field({ description: 'Label to show, e.g. "Nigerian Naira (₦)".' }) displayLabel!: string;
}

@ObjectType('MyLoanTerms', { description: 'The terms of my loan, as Fineract\'s `{id, code, value}` options.' })
export class MyLoanTermsType {
  @Field(() => Int, { description: 'Length of the term in termPeriodFrequencyType units.' }) termFrequency!: number;
  @Field(() => EnumOption, { description: 'Unit of the term: 0 days, 1 weeks, 2 months, 3 years.' }) termPeriodFrequencyType!: EnumOption;
  @Field(() => Int, { description: 'Number of instalments in the schedule.' }) numberOfRepayments!: number;
  @Field(() => Int, { description: 'Number of frequency units between repayments.' }) repaymentEvery!: number;
  @Field(() => EnumOption, { description: 'Unit of the repayment interval: 0 days, 1 weeks, 2 months.' }) repaymentFrequencyType!: EnumOption;
  @Field(() => DecimalScalar, { description: 'Nominal interest rate in percent per rate period (decimal string).' }) interestRatePerPeriod!: string;
  @Field(() => EnumOption, { description: 'Period the interest rate applies to: 2 per month, 3 per year.' }) interestRateFrequencyType!: EnumOption;
}

@ObjectType('MyLoanTimeline', { description: 'Dates of my loan\'s lifecycle steps.' })
export class MyLoanTimelineType {
  @Field(() => LocalDateScalar, { description: 'Day the application was submitted (YYYY-MM-DD).' }) submittedOnDate!: string;
  @Field(() => LocalDateScalar, { description: 'Day the money is expected to be paid out (YYYY-MM-DD), or null.', nullable: true }) expectedDisbursementDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day it was approved (YYYY-MM-DD), or null.', nullable: true }) approvedOnDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the money was paid out (YYYY-MM-DD), or null.', nullable: true }) actualDisbursementDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the applicant withdrew it (YYYY-MM-DD), or null.', nullable: true }) withdrawnOnDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day it was rejected (YYYY-MM-DD), or null.', nullable: true }) rejectedOnDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day it was closed (YYYY-MM-DD), or null.', nullable: true }) closedOnDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Due day of the last instalment (YYYY-MM-DD), or null before disbursement.', nullable: true }) expectedMaturityDate!: string | null;
}

@ObjectType('MyLoanSummary', { description: 'Totals of my disbursed loan (decimal strings).' })
export class MyLoanSummaryType {
  @Field(() => DecimalScalar, { description: 'Principal paid out (decimal string).' }) principalDisbursed!: string;
  @Field(() => DecimalScalar, { description: 'Principal repaid (decimal string).' }) principalPaid!: string;
  @Field(() => DecimalScalar, { description: 'Principal still owed (decimal string).' }) principalOutstanding!: string;
  @Field(() => DecimalScalar, { description: 'Interest charged over the schedule (decimal string).' }) interestCharged!: string;
  @Field(() => DecimalScalar, { description: 'Interest repaid (decimal string).' }) interestPaid!: string;
  @Field(() => DecimalScalar, { description: 'Interest still owed (decimal string).' }) interestOutstanding!: string;
  @Field(() => DecimalScalar, { description: 'Fees charged (decimal string).' }) feeChargesCharged!: string;
  @Field(() => DecimalScalar, { description: 'Penalties charged (decimal string).' }) penaltyChargesCharged!: string;
  @Field(() => DecimalScalar, { description: 'Everything to repay over the loan (decimal string).' }) totalExpectedRepayment!: string;
  @Field(() => DecimalScalar, { description: 'Total repaid so far (decimal string).' }) totalRepayment!: string;
  @Field(() => DecimalScalar, { description: 'Total still owed (decimal string).' }) totalOutstanding!: string;
  @Field(() => DecimalScalar, { description: 'Total due and unpaid whose due date has passed (decimal string).' }) totalOverdue!: string;
}

@ObjectType('MyRecentTransaction', { description: 'A transaction on one of my savings accounts, for the apps\' "Recent Transactions".' })
export class MyRecentTransactionType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of the savings account concerned.' }) accountId!: number;
  @Field({ description: 'Account number of the savings account concerned.' }) accountNo!: string;
  @Field(() => EnumOption, { description: 'Kind of transaction as Fineract\'s `{id, code, value}` object.' }) type!: EnumOption;
  @Field(() => LocalDateScalar, { description: 'Day the transaction took effect (YYYY-MM-DD).' }) date!: string;
  @Field(() => LocalDateScalar, { description: 'Day the transaction was entered (YYYY-MM-DD).' }) submittedOnDate!: string;
  @Field(() => DecimalScalar, { description: 'Amount (decimal string) in the account\'s currency.' }) amount!: string;
  @Field({ description: 'ISO 4217 currency code of the account, e.g. "NGN".' }) currencyCode!: string;
  @Field(() => Int, { description: 'Id of the office (branch) of the account.' }) officeId!: number;
  @Field({ description: 'Name of the office (branch) of the account.' }) officeName!: string;
  @Field({ description: 'True when the transaction was reversed.' }) reversed!: boolean;
}

@ObjectType('MyRecentTransactionPage', { description: 'A page of my recent transactions, newest first.' })
export class MyRecentTransactionPageType {
  @Field(() => Int, { description: 'How many records match in all (not only this page).' }) totalFilteredRecords!: number;
  @Field(() => [MyRecentTransactionType], { description: 'The records of this page, newest first.' }) pageItems!: MyRecentTransactionType[];
}

@ObjectType('MyLoanProductOption', { description: 'A loan product I may apply for: one I hold an unexpired offer of.' })
export class MyLoanProductOptionType {
  @Field(() => Int, { description: 'Id of the loan product.' }) id!: number;
  @Field({ description: 'Name of the loan product.' }) name!: string;
}

@ObjectType('MyLoanTemplateOptions', { description: 'A loan product\'s choices as Fineract\'s `{id, code, value}` options, as its loan template has them.' })
export class MyLoanTemplateOptionsType {
  @Field(() => EnumOption, { description: 'Unit of the term (the repayment unit).' }) termPeriodFrequencyType!: EnumOption;
  @Field(() => EnumOption, { description: 'Unit of the repayment interval.' }) repaymentFrequencyType!: EnumOption;
  @Field(() => EnumOption, { description: 'Period the interest rate applies to.' }) interestRateFrequencyType!: EnumOption;
  @Field(() => EnumOption, { description: 'How principal is repaid.' }) amortizationType!: EnumOption;
  @Field(() => EnumOption, { description: 'How interest is computed.' }) interestType!: EnumOption;
  @Field(() => EnumOption, { description: 'Interest calculation period.' }) interestCalculationPeriodType!: EnumOption;
}

@ObjectType('MyDeviceRegistration', { description: 'The push token a customer app registered for one of my clients.' })
export class MyDeviceRegistrationType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field({ description: 'The push token (e.g. a Firebase registration id).' }) registrationId!: string;
  @Field(() => LocalDateScalar, { description: 'Day the app last registered (YYYY-MM-DD).' }) updatedOnDate!: string;
}

@InputType('DeviceRegistrationInput', { description: 'POST /self/device/registration: a client and its app\'s push token.' })
export class DeviceRegistrationInputType {
  @Field(() => Int, { description: 'Id of one of my clients.', nullable: true }) clientId?: number | null;
  @Field(() => String, { description: 'The push token (at most 512 characters).', nullable: true }) registrationId?: string | null;
}
