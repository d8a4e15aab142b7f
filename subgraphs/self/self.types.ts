import { GraphQLJSONObject } from 'graphql-scalars';
import { AmortizationTypeEnum, InterestTypeEnum, RepaymentFrequencyTypeEnum } from '../kernel/loan-term-enums.js';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';
import { MyAccountBlocksType, MyAccountTimelineType, MyLoanCurrencyType, MyLoanSummaryType, MyLoanTemplateOptionsType, MyLoanTermsType, MyLoanTimelineType } from './self-apps.types.js';

@InputType('SelfRegistrationInput', { description: 'Interface 4.2: POST /self/registration.' })
export class SelfRegistrationInput {
  @Field(() => String, { description: 'First (given) name of a person.' }) firstname!: string;
  @Field(() => String, { description: 'Last (family) name of a person.' }) lastname!: string;
  @Field(() => String, { description: 'E-mail address.' }) email!: string;
  @Field(() => String, { description: 'Mobile phone number in international or local format.' }) mobileNo!: string;
  @Field(() => String, { description: 'Bank Verification Number (11 digits).' }) bvn!: string;
  @Field(() => String, { description: 'Password in clear text over HTTPS; never returned.' }) password!: string;
}

@ObjectType('SelfRegistration', { description: 'A customer\'s self-service registration request.' })
export class SelfRegistrationType {
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field({ description: 'Customer information file number (the client\'s bank-wide customer number).' }) cif!: string;
  @Field({ description: 'Account number shown to customers (a 10-digit NUBAN for deposit accounts).' }) accountNo!: string;
  @Field(() => Int, { description: 'Id of the savings or current account concerned.' }) savingsId!: number;
  @Field({ description: 'Login name (unique per tenant).' }) username!: string;
}

@ObjectType('CustomerRole', { description: 'The self-service role a customer login has.' })
export class CustomerRoleType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description!: string | null;
  @Field({ description: 'True when the record may no longer be used for new postings or logins.' }) disabled!: boolean;
}

@ObjectType('CustomerLoginPayload', { description: "A customer session: staff login's answer plus isSelfServiceUser and the customer's client ids." })
export class CustomerLoginPayload {
  @Field({ description: 'Login name (unique per tenant).' }) username!: string;
  @Field(() => Int, { description: 'Id of the user (login) concerned.' }) userId!: number;
  @Field({ description: 'Base64 of "username:password", to send as HTTP Basic credentials.' }) base64EncodedAuthenticationKey!: string;
  @Field({ description: 'True when the credentials were accepted.' }) authenticated!: boolean;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field({ description: 'Name of the office (branch) the record belongs to.' }) officeName!: string;
  @Field(() => [CustomerRoleType], { description: 'Roles granted, each giving a set of permissions.' }) roles!: CustomerRoleType[];
  @Field(() => [String], { description: 'Permissions, each allowing one action on one entity.' }) permissions!: string[];
  @Field({ description: 'True when the user must change their password at next login.' }) shouldRenewPassword!: boolean;
  @Field({ description: 'Always false: this service asks for no second factor.' }) isTwoFactorAuthenticationRequired!: boolean;
  @Field({ description: 'True for a customer\'s self-service login.' }) isSelfServiceUser!: boolean;
  @Field(() => [Int], { description: 'Ids of the clients this login acts for.' }) clients!: number[];
}

