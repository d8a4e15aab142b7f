import { Field, Int, ObjectType, Resolver, Root, Subscription } from 'type-graphql';
import { tenantEvents } from '../platform/event-stream.js';
import { mapStream } from '../platform/streams.js';
import { requireStaff } from '../kernel/identity.js';
import type { EventEnvelope } from '../kernel/outbox.js';
import type { RequestContext } from '../platform/request-context.js';

@ObjectType('ClientCreatedEvent', { description: 'A client onboarded (client.created), as committed.' })
export class ClientCreatedEventType {
  @Field({ description: 'Unique id of the event (UUID); deliveries of the same event share it, so use it to deduplicate.' }) eventId!: string;
  @Field({ description: 'Moment it happened (ISO 8601 date-time, UTC).' }) timestamp!: string;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.' }) clientId!: number;
  @Field(() => String, { description: 'Customer information file number (the client\'s bank-wide customer number).', nullable: true }) cif!: string | null;
  @Field(() => String, { description: 'Account number shown to customers (a 10-digit NUBAN for deposit accounts).', nullable: true }) accountNo!: string | null;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => Int, { description: 'Id of the staff member concerned, or null.', nullable: true }) staffId!: number | null;
  @Field(() => String, { description: 'Name to display: the person\'s names joined, or the entity\'s full name.', nullable: true }) displayName!: string | null;
  @Field(() => Int, { description: 'Legal form: 1 person, 2 entity; null when not given.', nullable: true }) legalFormId!: number | null;
  @Field(() => String, { description: 'Caller-supplied reference, unique per tenant; null when none was given.', nullable: true }) externalId!: string | null;
  @Field(() => Int, { description: 'KYC tier (1, 2 or 3) reached by the client; higher tiers allow larger deposits and balances.', nullable: true }) kycTier!: number | null;
  @Field(() => Int, { description: 'Fineract\'s client status id: 100 pending, 300 active.', nullable: true }) statusId!: number | null;
}

type ClientEventData = Record<string, unknown>;
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const int = (v: unknown): number | null => (v === null || v === undefined || Number.isNaN(Number(v)) ? null : Number(v));

/** A stream whose close ends its pubsub listener at once, even in a tenant where nothing happens (streams.ts). */
function clientsCreated(context: RequestContext): AsyncIterableIterator<ClientCreatedEventType> {
  const staff = requireStaff(context.identity, 'READ_CLIENT');
  const events = tenantEvents(context.pubsub, staff.tenantId, ['client.created']);
  return mapStream(events, context.eventScope(staff).then((visible) => (event: EventEnvelope<ClientEventData>) => {
    const d = event.data;
    if (!visible({ officeId: Number(d.officeId), staffId: int(d.staffId), clientId: int(d.clientId) })) return undefined;
    return {
      eventId: event.eventId, timestamp: event.timestamp, clientId: Number(d.clientId), cif: text(d.cif), accountNo: text(d.accountNo), officeId: Number(d.officeId),
      staffId: int(d.staffId), displayName: text(d.displayName), legalFormId: int(d.legalFormId), externalId: text(d.externalId), kycTier: int(d.kycTier), statusId: int(d.statusId),
    };
  }));
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
