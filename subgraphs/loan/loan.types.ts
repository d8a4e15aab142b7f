import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { declareParameterFields } from '../kernel/fineract-parameters.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';
import { LOAN_PRODUCT_PARAMETERS } from './loan-product.parameters.js';

@ObjectType('LoanCurrency', { description: "A loan's currency, Fineract's currency object." })
export class LoanCurrencyType {
  @Field() code!: string;
  @Field() name!: string;
  @Field(() => Int) decimalPlaces!: number;
  @Field(() => Int, { nullable: true }) inMultiplesOf!: number | null;
  @Field() nameCode!: string;
  @Field() displayLabel!: string;
}

@ObjectType('LoanProductAccountingMappings', { description: 'Cash-based GL mapping on the default chart.' })
export class LoanProductAccountingMappingsType {
  @Field() fundSourceAccount!: string;
  @Field() loanPortfolioAccount!: string;
  @Field() interestOnLoanAccount!: string;
}

@Directive('@key(fields: "id")')
@ObjectType('LoanProduct')
export class LoanProductType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field() shortName!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => LoanCurrencyType) currency!: LoanCurrencyType;
  @Field() currencyCode!: string;
  @Field(() => Int) digitsAfterDecimal!: number;
  @Field(() => Int, { nullable: true }) inMultiplesOf!: number | null;
  @Field(() => DecimalScalar) principal!: string;
  @Field(() => DecimalScalar) minPrincipal!: string;
  @Field(() => DecimalScalar) maxPrincipal!: string;
  @Field(() => Int) numberOfRepayments!: number;
  @Field(() => Int) minNumberOfRepayments!: number;
  @Field(() => Int) maxNumberOfRepayments!: number;
  @Field(() => Int) repaymentEvery!: number;
  @Field(() => EnumOption) repaymentFrequencyType!: EnumOption;
  @Field(() => DecimalScalar) interestRatePerPeriod!: string;
  @Field(() => DecimalScalar, { nullable: true }) minInterestRatePerPeriod!: string | null;
  @Field(() => DecimalScalar, { nullable: true }) maxInterestRatePerPeriod!: string | null;
  @Field(() => EnumOption) interestRateFrequencyType!: EnumOption;
  @Field(() => EnumOption) amortizationType!: EnumOption;
  @Field(() => EnumOption) interestType!: EnumOption;
  @Field(() => EnumOption) interestCalculationPeriodType!: EnumOption;
  @Field() transactionProcessingStrategyCode!: string;
  @Field(() => EnumOption) daysInYearType!: EnumOption;
  @Field(() => EnumOption) daysInMonthType!: EnumOption;
  @Field(() => Int) graceOnPrincipalPayment!: number;
  @Field(() => Int) graceOnInterestPayment!: number;
  @Field(() => EnumOption) accountingRule!: EnumOption;
  @Field(() => LoanProductAccountingMappingsType) accountingMappings!: LoanProductAccountingMappingsType;
  @Field(() => Int, { nullable: true }) delinquencyBucketId!: number | null;
}
declareParameterFields(LoanProductType, LOAN_PRODUCT_PARAMETERS);

@InputType()
export class LoanProductInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) shortName?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) currencyCode?: string | null;
  @Field(() => Int, { nullable: true }) digitsAfterDecimal?: number | null;
  @Field(() => Int, { nullable: true }) inMultiplesOf?: number | null;
  @Field(() => DecimalScalar, { nullable: true }) principal?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) minPrincipal?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) maxPrincipal?: string | null;
  @Field(() => Int, { nullable: true }) numberOfRepayments?: number | null;
  @Field(() => Int, { nullable: true }) minNumberOfRepayments?: number | null;
  @Field(() => Int, { nullable: true }) maxNumberOfRepayments?: number | null;
  @Field(() => Int, { nullable: true }) repaymentEvery?: number | null;
  @Field(() => Int, { nullable: true }) repaymentFrequencyType?: number | null;
  @Field(() => DecimalScalar, { nullable: true }) interestRatePerPeriod?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) minInterestRatePerPeriod?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) maxInterestRatePerPeriod?: string | null;
  @Field(() => Int, { nullable: true }) interestRateFrequencyType?: number | null;
  @Field(() => Int, { nullable: true }) amortizationType?: number | null;
  @Field(() => Int, { nullable: true }) interestType?: number | null;
  @Field(() => Int, { nullable: true }) interestCalculationPeriodType?: number | null;
  @Field(() => String, { nullable: true }) transactionProcessingStrategyCode?: string | null;
  @Field(() => Int, { nullable: true }) daysInYearType?: number | null;
  @Field(() => Int, { nullable: true }) daysInMonthType?: number | null;
  @Field(() => Int, { nullable: true }) graceOnPrincipalPayment?: number | null;
  @Field(() => Int, { nullable: true }) graceOnInterestPayment?: number | null;
  @Field(() => Int, { nullable: true }) accountingRule?: number | null;
  @Field(() => Int, { nullable: true }) delinquencyBucketId?: number | null;
}
declareParameterFields(LoanProductInput, LOAN_PRODUCT_PARAMETERS);

