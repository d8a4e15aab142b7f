import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';
import { MyCurrencyType } from './self.types.js';

/* Savings applications as Fineract's customer apps make them (issue 42 item 6). */

@ObjectType('MySavingsProductOption', { description: 'A savings product I may apply for: one the bank marked for self-service.' })
export class MySavingsProductOptionType {
  @Field(() => Int, { description: 'Id of the savings product.' }) id!: number;
  @Field({ description: 'Name of the savings product.' }) name!: string;
  @Field({ description: 'Short code of the product.' }) shortName!: string;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description!: string | null;
  @Field({ description: 'SAVINGS or CURRENT.' }) accountType!: string;
  @Field(() => DecimalScalar, { description: 'Nominal annual interest rate in percent (decimal string).' }) nominalAnnualInterestRate!: string;
  @Field(() => MyCurrencyType, { description: 'Currency of the product.' }) currency!: MyCurrencyType;
}

@ObjectType('MySavingsTemplate', { description: 'GET /self/savingsaccounts/template: my client and the savings products it may apply for.' })
export class MySavingsTemplateType {
  @Field(() => Int, { description: 'Id of the client applying.' }) clientId!: number;
  @Field({ description: 'Display name of the client.' }) clientName!: string;
  @Field(() => [MySavingsProductOptionType], { description: 'The products the client may apply for.' }) productOptions!: MySavingsProductOptionType[];
}

@InputType('SelfSavingsApplicationInput', { description: 'POST /self/savingsaccounts, PUT /self/savingsaccounts/{id}: the client and the product.' })
export class SelfSavingsApplicationInputType {
  @Field(() => Int, { description: "Id of the client applying: one of the caller's own (required to apply; unchangeable after).", nullable: true }) clientId?: number | null;
  @Field(() => Int, { description: 'Id of a savings product marked for self-service (required to apply).', nullable: true }) productId?: number | null;
  @Field(() => LocalDateScalar, { description: 'Day the application is submitted (YYYY-MM-DD): the business date, which is also taken when omitted.', nullable: true }) submittedOnDate?: string | null;
}

@ObjectType('SelfSavingsApplication', { description: 'A savings application a customer made, changed or withdrew.' })
export class SelfSavingsApplicationType {
  @Field(() => Int, { description: 'Id of the savings account (the application).' }) savingsId!: number;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field(() => GraphQLJSONObject, { description: "Fineract's `changes`: what the command changed." }) changes!: Record<string, unknown>;
}
