import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Field, ID, Int, ObjectType, Resolver, Root, Subscription } from 'type-graphql';
import { tenantEvents } from '../platform/event-stream.js';
import { mapStream } from '../platform/streams.js';
import { requireCustomer, requireStaff, type Identity } from '../kernel/identity.js';
import type { EventEnvelope } from '../kernel/outbox.js';
import type { RequestContext } from '../platform/request-context.js';

/**
 * The loan events this subscription listens to. The loan module writes them with data
 * {loanId, clientId, officeId, staffId, ...}; a name not listed here is not streamed.
 */
export const LOAN_EVENT_TYPES = ['loan.submitted', 'loan.approved', 'loan.rejected', 'loan.disbursed', 'loan.repayment', 'loan.closed', 'loan.writtenoff', 'loan.rescheduled'];

@ObjectType('LoanEvent', { description: 'A committed loan event (approval, disbursement, repayment...).' })
export class LoanEventType {
  @Field({ description: 'Unique id of the event (UUID); deliveries of the same event share it, so use it to deduplicate.' }) eventId!: string;
  @Field({ description: 'Kind of event, e.g. "SAVINGS_DEPOSIT".' }) eventType!: string;
  @Field({ description: 'Moment it happened (ISO 8601 date-time, UTC).' }) timestamp!: string;
  @Field(() => ID, { description: 'Id of the loan concerned.' }) loanId!: string;
  @Field(() => Int, { description: 'Id of the client (customer) concerned.', nullable: true }) clientId!: number | null;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.', nullable: true }) officeId!: number | null;
  @Field(() => GraphQLJSONObject, { description: 'The event\'s payload, as the matching webhook event carries it.' }) data!: Record<string, unknown>;
}

const int = (v: unknown): number | null => (v === null || v === undefined || Number.isNaN(Number(v)) ? null : Number(v));

function authorize(identity: Identity): Identity {
  if (identity.kind === 'customer') return requireCustomer(identity);
  return requireStaff(identity, 'READ_LOAN');
}

/** A stream whose close ends its pubsub listeners at once, even in a tenant where nothing happens (streams.ts). */
function loanEvents(context: RequestContext, loanId: string | null | undefined): AsyncIterableIterator<LoanEventType> {
  const identity = authorize(context.identity);
  const events = tenantEvents(context.pubsub, identity.tenantId, LOAN_EVENT_TYPES);
  return mapStream(events, context.eventScope(identity).then((visible) => (event: EventEnvelope) => {
    const d = event.data;
    if (loanId != null && String(d.loanId) !== String(loanId)) return undefined;
    if (!visible({ officeId: Number(d.officeId), staffId: int(d.staffId), clientId: int(d.clientId) })) return undefined;
    return { eventId: event.eventId, eventType: event.eventType, timestamp: event.timestamp, loanId: String(d.loanId), clientId: int(d.clientId), officeId: int(d.officeId), data: d };
  }));
}

@Resolver()
export class LoanEventsSubscriptionResolver {
  @Subscription(() => LoanEventType, {
    description: 'Loan events in the caller\'s scope (a customer: their own loans); optionally of one loan.',
    subscribe: ({ args, context }: { args: { loanId?: string | null }; context: RequestContext }) => loanEvents(context, args.loanId),
  })
  loanEvents(@Root() event: LoanEventType, @Arg('loanId', () => ID, { description: 'Loan id.', nullable: true }) _loanId?: string): LoanEventType {
    return event;
  }
}
