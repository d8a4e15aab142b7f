import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('Code', { description: 'A named list of values (Fineract m_code). System-defined codes cannot be renamed or deleted.' })
export class CodeType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field({ description: 'True for codes the system relies on; they cannot be renamed or deleted.' }) systemDefined!: boolean;
}

@ObjectType('CodeValue', { description: 'One value of a code.' })
export class CodeValueType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of the code this value belongs to.' }) codeId!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => Int, { description: 'Sort position in lists (ascending).' }) position!: number;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description!: string | null;
  @Field({ description: 'True when the record is in use.' }) isActive!: boolean;
  @Field({ description: 'True when this must be given.' }) isMandatory!: boolean;
}

@ObjectType({ description: 'The code after an update, and what changed.' })
export class CodeChangePayload {
  @Field(() => CodeType, { description: 'Stable machine-readable code (use this, not `value`, in client logic).' }) code!: CodeType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@ObjectType({ description: 'The code value after an update, and what changed.' })
export class CodeValueChangePayload {
  @Field(() => CodeValueType, { description: 'The code value after the command.' }) codeValue!: CodeValueType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@InputType({ description: 'A code\'s new name.' })
export class UpdateCodeInput {
  @Field(() => String, { description: 'Display name.', nullable: true }) name?: string | null;
}

/** A new code needs its name; an update may leave it out. */
@InputType({ description: 'A code (named list of values).' })
export class CreateCodeInput extends UpdateCodeInput {
  @Field(() => String, { description: 'Display name.' }) override name!: string;
}

@InputType({ description: 'Fields of a code value to change: any subset.' })
export class UpdateCodeValueInput {
  @Field(() => String, { description: 'Display name.', nullable: true }) name?: string | null;
  @Field(() => Int, { description: 'Sort position in lists (ascending).', nullable: true }) position?: number | null;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description?: string | null;
  @Field(() => Boolean, { description: 'True when the record is in use.', nullable: true }) isActive?: boolean | null;
  @Field(() => Boolean, { description: 'True when this must be given.', nullable: true }) isMandatory?: boolean | null;
}

/** A new value needs its name; an update may leave it out. */
@InputType({ description: 'A value of a code.' })
export class CreateCodeValueInput extends UpdateCodeValueInput {
  @Field(() => String, { description: 'Display name.' }) override name!: string;
}