@ObjectType('MyClient', { description: "The session's own client." })
export class MyClientType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Customer information file number (the client\'s bank-wide customer number).' }) cif!: string;
  @Field({ description: 'Account number shown to customers (a 10-digit NUBAN for deposit accounts).' }) accountNo!: string;
  @Field({ description: 'Name to display: the person\'s names joined, or the entity\'s full name.' }) displayName!: string;
  @Field(() => String, { description: 'First (given) name of a person.', nullable: true }) firstname!: string | null;
  @Field(() => String, { description: 'Last (family) name of a person.', nullable: true }) lastname!: string | null;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => Int, { description: 'KYC tier (1, 2 or 3) reached by the client; higher tiers allow larger deposits and balances.' }) kycTier!: number;
  @Field({ description: 'True when the record is in use; inactive records are kept for history.' }) active!: boolean;
  @Field(() => EnumOption, { description: 'Lifecycle status (see the type for its codes and flags).' }) status!: EnumOption;
  @Field(() => String, { description: 'Mobile phone number in international or local format, or null.', nullable: true }) mobileNo!: string | null;
  @Field(() => String, { description: 'E-mail address, or null.', nullable: true }) emailAddress!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the client was activated (YYYY-MM-DD), or null while pending.', nullable: true }) activationDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Date of birth (YYYY-MM-DD), or null when not recorded.', nullable: true }) dateOfBirth!: string | null;
}

@ObjectType('MyCurrency', { description: 'Currency of one of my accounts.' })
export class MyCurrencyType {
  @Field({ description: 'ISO 4217 currency code, e.g. "NGN".' }) code!: string;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => String, { description: 'Symbol to show before amounts, e.g. "₦", or null.', nullable: true }) displaySymbol!: string | null;
  @Field(() => Int, { description: 'Decimal places amounts in this currency are kept to.' }) decimalPlaces!: number;
}

@ObjectType('MyTransaction', { description: 'Interface 2.6: a transaction of an own account.' })
export class MyTransactionType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => EnumOption, { description: 'Kind of transaction as Fineract\'s `{id, code, value}` object.' }) transactionType!: EnumOption;
  @Field({ description: 'Side of the entry: CREDIT or DEBIT.' }) entryType!: string;
  @Field(() => LocalDateScalar, { description: 'Calendar day (YYYY-MM-DD) the record takes effect, in the tenant\'s business calendar.' }) date!: string;
  @Field(() => DecimalScalar, { description: 'Amount in the record\'s currency, an exact decimal string (e.g. "1500.00").' }) amount!: string;
  @Field(() => DecimalScalar, { description: 'Account balance after this transaction (decimal string).' }) runningBalance!: string;
  @Field(() => String, { description: 'Free-text narrative shown on statements.', nullable: true }) narrative!: string | null;
  @Field({ description: 'True when the transaction was reversed; a reversed transaction no longer counts in balances.' }) reversed!: boolean;
  @Field(() => Int, { description: 'Id of the account transfer this transaction belongs to, or null.', nullable: true }) transferId!: number | null;
}

@ObjectType('MyTransactionPage', { description: 'A page of my account\'s transactions, newest first.' })
export class MyTransactionPageType {
  @Field(() => Int, { description: 'How many records match the filters in all (not only this page).' }) totalFilteredRecords!: number;
  @Field(() => [MyTransactionType], { description: 'The records of this page, in the requested order.' }) pageItems!: MyTransactionType[];
}

@ObjectType('MySavingsAccount', { description: 'Interface 2.5: an own savings or current account.' })
export class MySavingsAccountType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Account number shown to customers (a 10-digit NUBAN for deposit accounts).' }) accountNo!: string;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => Int, { description: 'Id of the product the account was opened from.' }) productId!: number;
  @Field({ description: 'Name of the product the account was opened from.' }) productName!: string;
  @Field({ description: 'Kind of account.' }) accountType!: string;
  @Field(() => DecimalScalar, { description: 'Ledger balance (decimal string), including held amounts.' }) accountBalance!: string;
  @Field(() => DecimalScalar, { description: 'Balance the customer may use now (decimal string), after holds.' }) availableBalance!: string;
  @Field(() => MyCurrencyType, { description: 'Currency of the amounts, with its display details.' }) currency!: MyCurrencyType;
  @Field(() => EnumOption, { description: 'Lifecycle status (see the type for its codes and flags).' }) status!: EnumOption;
  @Field({ description: 'Short name of the product.' }) shortProductName!: string;
  @Field(() => DecimalScalar, { description: 'Nominal annual interest rate in percent (decimal string).' }) nominalAnnualInterestRate!: string;
  @Field(() => DecimalScalar, { description: 'Sum of deposits, reversed ones excluded (decimal string).' }) totalDeposits!: string;
  @Field(() => DecimalScalar, { description: 'Sum of withdrawals, reversed ones excluded (decimal string).' }) totalWithdrawals!: string;
  @Field(() => MyAccountTimelineType, { description: 'Dates of the account\'s lifecycle steps.' }) timeline!: MyAccountTimelineType;
  @Field(() => MyAccountBlocksType, { description: 'Staff blocks on the account.' }) blocks!: MyAccountBlocksType;
}

