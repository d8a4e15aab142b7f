import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../../kernel/enum-option.type.js';
import { DecimalScalar, LocalDateScalar } from '../../kernel/scalars.js';
import { ChargeCurrencyType } from './charge.types.js';

@ObjectType('ClientCharge', { description: 'A charge on a client, not tied to an account (Fineract\'s client charge): what is owed, paid and waived.' })
export class ClientChargeType {
  @Field(() => Int, { description: 'The client charge\'s id.' }) id!: number;
  @Field(() => Int, { description: 'The client\'s id.' }) clientId!: number;
  @Field(() => Int, { description: 'The charge definition\'s id.' }) chargeId!: number;
  @Field({ description: 'The charge\'s name.' }) name!: string;
  @Field(() => LocalDateScalar, { description: 'When it falls due (YYYY-MM-DD).' }) dueDate!: string;
  @Field(() => EnumOption, { description: 'When it falls due (2 specified due date).' }) chargeTimeType!: EnumOption;
  @Field(() => EnumOption, { description: 'How it is computed (1 flat).' }) chargeCalculationType!: EnumOption;
  @Field(() => ChargeCurrencyType, { description: 'The charge\'s currency.' }) currency!: ChargeCurrencyType;
  @Field(() => DecimalScalar, { description: 'What is charged.' }) amount!: string;
  @Field(() => DecimalScalar, { description: 'What has been paid of it.' }) amountPaid!: string;
  @Field(() => DecimalScalar, { description: 'What has been waived of it.' }) amountWaived!: string;
  @Field(() => DecimalScalar, { description: 'Always 0: client charges are not written off.' }) amountWrittenOff!: string;
  @Field(() => DecimalScalar, { description: 'What is still owed: amount - paid - waived.' }) amountOutstanding!: string;
  @Field({ description: 'True for a penalty.' }) penalty!: boolean;
  @Field({ description: 'True while the charge stands.' }) isActive!: boolean;
  @Field({ description: 'True once paid in full.' }) isPaid!: boolean;
  @Field({ description: 'True once nothing is owed and something was waived.' }) isWaived!: boolean;
}

@ObjectType('ClientChargePage', { description: 'A page of a client\'s charges (Fineract\'s Page).' })
export class ClientChargePageType {
  @Field(() => Int, { description: 'How many charges match, over all pages.' }) totalFilteredRecords!: number;
  @Field(() => [ClientChargeType], { description: 'This page\'s charges, latest due first.' }) pageItems!: ClientChargeType[];
}

@InputType({ description: 'A charge to add to a client (Fineract\'s POST /clients/{clientId}/charges body).' })
export class ClientChargeInput {
  @Field(() => Int, { description: 'An active client charge definition.' }) chargeId!: number;
  @Field(() => DecimalScalar, { description: 'The amount for this client; the definition\'s by default.', nullable: true }) amount?: string | null;
  @Field(() => LocalDateScalar, { description: 'When it falls due.' }) dueDate!: string;
}

@InputType({ description: 'Fineract\'s paycharge body: paid from one of the client\'s savings or current accounts.' })
export class PayClientChargeInput {
  @Field(() => DecimalScalar, { description: 'How much to pay; everything outstanding by default.', nullable: true }) amount?: string | null;
  @Field(() => LocalDateScalar, { description: 'The transaction date; the business date by default.', nullable: true }) transactionDate?: string | null;
  @Field(() => Int, { description: 'The client\'s own active savings or current account the charge is paid from.' }) savingsAccountId!: number;
}

@ObjectType('ClientChargeChange', { description: 'What a client charge command did.' })
export class ClientChargeChangeType {
  @Field(() => Int, { description: 'The client charge\'s id.' }) id!: number;
  @Field(() => DecimalScalar, { description: 'The amount paid.', nullable: true }) amount?: string | null;
  @Field(() => DecimalScalar, { description: 'The amount waived.', nullable: true }) amountWaived?: string | null;
  @Field(() => LocalDateScalar, { description: 'The payment\'s date.', nullable: true }) transactionDate?: string | null;
  @Field(() => Int, { description: 'The account paid from.', nullable: true }) savingsAccountId?: number | null;
}
