import { Directive, Field, Int, ObjectType } from 'type-graphql';

/** Fineract's enum value shape {id, code, value}; shared by every subgraph that reports a coded status or type. */
@Directive('@shareable')
@ObjectType()
export class EnumOption {
  @Field(() => Int) id!: number;
  @Field() code!: string;
  @Field() value!: string;
}

export function enumOption(id: number, code: string, value: string): EnumOption {
  return { id, code, value };
}
