import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { LocalDateScalar } from '../kernel/scalars.js';

@ObjectType('GlobalConfigurationProperty', { description: 'A tenant setting, Fineract\'s global configuration row.' })
export class SettingType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field() enabled!: boolean;
  @Field(() => Float, { nullable: true, description: 'Whole-number settings (ceilings, limits).' }) value!: number | null;
  @Field(() => String, { nullable: true }) stringValue!: string | null;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() trapDoor!: boolean;
}

@ObjectType()
export class GlobalConfigurationType {
  @Field(() => [SettingType]) globalConfiguration!: SettingType[];
}

@ObjectType()
export class SettingChangePayload {
  @Field(() => SettingType) setting!: SettingType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@InputType()
export class UpdateSettingInput {
  @Field(() => Boolean, { nullable: true }) enabled?: boolean | null;
  @Field(() => Float, { nullable: true }) value?: number | null;
  @Field(() => String, { nullable: true }) stringValue?: string | null;
}

@ObjectType('BusinessDate')
export class BusinessDateType {
  @Field() type!: string;
  @Field() description!: string;
  @Field(() => LocalDateScalar) date!: string;
}

@ObjectType()
export class BusinessDateChangePayload {
  @Field() type!: string;
  @Field() description!: string;
  @Field(() => LocalDateScalar) date!: string;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@InputType()
export class BusinessDateInput {
  @Field(() => String, { nullable: true }) type?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) date?: string | null;
}
