import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { declareParameterFields } from '../kernel/fineract-parameters.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';
import { SAVINGS_PRODUCT_PARAMETERS } from './savings-product.parameters.js';

/** Same shape as the ledger subgraph's Currency (shared across subgraphs). */
@Directive('@shareable')
@ObjectType('Currency')
export class AccountCurrencyType {
  @Field() code!: string;
  @Field() name!: string;
  @Field(() => Int) decimalPlaces!: number;
  @Field(() => Int, { nullable: true }) inMultiplesOf!: number | null;
  @Field(() => String, { nullable: true }) displaySymbol!: string | null;
  @Field() nameCode!: string;
  @Field() displayLabel!: string;
}

@ObjectType('SavingsProduct', { description: 'A savings (GL 21101) or current (GL 21102) account product. Interest is stored, not yet posted.' })
export class SavingsProductType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field() shortName!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field({ description: 'SAVINGS or CURRENT.' }) accountType!: string;
  @Field(() => AccountCurrencyType) currency!: AccountCurrencyType;
  @Field() currencyCode!: string;
  @Field(() => Int) digitsAfterDecimal!: number;
  @Field(() => Int, { nullable: true }) inMultiplesOf!: number | null;
  @Field(() => DecimalScalar) nominalAnnualInterestRate!: string;
  @Field(() => Int, { nullable: true }) interestCompoundingPeriodType!: number | null;
  @Field(() => Int, { nullable: true }) interestPostingPeriodType!: number | null;
  @Field(() => Int, { nullable: true }) interestCalculationType!: number | null;
  @Field(() => Int, { nullable: true }) interestCalculationDaysInYearType!: number | null;
  @Field(() => DecimalScalar, { nullable: true }) minRequiredBalance!: string | null;
  @Field() enforceMinRequiredBalance!: boolean;
  @Field() allowOverdraft!: boolean;
  @Field(() => DecimalScalar, { nullable: true }) overdraftLimit!: string | null;
  @Field(() => EnumOption) accountingRule!: EnumOption;
}
declareParameterFields(SavingsProductType, SAVINGS_PRODUCT_PARAMETERS);

@ObjectType('SavingsProductTemplate', { description: "Fineract's GET /savingsproducts/template option lists and defaults." })
export class SavingsProductTemplateType {
  @Field(() => EnumOption) interestCompoundingPeriodType!: EnumOption;
  @Field(() => EnumOption) interestPostingPeriodType!: EnumOption;
  @Field(() => EnumOption) interestCalculationType!: EnumOption;
  @Field(() => EnumOption) interestCalculationDaysInYearType!: EnumOption;
  @Field(() => EnumOption) accountingRule!: EnumOption;
  @Field(() => [EnumOption]) interestCompoundingPeriodTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) interestPostingPeriodTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) interestCalculationTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) interestCalculationDaysInYearTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) lockinPeriodFrequencyTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) accountingRuleOptions!: EnumOption[];
}

@ObjectType()
export class SavingsProductChangePayload {
  @Field(() => SavingsProductType) savingsProduct!: SavingsProductType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@InputType()
export class SavingsProductInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) shortName?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true, description: 'SAVINGS (default) or CURRENT.' }) accountType?: string | null;
  @Field(() => String, { nullable: true }) currencyCode?: string | null;
  @Field(() => Int, { nullable: true }) digitsAfterDecimal?: number | null;
  @Field(() => Int, { nullable: true }) inMultiplesOf?: number | null;
  @Field(() => DecimalScalar, { nullable: true }) nominalAnnualInterestRate?: string | null;
  @Field(() => Int, { nullable: true }) interestCompoundingPeriodType?: number | null;
  @Field(() => Int, { nullable: true }) interestPostingPeriodType?: number | null;
  @Field(() => Int, { nullable: true }) interestCalculationType?: number | null;
  @Field(() => Int, { nullable: true }) interestCalculationDaysInYearType?: number | null;
  @Field(() => DecimalScalar, { nullable: true }) minRequiredBalance?: string | null;
  @Field(() => Boolean, { nullable: true }) enforceMinRequiredBalance?: boolean | null;
  @Field(() => Boolean, { nullable: true }) allowOverdraft?: boolean | null;
  @Field(() => DecimalScalar, { nullable: true }) overdraftLimit?: string | null;
  @Field(() => Int, { nullable: true, description: '1 none, 2 cash based.' }) accountingRule?: number | null;
}
declareParameterFields(SavingsProductInput, SAVINGS_PRODUCT_PARAMETERS);

