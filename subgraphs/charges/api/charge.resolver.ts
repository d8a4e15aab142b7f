import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../platform/request-context.js';
import type { ChargesServices } from '../charges.services.js';
import { ChargeChangesType, ChargeInput, ChargeTemplateType, ChargeType } from './charge.types.js';

/** Charge definitions (Fineract's /charges). */
@Resolver()
export class ChargeResolver {
  constructor(private readonly services: ChargesServices) {}

  @Query(() => [ChargeType], { description: 'Live charge definitions, by id (GET /charges).' })
  async charges(
    @Ctx() ctx: RequestContext,
    @Arg('chargeAppliesTo', () => Int, { description: 'Only charges applying to this: 1 loan, 2 savings, 3 client.', nullable: true }) chargeAppliesTo?: number | null,
    @Arg('active', () => Boolean, { description: 'Only active (true) or inactive (false) charges.', nullable: true }) active?: boolean | null,
  ): Promise<ChargeType[]> {
    return this.services.queries.list(ctx.identity, { appliesTo: chargeAppliesTo, active });
  }

  @Query(() => ChargeType, { description: 'A charge definition by id; a deleted or another tenant\'s charge is "not found".' })
  async charge(@Arg('id', () => Int, { description: 'The charge\'s id.' }) id: number, @Ctx() ctx: RequestContext): Promise<ChargeType> {
    return this.services.queries.get(ctx.identity, id);
  }

  @Query(() => ChargeTemplateType, { description: 'The options of a new charge (GET /charges/template).' })
  async chargeTemplate(@Ctx() ctx: RequestContext): Promise<ChargeTemplateType> {
    return this.services.queries.template(ctx.identity);
  }

  @Mutation(() => Int, { description: 'Defines a charge (POST /charges); answers its id.' })
  async createCharge(@Arg('input', () => ChargeInput, { description: 'The charge.' }) input: ChargeInput, @Ctx() ctx: RequestContext): Promise<number> {
    return this.services.definitions.create(ctx.identity, input);
  }

  @Mutation(() => ChargeChangesType, { description: 'Changes a charge (PUT /charges/{id}); a used charge keeps its currency and kind.' })
  async updateCharge(
    @Arg('id', () => Int, { description: 'The charge\'s id.' }) id: number,
    @Arg('input', () => ChargeInput, { description: 'The fields to change.' }) input: ChargeInput,
    @Ctx() ctx: RequestContext,
  ): Promise<ChargeChangesType> {
    return this.services.definitions.update(ctx.identity, id, input);
  }

  @Mutation(() => Int, { description: 'Deletes a charge no product, account, loan or client uses (DELETE /charges/{id}); answers its id.' })
  async deleteCharge(@Arg('id', () => Int, { description: 'The charge\'s id.' }) id: number, @Ctx() ctx: RequestContext): Promise<number> {
    return this.services.definitions.delete(ctx.identity, id);
  }
}
