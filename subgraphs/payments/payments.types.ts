import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';

@ObjectType('InterbankTransfer', { description: 'An inter-bank transfer out, with the switch session id that names it.' })
export class InterbankTransferType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Id of the session, or of the switch message that settled it.' }) sessionId!: string;
  @Field({ description: 'PENDING, SUCCESSFUL or FAILED.' }) status!: string;
  @Field(() => String, { description: 'Why, in free text, or null.', nullable: true }) reason!: string | null;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => Int, { description: 'Id of the debited account.' }) fromAccountId!: number;
  @Field({ description: 'Account number of the debited account.' }) fromAccountNo!: string;
  @Field({ description: 'Code of the receiving bank on the switch.' }) toBankCode!: string;
  @Field({ description: 'NUBAN account number at the receiving bank.' }) toAccountNumber!: string;
  @Field({ description: 'Account holder\'s name from the name enquiry.' }) toAccountName!: string;
  @Field(() => DecimalScalar, { description: 'Amount in the record\'s currency, an exact decimal string (e.g. "1500.00").' }) amount!: string;
  @Field({ description: 'ISO 4217 currency code, e.g. "NGN".' }) currencyCode!: string;
  @Field(() => LocalDateScalar, { description: 'Day the transfer took effect (YYYY-MM-DD).' }) transferDate!: string;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description!: string | null;
  @Field(() => Int, { nullable: true, description: 'The debit (S<id> in the journal) once SUCCESSFUL.' }) savingsTransactionId!: number | null;
  @Field(() => LocalDateScalar, { nullable: true, description: 'The business date it was settled on.' }) settledOn!: string | null;
}

@ObjectType('InterbankSettlementRow', { description: 'One day\'s inter-bank totals for settlement with the payment switch.' })
export class InterbankSettlementRowType {
  @Field({ description: 'Currency of the amounts, with its display details.' }) currency!: string;
  @Field(() => Int, { description: 'Number of transfers sent.' }) outboundCount!: number;
  @Field(() => DecimalScalar, { description: 'Sum of transfers sent (decimal string).' }) outboundAmount!: string;
  @Field(() => Int, { description: 'Number of credits received.' }) inboundCount!: number;
  @Field(() => DecimalScalar, { description: 'Sum of credits received (decimal string).' }) inboundAmount!: string;
  @Field(() => DecimalScalar, { description: 'Outbound minus inbound, less outbound returned plus inbound sent back: the credit to GL 11201 by inter-bank postings that day.' }) netAmount!: string;
  @Field(() => Int, { description: 'Number of outbound transfers returned to customers (approved returns).' }) outboundReturnedCount!: number;
  @Field(() => DecimalScalar, { description: 'Sum of outbound transfers returned to customers (decimal string).' }) outboundReturnedAmount!: string;
  @Field(() => Int, { description: 'Number of inbound credits sent back (approved returns).' }) inboundReturnedCount!: number;
  @Field(() => DecimalScalar, { description: 'Sum of inbound credits sent back (decimal string).' }) inboundReturnedAmount!: string;
}

@ObjectType('InterbankSettlement', { description: 'The daily settlement report (GET /runreports/Interbank Settlement?R_date=).' })
export class InterbankSettlementType {
  @Field(() => LocalDateScalar, { description: 'Calendar day (YYYY-MM-DD) the record takes effect, in the tenant\'s business calendar.' }) date!: string;
  @Field(() => [InterbankSettlementRowType], { description: 'The data rows, in display order.' }) rows!: InterbankSettlementRowType[];
}

@ObjectType('InboundCreditAnswer', { description: "The bank's answer to the switch's credit notification; a refusal carries its reason code." })
export class InboundCreditAnswerType {
  @Field({ description: 'Id of the session, or of the switch message that settled it.' }) sessionId!: string;
  @Field({ description: 'CREDITED or REJECTED.' }) status!: string;
  @Field(() => Int, { nullable: true, description: 'The savings transaction of the credit.' }) resourceId!: number | null;
  @Field({ description: 'Account number (a 10-digit NUBAN for deposit accounts).' }) accountNumber!: string;
  @Field(() => DecimalScalar, { description: 'Amount in the record\'s currency, an exact decimal string (e.g. "1500.00").' }) amount!: string;
  @Field(() => String, { nullable: true, description: 'UNKNOWN_ACCOUNT, CREDIT_BLOCKED, TIER_LIMIT, ACCOUNT_INACTIVE or INVALID_AMOUNT.' }) reasonCode!: string | null;
  @Field(() => String, { description: 'Why, in free text, or null.', nullable: true }) reason!: string | null;
}

@ObjectType('InterbankReturn', { description: 'A return of an inter-bank leg: submitted by a maker, posted only when another user approves it.' })
export class InterbankReturnType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'OUTBOUND (a transfer out the switch sent back: the customer is credited) or INBOUND (a credit sent back: the customer is debited).' }) direction!: string;
  @Field({ description: 'The switch session id of the returned leg.' }) sessionId!: string;
  @Field(() => Int, { nullable: true, description: 'The inter-bank transfer returned (OUTBOUND), or null.' }) transferId!: number | null;
  @Field(() => Int, { description: 'Id of the savings account credited or debited.' }) accountId!: number;
  @Field({ description: 'Account number of that account.' }) accountNo!: string;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => Int, { description: 'The savings transaction of the returned leg.' }) originalTransactionId!: number;
  @Field(() => DecimalScalar, { description: 'Amount in the record\'s currency, an exact decimal string (e.g. "1500.00").' }) amount!: string;
  @Field({ description: 'ISO 4217 currency code, e.g. "NGN".' }) currencyCode!: string;
  @Field({ description: 'Why, in free text, as the maker gave it.' }) reason!: string;
  @Field({ description: 'PENDING, APPROVED or REJECTED.' }) status!: string;
  @Field(() => Int, { description: 'The user who submitted it.' }) makerId!: number;
  @Field(() => Int, { nullable: true, description: 'The user who approved or rejected it, or null while PENDING.' }) checkerId!: number | null;
  @Field(() => Int, { nullable: true, description: 'The return\'s own savings transaction (S<id> in the journal) once APPROVED.' }) savingsTransactionId!: number | null;
  @Field(() => LocalDateScalar, { nullable: true, description: 'The business date it was posted on, once APPROVED.' }) returnedOn!: string | null;
}

@InputType({ description: 'A return of an inter-bank leg (POST /interbank/returns).' })
export class InterbankReturnInput {
  @Field(() => String, { description: 'OUTBOUND or INBOUND.', nullable: true }) direction?: string | null;
  @Field(() => String, { description: 'The switch session id of a SUCCESSFUL transfer out (OUTBOUND) or of a credited inbound credit (INBOUND).', nullable: true }) sessionId?: string | null;
  @Field(() => String, { description: 'Why (at most 500 characters).', nullable: true }) reason?: string | null;
}