@ObjectType('SavingsAccountStatus')
export class SavingsAccountStatusType {
  @Field(() => Int) id!: number;
  @Field() code!: string;
  @Field() value!: string;
  @Field() submittedAndPendingApproval!: boolean;
  @Field() approved!: boolean;
  @Field() rejected!: boolean;
  @Field() withdrawnByApplicant!: boolean;
  @Field() active!: boolean;
  @Field() closed!: boolean;
}

@ObjectType('SavingsAccountSubStatus')
export class SavingsAccountSubStatusType {
  @Field(() => Int) id!: number;
  @Field() code!: string;
  @Field() value!: string;
  @Field() block!: boolean;
  @Field() blockDebit!: boolean;
  @Field() blockCredit!: boolean;
}

@ObjectType('SavingsAccountTimeline')
export class SavingsAccountTimelineType {
  @Field(() => LocalDateScalar) submittedOnDate!: string;
  @Field(() => LocalDateScalar, { nullable: true }) approvedOnDate!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) activatedOnDate!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) closedOnDate!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) rejectedOnDate!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) withdrawnOnDate!: string | null;
}

@ObjectType('SavingsAccountSummary')
export class SavingsAccountSummaryType {
  @Field(() => AccountCurrencyType) currency!: AccountCurrencyType;
  @Field(() => DecimalScalar) accountBalance!: string;
  @Field(() => DecimalScalar, { description: 'accountBalance less amounts on hold (pending checker approval).' }) availableBalance!: string;
  @Field(() => DecimalScalar) totalDeposits!: string;
  @Field(() => DecimalScalar) totalWithdrawals!: string;
  @Field(() => DecimalScalar) onHoldAmount!: string;
}

/** The customer subgraph's Client; this subgraph contributes `savingsAccounts`. */
@Directive('@key(fields: "id")')
@ObjectType('Client')
export class ClientAccountsType {
  @Field(() => Int) id!: number;
}

@ObjectType('SavingsPaymentTypeRef')
export class SavingsPaymentTypeRefType {
  @Field(() => Int) id!: number;
  @Field(() => String, { nullable: true }) name!: string | null;
}

@ObjectType('SavingsPaymentDetail', { description: "How a savings transaction was paid (Fineract's paymentDetailData)." })
export class SavingsPaymentDetailType {
  @Field(() => SavingsPaymentTypeRefType) paymentType!: SavingsPaymentTypeRefType;
  @Field(() => String, { nullable: true }) accountNumber!: string | null;
  @Field(() => String, { nullable: true }) checkNumber!: string | null;
  @Field(() => String, { nullable: true }) routingCode!: string | null;
  @Field(() => String, { nullable: true }) receiptNumber!: string | null;
  @Field(() => String, { nullable: true }) bankNumber!: string | null;
}

@ObjectType('SavingsTransactionTypeOption')
export class SavingsTransactionTypeOption {
  @Field(() => Int) id!: number;
  @Field() code!: string;
  @Field() value!: string;
  @Field() deposit!: boolean;
  @Field() withdrawal!: boolean;
}

@ObjectType('SavingsTransaction', { description: 'One deposit or withdrawal (transfer legs included); a reversed one stays listed with reversed true.' })
export class SavingsTransactionType {
  @Field(() => Int) id!: number;
  @Field(() => SavingsTransactionTypeOption) transactionType!: SavingsTransactionTypeOption;
  @Field({ description: 'CREDIT or DEBIT.' }) entryType!: string;
  @Field(() => Int) accountId!: number;
  @Field() accountNo!: string;
  @Field(() => LocalDateScalar) date!: string;
  @Field(() => LocalDateScalar) submittedOnDate!: string;
  @Field(() => AccountCurrencyType) currency!: AccountCurrencyType;
  @Field(() => SavingsPaymentDetailType, { nullable: true }) paymentDetailData!: SavingsPaymentDetailType | null;
  @Field(() => DecimalScalar) amount!: string;
  @Field(() => DecimalScalar) runningBalance!: string;
  @Field() reversed!: boolean;
  @Field(() => String, { nullable: true }) narrative!: string | null;
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field(() => Int, { nullable: true }) transferId!: number | null;
}

