import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';

@InputType('SelfRegistrationInput', { description: 'Interface 4.2: POST /self/registration.' })
export class SelfRegistrationInput {
  @Field(() => String, { nullable: true }) firstname?: string | null;
  @Field(() => String, { nullable: true }) lastname?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) mobileNo?: string | null;
  @Field(() => String, { nullable: true }) bvn?: string | null;
  @Field(() => String, { nullable: true }) password?: string | null;
}

@ObjectType('SelfRegistration')
export class SelfRegistrationType {
  @Field(() => Int) clientId!: number;
  @Field() cif!: string;
  @Field() accountNo!: string;
  @Field(() => Int) savingsId!: number;
  @Field() username!: string;
}

@ObjectType('CustomerRole')
export class CustomerRoleType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() disabled!: boolean;
}

@ObjectType('CustomerLoginPayload', { description: "A customer session: staff login's answer plus isSelfServiceUser and the customer's client ids." })
export class CustomerLoginPayload {
  @Field() username!: string;
  @Field(() => Int) userId!: number;
  @Field() base64EncodedAuthenticationKey!: string;
  @Field() authenticated!: boolean;
  @Field(() => Int) officeId!: number;
  @Field() officeName!: string;
  @Field(() => [CustomerRoleType]) roles!: CustomerRoleType[];
  @Field(() => [String]) permissions!: string[];
  @Field() shouldRenewPassword!: boolean;
  @Field() isTwoFactorAuthenticationRequired!: boolean;
  @Field() isSelfServiceUser!: boolean;
  @Field(() => [Int]) clients!: number[];
}

@ObjectType('MyClient', { description: "The session's own client." })
export class MyClientType {
  @Field(() => Int) id!: number;
  @Field() cif!: string;
  @Field() accountNo!: string;
  @Field() displayName!: string;
  @Field(() => String, { nullable: true }) firstname!: string | null;
  @Field(() => String, { nullable: true }) lastname!: string | null;
  @Field(() => Int) officeId!: number;
  @Field(() => Int) kycTier!: number;
  @Field() active!: boolean;
  @Field(() => EnumOption) status!: EnumOption;
  @Field(() => String, { nullable: true }) mobileNo!: string | null;
  @Field(() => String, { nullable: true }) emailAddress!: string | null;
}

@ObjectType('MyCurrency')
export class MyCurrencyType {
  @Field() code!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) displaySymbol!: string | null;
  @Field(() => Int) decimalPlaces!: number;
}

@ObjectType('MyTransaction', { description: 'Interface 2.6: a transaction of an own account.' })
export class MyTransactionType {
  @Field(() => Int) id!: number;
  @Field(() => EnumOption) transactionType!: EnumOption;
  @Field() entryType!: string;
  @Field(() => LocalDateScalar) date!: string;
  @Field(() => DecimalScalar) amount!: string;
  @Field(() => DecimalScalar) runningBalance!: string;
  @Field(() => String, { nullable: true }) narrative!: string | null;
  @Field() reversed!: boolean;
  @Field(() => Int, { nullable: true }) transferId!: number | null;
}

@ObjectType('MyTransactionPage')
export class MyTransactionPageType {
  @Field(() => Int) totalFilteredRecords!: number;
  @Field(() => [MyTransactionType]) pageItems!: MyTransactionType[];
}

@ObjectType('MySavingsAccount', { description: 'Interface 2.5: an own savings or current account.' })
export class MySavingsAccountType {
  @Field(() => Int) id!: number;
  @Field() accountNo!: string;
  @Field(() => Int) clientId!: number;
  @Field(() => Int) officeId!: number;
  @Field(() => Int) productId!: number;
  @Field() productName!: string;
  @Field() accountType!: string;
  @Field(() => DecimalScalar) accountBalance!: string;
  @Field(() => DecimalScalar) availableBalance!: string;
  @Field(() => MyCurrencyType) currency!: MyCurrencyType;
  @Field(() => EnumOption) status!: EnumOption;
}

@ObjectType('MyLoanPeriod')
export class MyLoanPeriodType {
  @Field(() => Int) period!: number;
  @Field(() => LocalDateScalar, { nullable: true }) fromDate!: string | null;
  @Field(() => LocalDateScalar) dueDate!: string;
  @Field(() => DecimalScalar) principalDue!: string;
  @Field(() => DecimalScalar) interestDue!: string;
  @Field(() => DecimalScalar) totalDueForPeriod!: string;
  @Field(() => DecimalScalar) totalOutstandingForPeriod!: string;
  @Field() complete!: boolean;
}

@ObjectType('MyLoanSchedule')
export class MyLoanScheduleType {
  @Field(() => [MyLoanPeriodType]) periods!: MyLoanPeriodType[];
}