@ObjectType()
export class LoanProductChangePayload {
  @Field(() => LoanProductType) loanProduct!: LoanProductType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@InputType({ description: 'A loan application (docs/interface.md, Resources), with Fineract\'s fields. Missing terms default to the product.' })
export class LoanApplicationInput {
  @Field(() => Int, { nullable: true }) clientId?: number | null;
  @Field(() => Int, { nullable: true }) productId?: number | null;
  @Field(() => DecimalScalar, { nullable: true }) principal?: string | null;
  @Field(() => Int, { nullable: true }) loanTermFrequency?: number | null;
  @Field(() => Int, { nullable: true }) loanTermFrequencyType?: number | null;
  @Field(() => Int, { nullable: true }) numberOfRepayments?: number | null;
  @Field(() => Int, { nullable: true }) repaymentEvery?: number | null;
  @Field(() => Int, { nullable: true }) repaymentFrequencyType?: number | null;
  @Field(() => DecimalScalar, { nullable: true }) interestRatePerPeriod?: string | null;
  @Field(() => Int, { nullable: true }) interestRateFrequencyType?: number | null;
  @Field(() => Int, { nullable: true }) amortizationType?: number | null;
  @Field(() => Int, { nullable: true }) interestType?: number | null;
  @Field(() => Int, { nullable: true }) interestCalculationPeriodType?: number | null;
  @Field(() => String, { nullable: true }) transactionProcessingStrategyCode?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) expectedDisbursementDate?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) submittedOnDate?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) repaymentsStartingFromDate?: string | null;
  @Field(() => String, { nullable: true }) loanType?: string | null;
  @Field(() => Int, { nullable: true }) linkAccountId?: number | null;
  @Field(() => String, { nullable: true }) externalId?: string | null;
  @Field(() => Int, { nullable: true }) loanOfficerId?: number | null;
  @Field(() => Int, { nullable: true }) graceOnPrincipalPayment?: number | null;
  @Field(() => Int, { nullable: true }) graceOnInterestPayment?: number | null;
  // Sent by Fineract's web and mobile clients with their defaults; accepted when they ask for nothing this
  // service does not do (no charges, collateral or tranches, no equal amortization of interest, no top-up).
  @Field(() => [GraphQLJSONObject], { nullable: true }) charges?: Record<string, unknown>[] | null;
  @Field(() => [GraphQLJSONObject], { nullable: true }) collateral?: Record<string, unknown>[] | null;
  @Field(() => [GraphQLJSONObject], { nullable: true }) disbursementData?: Record<string, unknown>[] | null;
  @Field(() => Boolean, { nullable: true }) isEqualAmortization?: boolean | null;
  @Field(() => Boolean, { nullable: true }) isTopup?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Accepted and ignored.' }) allowPartialPeriodInterestCalcualtion?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Accepted and ignored.' }) createStandingInstructionAtDisbursement?: boolean | null;
  @Field(() => Int, { nullable: true, description: 'Accepted and ignored.' }) graceOnArrearsAgeing?: number | null;
  @Field(() => DecimalScalar, { nullable: true, description: 'Accepted and ignored.' }) inArrearsTolerance?: string | null;
  @Field(() => Int, { nullable: true, description: 'Accepted and ignored.' }) fundId?: number | null;
  @Field(() => Int, { nullable: true, description: 'Accepted and ignored.' }) loanPurposeId?: number | null;
  @Field(() => Int, { nullable: true, description: 'Accepted and ignored: the product\'s daysInYearType applies.' }) daysInYearType?: number | null;
  @Field(() => DecimalScalar, { nullable: true, description: 'Accepted and ignored: it caps multi-tranche loans, which are not offered.' }) maxOutstandingLoanBalance?: string | null;
  @Field(() => LocalDateScalar, { nullable: true, description: 'Only the expected disbursement date is accepted: interest runs from the disbursement.' }) interestChargedFromDate?: string | null;
}