@ObjectType('MyLoanPeriod', { description: 'One instalment of my loan.' })
export class MyLoanPeriodType {
  @Field(() => Int, { description: 'Instalment number, 1 for the first.' }) period!: number;
  @Field(() => LocalDateScalar, { description: 'First day included (YYYY-MM-DD).', nullable: true }) fromDate!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the instalment falls due (YYYY-MM-DD).' }) dueDate!: string;
  @Field(() => DecimalScalar, { description: 'Principal due on this instalment (decimal string).' }) principalDue!: string;
  @Field(() => DecimalScalar, { description: 'Interest due on this instalment (decimal string).' }) interestDue!: string;
  @Field(() => DecimalScalar, { description: 'Total due on this instalment: principal, interest, fees and penalties (decimal string).' }) totalDueForPeriod!: string;
  @Field(() => DecimalScalar, { description: 'Still owed on this instalment (decimal string).' }) totalOutstandingForPeriod!: string;
  @Field({ description: 'True when the instalment is fully paid.' }) complete!: boolean;
}

@ObjectType('MyLoanSchedule', { description: 'My loan\'s instalment schedule.' })
export class MyLoanScheduleType {
  @Field(() => [MyLoanPeriodType], { description: 'Instalments in due-date order.' }) periods!: MyLoanPeriodType[];
  @Field(() => DecimalScalar, { description: 'Everything to repay: principal, interest, fees and penalties (decimal string).' }) totalRepaymentExpected!: string;
  @Field(() => DecimalScalar, { description: 'Total repaid so far (decimal string).' }) totalRepayment!: string;
  @Field(() => DecimalScalar, { description: 'Total still owed (decimal string).' }) totalOutstanding!: string;
}

@ObjectType('MyLoan', { description: "An own loan; status is Fineract's status id (100 submitted ... 300 active, 600 closed)." })
export class MyLoanType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Account number shown to customers (a 10-digit NUBAN for deposit accounts).' }) accountNo!: string;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field(() => Int, { description: 'Id of the product the account was opened from.' }) productId!: number;
  @Field({ description: 'Name of the product the account was opened from.' }) productName!: string;
  @Field(() => Int, { description: 'Lifecycle status (see the type for its codes and flags).' }) status!: number;
  @Field(() => EnumOption, { description: 'Status of my loan as Fineract\'s `{id, code, value}`.' }) loanStatus!: EnumOption;
  @Field(() => DecimalScalar, { description: 'Principal amount (decimal string) in the loan\'s currency.' }) principal!: string;
  @Field({ description: 'ISO 4217 currency code, e.g. "NGN".' }) currencyCode!: string;
  @Field(() => MyLoanScheduleType, { description: 'Instalment schedule of the loan.' }) repaymentSchedule!: MyLoanScheduleType;
  @Field(() => MyLoanCurrencyType, { description: 'Currency of the amounts, with its display details.' }) currency!: MyLoanCurrencyType;
  @Field(() => EnumOption, { description: 'Kind of loan: individual, group or JLG.' }) loanType!: EnumOption;
  @Field(() => MyLoanTermsType, { description: 'The loan\'s terms.' }) terms!: MyLoanTermsType;
  @Field(() => MyLoanTimelineType, { description: 'Dates of the loan\'s lifecycle steps.' }) timeline!: MyLoanTimelineType;
  @Field(() => MyLoanSummaryType, { description: 'Totals of the loan; null before disbursement.', nullable: true }) summary!: MyLoanSummaryType | null;
  @Field({ description: 'True when an instalment is past due and unpaid.' }) inArrears!: boolean;
}