@ObjectType('SavingsTransactionPage')
export class SavingsTransactionPageType {
  @Field(() => Int) totalFilteredRecords!: number;
  @Field(() => [SavingsTransactionType]) pageItems!: SavingsTransactionType[];
}

@Directive('@key(fields: "id")')
@ObjectType('SavingsAccount', { description: 'A savings or current account with its 10-digit NUBAN account number.' })
export class SavingsAccountType {
  @Field(() => Int) id!: number;
  @Field() accountNo!: string;
  @Field(() => String, { nullable: true }) externalId!: string | null;
  @Field(() => Int) clientId!: number;
  @Field(() => String, { nullable: true }) clientName!: string | null;
  @Field(() => ClientAccountsType) client!: ClientAccountsType;
  @Field(() => Int) officeId!: number;
  @Field(() => Int) savingsProductId!: number;
  @Field() savingsProductName!: string;
  @Field(() => Int) productId!: number;
  @Field() productName!: string;
  @Field() shortProductName!: string;
  @Field({ description: 'SAVINGS or CURRENT.' }) accountType!: string;
  @Field(() => EnumOption) depositType!: EnumOption;
  @Field(() => SavingsAccountStatusType) status!: SavingsAccountStatusType;
  @Field(() => SavingsAccountSubStatusType) subStatus!: SavingsAccountSubStatusType;
  @Field(() => SavingsAccountTimelineType) timeline!: SavingsAccountTimelineType;
  @Field(() => AccountCurrencyType) currency!: AccountCurrencyType;
  @Field(() => DecimalScalar) nominalAnnualInterestRate!: string;
  @Field() allowOverdraft!: boolean;
  @Field(() => DecimalScalar) overdraftLimit!: string;
  @Field(() => DecimalScalar, { nullable: true }) minRequiredBalance!: string | null;
  @Field() enforceMinRequiredBalance!: boolean;
  @Field(() => DecimalScalar) accountBalance!: string;
  @Field(() => DecimalScalar) availableBalance!: string;
  @Field(() => SavingsAccountSummaryType) summary!: SavingsAccountSummaryType;
}

@ObjectType('SavingsAccountPage')
export class SavingsAccountPageType {
  @Field(() => Int) totalFilteredRecords!: number;
  @Field(() => [SavingsAccountType]) pageItems!: SavingsAccountType[];
}

@InputType()
export class CreateSavingsAccountInput {
  @Field(() => Int, { nullable: true }) clientId?: number | null;
  @Field(() => Int, { nullable: true }) productId?: number | null;
  @Field(() => LocalDateScalar, { nullable: true }) submittedOnDate?: string | null;
  @Field(() => String, { nullable: true }) externalId?: string | null;
  @Field(() => Boolean, { nullable: true }) allowOverdraft?: boolean | null;
  @Field(() => DecimalScalar, { nullable: true }) overdraftLimit?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) nominalAnnualInterestRate?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) minRequiredBalance?: string | null;
  @Field(() => Boolean, { nullable: true }) enforceMinRequiredBalance?: boolean | null;
  // Sent by Fineract's web client with every application; accepted so its bodies pass, not used yet
  // (interest, lock-in and withholding tax are later issues).
  @Field(() => Int, { nullable: true, description: 'Accepted for Fineract clients; the field officer is the client\'s staff.' }) fieldOfficerId?: number | null;
  @Field(() => Int, { nullable: true, description: 'Accepted for Fineract clients; not used yet.' }) interestCompoundingPeriodType?: number | null;
  @Field(() => Int, { nullable: true, description: 'Accepted for Fineract clients; not used yet.' }) interestPostingPeriodType?: number | null;
  @Field(() => Int, { nullable: true, description: 'Accepted for Fineract clients; not used yet.' }) interestCalculationType?: number | null;
  @Field(() => Int, { nullable: true, description: 'Accepted for Fineract clients; not used yet.' }) interestCalculationDaysInYearType?: number | null;
  @Field(() => DecimalScalar, { nullable: true, description: 'Accepted for Fineract clients; not used yet.' }) minRequiredOpeningBalance?: string | null;
  @Field(() => Int, { nullable: true, description: 'Accepted for Fineract clients; not used yet.' }) lockinPeriodFrequency?: number | null;
  @Field(() => Int, { nullable: true, description: 'Accepted for Fineract clients; not used yet.' }) lockinPeriodFrequencyType?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'Accepted for Fineract clients; not used yet.' }) withdrawalFeeForTransfers?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Accepted for Fineract clients; not used yet.' }) withHoldTax?: boolean | null;
  @Field(() => String, { nullable: true, description: 'Accepted for Fineract clients; not used.' }) monthDayFormat?: string | null;
  @Field(() => [GraphQLJSONObject], { nullable: true, description: 'Charges are not supported yet: only an empty list is accepted.' }) charges?: Record<string, unknown>[] | null;
}