@ObjectType()
export class LoanCommandResult {
  @Field(() => Int, { nullable: true }) officeId!: number | null;
  @Field(() => Int, { nullable: true }) clientId!: number | null;
  @Field(() => Int) loanId!: number;
  @Field(() => Int) resourceId!: number;
  @Field(() => String, { nullable: true }) resourceExternalId?: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true }) changes?: Record<string, unknown> | null;
}

@ObjectType('LoanStatus')
export class LoanStatusType {
  @Field(() => Int) id!: number;
  @Field() code!: string;
  @Field() value!: string;
  @Field() pendingApproval!: boolean;
  @Field() waitingForDisbursal!: boolean;
  @Field() active!: boolean;
  @Field() closedObligationsMet!: boolean;
  @Field() closed!: boolean;
}

@ObjectType('LoanTimeline')
export class LoanTimelineType {
  @Field(() => LocalDateScalar) submittedOnDate!: string;
  @Field(() => LocalDateScalar, { nullable: true }) expectedDisbursementDate!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) approvedOnDate!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) actualDisbursementDate!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) rejectedOnDate!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) withdrawnOnDate!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) closedOnDate!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) expectedMaturityDate!: string | null;
}

@ObjectType('LoanSchedulePeriod', { description: 'One row of the schedule; period 0 (no period number) is the disbursement.' })
export class LoanSchedulePeriodType {
  @Field(() => Int, { nullable: true }) period!: number | null;
  @Field(() => LocalDateScalar, { nullable: true }) fromDate!: string | null;
  @Field(() => LocalDateScalar) dueDate!: string;
  @Field(() => Int, { nullable: true }) daysInPeriod!: number | null;
  @Field() complete!: boolean;
  @Field(() => DecimalScalar, { nullable: true }) principalDisbursed!: string | null;
  @Field(() => DecimalScalar, { nullable: true }) principalOriginalDue!: string | null;
  @Field(() => DecimalScalar, { nullable: true }) principalDue!: string | null;
  @Field(() => DecimalScalar, { nullable: true }) principalPaid!: string | null;
  @Field(() => DecimalScalar, { nullable: true }) principalOutstanding!: string | null;
  @Field(() => DecimalScalar) principalLoanBalanceOutstanding!: string;
  @Field(() => DecimalScalar, { nullable: true }) interestOriginalDue!: string | null;
  @Field(() => DecimalScalar, { nullable: true }) interestDue!: string | null;
  @Field(() => DecimalScalar, { nullable: true }) interestPaid!: string | null;
  @Field(() => DecimalScalar, { nullable: true }) interestOutstanding!: string | null;
  @Field(() => DecimalScalar, { nullable: true }) feeChargesDue!: string | null;
  @Field(() => DecimalScalar, { nullable: true }) penaltyChargesDue!: string | null;
  @Field(() => DecimalScalar) totalDueForPeriod!: string;
  @Field(() => DecimalScalar, { nullable: true }) totalPaidForPeriod!: string | null;
  @Field(() => DecimalScalar, { nullable: true }) totalOutstandingForPeriod!: string | null;
  @Field(() => DecimalScalar, { nullable: true }) totalOverdue!: string | null;
  @Field(() => DecimalScalar, { nullable: true }) totalInstallmentAmountForPeriod!: string | null;
}

@ObjectType('LoanSchedule')
export class LoanScheduleType {
  @Field(() => LoanCurrencyType) currency!: LoanCurrencyType;
  @Field(() => Int) loanTermInDays!: number;
  @Field(() => DecimalScalar) totalPrincipalDisbursed!: string;
  @Field(() => DecimalScalar) totalPrincipalExpected!: string;
  @Field(() => DecimalScalar) totalPrincipalPaid!: string;
  @Field(() => DecimalScalar) totalInterestCharged!: string;
  @Field(() => DecimalScalar) totalFeeChargesCharged!: string;
  @Field(() => DecimalScalar) totalPenaltyChargesCharged!: string;
  @Field(() => DecimalScalar) totalRepaymentExpected!: string;
  @Field(() => DecimalScalar) totalRepayment!: string;
  @Field(() => DecimalScalar) totalOutstanding!: string;
  @Field(() => [LoanSchedulePeriodType]) periods!: LoanSchedulePeriodType[];
}