@ObjectType('MyLoanPayoff', { description: 'What closes my loan on a date: principal, interest earned to the date (never interest not yet earned), fees, penalties and the total to pay.' })
export class MyLoanPayoffType {
  @Field(() => LocalDateScalar, { description: 'The payoff date (YYYY-MM-DD).' }) date!: string;
  @Field({ description: 'ISO 4217 currency code, e.g. "NGN".' }) currencyCode!: string;
  @Field(() => DecimalScalar, { description: 'The total that closes the loan on the date (decimal string).' }) amount!: string;
  @Field(() => DecimalScalar, { description: 'Of which principal (decimal string).' }) principalPortion!: string;
  @Field(() => DecimalScalar, { description: 'Of which interest earned to the date (decimal string).' }) interestPortion!: string;
  @Field(() => DecimalScalar, { description: 'Of which fees (decimal string).' }) feeChargesPortion!: string;
  @Field(() => DecimalScalar, { description: 'Of which penalties (decimal string).' }) penaltyChargesPortion!: string;
}

@ObjectType('MyLoanTransaction', { description: 'One transaction on my loan.' })
export class MyLoanTransactionType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => EnumOption, { description: 'Kind of loan transaction (disbursement, repayment, ...).' }) type!: EnumOption;
  @Field(() => LocalDateScalar, { description: 'Calendar day (YYYY-MM-DD) the record takes effect, in the tenant\'s business calendar.' }) date!: string;
  @Field(() => DecimalScalar, { description: 'Amount in the record\'s currency, an exact decimal string (e.g. "1500.00").' }) amount!: string;
}

@ObjectType('MyAccounts', { description: "GET /self/accounts: the session's savings and loan accounts." })
export class MyAccountsType {
  @Field(() => [MySavingsAccountType], { description: 'My savings and current accounts.' }) savingsAccounts!: MySavingsAccountType[];
  @Field(() => [MyLoanType], { description: 'My loans.' }) loanAccounts!: MyLoanType[];
}

@ObjectType('MyTransfer', { description: 'A transfer from an own account: within the bank (always SUCCESSFUL) or to another bank.' })
export class MyTransferType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of the record the command created or changed (Fineract\'s `resourceId`).' }) resourceId!: number;
  @Field(() => Int, { description: 'Id of the account transfer this transaction belongs to, or null.' }) transferId!: number;
  @Field({ description: 'SUCCESSFUL; an inter-bank transfer may also be PENDING (the switch has not answered yet) or FAILED.' }) status!: string;
  @Field(() => Int, { description: 'Id of the savings or current account concerned.' }) savingsId!: number;
  @Field(() => Int, { description: 'Office of the debited account.' }) fromOfficeId!: number;
  @Field(() => Int, { description: 'Client owning the debited account.' }) fromClientId!: number;
  @Field(() => Int, { description: 'Id of the debited account.' }) fromAccountId!: number;
  @Field({ description: 'Account number of the debited account.' }) fromAccountNo!: string;
  @Field(() => Int, { nullable: true, description: 'Null for an inter-bank transfer.' }) toOfficeId!: number | null;
  @Field(() => Int, { nullable: true, description: 'Null for an inter-bank transfer.' }) toClientId!: number | null;
  @Field(() => Int, { nullable: true, description: 'Null for an inter-bank transfer.' }) toAccountId!: number | null;
  @Field({ description: 'Account number credited.' }) toAccountNo!: string;
  @Field(() => String, { nullable: true, description: 'Inter-bank: the destination bank code.' }) toBankCode!: string | null;
  @Field(() => String, { nullable: true, description: 'Inter-bank: the destination account number.' }) toAccountNumber!: string | null;
  @Field(() => String, { nullable: true, description: "Inter-bank: the name the switch's name enquiry gave." }) accountName!: string | null;
  @Field(() => String, { nullable: true, description: "Inter-bank: the switch's session id." }) sessionId!: string | null;
  @Field(() => String, { nullable: true, description: 'Inter-bank: why the switch failed it.' }) reason!: string | null;
  @Field(() => DecimalScalar, { description: 'Amount moved (decimal string) in the accounts\' currency.' }) transferAmount!: string;
  @Field({ description: 'ISO 4217 currency code, e.g. "NGN".' }) currencyCode!: string;
  @Field(() => LocalDateScalar, { description: 'Day the transfer took effect (YYYY-MM-DD).' }) transferDate!: string;
  @Field(() => String, { description: 'Free-text description of the transfer.', nullable: true }) transferDescription!: string | null;
}

