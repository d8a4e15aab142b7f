import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { DecimalScalar, LocalDateScalar } from '../../kernel/scalars.js';

@ObjectType('CollectionSheetCurrency', { description: 'An account\'s currency.' })
export class SheetCurrencyType {
  @Field({ description: 'ISO 4217 code.' }) code!: string;
}

@ObjectType('CollectionSheetLoan', { description: 'A member\'s JLG loan on the sheet (Fineract\'s LoanDueData): what is due up to and including the date, unpaid.' })
export class SheetLoanType {
  @Field(() => Int, { description: 'The loan\'s id.' }) loanId!: number;
  @Field({ description: 'The loan\'s account number (Fineract calls it accountId).' }) accountId!: string;
  @Field(() => Int, { description: 'The loan\'s status (300 active).' }) accountStatusId!: number;
  @Field(() => Int, { description: 'The loan product.' }) productId!: number;
  @Field(() => SheetCurrencyType, { description: 'The loan\'s currency.' }) currency!: SheetCurrencyType;
  @Field(() => DecimalScalar, { description: 'Principal due and unpaid (decimal string).' }) principalDue!: string;
  @Field(() => DecimalScalar, { description: 'Interest due and unpaid (decimal string).' }) interestDue!: string;
  @Field(() => DecimalScalar, { description: 'Fees due and unpaid (decimal string).' }) feeDue!: string;
  @Field(() => DecimalScalar, { description: 'Penalties due and unpaid (decimal string).' }) penaltyDue!: string;
  @Field(() => DecimalScalar, { description: 'Fees and penalties due and unpaid (decimal string).' }) chargesDue!: string;
  @Field(() => DecimalScalar, { description: 'All of it: what the member owes at this meeting (decimal string).' }) totalDue!: string;
}

@ObjectType('CollectionSheetSavings', { description: 'A member\'s active savings account on the sheet (Fineract\'s SavingsDueData).' })
export class SheetSavingsType {
  @Field(() => Int, { description: 'The savings account\'s id.' }) savingsId!: number;
  @Field({ description: 'Its account number (Fineract calls it accountId).' }) accountId!: string;
  @Field(() => Int, { description: 'The account\'s status (300 active).' }) accountStatusId!: number;
  @Field(() => Int, { description: 'The savings product.' }) productId!: number;
  @Field({ description: 'The savings product\'s name.' }) productName!: string;
  @Field(() => SheetCurrencyType, { description: 'The account\'s currency.' }) currency!: SheetCurrencyType;
  @Field(() => DecimalScalar, { description: 'The mandatory or recommended deposit: 0, savings accounts have none (decimal string).' }) dueAmount!: string;
  @Field({ description: 'Fineract\'s deposit account type: "Saving Deposit".' }) depositAccountType!: string;
}

@ObjectType('CollectionSheetAttendance', { description: 'A member\'s attendance (Fineract\'s AttendanceType).' })
export class SheetAttendanceType {
  @Field(() => Int, { description: '1 present.' }) id!: number;
  @Field({ description: 'attendanceType.present.' }) code!: string;
  @Field({ description: 'Present.' }) value!: string;
}

@ObjectType('CollectionSheetClient', { description: 'A group member on the sheet (Fineract\'s JLGClientData).' })
export class SheetClientType {
  @Field(() => Int, { description: 'The client\'s id.' }) clientId!: number;
  @Field({ description: 'The client\'s display name.' }) clientName!: string;
  @Field(() => SheetAttendanceType, { description: 'Present by default: attendance is not recorded.' }) attendanceType!: SheetAttendanceType;
  @Field(() => [SheetLoanType], { description: 'The member\'s active JLG loans in this group.' }) loans!: SheetLoanType[];
  @Field(() => [SheetSavingsType], { description: 'The member\'s active savings accounts.' }) savings!: SheetSavingsType[];
}

@ObjectType('CollectionSheetTotals', { description: 'What the lines sum to (decimal strings).' })
export class SheetTotalsType {
  @Field(() => DecimalScalar, { description: 'Principal due.' }) principalDue!: string;
  @Field(() => DecimalScalar, { description: 'Interest due.' }) interestDue!: string;
  @Field(() => DecimalScalar, { description: 'Fees due.' }) feeDue!: string;
  @Field(() => DecimalScalar, { description: 'Penalties due.' }) penaltyDue!: string;
  @Field(() => DecimalScalar, { description: 'Fees and penalties due.' }) chargesDue!: string;
  @Field(() => DecimalScalar, { description: 'All loan dues.' }) totalDue!: string;
  @Field(() => DecimalScalar, { description: 'Savings deposits due.' }) savingsDue!: string;
}

