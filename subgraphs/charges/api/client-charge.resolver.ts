import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../platform/request-context.js';
import type { ChargesServices } from '../charges.services.js';
import { ClientChargeChangeType, ClientChargeInput, ClientChargePageType, ClientChargeType, PayClientChargeInput } from './client-charge.types.js';

const CLIENT_ID = 'The client\'s id; another tenant\'s or a not visible client is "not found".';
const CHARGE_ID = 'The client charge\'s id (not the charge definition\'s).';
const PENDING = 'Only charges with something outstanding.';
const LIMIT = 'Page size, 1 to 200 (default 200).';
const OFFSET = 'Records to skip (default 0).';

/** Charges on clients (Fineract's /clients/{clientId}/charges). */
@Resolver()
export class ClientChargeResolver {
  constructor(private readonly services: ChargesServices) {}

  @Query(() => ClientChargePageType, { description: 'A page of a client\'s charges.' })
  async clientCharges(
    @Arg('clientId', () => Int, { description: CLIENT_ID }) clientId: number,
    @Arg('pendingPayment', () => Boolean, { nullable: true, description: PENDING }) pendingPayment: boolean | null,
    @Arg('limit', () => Int, { nullable: true, description: LIMIT }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true, description: OFFSET }) offset: number | null,
    @Ctx() ctx: RequestContext,
  ): Promise<ClientChargePageType> {
    return this.services.clientChargeQueries.list(ctx.identity, clientId, { pendingPayment, limit, offset });
  }

  @Query(() => ClientChargePageType, { description: 'Self-service: a page of the customer\'s own client\'s charges (GET /self/clients/{id}/charges).' })
  async myClientCharges(
    @Arg('clientId', () => Int, { description: 'The customer\'s client id; another client is "not found".' }) clientId: number,
    @Arg('pendingPayment', () => Boolean, { nullable: true, description: PENDING }) pendingPayment: boolean | null,
    @Arg('limit', () => Int, { nullable: true, description: LIMIT }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true, description: OFFSET }) offset: number | null,
    @Ctx() ctx: RequestContext,
  ): Promise<ClientChargePageType> {
    return this.services.clientChargeQueries.listOwn(ctx.identity, clientId, { pendingPayment, limit, offset });
  }

  @Query(() => ClientChargeType, { description: 'One charge of a client.' })
  async clientCharge(@Arg('clientId', () => Int, { description: CLIENT_ID }) clientId: number, @Arg('id', () => Int, { description: CHARGE_ID }) id: number, @Ctx() ctx: RequestContext): Promise<ClientChargeType> {
    return this.services.clientChargeQueries.get(ctx.identity, clientId, id);
  }

  @Mutation(() => Int, { description: 'Adds a charge to a client (a fee not tied to an account). Answers its id.' })
  async addClientCharge(
    @Arg('clientId', () => Int, { description: CLIENT_ID }) clientId: number,
    @Arg('input', () => ClientChargeInput, { description: 'The charge.' }) input: ClientChargeInput,
    @Ctx() ctx: RequestContext,
  ): Promise<number> {
    return this.services.clientCharges.add(ctx.identity, clientId, input);
  }

  @Mutation(() => ClientChargeChangeType, { description: 'Pays what is owed on a client charge from one of the client\'s accounts (a Pay Charge transaction; DR the account, CR the charge\'s income account).' })
  async payClientCharge(
    @Arg('clientId', () => Int, { description: CLIENT_ID }) clientId: number,
    @Arg('id', () => Int, { description: CHARGE_ID }) id: number,
    @Arg('input', () => PayClientChargeInput, { description: 'The amount, date and account.' }) input: PayClientChargeInput,
    @Ctx() ctx: RequestContext,
  ): Promise<ClientChargeChangeType> {
    const { changes } = await this.services.clientCharges.pay(ctx.identity, clientId, id, input);
    return { id, ...changes };
  }

  @Mutation(() => ClientChargeChangeType, { description: 'Waives what is owed on a client charge: no longer due, nothing posted.' })
  async waiveClientCharge(@Arg('clientId', () => Int, { description: CLIENT_ID }) clientId: number, @Arg('id', () => Int, { description: CHARGE_ID }) id: number, @Ctx() ctx: RequestContext): Promise<ClientChargeChangeType> {
    const { changes } = await this.services.clientCharges.waive(ctx.identity, clientId, id);
    return { id, ...changes };
  }
}