@ObjectType('MyLoan', { description: "An own loan; status is Fineract's status id (100 submitted ... 300 active, 600 closed)." })
export class MyLoanType {
  @Field(() => Int) id!: number;
  @Field() accountNo!: string;
  @Field(() => Int) clientId!: number;
  @Field(() => Int) productId!: number;
  @Field() productName!: string;
  @Field(() => Int) status!: number;
  @Field(() => EnumOption) loanStatus!: EnumOption;
  @Field(() => DecimalScalar) principal!: string;
  @Field() currencyCode!: string;
  @Field(() => MyLoanScheduleType) repaymentSchedule!: MyLoanScheduleType;
}

@ObjectType('MyLoanTransaction')
export class MyLoanTransactionType {
  @Field(() => Int) id!: number;
  @Field(() => EnumOption) type!: EnumOption;
  @Field(() => LocalDateScalar) date!: string;
  @Field(() => DecimalScalar) amount!: string;
}

@ObjectType('MyAccounts', { description: "GET /self/accounts: the session's savings and loan accounts." })
export class MyAccountsType {
  @Field(() => [MySavingsAccountType]) savingsAccounts!: MySavingsAccountType[];
  @Field(() => [MyLoanType]) loanAccounts!: MyLoanType[];
}

@ObjectType('MyTransfer', { description: 'A transfer from an own account: within the bank (always SUCCESSFUL) or to another bank.' })
export class MyTransferType {
  @Field(() => Int) id!: number;
  @Field(() => Int) resourceId!: number;
  @Field(() => Int) transferId!: number;
  @Field({ description: 'SUCCESSFUL; an inter-bank transfer may also be PENDING (the switch has not answered yet) or FAILED.' }) status!: string;
  @Field(() => Int) savingsId!: number;
  @Field(() => Int) fromOfficeId!: number;
  @Field(() => Int) fromClientId!: number;
  @Field(() => Int) fromAccountId!: number;
  @Field() fromAccountNo!: string;
  @Field(() => Int, { nullable: true, description: 'Null for an inter-bank transfer.' }) toOfficeId!: number | null;
  @Field(() => Int, { nullable: true, description: 'Null for an inter-bank transfer.' }) toClientId!: number | null;
  @Field(() => Int, { nullable: true, description: 'Null for an inter-bank transfer.' }) toAccountId!: number | null;
  @Field() toAccountNo!: string;
  @Field(() => String, { nullable: true, description: 'Inter-bank: the destination bank code.' }) toBankCode!: string | null;
  @Field(() => String, { nullable: true, description: 'Inter-bank: the destination account number.' }) toAccountNumber!: string | null;
  @Field(() => String, { nullable: true, description: "Inter-bank: the name the switch's name enquiry gave." }) accountName!: string | null;
  @Field(() => String, { nullable: true, description: "Inter-bank: the switch's session id." }) sessionId!: string | null;
  @Field(() => String, { nullable: true, description: 'Inter-bank: why the switch failed it.' }) reason!: string | null;
  @Field(() => DecimalScalar) transferAmount!: string;
  @Field() currencyCode!: string;
  @Field(() => LocalDateScalar) transferDate!: string;
  @Field(() => String, { nullable: true }) transferDescription!: string | null;
}

@ObjectType('MyInterbankBank', { description: 'A bank the payment switch reaches (GET /self/interbank/banks).' })
export class MyInterbankBankType {
  @Field() code!: string;
  @Field() name!: string;
}

@ObjectType('MyNameEnquiry', { description: 'GET /self/interbank/nameenquiry: the name on an account at another bank.' })
export class MyNameEnquiryType {
  @Field() bankCode!: string;
  @Field() accountNumber!: string;
  @Field() accountName!: string;
  @Field() sessionId!: string;
}

@InputType('SelfTransferInput', { description: 'Interface 4.2: POST /self/accounttransfers.' })
export class SelfTransferInputType {
  @Field(() => Int, { nullable: true }) fromOfficeId?: number | null;
  @Field(() => Int, { nullable: true }) fromClientId?: number | null;
  @Field(() => Int, { nullable: true }) fromAccountType?: number | null;
  @Field(() => Int, { nullable: true }) fromAccountId?: number | null;
  @Field(() => Int, { nullable: true }) toOfficeId?: number | null;
  @Field(() => Int, { nullable: true }) toClientId?: number | null;
  @Field(() => Int, { nullable: true }) toAccountType?: number | null;
  @Field(() => Int, { nullable: true }) toAccountId?: number | null;
  @Field(() => String, { nullable: true, description: 'Inter-bank: the destination bank code (3 digits), instead of toOfficeId/toClientId/toAccountId.' }) toBankCode?: string | null;
  @Field(() => String, { nullable: true, description: 'Inter-bank: the 10-digit account number at that bank.' }) toAccountNumber?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) transferAmount?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) transferDate?: string | null;
  @Field(() => String, { nullable: true }) transferDescription?: string | null;
}

