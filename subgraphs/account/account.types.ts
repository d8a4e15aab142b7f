import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { connectionType } from '../kernel/connection.type.js';
import { declareParameterFields } from '../kernel/fineract-parameters.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';
import { AccountTypeEnum } from './account.enums.js';
import { SAVINGS_PRODUCT_PARAMETERS } from './savings-product.parameters.js';

/** Same shape as the ledger subgraph's Currency (shared across subgraphs). */
@Directive('@shareable')
@ObjectType('Currency', { description: 'A currency and how its amounts are shown (ISO 4217).' })
export class AccountCurrencyType {
  @Field({ description: 'ISO 4217 currency code, e.g. "NGN".' }) code!: string;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => Int, { description: 'Decimal places amounts in this currency are kept to.' }) decimalPlaces!: number;
  @Field(() => Int, { description: 'Amounts are rounded to multiples of this many currency units; null or 0 for no rounding.', nullable: true }) inMultiplesOf!: number | null;
  @Field(() => String, { description: 'Symbol to show before amounts, e.g. "₦", or null.', nullable: true }) displaySymbol!: string | null;
  @Field({ description: 'Fineract\'s message key for the currency name, e.g. "currency.NGN".' }) nameCode!: string;
  @Field({ description: 'Label to show, e.g. "Nigerian Naira (₦)".' }) displayLabel!: string;
}

@ObjectType('SavingsProduct', { description: 'A savings (GL 21101) or current (GL 21102) account product. Its interest settings are applied by interest posting.' })
export class SavingsProductType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field({ description: 'Short code (up to 4 characters) shown in lists and account numbers.' }) shortName!: string;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description!: string | null;
  @Field({ description: 'SAVINGS or CURRENT.' }) accountType!: string;
  @Field(() => AccountCurrencyType, { description: 'Currency of the amounts, with its display details.' }) currency!: AccountCurrencyType;
  @Field({ description: 'ISO 4217 currency code, e.g. "NGN".' }) currencyCode!: string;
  @Field(() => Int, { description: 'Decimal places amounts are kept to (0 to 6).' }) digitsAfterDecimal!: number;
  @Field(() => Int, { description: 'Amounts are rounded to multiples of this many currency units; null or 0 for no rounding.', nullable: true }) inMultiplesOf!: number | null;
  @Field(() => DecimalScalar, { description: 'Nominal annual interest rate in percent (decimal string, e.g. "5.5").' }) nominalAnnualInterestRate!: string;
  @Field(() => Int, { description: 'How often interest compounds: 1 daily, 4 monthly, 5 quarterly, 6 biannually, 7 annually.', nullable: true }) interestCompoundingPeriodType!: number | null;
  @Field(() => Int, { description: 'How often interest is posted: 1 daily, 4 monthly, 5 quarterly, 6 biannually, 7 annually.', nullable: true }) interestPostingPeriodType!: number | null;
  @Field(() => Int, { description: 'Balance interest is computed on: 1 daily balance, 2 average daily balance.', nullable: true }) interestCalculationType!: number | null;
  @Field(() => Int, { description: 'Days in the interest year: 360 or 365.', nullable: true }) interestCalculationDaysInYearType!: number | null;
  @Field(() => DecimalScalar, { description: 'Balance that must stay in the account (decimal string), or null.', nullable: true }) minRequiredBalance!: string | null;
  @Field({ description: 'True when withdrawals that would go below minRequiredBalance are refused.' }) enforceMinRequiredBalance!: boolean;
  @Field({ description: 'True when the account may go below zero, down to -overdraftLimit.' }) allowOverdraft!: boolean;
  @Field(() => DecimalScalar, { description: 'Largest negative balance allowed (decimal string) when allowOverdraft is true, or null.', nullable: true }) overdraftLimit!: string | null;
  @Field(() => EnumOption, { description: 'Accounting rule: 1 none, 2 cash based, 3 accrual (periodic), 4 accrual (upfront).' }) accountingRule!: EnumOption;
  @Field({ description: 'True when customers may apply for it themselves (POST /self/savingsaccounts).' }) allowSelfService!: boolean;
}
declareParameterFields(SavingsProductType, SAVINGS_PRODUCT_PARAMETERS);

