import { Field, Int, ObjectType } from 'type-graphql';
import { DecimalScalar, LocalDateScalar } from '../../kernel/scalars.js';

@ObjectType('StatementLine', { description: 'A transaction on a statement, with the balance after it.' })
export class StatementLineType {
  @Field({ description: 'The savings transaction id.' }) transactionId!: string;
  @Field(() => LocalDateScalar, { description: 'Transaction date.' }) date!: string;
  @Field({ description: 'Kind: Deposit, Withdrawal, Transfer in, Transfer out, Interest Posting, fees.' }) type!: string;
  @Field({ description: 'The note, or the kind.' }) description!: string;
  @Field(() => DecimalScalar, { description: 'Amount taken out, or null.', nullable: true }) debit!: string | null;
  @Field(() => DecimalScalar, { description: 'Amount paid in, or null.', nullable: true }) credit!: string | null;
  @Field(() => DecimalScalar, { description: 'Balance after the transaction.' }) balance!: string;
}

@ObjectType('SavingsStatement', { description: 'A savings or current account statement over a period ("Client Saving Transactions").' })
export class SavingsStatementType {
  @Field({ description: 'The institution (tenant) name.' }) institutionName!: string;
  @Field(() => Int, { description: 'Account id.' }) accountId!: number;
  @Field({ description: 'Account number.' }) accountNo!: string;
  @Field({ description: 'Product name.' }) productName!: string;
  @Field({ description: 'ISO currency code.' }) currencyCode!: string;
  @Field(() => Int, { description: "The currency's decimal places." }) decimalPlaces!: number;
  @Field({ description: "The account holder's name." }) clientName!: string;
  @Field({ description: "The account holder's CIF." }) cif!: string;
  @Field({ description: 'Branch holding the account.' }) officeName!: string;
  @Field(() => LocalDateScalar, { description: 'First day of the period.' }) fromDate!: string;
  @Field(() => LocalDateScalar, { description: 'Last day of the period.' }) toDate!: string;
  @Field(() => DecimalScalar, { description: 'Balance before the first day.' }) openingBalance!: string;
  @Field(() => [StatementLineType], { description: 'Transactions of the period, by date then as recorded; reversed ones are left out.' }) lines!: StatementLineType[];
  @Field(() => DecimalScalar, { description: 'Sum of the debits of the period.' }) totalDebits!: string;
  @Field(() => DecimalScalar, { description: 'Sum of the credits of the period.' }) totalCredits!: string;
  @Field(() => DecimalScalar, { description: 'Opening balance + credits - debits.' }) closingBalance!: string;
}

@ObjectType('SavingsReceipt', { description: 'A receipt for one savings transaction ("Savings Transaction Receipt").' })
export class SavingsReceiptType {
  @Field({ description: 'The institution (tenant) name.' }) institutionName!: string;
  @Field({ description: 'Account number.' }) accountNo!: string;
  @Field({ description: 'Product name.' }) productName!: string;
  @Field({ description: 'ISO currency code.' }) currencyCode!: string;
  @Field(() => Int, { description: "The currency's decimal places." }) decimalPlaces!: number;
  @Field({ description: "The account holder's name." }) clientName!: string;
  @Field({ description: "The account holder's CIF." }) cif!: string;
  @Field({ description: 'Branch holding the account.' }) officeName!: string;
  @Field({ description: 'The savings transaction id.' }) transactionId!: string;
  @Field(() => LocalDateScalar, { description: 'Transaction date.' }) date!: string;
  @Field({ description: 'Kind: Deposit, Withdrawal, Transfer in, ...' }) type!: string;
  @Field({ description: 'The note, or the kind.' }) description!: string;
  @Field({ description: 'True when money came in.' }) credit!: boolean;
  @Field(() => DecimalScalar, { description: 'Amount.' }) amount!: string;
  @Field(() => DecimalScalar, { description: 'Balance after the transaction (reversed transactions not counted).' }) balanceAfter!: string;
  @Field({ description: 'Whether the transaction was reversed.' }) reversed!: boolean;
}

@ObjectType('LoanReceipt', { description: 'A receipt for one loan transaction ("Loan Transaction Receipt").' })
export class LoanReceiptType {
  @Field({ description: 'The institution (tenant) name.' }) institutionName!: string;
  @Field(() => Int, { description: 'Loan id.' }) loanId!: number;
  @Field({ description: 'Loan account number.' }) accountNo!: string;
  @Field({ description: 'Product name.' }) productName!: string;
  @Field({ description: 'ISO currency code.' }) currencyCode!: string;
  @Field(() => Int, { description: "The currency's decimal places." }) decimalPlaces!: number;
  @Field({ description: "The borrower's name." }) clientName!: string;
  @Field({ description: "The borrower's CIF." }) cif!: string;
  @Field({ description: 'Branch holding the loan.' }) officeName!: string;
  @Field({ description: 'The loan transaction id.' }) transactionId!: string;
  @Field(() => LocalDateScalar, { description: 'Transaction date.' }) date!: string;
  @Field({ description: 'Kind: Disbursement, Repayment, Write-Off, ...' }) type!: string;
  @Field(() => DecimalScalar, { description: 'Amount.' }) amount!: string;
  @Field(() => DecimalScalar, { description: 'Principal portion.' }) principal!: string;
  @Field(() => DecimalScalar, { description: 'Interest portion.' }) interest!: string;
  @Field(() => DecimalScalar, { description: 'Fees portion.' }) fees!: string;
  @Field(() => DecimalScalar, { description: 'Penalties portion.' }) penalties!: string;
  @Field(() => DecimalScalar, { description: 'Principal outstanding after the transaction.' }) outstandingAfter!: string;
  @Field({ description: 'Whether the transaction was reversed.' }) reversed!: boolean;
}