@ObjectType('LoanSummary')
export class LoanSummaryType {
  @Field(() => LoanCurrencyType) currency!: LoanCurrencyType;
  @Field(() => DecimalScalar) principalDisbursed!: string;
  @Field(() => DecimalScalar) principalPaid!: string;
  @Field(() => DecimalScalar) principalOutstanding!: string;
  @Field(() => DecimalScalar) principalOverdue!: string;
  @Field(() => DecimalScalar) interestCharged!: string;
  @Field(() => DecimalScalar) interestPaid!: string;
  @Field(() => DecimalScalar) interestOutstanding!: string;
  @Field(() => DecimalScalar) interestOverdue!: string;
  @Field(() => DecimalScalar) feeChargesCharged!: string;
  @Field(() => DecimalScalar) penaltyChargesCharged!: string;
  @Field(() => DecimalScalar) totalExpectedRepayment!: string;
  @Field(() => DecimalScalar) totalRepayment!: string;
  @Field(() => DecimalScalar) totalOutstanding!: string;
  @Field(() => DecimalScalar) totalOverdue!: string;
}

@ObjectType('LoanPaymentType')
export class LoanPaymentTypeRef {
  @Field(() => Int) id!: number;
}

@ObjectType('LoanPaymentDetail')
export class LoanPaymentDetailType {
  @Field(() => LoanPaymentTypeRef) paymentType!: LoanPaymentTypeRef;
}

@ObjectType('LoanTransactionKind')
export class LoanTransactionKindType {
  @Field(() => Int) id!: number;
  @Field() code!: string;
  @Field() value!: string;
  @Field() disbursement!: boolean;
  @Field() repayment!: boolean;
}

@ObjectType('LoanTransaction')
export class LoanTransactionType {
  @Field(() => Int) id!: number;
  @Field(() => Int) loanId!: number;
  @Field(() => LoanTransactionKindType) type!: LoanTransactionKindType;
  @Field(() => LocalDateScalar) date!: string;
  @Field(() => LoanCurrencyType) currency!: LoanCurrencyType;
  @Field(() => DecimalScalar) amount!: string;
  @Field(() => DecimalScalar) principalPortion!: string;
  @Field(() => DecimalScalar) interestPortion!: string;
  @Field(() => DecimalScalar) feeChargesPortion!: string;
  @Field(() => DecimalScalar) penaltyChargesPortion!: string;
  @Field(() => DecimalScalar) outstandingLoanBalance!: string;
  @Field(() => LoanPaymentDetailType, { nullable: true }) paymentDetailData!: LoanPaymentDetailType | null;
  @Field(() => Int, { nullable: true }) savingsAccountId!: number | null;
  @Field() manuallyReversed!: boolean;
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field({ description: 'The journal transaction id of this loan transaction.' }) journalTransactionId!: string;
}

@ObjectType('LoanApprovalRequirement')
export class LoanApprovalRequirementType {
  @Field(() => Int) roleId!: number;
  @Field(() => Int) count!: number;
}

@ObjectType('LoanApprovalRecord')
export class LoanApprovalRecordType {
  @Field(() => Int) userId!: number;
  @Field(() => Int) roleId!: number;
  @Field(() => LocalDateScalar) approvedOnDate!: string;
  @Field(() => String, { nullable: true }) note!: string | null;
}

@ObjectType('LoanApprovals', { description: 'Where the loan stands against its approval policy tier.' })
export class LoanApprovalsType {
  @Field(() => Int, { nullable: true }) policyId!: number | null;
  @Field(() => Int, { nullable: true, description: '1-based tier index of the policy.' }) tier!: number | null;
  @Field(() => DecimalScalar) amount!: string;
  @Field(() => [LoanApprovalRequirementType]) required!: LoanApprovalRequirementType[];
  @Field(() => [LoanApprovalRequirementType]) stillNeeded!: LoanApprovalRequirementType[];
  @Field(() => [LoanApprovalRecordType]) approvedBy!: LoanApprovalRecordType[];
  @Field({ description: 'Some approvals are recorded and head office approvals are still needed.' }) escalated!: boolean;
}