@ObjectType('SavingsProductTemplate', { description: "Fineract's GET /savingsproducts/template option lists and defaults." })
export class SavingsProductTemplateType {
  @Field(() => EnumOption, { description: 'How often interest compounds: 1 daily, 4 monthly, 5 quarterly, 6 biannually, 7 annually.' }) interestCompoundingPeriodType!: EnumOption;
  @Field(() => EnumOption, { description: 'How often interest is posted: 1 daily, 4 monthly, 5 quarterly, 6 biannually, 7 annually.' }) interestPostingPeriodType!: EnumOption;
  @Field(() => EnumOption, { description: 'Balance interest is computed on: 1 daily balance, 2 average daily balance.' }) interestCalculationType!: EnumOption;
  @Field(() => EnumOption, { description: 'Days in the interest year: 360 or 365.' }) interestCalculationDaysInYearType!: EnumOption;
  @Field(() => EnumOption, { description: 'Accounting rule: 1 none, 2 cash based, 3 accrual (periodic), 4 accrual (upfront).' }) accountingRule!: EnumOption;
  @Field(() => [EnumOption], { description: 'Choices for interestCompoundingPeriodType.' }) interestCompoundingPeriodTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for interestPostingPeriodType.' }) interestPostingPeriodTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for interestCalculationType.' }) interestCalculationTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for interestCalculationDaysInYearType.' }) interestCalculationDaysInYearTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for lockinPeriodFrequencyType.' }) lockinPeriodFrequencyTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Choices for accountingRule.' }) accountingRuleOptions!: EnumOption[];
}

@ObjectType({ description: 'The savings product after an update, and what changed.' })
export class SavingsProductChangePayload {
  @Field(() => SavingsProductType, { description: 'The product after the update.' }) savingsProduct!: SavingsProductType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@InputType({ description: 'Fields of a savings or current product to change, as Fineract\'s PUT /savingsproducts/{id} body: any subset.' })
export class UpdateSavingsProductInput {
  @Field(() => String, { description: 'Display name.', nullable: true }) name?: string | null;
  @Field(() => String, { description: 'Short code (up to 4 characters) shown in lists and account numbers.', nullable: true }) shortName?: string | null;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true, description: 'SAVINGS (default) or CURRENT.' }) accountType?: string | null;
  @Field(() => AccountTypeEnum, { nullable: true, description: 'Kind of product as the enum: give this or accountType (both must then agree).' }) accountTypeEnum?: AccountTypeEnum | null;
  @Field(() => String, { description: 'ISO 4217 currency code, e.g. "NGN".', nullable: true }) currencyCode?: string | null;
  @Field(() => Int, { description: 'Decimal places amounts are kept to (0 to 6).', nullable: true }) digitsAfterDecimal?: number | null;
  @Field(() => Int, { description: 'Amounts are rounded to multiples of this many currency units; null or 0 for no rounding.', nullable: true }) inMultiplesOf?: number | null;
  @Field(() => DecimalScalar, { description: 'Nominal annual interest rate in percent (decimal string, e.g. "5.5").', nullable: true }) nominalAnnualInterestRate?: string | null;
  @Field(() => Int, { description: 'How often interest compounds: 1 daily, 4 monthly, 5 quarterly, 6 biannually, 7 annually.', nullable: true }) interestCompoundingPeriodType?: number | null;
  @Field(() => Int, { description: 'How often interest is posted: 4 monthly, 5 quarterly, 6 biannually, 7 annually.', nullable: true }) interestPostingPeriodType?: number | null;
  @Field(() => Int, { description: 'Balance interest is computed on: 1 daily balance, 2 average daily balance.', nullable: true }) interestCalculationType?: number | null;
  @Field(() => Int, { description: 'Days in the interest year: 360 or 365.', nullable: true }) interestCalculationDaysInYearType?: number | null;
  @Field(() => DecimalScalar, { description: 'Balance that must stay in the account (decimal string), or null.', nullable: true }) minRequiredBalance?: string | null;
  @Field(() => Boolean, { description: 'True when withdrawals that would go below minRequiredBalance are refused.', nullable: true }) enforceMinRequiredBalance?: boolean | null;
  @Field(() => Boolean, { description: 'True when the account may go below zero, down to -overdraftLimit.', nullable: true }) allowOverdraft?: boolean | null;
  @Field(() => DecimalScalar, { description: 'Largest negative balance allowed (decimal string) when allowOverdraft is true, or null.', nullable: true }) overdraftLimit?: string | null;
  @Field(() => Int, { nullable: true, description: '1 none, 2 cash based.' }) accountingRule?: number | null;
  @Field(() => Boolean, { description: 'True when customers may apply for it themselves (POST /self/savingsaccounts); false (the default) keeps it staff-only.', nullable: true }) allowSelfService?: boolean | null;
}
declareParameterFields(UpdateSavingsProductInput, SAVINGS_PRODUCT_PARAMETERS);

/** The update's fields, with the ones a new product cannot do without (the service's create validator) non-null. */
@InputType({ description: 'A new savings or current product, as Fineract\'s POST /savingsproducts body.' })
export class CreateSavingsProductInput extends UpdateSavingsProductInput {
  @Field(() => String, { description: 'Display name.' }) override name!: string;
  @Field(() => String, { description: 'Short code (up to 4 characters) shown in lists and account numbers.' }) override shortName!: string;
  @Field(() => String, { description: 'ISO 4217 currency code, e.g. "NGN".' }) override currencyCode!: string;
  @Field(() => Int, { description: 'Decimal places amounts are kept to (0 to 6).' }) override digitsAfterDecimal!: number;
}