@ObjectType('MyInterbankBank', { description: 'A bank the payment switch reaches (GET /self/interbank/banks).' })
export class MyInterbankBankType {
  @Field({ description: 'Stable machine-readable code (use this, not `value`, in client logic).' }) code!: string;
  @Field({ description: 'Display name.' }) name!: string;
}

@ObjectType('MyNameEnquiry', { description: 'GET /self/interbank/nameenquiry: the name on an account at another bank.' })
export class MyNameEnquiryType {
  @Field({ description: 'Code of the bank that holds the account.' }) bankCode!: string;
  @Field({ description: 'Account number (a 10-digit NUBAN for deposit accounts).' }) accountNumber!: string;
  @Field({ description: 'Account holder\'s name as the other bank reports it; check it before sending money.' }) accountName!: string;
  @Field({ description: 'Id of the session, or of the switch message that settled it.' }) sessionId!: string;
}

@InputType('SelfTransferInput', { description: 'Interface 4.2: POST /self/accounttransfers.' })
export class SelfTransferInputType {
  @Field(() => Int, { description: 'Office of the debited account.', nullable: true }) fromOfficeId?: number | null;
  @Field(() => Int, { description: 'Client owning the debited account.', nullable: true }) fromClientId?: number | null;
  @Field(() => Int, { description: 'Type of the debited account: 1 loan, 2 savings (Fineract\'s codes).', nullable: true }) fromAccountType?: number | null;
  @Field(() => Int, { description: 'Id of the debited account.', nullable: true }) fromAccountId?: number | null;
  @Field(() => Int, { description: 'Office of the credited account.', nullable: true }) toOfficeId?: number | null;
  @Field(() => Int, { description: 'Client owning the credited account.', nullable: true }) toClientId?: number | null;
  @Field(() => Int, { description: 'Type of the credited account: 1 loan, 2 savings (Fineract\'s codes).', nullable: true }) toAccountType?: number | null;
  @Field(() => Int, { description: 'Id of the credited account.', nullable: true }) toAccountId?: number | null;
  @Field(() => String, { nullable: true, description: 'Inter-bank: the destination bank code (3 digits), instead of toOfficeId/toClientId/toAccountId.' }) toBankCode?: string | null;
  @Field(() => String, { nullable: true, description: 'Inter-bank: the 10-digit account number at that bank.' }) toAccountNumber?: string | null;
  @Field(() => DecimalScalar, { description: 'Amount moved (decimal string) in the accounts\' currency.', nullable: true }) transferAmount?: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the transfer took effect (YYYY-MM-DD).', nullable: true }) transferDate?: string | null;
  @Field(() => String, { description: 'Free-text description of the transfer.', nullable: true }) transferDescription?: string | null;
}

@ObjectType('Beneficiary', { description: "Fineract's third-party transfer (tpt) beneficiary." })
export class BeneficiaryType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field({ description: 'Name of the office (branch) the record belongs to.' }) officeName!: string;
  @Field({ description: 'Display name of the client (customer) concerned.' }) clientName!: string;
  @Field(() => EnumOption, { description: 'Kind of account.' }) accountType!: EnumOption;
  @Field({ description: 'Account number (a 10-digit NUBAN for deposit accounts).' }) accountNumber!: string;
  @Field(() => DecimalScalar, { description: 'Most a customer may transfer to this beneficiary in one transfer (decimal string), or null.', nullable: true }) transferLimit!: string | null;
}

