import { Field, Int, ObjectType } from 'type-graphql';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';

@ObjectType('InterbankTransfer', { description: 'An inter-bank transfer out, with the switch session id that names it.' })
export class InterbankTransferType {
  @Field(() => Int) id!: number;
  @Field() sessionId!: string;
  @Field({ description: 'PENDING, SUCCESSFUL or FAILED.' }) status!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => Int) clientId!: number;
  @Field(() => Int) officeId!: number;
  @Field(() => Int) fromAccountId!: number;
  @Field() fromAccountNo!: string;
  @Field() toBankCode!: string;
  @Field() toAccountNumber!: string;
  @Field() toAccountName!: string;
  @Field(() => DecimalScalar) amount!: string;
  @Field() currencyCode!: string;
  @Field(() => LocalDateScalar) transferDate!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => Int, { nullable: true, description: 'The debit (S<id> in the journal) once SUCCESSFUL.' }) savingsTransactionId!: number | null;
  @Field(() => LocalDateScalar, { nullable: true, description: 'The business date it was settled on.' }) settledOn!: string | null;
}

@ObjectType('InterbankSettlementRow')
export class InterbankSettlementRowType {
  @Field() currency!: string;
  @Field(() => Int) outboundCount!: number;
  @Field(() => DecimalScalar) outboundAmount!: string;
  @Field(() => Int) inboundCount!: number;
  @Field(() => DecimalScalar) inboundAmount!: string;
  @Field(() => DecimalScalar, { description: 'Outbound minus inbound: the credit to GL 11201 by inter-bank postings that day.' }) netAmount!: string;
}

@ObjectType('InterbankSettlement', { description: 'The daily settlement report (GET /runreports/Interbank Settlement?R_date=).' })
export class InterbankSettlementType {
  @Field(() => LocalDateScalar) date!: string;
  @Field(() => [InterbankSettlementRowType]) rows!: InterbankSettlementRowType[];
}

@ObjectType('InboundCreditAnswer', { description: "The bank's answer to the switch's credit notification; a refusal carries its reason code." })
export class InboundCreditAnswerType {
  @Field() sessionId!: string;
  @Field({ description: 'CREDITED or REJECTED.' }) status!: string;
  @Field(() => Int, { nullable: true, description: 'The savings transaction of the credit.' }) resourceId!: number | null;
  @Field() accountNumber!: string;
  @Field(() => DecimalScalar) amount!: string;
  @Field(() => String, { nullable: true, description: 'UNKNOWN_ACCOUNT, CREDIT_BLOCKED, TIER_LIMIT, ACCOUNT_INACTIVE or INVALID_AMOUNT.' }) reasonCode!: string | null;
  @Field(() => String, { nullable: true }) reason!: string | null;
}