@ObjectType('SavingsAccountStatus', { description: 'Status of a savings or current account, with Fineract\'s boolean flags for each state.' })
export class SavingsAccountStatusType {
  @Field(() => Int, { description: 'Fineract\'s numeric id of this choice (what REST payloads send).' }) id!: number;
  @Field({ description: 'Stable machine-readable code (use this, not `value`, in client logic).' }) code!: string;
  @Field({ description: 'Human-readable label in English.' }) value!: string;
  @Field({ description: 'True while submitted and waiting for approval.' }) submittedAndPendingApproval!: boolean;
  @Field({ description: 'True once approved and not yet active.' }) approved!: boolean;
  @Field({ description: 'True when the application was rejected.' }) rejected!: boolean;
  @Field({ description: 'True when the applicant withdrew.' }) withdrawnByApplicant!: boolean;
  @Field({ description: 'True while the account is active (transactions accepted).' }) active!: boolean;
  @Field({ description: 'True once the account is closed.' }) closed!: boolean;
}

@ObjectType('SavingsAccountSubStatus', { description: 'Blocks on an account (none, blocked, debits or credits blocked), with a flag per block.' })
export class SavingsAccountSubStatusType {
  @Field(() => Int, { description: 'Fineract\'s numeric id of this choice (what REST payloads send).' }) id!: number;
  @Field({ description: 'Stable machine-readable code (use this, not `value`, in client logic).' }) code!: string;
  @Field({ description: 'Human-readable label in English.' }) value!: string;
  @Field({ description: 'True when the whole account is blocked.' }) block!: boolean;
  @Field({ description: 'True when debits are blocked.' }) blockDebit!: boolean;
  @Field({ description: 'True when credits are blocked.' }) blockCredit!: boolean;
}

@ObjectType('SavingsAccountTimeline', { description: 'Dates of an account\'s lifecycle steps.' })
export class SavingsAccountTimelineType {
  @Field(() => LocalDateScalar, { description: 'Day the application was submitted (YYYY-MM-DD).' }) submittedOnDate!: string;
  @Field(() => LocalDateScalar, { description: 'Day it was approved (YYYY-MM-DD), or null.', nullable: true }) approvedOnDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day it was activated (YYYY-MM-DD), or null.', nullable: true }) activatedOnDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day it was closed (YYYY-MM-DD), or null.', nullable: true }) closedOnDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day it was rejected (YYYY-MM-DD), or null.', nullable: true }) rejectedOnDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the applicant withdrew it (YYYY-MM-DD), or null.', nullable: true }) withdrawnOnDate!: string | null;
}

@ObjectType('SavingsAccountSummary', { description: 'Running totals of a savings or current account (decimal strings).' })
export class SavingsAccountSummaryType {
  @Field(() => AccountCurrencyType, { description: 'Currency of the amounts, with its display details.' }) currency!: AccountCurrencyType;
  @Field(() => DecimalScalar, { description: 'Ledger balance (decimal string), including held amounts.' }) accountBalance!: string;
  @Field(() => DecimalScalar, { description: 'accountBalance less amounts on hold (pending checker approval).' }) availableBalance!: string;
  @Field(() => DecimalScalar, { description: 'Sum of deposits, reversed ones excluded (decimal string).' }) totalDeposits!: string;
  @Field(() => DecimalScalar, { description: 'Sum of withdrawals, reversed ones excluded (decimal string).' }) totalWithdrawals!: string;
  @Field(() => DecimalScalar, { description: 'Amount held (e.g. inter-bank transfers awaiting settlement), not available (decimal string).' }) onHoldAmount!: string;
}

/** The customer subgraph's Client; this subgraph contributes `savingsAccounts`. */
@Directive('@key(fields: "id")')
@ObjectType('Client')
export class ClientAccountsType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
}

@ObjectType('SavingsPaymentTypeRef', { description: 'The payment type (cash, transfer, cheque, ...) of a transaction.' })
export class SavingsPaymentTypeRefType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => String, { description: 'Display name.', nullable: true }) name!: string | null;
}