@ObjectType('DelinquencyRange')
export class DelinquencyRangeType {
  @Field(() => Int) id!: number;
  @Field() classification!: string;
  @Field(() => Int) minimumAgeDays!: number;
  @Field(() => Int, { nullable: true }) maximumAgeDays!: number | null;
}

@ObjectType('LoanDelinquency')
export class LoanDelinquencyType {
  @Field(() => Int) delinquentDays!: number;
  @Field(() => DecimalScalar) delinquentAmount!: string;
  @Field(() => LocalDateScalar, { nullable: true }) delinquentDate!: string | null;
}

@Directive('@key(fields: "id")')
@ObjectType('Loan')
export class LoanType {
  @Field(() => Int) id!: number;
  @Field() accountNo!: string;
  @Field(() => String, { nullable: true }) externalId!: string | null;
  @Field(() => LoanStatusType) status!: LoanStatusType;
  @Field(() => Int) clientId!: number;
  @Field(() => String, { nullable: true }) clientName!: string | null;
  @Field(() => String, { nullable: true }) clientAccountNo!: string | null;
  @Field(() => Int) clientOfficeId!: number;
  @Field(() => Int) officeId!: number;
  @Field(() => Int) loanProductId!: number;
  @Field(() => String, { nullable: true }) loanProductName!: string | null;
  @Field(() => Int, { nullable: true }) loanOfficerId!: number | null;
  @Field(() => EnumOption) loanType!: EnumOption;
  @Field(() => LoanCurrencyType) currency!: LoanCurrencyType;
  @Field(() => DecimalScalar) principal!: string;
  @Field(() => DecimalScalar) proposedPrincipal!: string;
  @Field(() => DecimalScalar, { nullable: true }) approvedPrincipal!: string | null;
  @Field(() => Int) termFrequency!: number;
  @Field(() => EnumOption) termPeriodFrequencyType!: EnumOption;
  @Field(() => Int) numberOfRepayments!: number;
  @Field(() => Int) repaymentEvery!: number;
  @Field(() => EnumOption) repaymentFrequencyType!: EnumOption;
  @Field(() => DecimalScalar) interestRatePerPeriod!: string;
  @Field(() => EnumOption) interestRateFrequencyType!: EnumOption;
  @Field(() => EnumOption) amortizationType!: EnumOption;
  @Field(() => EnumOption) interestType!: EnumOption;
  @Field(() => EnumOption) interestCalculationPeriodType!: EnumOption;
  @Field() transactionProcessingStrategyCode!: string;
  @Field(() => Int) graceOnPrincipalPayment!: number;
  @Field(() => Int) graceOnInterestPayment!: number;
  @Field(() => Int, { nullable: true }) linkedAccountId!: number | null;
  @Field(() => Int, { nullable: true }) disbursedToSavingsId!: number | null;
  @Field(() => LoanTimelineType) timeline!: LoanTimelineType;
  @Field(() => LoanSummaryType, { nullable: true }) summary!: LoanSummaryType | null;
  @Field(() => LoanScheduleType) repaymentSchedule!: LoanScheduleType;
  @Field(() => [LoanTransactionType]) transactions!: LoanTransactionType[];
  @Field(() => LoanApprovalsType, { nullable: true }) approvals!: LoanApprovalsType | null;
  @Field() inArrears!: boolean;
  @Field(() => DelinquencyRangeType, { nullable: true }) delinquencyRange!: DelinquencyRangeType | null;
  @Field(() => LoanDelinquencyType) delinquent!: LoanDelinquencyType;
  @Field({ description: 'Flagged to the Recovery Officer role (overdue at the last aging run).' }) flaggedForRecovery!: boolean;
  @Field(() => Int, { nullable: true }) recoveryOfficerUserId!: number | null;
}

@ObjectType('LoanPage')
export class LoanPageType {
  @Field(() => Int) totalFilteredRecords!: number;
  @Field(() => [LoanType]) pageItems!: LoanType[];
}

