import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';
import { LoanCurrencyType, LoanTransactionKindType } from './loan.types.js';

@ObjectType('LoanPayoffTemplate', {
  description: "What closes a loan on a date (Fineract's transactions template for prepayLoan and foreclosure): principal outstanding, interest earned to the date by the product's day count (never interest not yet earned), fees and penalties due, and their total.",
})
export class LoanPayoffTemplateType {
  @Field(() => Int, { description: 'Id of the loan concerned.' }) loanId!: number;
  @Field(() => LoanTransactionKindType, { description: 'The transaction this template prepares (a repayment).' }) type!: LoanTransactionKindType;
  @Field(() => LocalDateScalar, { description: 'The date the payoff is computed for (YYYY-MM-DD).' }) date!: string;
  @Field(() => LoanCurrencyType, { description: 'Currency of the amounts, with its display details.' }) currency!: LoanCurrencyType;
  @Field(() => DecimalScalar, { description: 'The total that closes the loan on the date (decimal string).' }) amount!: string;
  @Field(() => DecimalScalar, { description: 'Of which principal outstanding (decimal string).' }) principalPortion!: string;
  @Field(() => DecimalScalar, { description: 'Of which interest earned to the date and not yet paid (decimal string).' }) interestPortion!: string;
  @Field(() => DecimalScalar, { description: 'Of which fees due (decimal string).' }) feeChargesPortion!: string;
  @Field(() => DecimalScalar, { description: 'Of which penalties due (decimal string).' }) penaltyChargesPortion!: string;
  @Field(() => DecimalScalar, { description: 'Principal outstanding before the payoff (decimal string).' }) outstandingLoanBalance!: string;
  @Field(() => DecimalScalar, { description: 'The principal disbursed (decimal string).' }) netDisbursalAmount!: string;
}

@ObjectType('LoanApprovalTemplate', { description: "Fineract's approval template (GET /loans/{id}/template?templateType=approval)." })
export class LoanApprovalTemplateType {
  @Field(() => Int, { description: 'Id of the loan concerned.' }) loanId!: number;
  @Field(() => LocalDateScalar, { description: 'The business date, the approval date proposed (YYYY-MM-DD).' }) approvalDate!: string;
  @Field(() => DecimalScalar, { description: 'The principal applied for, the amount proposed for approval (decimal string).' }) approvalAmount!: string;
  @Field(() => DecimalScalar, { description: 'The principal that would be disbursed (decimal string).' }) netDisbursalAmount!: string;
  @Field(() => LocalDateScalar, { description: 'The expected disbursement date of the application (YYYY-MM-DD).' }) expectedDisbursementDate!: string;
  @Field(() => LoanCurrencyType, { description: 'Currency of the amounts, with its display details.' }) currency!: LoanCurrencyType;
}

@ObjectType('LoanTransactionTemplate', {
  description: "Fineract's transactions template for writeoff, waiveinterest, recoverypayment, disburse and repayment: what the command would take.",
})
export class LoanTransactionTemplateType {
  @Field(() => Int, { description: 'Id of the loan concerned.' }) loanId!: number;
  @Field(() => LoanTransactionKindType, { description: 'The transaction this template prepares.' }) type!: LoanTransactionKindType;
  @Field(() => LocalDateScalar, { description: 'The business date; disburse: the expected disbursement date; repayment: the next instalment\'s due date (YYYY-MM-DD).' }) date!: string;
  @Field(() => LoanCurrencyType, { description: 'Currency of the amounts, with its display details.' }) currency!: LoanCurrencyType;
  @Field(() => DecimalScalar, {
    description: 'disburse: the approved principal; repayment: what is still owed on the earliest instalment not fully paid; writeoff: what a write-off today writes off (principal, interest earned to today, fees and penalties due); waiveinterest: the interest of instalments due by today still unpaid; recoverypayment: what was written off and not yet recovered (decimal string).',
  }) amount!: string;
  @Field(() => DecimalScalar, { description: 'Of which principal (decimal string).' }) principalPortion!: string;
  @Field(() => DecimalScalar, { description: 'Of which interest (decimal string).' }) interestPortion!: string;
  @Field(() => DecimalScalar, { description: 'Of which fees (decimal string).' }) feeChargesPortion!: string;
  @Field(() => DecimalScalar, { description: 'Of which penalties (decimal string).' }) penaltyChargesPortion!: string;
  @Field(() => DecimalScalar, { description: 'The principal disbursed (decimal string).' }) netDisbursalAmount!: string;
}