@ObjectType('BeneficiaryChange', { description: 'Result of a beneficiary command.' })
export class BeneficiaryChangeType {
  @Field(() => BeneficiaryType, { description: 'The beneficiary after the command.' }) beneficiary!: BeneficiaryType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@InputType('BeneficiaryInput', { description: 'A transfer beneficiary saved by a customer.' })
export class BeneficiaryInputType {
  @Field(() => String, { description: 'Display name.' }) name!: string;
  @Field(() => String, { description: 'Name of the office (branch) the record belongs to.' }) officeName!: string;
  @Field(() => String, { description: 'Account number (a 10-digit NUBAN for deposit accounts).' }) accountNumber!: string;
  @Field(() => Int, { description: 'Kind of account: 2 savings, the only kind a beneficiary may have.' }) accountType!: number;
  @Field(() => DecimalScalar, { description: 'Most a customer may transfer to this beneficiary in one transfer (decimal string), or null.', nullable: true }) transferLimit?: string | null;
}

@InputType('BeneficiaryUpdateInput', { description: 'A beneficiary keeps its account; its name and transfer limit may change.' })
export class BeneficiaryUpdateInputType {
  @Field(() => String, { description: 'Display name.', nullable: true }) name?: string | null;
  @Field(() => DecimalScalar, { description: 'Most a customer may transfer to this beneficiary in one transfer (decimal string), or null.', nullable: true }) transferLimit?: string | null;
}

@ObjectType('BeneficiaryTemplate', { description: 'Choices for a new beneficiary (account types).' })
export class BeneficiaryTemplateType {
  @Field(() => [EnumOption], { description: 'Kinds of account a beneficiary may have.' }) accountTypeOptions!: EnumOption[];
}

@ObjectType('MyAccountOption', { description: 'One of my accounts I can transfer from or to.' })
export class MyAccountOptionType {
  @Field(() => Int, { description: 'Id of the account concerned.' }) accountId!: number;
  @Field({ description: 'Account number shown to customers (a 10-digit NUBAN for deposit accounts).' }) accountNo!: string;
  @Field(() => EnumOption, { description: 'Kind of account.' }) accountType!: EnumOption;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field({ description: 'Display name of the client (customer) concerned.' }) clientName!: string;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field({ description: 'Name of the office (branch) the record belongs to.' }) officeName!: string;
  @Field({ description: 'Name of the product the account was opened from.' }) productName!: string;
}

@ObjectType('MyTransferTemplate', { description: 'GET /self/accounttransfers/template: own accounts to send from, own and beneficiary accounts to send to.' })
export class MyTransferTemplateType {
  @Field(() => [EnumOption], { description: 'Kinds of account I can transfer from.' }) fromAccountTypeOptions!: EnumOption[];
  @Field(() => [EnumOption], { description: 'Kinds of account I can transfer to.' }) toAccountTypeOptions!: EnumOption[];
  @Field(() => [MyAccountOptionType], { description: 'My accounts I can transfer from.' }) fromAccountOptions!: MyAccountOptionType[];
  @Field(() => [MyAccountOptionType], { description: 'Accounts I can transfer to.' }) toAccountOptions!: MyAccountOptionType[];
  @Field(() => [BeneficiaryType], { description: 'Saved transfer beneficiaries.' }) beneficiaries!: BeneficiaryType[];
}

@ObjectType('Me', { description: "A customer session's own data (self-service). Every field is scoped to the session's clients." })
export class MeType {}

@ObjectType('LoanOffer', { description: 'A pre-qualification: the client may apply for this product up to maxPrincipal until expiresOn (inclusive).' })
export class LoanOfferType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field(() => Int, { description: 'Id of the product the account was opened from.' }) productId!: number;
  @Field(() => DecimalScalar, { description: 'Largest principal the product allows (decimal string), or null for no limit.' }) maxPrincipal!: string;
  @Field(() => LocalDateScalar, { description: 'Last day it is valid (YYYY-MM-DD, UTC), or null for no expiry.' }) expiresOn!: string;
}