@ObjectType('LoanProductOption')
export class LoanProductOptionType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
}

@ObjectType('LoanDayCount', { description: 'Loans disbursed on one day (the LoanTrendsByDay report).' })
export class LoanDayCountType {
  @Field(() => LocalDateScalar) days!: string;
  @Field(() => Int) lcount!: number;
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
  @Field(() => EnumOption) amortizationType!: EnumOption;
  @Field(() => EnumOption) interestType!: EnumOption;
  @Field(() => EnumOption) interestCalculationPeriodType!: EnumOption;
  @Field(() => EnumOption) repaymentFrequencyType!: EnumOption;
  @Field(() => EnumOption) interestRateFrequencyType!: EnumOption;
  @Field(() => EnumOption) accountingRule!: EnumOption;
  @Field(() => EnumOption) daysInYearType!: EnumOption;
  @Field(() => EnumOption) daysInMonthType!: EnumOption;
  @Field() transactionProcessingStrategyCode!: string;
  @Field(() => [EnumOption]) amortizationTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) interestTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) interestCalculationPeriodTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) repaymentFrequencyTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) interestRateFrequencyTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) transactionProcessingStrategyOptions!: EnumOption[];
  @Field(() => [EnumOption]) accountingRuleOptions!: EnumOption[];
  @Field(() => [EnumOption]) daysInYearTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) daysInMonthTypeOptions!: EnumOption[];
}

@ObjectType('LoanTemplate')
export class LoanTemplateType {
  @Field(() => Int, { nullable: true }) clientId!: number | null;
  @Field(() => String, { nullable: true }) clientName!: string | null;
  @Field(() => Int, { nullable: true }) clientOfficeId!: number | null;
  @Field(() => Int, { nullable: true }) loanProductId!: number | null;
  @Field(() => String, { nullable: true }) loanProductName!: string | null;
  @Field(() => LoanCurrencyType, { nullable: true }) currency!: LoanCurrencyType | null;
  @Field(() => DecimalScalar, { nullable: true }) principal!: string | null;
  @Field(() => Int, { nullable: true }) termFrequency!: number | null;
  @Field(() => EnumOption, { nullable: true }) termPeriodFrequencyType!: EnumOption | null;
  @Field(() => Int, { nullable: true }) numberOfRepayments!: number | null;
  @Field(() => Int, { nullable: true }) repaymentEvery!: number | null;
  @Field(() => EnumOption, { nullable: true }) repaymentFrequencyType!: EnumOption | null;
  @Field(() => DecimalScalar, { nullable: true }) interestRatePerPeriod!: string | null;
  @Field(() => EnumOption, { nullable: true }) interestRateFrequencyType!: EnumOption | null;
  @Field(() => EnumOption, { nullable: true }) amortizationType!: EnumOption | null;
  @Field(() => EnumOption, { nullable: true }) interestType!: EnumOption | null;
  @Field(() => EnumOption, { nullable: true }) interestCalculationPeriodType!: EnumOption | null;
  @Field(() => String, { nullable: true }) transactionProcessingStrategyCode!: string | null;
  @Field(() => LoanTimelineType, { nullable: true }) timeline!: LoanTimelineType | null;
  @Field(() => [LoanProductOptionType]) productOptions!: LoanProductOptionType[];
  @Field(() => [EnumOption]) termFrequencyTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) repaymentFrequencyTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) interestRateFrequencyTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) amortizationTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) interestTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) interestCalculationPeriodTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) transactionProcessingStrategyOptions!: EnumOption[];
}

@InputType()
export class LoanStateChangeInput {
  @Field(() => LocalDateScalar, { nullable: true }) rejectedOnDate?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) withdrawnOnDate?: string | null;
  @Field(() => String, { nullable: true }) note?: string | null;
}

@InputType()
export class LoanApproveInput {
  @Field(() => LocalDateScalar, { nullable: true }) approvedOnDate?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) approvedLoanAmount?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) expectedDisbursementDate?: string | null;
  @Field(() => String, { nullable: true }) note?: string | null;
}

@InputType()
export class LoanDisburseInput {
  @Field(() => LocalDateScalar, { nullable: true }) actualDisbursementDate?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) transactionAmount?: string | null;
  @Field(() => String, { nullable: true }) note?: string | null;
  @Field(() => Int, { nullable: true, description: 'Accepted for Fineract clients and ignored: a disbursement always credits the operating savings account.' })
  paymentTypeId?: number | null;
}

