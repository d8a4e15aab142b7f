import { Arg, Ctx, FieldResolver, Int, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../platform/request-context.js';
import { MySavingsTemplateType, SelfSavingsApplicationInputType, SelfSavingsApplicationType } from './savings-application.types.js';
import type { SelfServices } from './self.services.js';
import { MeType } from './self.types.js';

/** My savings applications (issue 42 item 6): the products I may apply for, applying, changing, withdrawing. */
@Resolver(() => MeType)
export class SavingsApplicationMeResolver {
  constructor(private readonly services: SelfServices) {}

  @FieldResolver(() => MySavingsTemplateType, { description: 'The savings products one of my clients may apply for (those marked for self-service).' })
  async savingsTemplate(@Arg('clientId', () => Int, { description: 'Client id (my first client when omitted).', nullable: true }) clientId: number | null, @Ctx() ctx: RequestContext): Promise<MySavingsTemplateType> {
    const { client, products } = await this.services.savingsApplications.template(ctx.identity, clientId);
    return { clientId: client.id, clientName: client.displayName, productOptions: products };
  }
}

@Resolver()
export class SavingsApplicationMutationResolver {
  constructor(private readonly services: SelfServices) {}

  @Mutation(() => SelfSavingsApplicationType, { description: 'Applies for a self-service savings product for one of my clients on the business date; staff approve it.' })
  async selfApplyForSavings(@Arg('input', () => SelfSavingsApplicationInputType, { description: 'The client and the product.' }) input: SelfSavingsApplicationInputType, @Ctx() ctx: RequestContext): Promise<SelfSavingsApplicationType> {
    const { savingsId, clientId } = await this.services.savingsApplications.apply(ctx.identity, input);
    return { savingsId, clientId, changes: {} };
  }

  @Mutation(() => SelfSavingsApplicationType, { description: 'Moves my savings application, while it waits for approval, to another self-service product.' })
  async selfUpdateSavingsApplication(
    @Arg('id', () => Int, { description: 'Id of my savings application.' }) id: number,
    @Arg('input', () => SelfSavingsApplicationInputType, { description: 'The client (unchangeable) and the product.' }) input: SelfSavingsApplicationInputType,
    @Ctx() ctx: RequestContext,
  ): Promise<SelfSavingsApplicationType> {
    return this.services.savingsApplications.modify(ctx.identity, id, input);
  }

  @Mutation(() => SelfSavingsApplicationType, { description: 'Withdraws my savings application while it waits for approval, on the business date.' })
  async selfWithdrawSavings(@Arg('id', () => Int, { description: 'Id of my savings application.' }) id: number, @Ctx() ctx: RequestContext): Promise<SelfSavingsApplicationType> {
    return this.services.savingsApplications.withdraw(ctx.identity, id);
  }
}