@ObjectType('ClientSelfServiceChange', { description: "The outcome of a staff command on a client's self-service login." })
export class ClientSelfServiceChangeType {
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field(() => String, { description: 'disable, enable or resetPassword.' }) command!: string;
  @Field(() => [Int], { description: 'Ids of the self-service users of the client that changed.' }) userIds!: number[];
  @Field(() => String, {
    description: 'resetPassword only: the one-time password, shown this once. The customer signs in with it and must change it (PUT /self/user) before anything else.',
    nullable: true,
  })
  oneTimePassword!: string | null;
}

@InputType('LoanOfferInput', { description: 'A pre-approved loan offer to a client.' })
export class LoanOfferInputType {
  @Field(() => Int, { description: 'Id of the loan product offered.' }) productId!: number;
  @Field(() => DecimalScalar, { description: 'Largest principal offered (decimal string).' }) maxPrincipal!: string;
  @Field(() => LocalDateScalar, { description: 'Last day the offer is valid (YYYY-MM-DD, UTC).' }) expiresOn!: string;
}

@InputType('SelfLoanApplicationInput', { description: "Interface 2.7's application without the administrative fields." })
export class SelfLoanApplicationInputType {
  @Field(() => Int, { description: 'Id of the client applying: one of the caller\'s own.' }) clientId!: number;
  @Field(() => Int, { description: 'Id of the loan product applied for.' }) productId!: number;
  @Field(() => DecimalScalar, { description: 'Principal amount (decimal string) in the loan\'s currency.' }) principal!: string;
  @Field(() => Int, { description: 'Length of the loan term in loanTermFrequencyType units.', nullable: true }) loanTermFrequency?: number | null;
  @Field(() => Int, { description: 'Unit of the loan term: 0 days, 1 weeks, 2 months, 3 years.', nullable: true }) loanTermFrequencyType?: number | null;
  @Field(() => Int, { description: 'Number of instalments in the schedule.', nullable: true }) numberOfRepayments?: number | null;
  @Field(() => Int, { description: 'Number of frequency units between repayments, e.g. 1 with monthly = every month.', nullable: true }) repaymentEvery?: number | null;
  @Field(() => Int, { description: 'Unit of the repayment interval: 0 days, 1 weeks, 2 months (Fineract\'s code).', nullable: true }) repaymentFrequencyType?: number | null;
  @Field(() => DecimalScalar, { description: 'Nominal interest rate in percent per rate period (see interestRateFrequencyType), decimal string.', nullable: true }) interestRatePerPeriod?: string | null;
  @Field(() => Int, { description: 'Period the interest rate applies to: 2 per month, 3 per year.', nullable: true }) interestRateFrequencyType?: number | null;
  @Field(() => Int, { description: 'How principal is repaid: 0 equal principal payments, 1 equal instalments.', nullable: true }) amortizationType?: number | null;
  @Field(() => Int, { description: 'How interest is computed: 0 declining balance, 1 flat.', nullable: true }) interestType?: number | null;
  @Field(() => Int, { description: 'Interest calculation period: 0 daily, 1 same as the repayment period.', nullable: true }) interestCalculationPeriodType?: number | null;
  @Field(() => AmortizationTypeEnum, { description: 'How principal is repaid, as the enum: give this or amortizationType (both must then agree).', nullable: true }) amortizationTypeEnum?: AmortizationTypeEnum | null;
  @Field(() => InterestTypeEnum, { description: 'How interest is computed, as the enum: give this or interestType (both must then agree).', nullable: true }) interestTypeEnum?: InterestTypeEnum | null;
  @Field(() => RepaymentFrequencyTypeEnum, { description: 'Unit of the repayment interval as the enum: give this or repaymentFrequencyType (both must then agree).', nullable: true }) repaymentFrequencyTypeEnum?: RepaymentFrequencyTypeEnum | null;
  @Field(() => String, { description: 'Order in which a repayment pays penalties, fees, interest and principal (Fineract\'s strategy code, e.g. "mifos-standard-strategy").', nullable: true }) transactionProcessingStrategyCode?: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the money is expected to be paid out (YYYY-MM-DD).', nullable: true }) expectedDisbursementDate?: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the application was submitted (YYYY-MM-DD).', nullable: true }) submittedOnDate?: string | null;
  @Field(() => LocalDateScalar, { description: 'Due day of the first instalment (YYYY-MM-DD), or null to follow the frequency from disbursement.', nullable: true }) repaymentsStartingFromDate?: string | null;
  @Field(() => String, { description: 'Kind of loan: individual, group or JLG (Fineract\'s `{id, code, value}`).', nullable: true }) loanType?: string | null;
  @Field(() => Int, { description: 'Id of the savings account linked for repayments, or null.', nullable: true }) linkAccountId?: number | null;
}

