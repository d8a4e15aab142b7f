import { Directive, Field, Int, ObjectType } from 'type-graphql';

/** Fineract's enum value shape {id, code, value}; shared by every subgraph that reports a coded status or type. */
@Directive('@shareable')
@ObjectType({ description: 'One choice of a Fineract closed set, as Fineract\'s `{id, code, value}` object: `id` is the number REST sends, `code` a stable key, `value` an English label.' })
export class EnumOption {
  @Field(() => Int, { description: 'Fineract\'s numeric id of this choice (what REST payloads send).' }) id!: number;
  @Field({ description: 'Stable machine-readable code (use this, not `value`, in client logic).' }) code!: string;
  @Field({ description: 'Human-readable label in English.' }) value!: string;
}

export function enumOption(id: number, code: string, value: string): EnumOption {
  return { id, code, value };
}
