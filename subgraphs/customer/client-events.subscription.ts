import { Field, Int, ObjectType, Resolver, Root, Subscription } from 'type-graphql';
import { tenantEvents } from '../platform/event-stream.js';
import { requireStaff } from '../kernel/identity.js';
import type { EventEnvelope } from '../kernel/outbox.js';
import type { RequestContext } from '../platform/request-context.js';

@ObjectType('ClientCreatedEvent', { description: 'A client onboarded (client.created), as committed.' })
export class ClientCreatedEventType {
  @Field() eventId!: string;
  @Field() timestamp!: string;
  @Field(() => Int) clientId!: number;
  @Field(() => String, { nullable: true }) cif!: string | null;
  @Field(() => String, { nullable: true }) accountNo!: string | null;
  @Field(() => Int) officeId!: number;
  @Field(() => Int, { nullable: true }) staffId!: number | null;
  @Field(() => String, { nullable: true }) displayName!: string | null;
  @Field(() => Int, { nullable: true }) legalFormId!: number | null;
  @Field(() => String, { nullable: true }) externalId!: string | null;
  @Field(() => Int, { nullable: true }) kycTier!: number | null;
  @Field(() => Int, { nullable: true }) statusId!: number | null;
}

type ClientEventData = Record<string, unknown>;
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const int = (v: unknown): number | null => (v === null || v === undefined || Number.isNaN(Number(v)) ? null : Number(v));

async function* clientsCreated(context: RequestContext): AsyncGenerator<ClientCreatedEventType> {
  const staff = requireStaff(context.identity, 'READ_CLIENT');
  const events = tenantEvents(context.pubsub, staff.tenantId, ['client.created']);
  const visible = await context.eventScope(staff);
  for await (const event of events as AsyncGenerator<EventEnvelope<ClientEventData>>) {
    const d = event.data;
    if (!visible({ officeId: Number(d.officeId), staffId: int(d.staffId), clientId: int(d.clientId) })) continue;
    yield {
      eventId: event.eventId, timestamp: event.timestamp, clientId: Number(d.clientId), cif: text(d.cif), accountNo: text(d.accountNo), officeId: Number(d.officeId),
      staffId: int(d.staffId), displayName: text(d.displayName), legalFormId: int(d.legalFormId), externalId: text(d.externalId), kycTier: int(d.kycTier), statusId: int(d.statusId),
    };
  }
}

/** Live onboarding, scoped like the client queries (office subtree, the Account Officer's portfolio). */
@Resolver()
export class ClientEventsSubscriptionResolver {
  @Subscription(() => ClientCreatedEventType, {
    description: 'Clients created in the caller\'s scope, live.',
    subscribe: ({ context }: { context: RequestContext }) => clientsCreated(context),
  })
  clientCreated(@Root() event: ClientCreatedEventType): ClientCreatedEventType {
    return event;
  }
}