@ObjectType('CollectionSheetGroup', { description: 'A group on the sheet (Fineract\'s JLGGroupData).' })
export class SheetGroupType {
  @Field(() => Int, { description: 'The group\'s id.' }) groupId!: number;
  @Field({ description: 'The group\'s name.' }) groupName!: string;
  @Field(() => Int, { description: 'Its loan officer.', nullable: true }) staffId!: number | null;
  @Field(() => String, { description: 'Its loan officer\'s name.', nullable: true }) staffName!: string | null;
  @Field(() => Int, { description: '2: a group.' }) levelId!: number;
  @Field({ description: 'Group.' }) levelName!: string;
  @Field(() => [SheetClientType], { description: 'Its members, by id.' }) clients!: SheetClientType[];
  @Field(() => SheetTotalsType, { description: 'The group\'s totals.' }) totals!: SheetTotalsType;
}

@ObjectType('CollectionSheetPaymentType', { description: 'A way the collected money may be paid.' })
export class SheetPaymentTypeType {
  @Field(() => Int, { description: 'The payment type\'s id (a save\'s paymentTypeId).' }) id!: number;
  @Field({ description: 'Its name.' }) name!: string;
  @Field({ description: 'Cash: the loan officer\'s till moves.' }) isCashPayment!: boolean;
}

@ObjectType('CollectionSheet', { description: 'A center\'s or group\'s collection sheet for one meeting date (Fineract\'s JLGCollectionSheetData, with totals).' })
export class CollectionSheetType {
  @Field(() => LocalDateScalar, { description: 'The meeting date.' }) dueDate!: string;
  @Field(() => Int, { description: 'The meeting\'s calendar.' }) calendarId!: number;
  @Field(() => [SheetGroupType], { description: 'The active groups (a center\'s, or the group itself), by id.' }) groups!: SheetGroupType[];
  @Field(() => SheetTotalsType, { description: 'The sheet\'s totals.' }) totals!: SheetTotalsType;
  @Field(() => [SheetPaymentTypeType], { description: 'The tenant\'s payment types, by id.' }) paymentTypeOptions!: SheetPaymentTypeType[];
}

@InputType({ description: 'A repayment line.' })
export class BulkRepaymentInput {
  @Field(() => Int, { description: 'A loan on the sheet.', nullable: true }) loanId?: number | null;
  @Field(() => DecimalScalar, { description: 'What the member paid (0: nothing, skipped).', nullable: true }) transactionAmount?: string | null;
}

@InputType({ description: 'A savings deposit line.' })
export class BulkSavingsDueInput {
  @Field(() => Int, { description: 'A savings account on the sheet.', nullable: true }) savingsId?: number | null;
  @Field(() => DecimalScalar, { description: 'What the member deposited (0: nothing, skipped).', nullable: true }) transactionAmount?: string | null;
}

@InputType({ description: 'A disbursement line (not supported: refused).' })
export class BulkDisbursementInput {
  @Field(() => Int, { description: 'A loan to disburse.', nullable: true }) loanId?: number | null;
}

@InputType('SaveCollectionSheetInput', { description: 'A saved collection sheet: every line posts in one transaction, or none does.' })
export class SaveCollectionSheetInputType {
  @Field(() => LocalDateScalar, { description: 'The day the money was collected.', nullable: true }) transactionDate?: string | null;
  @Field(() => Int, { description: 'How it was paid (cash moves the officer\'s till).', nullable: true }) paymentTypeId?: number | null;
  @Field(() => Int, { description: 'The meeting (accepted, not checked on save).', nullable: true }) calendarId?: number | null;
  @Field(() => LocalDateScalar, { description: 'For disbursements: not supported.', nullable: true }) actualDisbursementDate?: string | null;
  @Field(() => [BulkRepaymentInput], { description: 'Loan repayments (at most 500 lines in all).', nullable: true }) bulkRepaymentTransactions?: BulkRepaymentInput[] | null;
  @Field(() => [BulkSavingsDueInput], { description: 'Savings deposits.', nullable: true }) bulkSavingsDueTransactions?: BulkSavingsDueInput[] | null;
  @Field(() => [BulkDisbursementInput], { description: 'Disbursements: refused when any is sent.', nullable: true }) bulkDisbursementTransactions?: BulkDisbursementInput[] | null;
}
