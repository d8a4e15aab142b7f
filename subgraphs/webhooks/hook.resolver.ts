import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../platform/request-context.js';
import type { WebhooksServices } from './webhooks.services.js';
import {
  DeliveryPageType, HookChangePayload, HookCreatePayload, HookInput, HookTemplateType, HookTestPayload, HookType, RedeliveryPayload,
} from './hook.types.js';

/** Fineract's /hooks plus the delivery log and replay. */
@Resolver()
export class HookResolver {
  constructor(private readonly services: WebhooksServices) {}

  @Query(() => HookTemplateType, { description: 'Events a hook can choose (grouped by entity), the event-name mapping and the "Web" config fields.' })
  hookTemplate(@Ctx() ctx: RequestContext): HookTemplateType {
    return this.services.hooks.template(ctx.identity);
  }

  @Query(() => [HookType])
  async hooks(@Ctx() ctx: RequestContext): Promise<HookType[]> {
    return this.services.hooks.list(ctx.identity);
  }

  @Query(() => HookType)
  async hook(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext): Promise<HookType> {
    return this.services.hooks.get(ctx.identity, id);
  }

  @Mutation(() => HookCreatePayload)
  async createHook(@Arg('input', () => HookInput) input: HookInput, @Ctx() ctx: RequestContext): Promise<HookCreatePayload> {
    return this.services.hooks.create(ctx.identity, input);
  }

  @Mutation(() => HookChangePayload)
  async updateHook(@Arg('id', () => Int) id: number, @Arg('input', () => HookInput) input: HookInput, @Ctx() ctx: RequestContext): Promise<HookChangePayload> {
    return this.services.hooks.update(ctx.identity, id, input);
  }

  @Mutation(() => Int)
  async deleteHook(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext): Promise<number> {
    return this.services.hooks.delete(ctx.identity, id);
  }

  @Query(() => DeliveryPageType, { description: 'The delivery log, one item per attempt, newest first; bodies are kept 30 days.' })
  async hookDeliveries(
    @Arg('hookId', () => Int) hookId: number,
    @Ctx() ctx: RequestContext,
    @Arg('status', () => String, { nullable: true }) status?: string,
    @Arg('offset', () => Int, { nullable: true }) offset?: number,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
  ): Promise<DeliveryPageType> {
    return this.services.hooks.deliveries(ctx.identity, hookId, { status, offset, limit });
  }

  @Mutation(() => RedeliveryPayload, { description: 'Sends a delivery again now: same eventId, same body.' })
  async redeliverWebhook(@Arg('hookId', () => Int) hookId: number, @Arg('deliveryId', () => Int) deliveryId: number, @Ctx() ctx: RequestContext): Promise<RedeliveryPayload> {
    return { hookId, ...(await this.services.hooks.redeliver(ctx.identity, hookId, deliveryId)) };
  }

  @Mutation(() => HookTestPayload, { description: 'Queues a hook.test event to this hook.' })
  async testHook(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext): Promise<HookTestPayload> {
    return { hookId: id, ...(await this.services.hooks.test(ctx.identity, id)) };
  }
}
