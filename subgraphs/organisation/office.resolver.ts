import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { loader } from '../platform/loaders.js';
import type { EventEnvelope } from '../kernel/outbox.js';
import type { PubSub } from '../platform/pubsub.js';
import { mapStream } from '../platform/streams.js';
import type { RequestContext } from '../platform/request-context.js';
import { requireStaff } from '../kernel/identity.js';
import type { Office } from './office.entity.js';
import { errors } from '../kernel/errors.js';
import type { OfficeEventData, OfficeRef } from './office.service.js';
import type { OrganisationServices } from './organisation.services.js';
import { CreateOfficeInput, OfficeChangePayload, OfficeType, UpdateOfficeInput } from './organisation.types.js';
import { ORGANISATION_CODES } from './codes.js';

export function toOfficeType(office: Pick<Office, 'id' | 'name' | 'externalId' | 'openingDate' | 'hierarchy' | 'parentId'>): OfficeType {
  const depth = office.hierarchy.split('.').filter(Boolean).length;
  return {
    id: office.id,
    name: office.name,
    nameDecorated: `${'....'.repeat(depth)}${office.name}`,
    externalId: office.externalId,
    openingDate: office.openingDate,
    hierarchy: office.hierarchy,
    parentId: office.parentId,
  };
}

function officeRef(id: number | undefined, externalId: string | undefined): OfficeRef {
  if ((id == null) === (externalId == null)) throw errors.badRequest(ORGANISATION_CODES.officeIdOrExternalIdRequired, 'Give exactly one of `id` and `externalId`.', 'id');
  return id ?? { externalId: externalId! };
}

@Resolver(() => OfficeType)
export class OfficeResolver {
  constructor(private readonly services: OrganisationServices) {}

  @Query(() => [OfficeType], { description: 'Offices visible to the caller, in hierarchy order.' })
  async offices(@Ctx() ctx: RequestContext): Promise<OfficeType[]> {
    return (await this.services.offices.list(ctx.identity)).map(toOfficeType);
  }

  @Query(() => OfficeType, { description: 'An office by id or by external id.' })
  async office(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".', nullable: true }) id?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
  ): Promise<OfficeType> {
    return toOfficeType(await this.services.offices.get(ctx.identity, officeRef(id, externalId)));
  }

  @Mutation(() => OfficeType, { description: 'Creates an office (branch).' })
  async createOffice(@Arg('input', () => CreateOfficeInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: CreateOfficeInput, @Ctx() ctx: RequestContext): Promise<OfficeType> {
    return toOfficeType(await this.services.offices.create(ctx.identity, input));
  }

  @Mutation(() => OfficeChangePayload, { description: 'Updates an office named by id or by external id.' })
  async updateOffice(
    @Arg('input', () => UpdateOfficeInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: UpdateOfficeInput,
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".', nullable: true }) id?: number,
    @Arg('externalId', () => String, { description: 'Your own reference for the record (unique per tenant), as sent when it was created.', nullable: true }) externalId?: string,
  ): Promise<OfficeChangePayload> {
    const { office, changes } = await this.services.offices.update(ctx.identity, officeRef(id, externalId), input);
    return { office: toOfficeType(office), changes };
  }

  @Subscription(() => OfficeType, {
    description: 'Offices created in the caller\'s tenant, live.',
    subscribe: ({ context }: { context: RequestContext }) => {
      const staff = requireStaff(context.identity, 'READ_OFFICE');
      return officeEvents(context.pubsub, staff.tenantId);
    },
  })
  officeCreated(@Root() office: OfficeType): OfficeType {
    return office;
  }

  @FieldResolver(() => String, { description: 'Name of the parent record, or null.', nullable: true })
  async parentName(@Root() office: OfficeType, @Ctx() ctx: RequestContext): Promise<string | null> {
    if (office.parentId == null) return null;
    const byId = loader<number, Office>(ctx, 'office', (ids) => this.services.offices.byIds(ctx.identity.tenantId, ids));
    return (await byId.load(office.parentId))?.name ?? null;
  }
}

/** Ends its pubsub listener as soon as it is closed, not at the next office created (platform/streams.ts). */
function officeEvents(pubsub: PubSub, tenantId: string): AsyncIterableIterator<OfficeType> {
  return mapStream(pubsub.subscribe(tenantId, 'office.created'), Promise.resolve((event: EventEnvelope) => toOfficeType((event as EventEnvelope<OfficeEventData & Record<string, unknown>>).data)));
}