@ObjectType('SelfLoanApplication', { description: 'A loan application made by a customer in self-service.' })
export class SelfLoanApplicationType {
  @Field(() => Int, { description: 'Id of the loan concerned.' }) loanId!: number;
  @Field(() => Int, { description: 'Id of the record the command created or changed (Fineract\'s `resourceId`).' }) resourceId!: number;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
}

@ObjectType('MyLoanTemplate', { description: "GET /self/loans/template?productId=: the product's terms." })
export class MyLoanTemplateType {
  @Field(() => Int, { description: 'Id of the loan product.' }) loanProductId!: number;
  @Field({ description: 'Name of the loan product.' }) loanProductName!: string;
  @Field({ description: 'ISO 4217 currency code, e.g. "NGN".' }) currencyCode!: string;
  @Field(() => DecimalScalar, { description: 'Principal amount (decimal string) in the loan\'s currency.' }) principal!: string;
  @Field(() => DecimalScalar, { description: 'Smallest principal the product allows (decimal string), or null for no limit.' }) minPrincipal!: string;
  @Field(() => DecimalScalar, { description: 'Largest principal the product allows (decimal string), or null for no limit.' }) maxPrincipal!: string;
  @Field(() => Int, { description: 'Number of instalments in the schedule.' }) numberOfRepayments!: number;
  @Field(() => Int, { description: 'Number of frequency units between repayments, e.g. 1 with monthly = every month.' }) repaymentEvery!: number;
  @Field(() => Int, { description: 'Unit of the repayment interval: 0 days, 1 weeks, 2 months (Fineract\'s code).' }) repaymentFrequencyType!: number;
  @Field(() => DecimalScalar, { description: 'Nominal interest rate in percent per rate period (see interestRateFrequencyType), decimal string.' }) interestRatePerPeriod!: string;
  @Field(() => Int, { description: 'Period the interest rate applies to: 2 per month, 3 per year.' }) interestRateFrequencyType!: number;
  @Field(() => Int, { description: 'How principal is repaid: 0 equal principal payments, 1 equal instalments.' }) amortizationType!: number;
  @Field(() => Int, { description: 'How interest is computed: 0 declining balance, 1 flat.' }) interestType!: number;
  @Field(() => Int, { description: 'Interest calculation period: 0 daily, 1 same as the repayment period.' }) interestCalculationPeriodType!: number;
  @Field(() => MyLoanCurrencyType, { description: 'Currency of the product, with its display details.' }) currency!: MyLoanCurrencyType;
  @Field(() => MyLoanTemplateOptionsType, { description: 'The product\'s choices as Fineract\'s `{id, code, value}` options.' }) options!: MyLoanTemplateOptionsType;
  @Field({ description: 'Order in which a repayment pays penalties, fees, interest and principal (Fineract\'s strategy code, e.g. "mifos-standard-strategy").' }) transactionProcessingStrategyCode!: string;
}