@ObjectType('Beneficiary', { description: "Fineract's third-party transfer (tpt) beneficiary." })
export class BeneficiaryType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field() officeName!: string;
  @Field() clientName!: string;
  @Field(() => EnumOption) accountType!: EnumOption;
  @Field() accountNumber!: string;
  @Field(() => DecimalScalar, { nullable: true }) transferLimit!: string | null;
}

@ObjectType('BeneficiaryChange')
export class BeneficiaryChangeType {
  @Field(() => BeneficiaryType) beneficiary!: BeneficiaryType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@InputType('BeneficiaryInput')
export class BeneficiaryInputType {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) officeName?: string | null;
  @Field(() => String, { nullable: true }) accountNumber?: string | null;
  @Field(() => Int, { nullable: true }) accountType?: number | null;
  @Field(() => DecimalScalar, { nullable: true }) transferLimit?: string | null;
}

@InputType('BeneficiaryUpdateInput', { description: 'A beneficiary keeps its account; its name and transfer limit may change.' })
export class BeneficiaryUpdateInputType {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => DecimalScalar, { nullable: true }) transferLimit?: string | null;
}

@ObjectType('BeneficiaryTemplate')
export class BeneficiaryTemplateType {
  @Field(() => [EnumOption]) accountTypeOptions!: EnumOption[];
}

@ObjectType('MyAccountOption')
export class MyAccountOptionType {
  @Field(() => Int) accountId!: number;
  @Field() accountNo!: string;
  @Field(() => EnumOption) accountType!: EnumOption;
  @Field(() => Int) clientId!: number;
  @Field() clientName!: string;
  @Field(() => Int) officeId!: number;
  @Field() officeName!: string;
  @Field() productName!: string;
}

@ObjectType('MyTransferTemplate', { description: 'GET /self/accounttransfers/template: own accounts to send from, own and beneficiary accounts to send to.' })
export class MyTransferTemplateType {
  @Field(() => [EnumOption]) fromAccountTypeOptions!: EnumOption[];
  @Field(() => [EnumOption]) toAccountTypeOptions!: EnumOption[];
  @Field(() => [MyAccountOptionType]) fromAccountOptions!: MyAccountOptionType[];
  @Field(() => [MyAccountOptionType]) toAccountOptions!: MyAccountOptionType[];
  @Field(() => [BeneficiaryType]) beneficiaries!: BeneficiaryType[];
}

@ObjectType('Me', { description: "A customer session's own data (self-service). Every field is scoped to the session's clients." })
export class MeType {}

@ObjectType('LoanOffer', { description: 'A pre-qualification: the client may apply for this product up to maxPrincipal until expiresOn (inclusive).' })
export class LoanOfferType {
  @Field(() => Int) id!: number;
  @Field(() => Int) clientId!: number;
  @Field(() => Int) productId!: number;
  @Field(() => DecimalScalar) maxPrincipal!: string;
  @Field(() => LocalDateScalar) expiresOn!: string;
}

@InputType('LoanOfferInput')
export class LoanOfferInputType {
  @Field(() => Int, { nullable: true }) productId?: number | null;
  @Field(() => DecimalScalar, { nullable: true }) maxPrincipal?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) expiresOn?: string | null;
}

@InputType('SelfLoanApplicationInput', { description: "Interface 2.7's application without the administrative fields." })
export class SelfLoanApplicationInputType {
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
}

@ObjectType('SelfLoanApplication')
export class SelfLoanApplicationType {
  @Field(() => Int) loanId!: number;
  @Field(() => Int) resourceId!: number;
  @Field(() => Int) clientId!: number;
}

@ObjectType('MyLoanTemplate', { description: "GET /self/loans/template?productId=: the product's terms." })
export class MyLoanTemplateType {
  @Field(() => Int) loanProductId!: number;
  @Field() loanProductName!: string;
  @Field() currencyCode!: string;
  @Field(() => DecimalScalar) principal!: string;
  @Field(() => DecimalScalar) minPrincipal!: string;
  @Field(() => DecimalScalar) maxPrincipal!: string;
  @Field(() => Int) numberOfRepayments!: number;
  @Field(() => Int) repaymentEvery!: number;
  @Field(() => Int) repaymentFrequencyType!: number;
  @Field(() => DecimalScalar) interestRatePerPeriod!: string;
  @Field(() => Int) interestRateFrequencyType!: number;
  @Field(() => Int) amortizationType!: number;
  @Field(() => Int) interestType!: number;
  @Field(() => Int) interestCalculationPeriodType!: number;
  @Field() transactionProcessingStrategyCode!: string;
}
