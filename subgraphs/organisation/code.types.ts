import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('Code', { description: 'A named list of values (Fineract m_code). System-defined codes cannot be renamed or deleted.' })
export class CodeType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field() systemDefined!: boolean;
}

@ObjectType('CodeValue', { description: 'One value of a code.' })
export class CodeValueType {
  @Field(() => Int) id!: number;
  @Field(() => Int) codeId!: number;
  @Field() name!: string;
  @Field(() => Int) position!: number;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() isActive!: boolean;
  @Field() isMandatory!: boolean;
}

@ObjectType()
export class CodeChangePayload {
  @Field(() => CodeType) code!: CodeType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@ObjectType()
export class CodeValueChangePayload {
  @Field(() => CodeValueType) codeValue!: CodeValueType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@InputType()
export class CodeInput {
  @Field(() => String, { nullable: true }) name?: string | null;
}

@InputType()
export class CodeValueInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => Int, { nullable: true }) position?: number | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean | null;
  @Field(() => Boolean, { nullable: true }) isMandatory?: boolean | null;
}
