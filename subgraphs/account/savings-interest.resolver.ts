import { Arg, Ctx, Field, InputType, Int, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../platform/request-context.js';
import { Mappers } from './account.mappers.js';
import type { AccountServices } from './account.services.js';
import { SavingsAccountChangePayload } from './account.types.js';

const ID_DESCRIPTION = 'The savings account\'s id. Another tenant\'s or office\'s account is "not found".';

@InputType({ description: "Fineract's updateWithHoldTax body." })
export class UpdateWithHoldTaxInput {
  @Field(() => Boolean, { description: 'Whether interest postings withhold the product\'s tax group.' }) withHoldTax!: boolean;
}

/** Fineract's calculateInterest and postInterest savings account commands. */
@Resolver()
export class SavingsInterestResolver {
  private readonly map: Mappers;
  constructor(private readonly services: AccountServices) {
    this.map = new Mappers(services);
  }

  @Mutation(() => SavingsAccountChangePayload, {
    description: "Fineract's calculateInterest: nothing is written. `changes.interestToPost` is what posting would credit now for the periods ended before the business date (less what they have posted); `changes.interestAccrued` is the period in progress through the business date.",
  })
  async calculateSavingsInterest(@Arg('id', () => Int, { description: ID_DESCRIPTION }) id: number, @Ctx() ctx: RequestContext): Promise<SavingsAccountChangePayload> {
    return this.map.change(await this.services.interest.calculate(ctx.identity, id));
  }

  @Mutation(() => SavingsAccountChangePayload, {
    description: "Fineract's postInterest: each posting period ended before the business date is posted (type 3, dated its last day; DR 51101, CR the account's liability GL). A period posted before whose amount no longer matches (a backdated movement, an undo) has its posting reversed and the new amount posted. `changes.postings` lists what was posted, `changes.reversedTransactionIds` what was reversed.",
  })
  async postSavingsInterest(@Arg('id', () => Int, { description: ID_DESCRIPTION }) id: number, @Ctx() ctx: RequestContext): Promise<SavingsAccountChangePayload> {
    const run = await this.services.interest.post(ctx.identity, id);
    return this.map.change({ account: run.account, changes: { postings: run.posted, reversedTransactionIds: run.reversed } });
  }

  @Mutation(() => SavingsAccountChangePayload, { description: "Fineract's updateWithHoldTax: whether the account's interest postings withhold tax (the product's tax group); 400 `validation.msg.account.withHoldTax.not.supported` when the product has none." })
  async updateSavingsWithHoldTax(@Arg('id', () => Int, { description: ID_DESCRIPTION }) id: number, @Arg('input', () => UpdateWithHoldTaxInput, { description: 'The request body.' }) input: UpdateWithHoldTaxInput, @Ctx() ctx: RequestContext): Promise<SavingsAccountChangePayload> {
    return this.map.change(await this.services.taxes.updateWithHoldTax(ctx.identity, id, input.withHoldTax));
  }
}