@InputType()
export class LoanRepaymentInput {
  @Field(() => LocalDateScalar, { nullable: true }) transactionDate?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) transactionAmount?: string | null;
  @Field(() => Int, { nullable: true }) paymentTypeId?: number | null;
  @Field(() => Int, { nullable: true }) fromSavingsAccountId?: number | null;
  @Field(() => String, { nullable: true }) note?: string | null;
  @Field(() => String, { nullable: true }) accountNumber?: string | null;
  @Field(() => String, { nullable: true }) checkNumber?: string | null;
  @Field(() => String, { nullable: true }) routingCode?: string | null;
  @Field(() => String, { nullable: true }) receiptNumber?: string | null;
  @Field(() => String, { nullable: true }) bankNumber?: string | null;
}

@ObjectType()
export class LoanTransactionResult {
  @Field(() => Int) officeId!: number;
  @Field(() => Int) clientId!: number;
  @Field(() => Int) loanId!: number;
  @Field(() => Int) resourceId!: number;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@ObjectType('ApprovalTier')
export class ApprovalTierType {
  @Field(() => DecimalScalar) minAmount!: string;
  @Field(() => DecimalScalar, { nullable: true }) maxAmount!: string | null;
  @Field(() => [LoanApprovalRequirementType]) approvals!: LoanApprovalRequirementType[];
}

@ObjectType('ApprovalPolicy')
export class ApprovalPolicyType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => Int, { nullable: true }) productId!: number | null;
  @Field() isDefault!: boolean;
  @Field() active!: boolean;
  @Field(() => [ApprovalTierType]) tiers!: ApprovalTierType[];
}

@InputType()
export class ApprovalRequirementInput {
  @Field(() => Int, { nullable: true }) roleId?: number | null;
  @Field(() => Int, { nullable: true }) count?: number | null;
}

@InputType()
export class ApprovalTierInput {
  @Field(() => DecimalScalar, { nullable: true }) minAmount?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) maxAmount?: string | null;
  @Field(() => [ApprovalRequirementInput], { nullable: true }) approvals?: ApprovalRequirementInput[] | null;
}

@InputType()
export class ApprovalPolicyInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Int, { nullable: true }) productId?: number | null;
  @Field(() => Boolean, { nullable: true }) isDefault?: boolean | null;
  @Field(() => Boolean, { nullable: true }) active?: boolean | null;
  @Field(() => [ApprovalTierInput], { nullable: true }) tiers?: ApprovalTierInput[] | null;
}

@ObjectType('ApprovalQueueItem')
export class ApprovalQueueItemType {
  @Field(() => Int) loanId!: number;
  @Field() accountNo!: string;
  @Field(() => Int) clientId!: number;
  @Field(() => Int) officeId!: number;
  @Field(() => DecimalScalar) principal!: string;
  @Field(() => LoanApprovalsType) approvals!: LoanApprovalsType;
}

@InputType()
export class DelinquencyRangeInput {
  @Field(() => String, { nullable: true }) classification?: string | null;
  @Field(() => Int, { nullable: true }) minimumAgeDays?: number | null;
  @Field(() => Int, { nullable: true }) maximumAgeDays?: number | null;
  @Field(() => String, { nullable: true }) locale?: string | null;
}

@ObjectType('DelinquencyBucket')
export class DelinquencyBucketType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field(() => [DelinquencyRangeType]) ranges!: DelinquencyRangeType[];
}

@InputType()
export class DelinquencyBucketInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => [Int], { nullable: true }) ranges?: number[] | null;
}

@ObjectType('SchedulerJob')
export class SchedulerJobType {
  @Field(() => Int) jobId!: number;
  @Field() displayName!: string;
  @Field() shortName!: string;
  @Field() active!: boolean;
  @Field() currentlyRunning!: boolean;
  @Field(() => String, { nullable: true }) cronExpression!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) lastRunBusinessDate!: string | null;
}

@ObjectType()
export class JobRunResult {
  @Field(() => Int) jobId!: number;
  @Field(() => LocalDateScalar) businessDate!: string;
  @Field(() => Int) loansAged!: number;
}