@ObjectType('SavingsPaymentDetail', { description: "How a savings transaction was paid (Fineract's paymentDetailData)." })
export class SavingsPaymentDetailType {
  @Field(() => SavingsPaymentTypeRefType, { description: 'Payment type (cash, transfer, cheque, ...), or null.' }) paymentType!: SavingsPaymentTypeRefType;
  @Field(() => String, { description: 'Account number (a 10-digit NUBAN for deposit accounts).', nullable: true }) accountNumber!: string | null;
  @Field(() => String, { description: 'Cheque number of the payment, or null.', nullable: true }) checkNumber!: string | null;
  @Field(() => String, { description: 'Payment routing code, or null.', nullable: true }) routingCode!: string | null;
  @Field(() => String, { description: 'Receipt number of the payment, or null.', nullable: true }) receiptNumber!: string | null;
  @Field(() => String, { description: 'Bank number (sort code) of the payment, or null.', nullable: true }) bankNumber!: string | null;
}

@ObjectType('SavingsTransactionTypeOption', { description: 'Kind of savings transaction as Fineract\'s `{id, code, value}` with a flag per kind.' })
export class SavingsTransactionTypeOption {
  @Field(() => Int, { description: 'Fineract\'s numeric id of this choice (what REST payloads send).' }) id!: number;
  @Field({ description: 'Stable machine-readable code (use this, not `value`, in client logic).' }) code!: string;
  @Field({ description: 'Human-readable label in English.' }) value!: string;
  @Field({ description: 'True for a deposit.' }) deposit!: boolean;
  @Field({ description: 'True for a withdrawal.' }) withdrawal!: boolean;
}

@ObjectType('SavingsTransaction', { description: 'One deposit or withdrawal (transfer legs included); a reversed one stays listed with reversed true.' })
export class SavingsTransactionType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => SavingsTransactionTypeOption, { description: 'Kind of transaction as Fineract\'s `{id, code, value}` object.' }) transactionType!: SavingsTransactionTypeOption;
  @Field({ description: 'CREDIT or DEBIT.' }) entryType!: string;
  @Field(() => Int, { description: 'Id of the account concerned.' }) accountId!: number;
  @Field({ description: 'Account number shown to customers (a 10-digit NUBAN for deposit accounts).' }) accountNo!: string;
  @Field(() => LocalDateScalar, { description: 'Calendar day (YYYY-MM-DD) the record takes effect, in the tenant\'s business calendar.' }) date!: string;
  @Field(() => LocalDateScalar, { description: 'Day the application was submitted (YYYY-MM-DD).' }) submittedOnDate!: string;
  @Field(() => AccountCurrencyType, { description: 'Currency of the amounts, with its display details.' }) currency!: AccountCurrencyType;
  @Field(() => SavingsPaymentDetailType, { description: 'Payment details (payment type, receipt, cheque numbers), or null.', nullable: true }) paymentDetailData!: SavingsPaymentDetailType | null;
  @Field(() => DecimalScalar, { description: 'Amount in the record\'s currency, an exact decimal string (e.g. "1500.00").' }) amount!: string;
  @Field(() => DecimalScalar, { description: 'Account balance after this transaction (decimal string).' }) runningBalance!: string;
  @Field({ description: 'True when the transaction was reversed; a reversed transaction no longer counts in balances.' }) reversed!: boolean;
  @Field(() => String, { description: 'Free-text narrative shown on statements.', nullable: true }) narrative!: string | null;
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note!: string | null;
  @Field(() => Int, { description: 'Id of the account transfer this transaction belongs to, or null.', nullable: true }) transferId!: number | null;
}

@ObjectType('SavingsTransactionPage', { description: 'A page of an account\'s transactions, newest first.' })
export class SavingsTransactionPageType {
  @Field(() => Int, { description: 'How many records match the filters in all (not only this page).' }) totalFilteredRecords!: number;
  @Field(() => [SavingsTransactionType], { description: 'The records of this page, in the requested order.' }) pageItems!: SavingsTransactionType[];
}

