import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { EnumOption } from '../kernel/enum-option.type.js';
import { DecimalScalar, LocalDateScalar } from '../kernel/scalars.js';

@ObjectType('TaxCreditAccount', { description: 'The GL account a tax component credits.' })
export class TaxCreditAccountType {
  @Field(() => Int, { description: 'GL account id.', nullable: true }) id!: number | null;
  @Field({ description: 'GL code (22201 "Withholding tax payable" when the component names none).' }) glCode!: string;
}

@ObjectType('TaxComponent', { description: 'A withholding tax component: a percentage of savings interest credited to a liability account from its start date.' })
export class TaxComponentType {
  @Field(() => Int, { description: 'Identifier, unique within the tenant.' }) id!: number;
  @Field({ description: 'Name of the component.' }) name!: string;
  @Field(() => DecimalScalar, { description: 'Percentage of the interest withheld (decimal string, e.g. "10").' }) percentage!: string;
  @Field(() => EnumOption, { description: "Fineract's GL account type of the credit account: 2 liability." }) creditAccountType!: EnumOption;
  @Field(() => TaxCreditAccountType, { description: 'The account credited with the tax withheld.' }) creditAccount!: TaxCreditAccountType;
  @Field(() => LocalDateScalar, { description: 'The first day the component applies.' }) startDate!: string;
}

@ObjectType('TaxGroupMapping', { description: 'A component of a tax group, from a start date.' })
export class TaxGroupMappingType {
  @Field(() => Int, { description: 'The component\'s id.' }) id!: number;
  @Field(() => TaxComponentType, { description: 'The component.' }) taxComponent!: TaxComponentType;
  @Field(() => LocalDateScalar, { description: 'The first day the component applies in this group.' }) startDate!: string;
}

@ObjectType('TaxGroup', { description: 'A tax group: the components a savings product with withHoldTax withholds at each interest posting.' })
export class TaxGroupType {
  @Field(() => Int, { description: 'Identifier, unique within the tenant.' }) id!: number;
  @Field({ description: 'Name of the group.' }) name!: string;
  @Field(() => [TaxGroupMappingType], { description: "The group's components (Fineract's taxAssociations)." }) taxAssociations!: TaxGroupMappingType[];
}

@InputType({ description: 'A tax component, as Fineract\'s POST /taxes/component body.' })
export class CreateTaxComponentInput {
  @Field({ description: 'Name (at most 100 characters, unique).' }) name!: string;
  @Field(() => DecimalScalar, { description: 'Percentage withheld, more than 0 and at most 100.' }) percentage!: string;
  @Field(() => Int, { nullable: true, description: 'GL account type of the credit account: only 2 (liability).' }) creditAccountType?: number | null;
  @Field(() => Int, { nullable: true, description: "GL account id credited (Fineract's spelling `creditAcountId`); 22201 when absent." }) creditAcountId?: number | null;
  @Field(() => LocalDateScalar, { nullable: true, description: 'First day it applies (default: the business date).' }) startDate?: string | null;
}

@InputType({ description: 'Changes to a tax component (its credit account cannot change).' })
export class UpdateTaxComponentInput {
  @Field(() => String, { nullable: true, description: 'New name.' }) name?: string | null;
  @Field(() => DecimalScalar, { nullable: true, description: 'New percentage.' }) percentage?: string | null;
  @Field(() => LocalDateScalar, { nullable: true, description: 'New start date.' }) startDate?: string | null;
}

@InputType({ description: 'A component named by a tax group.' })
export class TaxGroupComponentInput {
  @Field(() => Int, { description: 'The component\'s id.' }) taxComponentId!: number;
  @Field(() => LocalDateScalar, { nullable: true, description: 'First day it applies in the group (default: the business date).' }) startDate?: string | null;
}

@InputType({ description: 'A tax group, as Fineract\'s POST /taxes/group body.' })
export class CreateTaxGroupInput {
  @Field({ description: 'Name (at most 100 characters, unique).' }) name!: string;
  @Field(() => [TaxGroupComponentInput], { description: 'Its components (1 to 20).' }) taxComponents!: TaxGroupComponentInput[];
}

@InputType({ description: 'Changes to a tax group: a new name, components added or their start dates moved.' })
export class UpdateTaxGroupInput {
  @Field(() => String, { nullable: true, description: 'New name.' }) name?: string | null;
  @Field(() => [TaxGroupComponentInput], { nullable: true, description: 'Components to add (at most 20).' }) taxComponents?: TaxGroupComponentInput[] | null;
}

@ObjectType({ description: 'A tax component after a change, and what changed.' })
export class TaxComponentChangePayload {
  @Field(() => TaxComponentType, { description: 'The component.' }) taxComponent!: TaxComponentType;
  @Field(() => GraphQLJSONObject, { description: "Fineract's `changes`." }) changes!: Record<string, unknown>;
}

@ObjectType({ description: 'A tax group after a change, and what changed.' })
export class TaxGroupChangePayload {
  @Field(() => TaxGroupType, { description: 'The group.' }) taxGroup!: TaxGroupType;
  @Field(() => GraphQLJSONObject, { description: "Fineract's `changes`." }) changes!: Record<string, unknown>;
}
