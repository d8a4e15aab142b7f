import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { LocalDateScalar } from '../kernel/scalars.js';

@ObjectType('GlobalConfigurationProperty', { description: 'A tenant setting, Fineract\'s global configuration row.' })
export class SettingType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field({ description: 'True when it is switched on.' }) enabled!: boolean;
  @Field(() => Float, { nullable: true, description: 'Whole-number settings (ceilings, limits).' }) value!: number | null;
  @Field(() => String, { description: 'Value of a text setting, or null.', nullable: true }) stringValue!: string | null;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description!: string | null;
  @Field({ description: 'True when the setting cannot be changed once set.' }) trapDoor!: boolean;
}

@ObjectType({ description: 'The tenant\'s global configuration settings (Fineract\'s GET /configurations).' })
export class GlobalConfigurationType {
  @Field(() => [SettingType], { description: 'Every setting.' }) globalConfiguration!: SettingType[];
}

@ObjectType({ description: 'The setting after an update, and what changed.' })
export class SettingChangePayload {
  @Field(() => SettingType, { description: 'The setting after the command.' }) setting!: SettingType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@InputType({ description: 'A new value of a global configuration setting.' })
export class UpdateSettingInput {
  @Field(() => Boolean, { description: 'True when it is switched on.', nullable: true }) enabled?: boolean | null;
  @Field(() => Float, { description: 'New numeric value of the setting, or null to clear it.', nullable: true }) value?: number | null;
  @Field(() => String, { description: 'Value of a text setting, or null.', nullable: true }) stringValue?: string | null;
}

@ObjectType('BusinessDate', { description: 'The tenant\'s business date (or COB date): the day transactions are dated by default.' })
export class BusinessDateType {
  @Field({ description: 'BUSINESS_DATE or COB_DATE.' }) type!: string;
  @Field({ description: 'Free-text description, or null when none was given.' }) description!: string;
  @Field(() => LocalDateScalar, { description: 'Calendar day (YYYY-MM-DD) the record takes effect, in the tenant\'s business calendar.' }) date!: string;
}

@ObjectType({ description: 'The business date after it was set, and what changed.' })
export class BusinessDateChangePayload {
  @Field({ description: 'BUSINESS_DATE or COB_DATE.' }) type!: string;
  @Field({ description: 'Free-text description, or null when none was given.' }) description!: string;
  @Field(() => LocalDateScalar, { description: 'Calendar day (YYYY-MM-DD) the record takes effect, in the tenant\'s business calendar.' }) date!: string;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@InputType({ description: 'A new business date, as Fineract\'s POST /businessdate body.' })
export class BusinessDateInput {
  @Field(() => String, { description: 'BUSINESS_DATE or COB_DATE.' }) type!: string;
  @Field(() => LocalDateScalar, { description: 'Calendar day (YYYY-MM-DD) the record takes effect, in the tenant\'s business calendar.' }) date!: string;
}