@Directive('@key(fields: "id")')
@ObjectType('SavingsAccount', { description: 'A savings or current account with its 10-digit NUBAN account number.' })
export class SavingsAccountType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Account number shown to customers (a 10-digit NUBAN for deposit accounts).' }) accountNo!: string;
  @Field(() => String, { description: 'Caller-supplied reference, unique per tenant; null when none was given.', nullable: true }) externalId!: string | null;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field(() => String, { description: 'Display name of the client (customer) concerned.', nullable: true }) clientName!: string | null;
  @Field(() => ClientAccountsType, { description: 'The client concerned.' }) client!: ClientAccountsType;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => Int, { description: 'Id of the product the account was opened from.' }) savingsProductId!: number;
  @Field({ description: 'Name of the product the account was opened from.' }) savingsProductName!: string;
  @Field(() => Int, { description: 'Id of the product the account was opened from.' }) productId!: number;
  @Field({ description: 'Name of the product the account was opened from.' }) productName!: string;
  @Field({ description: 'Short name of the product.' }) shortProductName!: string;
  @Field({ description: 'SAVINGS or CURRENT.' }) accountType!: string;
  @Field(() => EnumOption, { description: 'Fineract\'s deposit type: 100 savings.' }) depositType!: EnumOption;
  @Field(() => SavingsAccountStatusType, { description: 'Lifecycle status (see the type for its codes and flags).' }) status!: SavingsAccountStatusType;
  @Field(() => SavingsAccountSubStatusType, { description: 'Blocks on the account.' }) subStatus!: SavingsAccountSubStatusType;
  @Field(() => SavingsAccountTimelineType, { description: 'Dates of the record\'s lifecycle steps and who did them.' }) timeline!: SavingsAccountTimelineType;
  @Field(() => AccountCurrencyType, { description: 'Currency of the amounts, with its display details.' }) currency!: AccountCurrencyType;
  @Field(() => DecimalScalar, { description: 'Nominal annual interest rate in percent (decimal string, e.g. "5.5").' }) nominalAnnualInterestRate!: string;
  @Field({ description: 'True when the account may go below zero, down to -overdraftLimit.' }) allowOverdraft!: boolean;
  @Field(() => DecimalScalar, { description: 'Largest negative balance allowed (decimal string) when allowOverdraft is true, or null.' }) overdraftLimit!: string;
  @Field(() => DecimalScalar, { description: 'Balance that must stay in the account (decimal string), or null.', nullable: true }) minRequiredBalance!: string | null;
  @Field({ description: 'True when withdrawals that would go below minRequiredBalance are refused.' }) enforceMinRequiredBalance!: boolean;
  @Field(() => DecimalScalar, { description: 'Ledger balance (decimal string), including held amounts.' }) accountBalance!: string;
  @Field(() => DecimalScalar, { description: 'Balance the customer may use now (decimal string), after holds.' }) availableBalance!: string;
  @Field(() => SavingsAccountSummaryType, { description: 'Totals of the account (decimal strings).' }) summary!: SavingsAccountSummaryType;
}

@ObjectType('SavingsAccountPage', { description: 'A page of savings and current accounts.' })
export class SavingsAccountPageType {
  @Field(() => Int, { description: 'How many records match the filters in all (not only this page).' }) totalFilteredRecords!: number;
  @Field(() => [SavingsAccountType], { description: 'The records of this page, in the requested order.' }) pageItems!: SavingsAccountType[];
}

@InputType({ description: 'A savings or current account application, as Fineract\'s POST /savingsaccounts body.' })
export class CreateSavingsAccountInput {
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field(() => Int, { description: 'Id of the product the account was opened from.' }) productId!: number;
  @Field(() => LocalDateScalar, { description: 'Day the application was submitted (YYYY-MM-DD).' }) submittedOnDate!: string;
  @Field(() => String, { description: 'Caller-supplied reference, unique per tenant; null when none was given.', nullable: true }) externalId?: string | null;
  @Field(() => Boolean, { description: 'True when the account may go below zero, down to -overdraftLimit.', nullable: true }) allowOverdraft?: boolean | null;
  @Field(() => DecimalScalar, { description: 'Largest negative balance allowed (decimal string) when allowOverdraft is true, or null.', nullable: true }) overdraftLimit?: string | null;
  @Field(() => DecimalScalar, { description: 'Nominal annual interest rate in percent (decimal string, e.g. "5.5").', nullable: true }) nominalAnnualInterestRate?: string | null;
  @Field(() => DecimalScalar, { description: 'Balance that must stay in the account (decimal string), or null.', nullable: true }) minRequiredBalance?: string | null;
  @Field(() => Boolean, { description: 'True when withdrawals that would go below minRequiredBalance are refused.', nullable: true }) enforceMinRequiredBalance?: boolean | null;
  // Sent by Fineract's web client with every application; accepted so its bodies pass, not used yet
  // (interest, lock-in and withholding tax are later issues).
  @Field(() => Int, { nullable: true, description: 'Accepted for Fineract clients; the field officer is the client\'s staff.' }) fieldOfficerId?: number | null;
  @Field(() => Int, { nullable: true, description: 'The account follows its product: only the product\'s value (1 daily when it names none) is accepted; another is 400 `error.msg.savingsaccount.interestCompoundingPeriodType.not.supported`.' }) interestCompoundingPeriodType?: number | null;
  @Field(() => Int, { nullable: true, description: 'The account follows its product: only the product\'s value (4 monthly when it names none) is accepted; another is 400 `error.msg.savingsaccount.interestPostingPeriodType.not.supported`.' }) interestPostingPeriodType?: number | null;
  @Field(() => Int, { nullable: true, description: 'The account follows its product: only the product\'s value (1 daily balance when it names none) is accepted.' }) interestCalculationType?: number | null;
  @Field(() => Int, { nullable: true, description: 'The account follows its product: only the product\'s value (365 when it names none) is accepted.' }) interestCalculationDaysInYearType?: number | null;
  @Field(() => DecimalScalar, { nullable: true, description: 'Accepted for Fineract clients; not used yet.' }) minRequiredOpeningBalance?: string | null;
  @Field(() => Int, { nullable: true, description: 'Accepted for Fineract clients; not used yet.' }) lockinPeriodFrequency?: number | null;
  @Field(() => Int, { nullable: true, description: 'Accepted for Fineract clients; not used yet.' }) lockinPeriodFrequencyType?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'Accepted for Fineract clients; not used yet.' }) withdrawalFeeForTransfers?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Accepted for Fineract clients; not used yet.' }) withHoldTax?: boolean | null;
  @Field(() => String, { nullable: true, description: 'Accepted for Fineract clients; not used.' }) monthDayFormat?: string | null;
  @Field(() => [GraphQLJSONObject], { nullable: true, description: 'Fineract\'s charges, [{chargeId, amount, dueDate, feeOnMonthDay, feeInterval}] (dates yyyy-MM-dd); left out, the product\'s charges.' }) charges?: Record<string, unknown>[] | null;
}