@InputType()
export class ApproveSavingsAccountInput {
  @Field(() => LocalDateScalar, { nullable: true }) approvedOnDate?: string | null;
  @Field(() => String, { nullable: true }) note?: string | null;
}

@InputType()
export class ActivateSavingsAccountInput {
  @Field(() => LocalDateScalar, { nullable: true, description: 'The business date when absent.' }) activatedOnDate?: string | null;
}

@InputType()
export class RejectSavingsAccountInput {
  @Field(() => LocalDateScalar, { nullable: true }) rejectedOnDate?: string | null;
  @Field(() => String, { nullable: true }) note?: string | null;
}

@InputType()
export class WithdrawSavingsApplicationInput {
  @Field(() => LocalDateScalar, { nullable: true }) withdrawnOnDate?: string | null;
  @Field(() => String, { nullable: true }) note?: string | null;
}

@InputType()
export class CloseSavingsAccountInput {
  @Field(() => LocalDateScalar, { nullable: true }) closedOnDate?: string | null;
  @Field(() => String, { nullable: true }) note?: string | null;
}

@ObjectType()
export class SavingsAccountChangePayload {
  @Field(() => SavingsAccountType) savingsAccount!: SavingsAccountType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@InputType()
export class SavingsTransactionInput {
  @Field(() => LocalDateScalar, { nullable: true }) transactionDate?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) transactionAmount?: string | null;
  @Field(() => Int, { nullable: true }) paymentTypeId?: number | null;
  @Field(() => String, { nullable: true }) note?: string | null;
  @Field(() => String, { nullable: true }) receiptNumber?: string | null;
  @Field(() => String, { nullable: true }) checkNumber?: string | null;
  @Field(() => String, { nullable: true }) accountNumber?: string | null;
  @Field(() => String, { nullable: true }) routingCode?: string | null;
  @Field(() => String, { nullable: true }) bankNumber?: string | null;
}

