import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../platform/request-context.js';
import { LocalDateScalar } from '../kernel/scalars.js';
import type { PaymentsServices } from './payments.services.js';
import { InboundCreditAnswerType, InterbankSettlementType, InterbankTransferType } from './payments.types.js';

/** Staff's view of inter-bank transfers and settlement, and the switch's inbound credits. */
@Resolver()
export class PaymentsResolver {
  constructor(private readonly services: PaymentsServices) {}

  @Query(() => [InterbankTransferType], { description: 'Inter-bank transfers out, newest first (GET /interbank/transfers).' })
  async interbankTransfers(
    @Ctx() ctx: RequestContext,
    @Arg('status', () => String, { description: 'Only records in this status.', nullable: true }) status?: string | null,
    @Arg('fromDate', () => LocalDateScalar, { description: 'First day included (YYYY-MM-DD).', nullable: true }) fromDate?: string | null,
    @Arg('toDate', () => LocalDateScalar, { description: 'Last day included (YYYY-MM-DD).', nullable: true }) toDate?: string | null,
  ): Promise<InterbankTransferType[]> {
    return this.services.transfers.list(ctx.identity, { status, fromDate, toDate });
  }

  @Query(() => InterbankTransferType, { description: 'An inter-bank transfer by id, with its switch status.' })
  async interbankTransfer(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<InterbankTransferType> {
    return this.services.transfers.get(ctx.identity, id);
  }

  @Query(() => InterbankSettlementType, { description: 'Inter-bank totals per day for settlement with the switch.' })
  async interbankSettlement(@Ctx() ctx: RequestContext, @Arg('date', () => LocalDateScalar, { description: 'A calendar day (YYYY-MM-DD).', nullable: true }) date?: string | null): Promise<InterbankSettlementType> {
    const report = await this.services.transfers.report(ctx.identity, date);
    return { date: report.date, rows: report.rows.map((r) => ({ currency: r.currency, outboundCount: r.outboundCount, outboundAmount: r.outbound, inboundCount: r.inboundCount, inboundAmount: r.inbound, netAmount: r.net })) };
  }

  @Mutation(() => InboundCreditAnswerType, { description: 'The switch credits an account here (POST /interbank/inbound); authenticated by the switch key signature over `body`.' })
  async receiveInterbankCredit(
    @Arg('body', { description: 'The switch\'s credit message, exactly as signed.' }) body: string,
    @Ctx() ctx: RequestContext,
    @Arg('timestamp', () => String, { description: 'The switch\'s signing time (Unix seconds).', nullable: true }) timestamp?: string | null,
    @Arg('signature', () => String, { description: 'The switch\'s HMAC signature of timestamp and body.', nullable: true }) signature?: string | null,
  ): Promise<InboundCreditAnswerType> {
    return this.services.inbound.receive(ctx.identity, body, timestamp, signature);
  }
}