@InputType({ description: 'Approval of a savings account application.' })
export class ApproveSavingsAccountInput {
  @Field(() => LocalDateScalar, { description: 'Day it was approved (YYYY-MM-DD), or null.', nullable: true }) approvedOnDate?: string | null;
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note?: string | null;
}

@InputType({ description: 'Activation of an approved savings account.' })
export class ActivateSavingsAccountInput {
  @Field(() => LocalDateScalar, { nullable: true, description: 'The business date when absent.' }) activatedOnDate?: string | null;
}

@InputType({ description: 'Rejection of a savings account application.' })
export class RejectSavingsAccountInput {
  @Field(() => LocalDateScalar, { description: 'Day it was rejected (YYYY-MM-DD), or null.', nullable: true }) rejectedOnDate?: string | null;
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note?: string | null;
}

@InputType({ description: 'The applicant\'s withdrawal of a savings account application.' })
export class WithdrawSavingsApplicationInput {
  @Field(() => LocalDateScalar, { description: 'Day the applicant withdrew it (YYYY-MM-DD), or null.', nullable: true }) withdrawnOnDate?: string | null;
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note?: string | null;
}

@InputType({ description: 'Closure of a savings account.' })
export class CloseSavingsAccountInput {
  @Field(() => LocalDateScalar, { description: 'Day it was closed (YYYY-MM-DD), or null.', nullable: true }) closedOnDate?: string | null;
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note?: string | null;
}

