import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { PlatformError } from '../../kernel/errors.js';
import type { RequestContext } from '../../platform/request-context.js';
import type { ChargesServices } from '../charges.services.js';
import { PaySavingsAccountChargeInput, SavingsAccountChargeInput, SavingsAccountChargeType, SavingsProductChargeTemplateType } from './savings-charge.types.js';

const ACCOUNT_ID = 'The account\'s id; another tenant\'s or a not visible account is "not found".';
const CHARGE_ID = 'The account charge\'s id (not the charge definition\'s).';

/** Charges on savings and current accounts (Fineract's /savingsaccounts/{id}/charges). */
@Resolver()
export class SavingsChargeResolver {
  constructor(private readonly services: ChargesServices) {}

  @Query(() => [SavingsAccountChargeType], { description: 'The charges of a savings or current account.' })
  async savingsAccountCharges(
    @Arg('accountId', () => Int, { description: ACCOUNT_ID }) accountId: number,
    @Ctx() ctx: RequestContext,
    @Arg('besideAccount', () => Boolean, {
      nullable: true,
      description: 'True when the same operation reads the account itself: an account not found is then an empty list here, and the account\'s own field says "not found" (two root fields failing at once on two subgraphs can lose that verdict in the gateway).',
    })
    besideAccount?: boolean,
  ): Promise<SavingsAccountChargeType[]> {
    try {
      return await this.services.savingsChargeQueries.list(ctx.identity, accountId);
    } catch (error) {
      if (besideAccount && error instanceof PlatformError && error.status === 404) return [];
      throw error;
    }
  }

  @Query(() => [SavingsAccountChargeType], { description: 'Self-service: the charges of one of the customer\'s own accounts (GET /self/savingsaccounts/{id}/charges).' })
  async mySavingsAccountCharges(@Arg('accountId', () => Int, { description: 'The account\'s id; an account of someone else is "not found".' }) accountId: number, @Ctx() ctx: RequestContext): Promise<SavingsAccountChargeType[]> {
    return this.services.savingsChargeQueries.listOwn(ctx.identity, accountId);
  }

  @Query(() => SavingsProductChargeTemplateType, { description: 'The charges an application on a savings product may list, and the product\'s own (GET /savingsaccounts/template?productId=).' })
  async savingsProductChargeTemplate(@Arg('productId', () => Int, { description: 'The savings product\'s id; an unknown product has none of its own.' }) productId: number, @Ctx() ctx: RequestContext): Promise<SavingsProductChargeTemplateType> {
    return this.services.savingsChargeQueries.productTemplate(ctx.identity, productId);
  }

  @Query(() => SavingsAccountChargeType, { description: 'One charge of a savings or current account.' })
  async savingsAccountCharge(
    @Arg('accountId', () => Int, { description: ACCOUNT_ID }) accountId: number,
    @Arg('id', () => Int, { description: CHARGE_ID }) id: number,
    @Ctx() ctx: RequestContext,
  ): Promise<SavingsAccountChargeType> {
    return this.services.savingsChargeQueries.get(ctx.identity, accountId, id);
  }

  @Mutation(() => Int, { description: 'Adds a charge to an account; a fee already due on an active account is charged and collected at once. Answers its id.' })
  async addSavingsAccountCharge(
    @Arg('accountId', () => Int, { description: ACCOUNT_ID }) accountId: number,
    @Arg('input', () => SavingsAccountChargeInput, { description: 'The charge.' }) input: SavingsAccountChargeInput,
    @Ctx() ctx: RequestContext,
  ): Promise<number> {
    return this.services.savingsCharges.add(ctx.identity, accountId, input);
  }

  @Mutation(() => Int, { description: 'Pays what is owed on a charge now from the account (a Pay Charge transaction; an annual fee\'s is an Annual Fee transaction).' })
  async paySavingsAccountCharge(
    @Arg('accountId', () => Int, { description: ACCOUNT_ID }) accountId: number,
    @Arg('id', () => Int, { description: CHARGE_ID }) id: number,
    @Arg('input', () => PaySavingsAccountChargeInput, { description: 'The amount and date.' }) input: PaySavingsAccountChargeInput,
    @Ctx() ctx: RequestContext,
  ): Promise<number> {
    return this.services.savingsCharges.pay(ctx.identity, accountId, id, input);
  }

  @Mutation(() => Int, { description: 'Waives what is owed on a charge: no longer due, nothing posted.' })
  async waiveSavingsAccountCharge(@Arg('accountId', () => Int, { description: ACCOUNT_ID }) accountId: number, @Arg('id', () => Int, { description: CHARGE_ID }) id: number, @Ctx() ctx: RequestContext): Promise<number> {
    return this.services.savingsCharges.waive(ctx.identity, accountId, id);
  }

  @Mutation(() => Int, { description: 'Inactivates a charge: it no longer falls due or rides with withdrawals.' })
  async inactivateSavingsAccountCharge(@Arg('accountId', () => Int, { description: ACCOUNT_ID }) accountId: number, @Arg('id', () => Int, { description: CHARGE_ID }) id: number, @Ctx() ctx: RequestContext): Promise<number> {
    return this.services.savingsCharges.inactivate(ctx.identity, accountId, id);
  }

  @Mutation(() => Int, { description: 'Deletes a charge nothing was paid or waived of.' })
  async deleteSavingsAccountCharge(@Arg('accountId', () => Int, { description: ACCOUNT_ID }) accountId: number, @Arg('id', () => Int, { description: CHARGE_ID }) id: number, @Ctx() ctx: RequestContext): Promise<number> {
    return this.services.savingsCharges.delete(ctx.identity, accountId, id);
  }
}