@InputType('LoanForeclosureInput', { description: "Fineract's foreclosure body: the loan closes on the date for its payoff then." })
export class LoanForeclosureInput {
  @Field(() => LocalDateScalar, { description: 'Business day of the foreclosure (YYYY-MM-DD); the business date when null.', nullable: true }) transactionDate?: string | null;
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note?: string | null;
  @Field(() => Int, { description: 'Id of the payment type the payoff is received by; without it (nor a savings account) it is booked to the settlement bank.', nullable: true }) paymentTypeId?: number | null;
  @Field(() => Int, { description: 'Id of the borrower\'s savings account the payoff is taken from, or null.', nullable: true }) fromSavingsAccountId?: number | null;
}

@InputType('LoanWriteOffInput', { description: "Fineract's write-off body." })
export class LoanWriteOffInput {
  @Field(() => LocalDateScalar, { description: 'Business day of the write-off (YYYY-MM-DD); the business date when null. Not before the loan\'s last transaction.', nullable: true }) transactionDate?: string | null;
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note?: string | null;
  @Field(() => Int, { description: 'Id of a value of the WriteOffReasons code, or null.', nullable: true }) writeoffReasonId?: number | null;
}

@InputType('LoanWaiveInterestInput', { description: "Fineract's waive interest body." })
export class LoanWaiveInterestInput {
  @Field(() => LocalDateScalar, { description: 'Business day of the waiver (YYYY-MM-DD); the business date when null.', nullable: true }) transactionDate?: string | null;
  @Field(() => DecimalScalar, { description: 'Interest to waive (decimal string), taken off the earliest unpaid instalments first; at most the unpaid interest.' }) transactionAmount!: string;
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note?: string | null;
}

@InputType('LoanUndoWriteOffInput', { description: "Fineract's undo write-off body." })
export class LoanUndoWriteOffInput {
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note?: string | null;
}

@InputType('LoanRecoveryPaymentInput', { description: "Fineract's recovery payment body: money received on a written-off loan." })
export class LoanRecoveryPaymentInput {
  @Field(() => LocalDateScalar, { description: 'Business day of the payment (YYYY-MM-DD); the business date when null.', nullable: true }) transactionDate?: string | null;
  @Field(() => DecimalScalar, { description: 'Amount received (decimal string), at most what was written off and not yet recovered.' }) transactionAmount!: string;
  @Field(() => Int, { description: 'Id of the payment type (cash goes through the teller\'s open till).' }) paymentTypeId!: number;
  @Field(() => String, { description: 'Free-text note, or null.', nullable: true }) note?: string | null;
  @Field(() => String, { description: 'Account number of the payment, or null.', nullable: true }) accountNumber?: string | null;
  @Field(() => String, { description: 'Cheque number of the payment, or null.', nullable: true }) checkNumber?: string | null;
  @Field(() => String, { description: 'Payment routing code, or null.', nullable: true }) routingCode?: string | null;
  @Field(() => String, { description: 'Receipt number of the payment, or null.', nullable: true }) receiptNumber?: string | null;
  @Field(() => String, { description: 'Bank number (sort code) of the payment, or null.', nullable: true }) bankNumber?: string | null;
}

@ObjectType('LoanInterestWaiverRequest', { description: 'An interest waiver above the tenant\'s loan-interest-waiver-ceiling, waiting for (or decided by) a second person.' })
export class LoanInterestWaiverRequestType {
  @Field(() => Int, { description: 'Id of the request.' }) id!: number;
  @Field(() => Int, { description: 'Id of the loan.' }) loanId!: number;
  @Field(() => Int, { description: '100 pending approval, 200 approved (the waiver was made), 500 rejected.' }) statusId!: number;
  @Field(() => DecimalScalar, { description: 'Interest to waive (decimal string).' }) transactionAmount!: string;
  @Field(() => LocalDateScalar, { description: 'Date the waiver is made as of.' }) transactionDate!: string;
  @Field(() => String, { description: 'Note, or null.', nullable: true }) note!: string | null;
  @Field(() => Int, { description: 'Id of the user who asked for it.' }) makerId!: number;
  @Field(() => Int, { description: 'Id of the user who approved or rejected it, or null.', nullable: true }) checkerId!: number | null;
  @Field(() => LocalDateScalar, { description: 'Business date of the decision, or null.', nullable: true }) decidedOnDate!: string | null;
  @Field(() => Int, { description: 'Id of the waiver transaction once approved, or null.', nullable: true }) transactionId!: number | null;
}