@ObjectType({ description: 'The account after a command, and what changed (Fineract\'s `changes`).' })
export class SavingsAccountChangePayload {
  @Field(() => SavingsAccountType, { description: 'The savings or current account concerned.' }) savingsAccount!: SavingsAccountType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@InputType({ description: 'A deposit or withdrawal, as Fineract\'s POST /savingsaccounts/{id}/transactions body.' })
export class SavingsTransactionInput {
  @Field(() => LocalDateScalar, { description: 'Business day of the transaction (YYYY-MM-DD).' }) transactionDate!: string;
  @Field(() => DecimalScalar, { description: 'Amount of the transaction (decimal string).' }) transactionAmount!: string;
  @Field(() => Int, { description: 'Id of the payment type (cash, transfer, cheque, ...).' }) paymentTypeId!: number;
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note?: string | null;
  @Field(() => String, { description: 'Receipt number of the payment, or null.', nullable: true }) receiptNumber?: string | null;
  @Field(() => String, { description: 'Cheque number of the payment, or null.', nullable: true }) checkNumber?: string | null;
  @Field(() => String, { description: 'Account number (a 10-digit NUBAN for deposit accounts).', nullable: true }) accountNumber?: string | null;
  @Field(() => String, { description: 'Payment routing code, or null.', nullable: true }) routingCode?: string | null;
  @Field(() => String, { description: 'Bank number (sort code) of the payment, or null.', nullable: true }) bankNumber?: string | null;
}

@ObjectType('SavingsTransactionResult', { description: 'An executed transaction (resourceId) or, above the teller ceiling, a maker-checker entry (commandId).' })
export class SavingsTransactionResultType {
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field(() => Int, { description: 'Id of the savings or current account concerned.' }) savingsId!: number;
  @Field(() => Int, { description: 'Id of the record the command created or changed (Fineract\'s `resourceId`).', nullable: true }) resourceId!: number | null;
  @Field(() => Int, { description: 'Id of the maker-checker request when the transaction awaits approval, else null.', nullable: true }) commandId!: number | null;
  @Field(() => SavingsTransactionType, { description: 'The transaction posted, or null while it awaits approval.', nullable: true }) transaction!: SavingsTransactionType | null;
  @Field(() => SavingsAccountType, { description: 'The savings or current account concerned.' }) savingsAccount!: SavingsAccountType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@ObjectType('SavingsReference', { description: 'A referee (reference person) named for a savings account.' })
export class SavingsReferenceType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of the savings or current account concerned.' }) savingsId!: number;
  @Field({ description: 'Name of the customer\'s referee.' }) refereeName!: string;
  @Field(() => String, { description: 'Account number of the customer\'s referee.', nullable: true }) refereeAccountNo!: string | null;
  @Field(() => String, { description: 'Bank of the customer\'s referee.', nullable: true }) refereeBank!: string | null;
  @Field({ description: 'Phone number of the customer\'s referee.' }) refereePhone!: string;
  @Field(() => String, { description: 'E-mail of the customer\'s referee, or null.', nullable: true }) refereeEmail!: string | null;
  @Field(() => String, { description: 'Address of the customer\'s referee.', nullable: true }) refereeAddress!: string | null;
  @Field({ description: 'How the referee knows the customer.' }) relationship!: string;
}

@ObjectType({ description: 'The referee after an update, and what changed.' })
export class SavingsReferenceChangePayload {
  @Field(() => SavingsReferenceType, { description: 'The referee after the command.' }) reference!: SavingsReferenceType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@InputType({ description: 'Fields of a savings account referee to change: any subset.' })
export class UpdateSavingsReferenceInput {
  @Field(() => String, { description: 'Name of the customer\'s referee.', nullable: true }) refereeName?: string | null;
  @Field(() => String, { description: 'Account number of the customer\'s referee.', nullable: true }) refereeAccountNo?: string | null;
  @Field(() => String, { description: 'Bank of the customer\'s referee.', nullable: true }) refereeBank?: string | null;
  @Field(() => String, { description: 'Phone number of the customer\'s referee.', nullable: true }) refereePhone?: string | null;
  @Field(() => String, { description: 'E-mail of the customer\'s referee, or null.', nullable: true }) refereeEmail?: string | null;
  @Field(() => String, { description: 'Address of the customer\'s referee.', nullable: true }) refereeAddress?: string | null;
  @Field(() => String, { description: 'How the referee knows the customer.', nullable: true }) relationship?: string | null;
}

/** The update's fields, with the ones a new referee cannot do without (the service's create validator) non-null. */
@InputType({ description: 'A new referee of a savings account.' })
export class CreateSavingsReferenceInput extends UpdateSavingsReferenceInput {
  @Field(() => String, { description: 'Name of the customer\'s referee.' }) override refereeName!: string;
  @Field(() => String, { description: 'Phone number of the customer\'s referee.' }) override refereePhone!: string;
  @Field(() => String, { description: 'How the referee knows the customer.' }) override relationship!: string;
}

@ObjectType('AccountTransferAccountRef', { description: 'One side (debited or credited account) of an account transfer.' })
export class AccountTransferAccountRefType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Account number shown to customers (a 10-digit NUBAN for deposit accounts).' }) accountNo!: string;
}

@ObjectType('AccountTransfer', { description: 'A transfer between two accounts of this bank: one debit and one credit, posted together.' })
export class AccountTransferType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Office of the debited account.' }) fromOfficeId!: number;
  @Field(() => Int, { description: 'Client owning the debited account.' }) fromClientId!: number;
  @Field(() => EnumOption, { description: 'Type of the debited account: 1 loan, 2 savings (Fineract\'s codes).' }) fromAccountType!: EnumOption;
  @Field(() => AccountTransferAccountRefType, { description: 'The debited account.' }) fromAccount!: AccountTransferAccountRefType;
  @Field(() => Int, { description: 'Office of the credited account.' }) toOfficeId!: number;
  @Field(() => Int, { description: 'Client owning the credited account.' }) toClientId!: number;
  @Field(() => EnumOption, { description: 'Type of the credited account: 1 loan, 2 savings (Fineract\'s codes).' }) toAccountType!: EnumOption;
  @Field(() => AccountTransferAccountRefType, { description: 'The credited account.' }) toAccount!: AccountTransferAccountRefType;
  @Field(() => AccountCurrencyType, { description: 'Currency of the amounts, with its display details.' }) currency!: AccountCurrencyType;
  @Field(() => DecimalScalar, { description: 'Amount moved (decimal string) in the accounts\' currency.' }) transferAmount!: string;
  @Field(() => LocalDateScalar, { description: 'Day the transfer took effect (YYYY-MM-DD).' }) transferDate!: string;
  @Field(() => String, { description: 'Free-text description of the transfer.', nullable: true }) transferDescription!: string | null;
  @Field({ description: 'True when the transaction was reversed; a reversed transaction no longer counts in balances.' }) reversed!: boolean;
  @Field(() => Int, { description: 'Id of the withdrawal on the debited account.' }) fromTransactionId!: number;
  @Field(() => Int, { description: 'Id of the deposit on the credited account.' }) toTransactionId!: number;
}