@ObjectType('SavingsTransactionResult', { description: 'An executed transaction (resourceId) or, above the teller ceiling, a maker-checker entry (commandId).' })
export class SavingsTransactionResultType {
  @Field(() => Int) officeId!: number;
  @Field(() => Int) clientId!: number;
  @Field(() => Int) savingsId!: number;
  @Field(() => Int, { nullable: true }) resourceId!: number | null;
  @Field(() => Int, { nullable: true }) commandId!: number | null;
  @Field(() => SavingsTransactionType, { nullable: true }) transaction!: SavingsTransactionType | null;
  @Field(() => SavingsAccountType) savingsAccount!: SavingsAccountType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@ObjectType('SavingsReference')
export class SavingsReferenceType {
  @Field(() => Int) id!: number;
  @Field(() => Int) savingsId!: number;
  @Field() refereeName!: string;
  @Field(() => String, { nullable: true }) refereeAccountNo!: string | null;
  @Field(() => String, { nullable: true }) refereeBank!: string | null;
  @Field() refereePhone!: string;
  @Field(() => String, { nullable: true }) refereeEmail!: string | null;
  @Field(() => String, { nullable: true }) refereeAddress!: string | null;
  @Field() relationship!: string;
}

@ObjectType()
export class SavingsReferenceChangePayload {
  @Field(() => SavingsReferenceType) reference!: SavingsReferenceType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@InputType()
export class SavingsReferenceInput {
  @Field(() => String, { nullable: true }) refereeName?: string | null;
  @Field(() => String, { nullable: true }) refereeAccountNo?: string | null;
  @Field(() => String, { nullable: true }) refereeBank?: string | null;
  @Field(() => String, { nullable: true }) refereePhone?: string | null;
  @Field(() => String, { nullable: true }) refereeEmail?: string | null;
  @Field(() => String, { nullable: true }) refereeAddress?: string | null;
  @Field(() => String, { nullable: true }) relationship?: string | null;
}

@ObjectType('AccountTransferAccountRef')
export class AccountTransferAccountRefType {
  @Field(() => Int) id!: number;
  @Field() accountNo!: string;
}

@ObjectType('AccountTransfer')
export class AccountTransferType {
  @Field(() => Int) id!: number;
  @Field(() => Int) fromOfficeId!: number;
  @Field(() => Int) fromClientId!: number;
  @Field(() => EnumOption) fromAccountType!: EnumOption;
  @Field(() => AccountTransferAccountRefType) fromAccount!: AccountTransferAccountRefType;
  @Field(() => Int) toOfficeId!: number;
  @Field(() => Int) toClientId!: number;
  @Field(() => EnumOption) toAccountType!: EnumOption;
  @Field(() => AccountTransferAccountRefType) toAccount!: AccountTransferAccountRefType;
  @Field(() => AccountCurrencyType) currency!: AccountCurrencyType;
  @Field(() => DecimalScalar) transferAmount!: string;
  @Field(() => LocalDateScalar) transferDate!: string;
  @Field(() => String, { nullable: true }) transferDescription!: string | null;
  @Field() reversed!: boolean;
  @Field(() => Int) fromTransactionId!: number;
  @Field(() => Int) toTransactionId!: number;
}

@ObjectType('AccountTransferSubmission', { description: 'A submitted transfer: executed (resourceId, transfer) or, above the non-cash ceiling when enabled, held for a checker (commandId).' })
export class AccountTransferSubmissionType {
  @Field(() => Int, { description: 'The source account.' }) savingsId!: number;
  @Field(() => Int, { nullable: true, description: 'The transfer, when it executed.' }) resourceId!: number | null;
  @Field(() => Int, { nullable: true, description: 'The maker-checker entry, when it waits for a checker.' }) commandId!: number | null;
  @Field(() => AccountTransferType, { nullable: true }) transfer!: AccountTransferType | null;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@ObjectType('AccountTransferPage')
export class AccountTransferPageType {
  @Field(() => Int) totalFilteredRecords!: number;
  @Field(() => [AccountTransferType]) pageItems!: AccountTransferType[];
}

@InputType()
export class AccountTransferInput {
  @Field(() => Int, { nullable: true }) fromOfficeId?: number | null;
  @Field(() => Int, { nullable: true }) fromClientId?: number | null;
  @Field(() => Int, { nullable: true }) fromAccountType?: number | null;
  @Field(() => Int, { nullable: true }) fromAccountId?: number | null;
  @Field(() => Int, { nullable: true }) toOfficeId?: number | null;
  @Field(() => Int, { nullable: true }) toClientId?: number | null;
  @Field(() => Int, { nullable: true }) toAccountType?: number | null;
  @Field(() => Int, { nullable: true }) toAccountId?: number | null;
  @Field(() => DecimalScalar, { nullable: true }) transferAmount?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) transferDate?: string | null;
  @Field(() => String, { nullable: true }) transferDescription?: string | null;
}

@ObjectType('MakerCheckerEntry', { description: "Fineract's maker-checker inbox entry: a cash withdrawal above the teller ceiling awaiting a checker." })
export class MakerCheckerEntryType {
  @Field(() => Int) id!: number;
  @Field() actionName!: string;
  @Field() entityName!: string;
  @Field(() => Int) resourceId!: number;
  @Field(() => Int) savingsAccountId!: number;
  @Field(() => Int) makerId!: number;
  @Field(() => String, { nullable: true }) maker!: string | null;
  @Field(() => LocalDateScalar) madeOnDate!: string;
  @Field() processingResult!: string;
  @Field() commandAsJson!: string;
  @Field(() => Int) officeId!: number;
  @Field(() => String, { nullable: true }) officeName!: string | null;
  @Field() savingsAccountNo!: string;
  @Field(() => DecimalScalar) amount!: string;
  @Field(() => Int, { nullable: true }) checkerId!: number | null;
  @Field(() => Int, { nullable: true }) transactionId!: number | null;
}
