import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../platform/request-context.js';
import { LocalDateScalar } from '../kernel/scalars.js';
import type { PaymentsServices } from './payments.services.js';
import { InboundCreditAnswerType, InterbankReturnInput, InterbankReturnType, InterbankSettlementType, InterbankTransferType } from './payments.types.js';

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
    return {
      date: report.date,
      rows: report.rows.map((r) => ({
        currency: r.currency, outboundCount: r.outboundCount, outboundAmount: r.outbound, inboundCount: r.inboundCount, inboundAmount: r.inbound, netAmount: r.net,
        outboundReturnedCount: r.outboundReturnedCount, outboundReturnedAmount: r.outboundReturned, inboundReturnedCount: r.inboundReturnedCount, inboundReturnedAmount: r.inboundReturned,
      })),
    };
  }

  @Query(() => [InterbankReturnType], { description: 'Returns of inter-bank legs, newest first (GET /interbank/returns), in the caller\'s offices.' })
  async interbankReturns(@Ctx() ctx: RequestContext, @Arg('status', () => String, { description: 'Only records in this status.', nullable: true }) status?: string | null): Promise<InterbankReturnType[]> {
    return this.services.returns.list(ctx.identity, status);
  }

  @Query(() => InterbankReturnType, { description: 'A return of an inter-bank leg by id.' })
  async interbankReturn(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<InterbankReturnType> {
    return this.services.returns.get(ctx.identity, id);
  }

  @Mutation(() => InterbankReturnType, { description: 'A maker submits the return of an inter-bank leg; nothing moves until another user approves it.' })
  async submitInterbankReturn(@Arg('input', () => InterbankReturnInput, { description: 'The leg and the reason.' }) input: InterbankReturnInput, @Ctx() ctx: RequestContext): Promise<InterbankReturnType> {
    return this.services.returns.submit(ctx.identity, input);
  }

  @Mutation(() => InterbankReturnType, { description: 'A checker other than the maker approves a PENDING return: it posts against GL 11201 (403 for the maker).' })
  async approveInterbankReturn(@Arg('id', () => Int, { description: 'The return\'s id.' }) id: number, @Ctx() ctx: RequestContext): Promise<InterbankReturnType> {
    return this.services.returns.approve(ctx.identity, id);
  }

  @Mutation(() => InterbankReturnType, { description: 'Rejects a PENDING return; nothing moves.' })
  async rejectInterbankReturn(@Arg('id', () => Int, { description: 'The return\'s id.' }) id: number, @Ctx() ctx: RequestContext): Promise<InterbankReturnType> {
    return this.services.returns.reject(ctx.identity, id);
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