@ObjectType('AccountTransferSubmission', { description: 'A submitted transfer: executed (resourceId, transfer) or, above the non-cash ceiling when enabled, held for a checker (commandId).' })
export class AccountTransferSubmissionType {
  @Field(() => Int, { description: 'The source account.' }) savingsId!: number;
  @Field(() => Int, { nullable: true, description: 'The transfer, when it executed.' }) resourceId!: number | null;
  @Field(() => Int, { nullable: true, description: 'The maker-checker entry, when it waits for a checker.' }) commandId!: number | null;
  @Field(() => AccountTransferType, { description: 'The transfer this belongs to, or null.', nullable: true }) transfer!: AccountTransferType | null;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@ObjectType('AccountTransferPage', { description: 'A page of account transfers.' })
export class AccountTransferPageType {
  @Field(() => Int, { description: 'How many records match the filters in all (not only this page).' }) totalFilteredRecords!: number;
  @Field(() => [AccountTransferType], { description: 'The records of this page, in the requested order.' }) pageItems!: AccountTransferType[];
}

@InputType({ description: 'A transfer between two accounts, as Fineract\'s POST /accounttransfers body.' })
export class AccountTransferInput {
  @Field(() => Int, { description: 'Office of the debited account.', nullable: true }) fromOfficeId?: number | null;
  @Field(() => Int, { description: 'Client owning the debited account.', nullable: true }) fromClientId?: number | null;
  @Field(() => Int, { description: 'Type of the debited account: 1 loan, 2 savings (Fineract\'s codes).', nullable: true }) fromAccountType?: number | null;
  @Field(() => Int, { description: 'Id of the debited account.' }) fromAccountId!: number;
  @Field(() => Int, { description: 'Office of the credited account.', nullable: true }) toOfficeId?: number | null;
  @Field(() => Int, { description: 'Client owning the credited account.', nullable: true }) toClientId?: number | null;
  @Field(() => Int, { description: 'Type of the credited account: 1 loan, 2 savings (Fineract\'s codes).', nullable: true }) toAccountType?: number | null;
  @Field(() => Int, { description: 'Id of the credited account.' }) toAccountId!: number;
  @Field(() => DecimalScalar, { description: 'Amount moved (decimal string) in the accounts\' currency.' }) transferAmount!: string;
  @Field(() => LocalDateScalar, { description: 'Day the transfer took effect (YYYY-MM-DD).' }) transferDate!: string;
  @Field(() => String, { description: 'Free-text description of the transfer.', nullable: true }) transferDescription?: string | null;
}

@ObjectType('MakerCheckerEntry', { description: "Fineract's maker-checker inbox entry: a cash withdrawal above the teller ceiling awaiting a checker." })
export class MakerCheckerEntryType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Action on the entity, e.g. "CREATE", "APPROVE", "DEPOSIT".' }) actionName!: string;
  @Field({ description: 'Kind of record the event or permission concerns, e.g. "CLIENT" or "SAVINGSACCOUNT".' }) entityName!: string;
  @Field(() => Int, { description: 'Id of the record the command created or changed (Fineract\'s `resourceId`).' }) resourceId!: number;
  @Field(() => Int, { description: 'Id of the savings or current account concerned.' }) savingsAccountId!: number;
  @Field(() => Int, { description: 'Id of the user who made the request.' }) makerId!: number;
  @Field(() => String, { description: 'User who made the request.', nullable: true }) maker!: string | null;
  @Field(() => LocalDateScalar, { description: 'Business day the request was made (YYYY-MM-DD).' }) madeOnDate!: string;
  @Field({ description: 'awaiting.approval, approved, rejected, deleted or expired.' }) processingResult!: string;
  @Field({ description: 'The request body, as JSON text.' }) commandAsJson!: string;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true }) officeName!: string | null;
  @Field({ description: 'Account number of the account concerned.' }) savingsAccountNo!: string;
  @Field(() => DecimalScalar, { description: 'Amount in the record\'s currency, an exact decimal string (e.g. "1500.00").' }) amount!: string;
  @Field(() => Int, { description: 'Id of the user who approved or rejected it, or null while awaiting.', nullable: true }) checkerId!: number | null;
  @Field(() => Int, { description: 'Id of the transaction concerned.', nullable: true }) transactionId!: number | null;
}

export const SavingsTransactionConnectionType = connectionType(SavingsTransactionType, 'SavingsTransaction', 'savings transaction');
export const SavingsAccountConnectionType = connectionType(SavingsAccountType, 'SavingsAccount', 'savings account');
