import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../platform/request-context.js';
import type { WebhooksServices } from './webhooks.services.js';
import {
  DeliveryPageType, HookChangePayload, HookCreatePayload, CreateHookInput, UpdateHookInput, HookTemplateType, HookTestPayload, HookType, RedeliveryPayload,
} from './hook.types.js';

/** Fineract's /hooks plus the delivery log and replay. */
@Resolver()
export class HookResolver {
  constructor(private readonly services: WebhooksServices) {}

  @Query(() => HookTemplateType, { description: 'Events a hook can choose (grouped by entity), the event-name mapping and the "Web" config fields.' })
  hookTemplate(@Ctx() ctx: RequestContext): HookTemplateType {
    return this.services.hooks.template(ctx.identity);
  }

  @Query(() => [HookType], { description: 'Webhooks.' })
  async hooks(@Ctx() ctx: RequestContext): Promise<HookType[]> {
    return this.services.hooks.list(ctx.identity);
  }

  @Query(() => HookType, { description: 'A webhook by id.' })
  async hook(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<HookType> {
    return this.services.hooks.get(ctx.identity, id);
  }

  @Mutation(() => HookCreatePayload, { description: 'Creates a webhook.' })
  async createHook(@Arg('input', () => CreateHookInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateHookInput, @Ctx() ctx: RequestContext): Promise<HookCreatePayload> {
    return this.services.hooks.create(ctx.identity, input);
  }

  @Mutation(() => HookChangePayload, { description: 'Changes a webhook.' })
  async updateHook(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => UpdateHookInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateHookInput, @Ctx() ctx: RequestContext): Promise<HookChangePayload> {
    return this.services.hooks.update(ctx.identity, id, input);
  }

  @Mutation(() => Int, { description: 'Deletes a webhook.' })
  async deleteHook(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<number> {
    return this.services.hooks.delete(ctx.identity, id);
  }

  @Query(() => DeliveryPageType, { description: 'The delivery log, one item per attempt, newest first; bodies are kept 30 days.' })
  async hookDeliveries(
    @Arg('hookId', () => Int, { description: 'Webhook (hook) id.' }) hookId: number,
    @Ctx() ctx: RequestContext,
    @Arg('status', () => String, { description: 'Only records in this status.', nullable: true }) status?: string,
    @Arg('offset', () => Int, { description: 'Rows to skip before the page starts (0 when omitted).', nullable: true }) offset?: number,
    @Arg('limit', () => Int, { description: 'Page size: rows to return (default 20, at most 200).', nullable: true }) limit?: number,
  ): Promise<DeliveryPageType> {
    return this.services.hooks.deliveries(ctx.identity, hookId, { status, offset, limit });
  }

  @Mutation(() => RedeliveryPayload, { description: 'Sends a delivery again now: same eventId, same body.' })
  async redeliverWebhook(@Arg('hookId', () => Int, { description: 'Webhook (hook) id.' }) hookId: number, @Arg('deliveryId', () => Int, { description: 'Id of the delivery to send again.' }) deliveryId: number, @Ctx() ctx: RequestContext): Promise<RedeliveryPayload> {
    return { hookId, ...(await this.services.hooks.redeliver(ctx.identity, hookId, deliveryId)) };
  }

  @Mutation(() => HookTestPayload, { description: 'Queues a hook.test event to this hook.' })
  async testHook(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<HookTestPayload> {
    return { hookId: id, ...(await this.services.hooks.test(ctx.identity, id)) };
  }
}
