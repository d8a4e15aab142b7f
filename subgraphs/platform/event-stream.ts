import type { Database } from './database.js';
import type { Identity } from '../kernel/identity.js';
import type { EventEnvelope } from '../kernel/outbox.js';
import type { ScopedRecord, Scope } from '../kernel/ports.js';
import type { PubSub } from './pubsub.js';
import { mergeStreams } from './streams.js';

/** Decides, per event, whether a subscriber may see the record the event is about. */
export type EventScope = (identity: Identity) => Promise<(record: ScopedRecord) => boolean>;

/**
 * Subscription scoping from the one Scope service, computed once when the subscription starts (office
 * subtree and portfolio), then applied to each event's officeId/staffId/clientId without a query per event.
 * An office created after the subscription started is seen after resubscribing.
 */
export function eventScope(db: Database, scope: Scope): EventScope {
  return async (identity) => {
    if (identity.kind === 'anonymous') return () => false;
    if (identity.kind === 'customer') {
      const own = new Set(identity.clientIds);
      return (r) => r.clientId != null && own.has(Number(r.clientId));
    }
    const offices = await db.tx(identity.tenantId, (tx) => scope.officeIds(tx, identity));
    const visible = offices === null ? null : new Set(offices);
    const portfolio = scope.portfolioStaffId(identity);
    return (r) => (visible === null || visible.has(Number(r.officeId))) && (portfolio === undefined || (r.staffId != null && Number(r.staffId) === portfolio));
  };
}

/**
 * Events of several types of one tenant as one stream, in arrival order. Closing the stream closes every
 * underlying subscription at once, not when the next event arrives (streams.ts).
 */
export function tenantEvents(pubsub: PubSub, tenantId: string, eventTypes: string[]): AsyncIterableIterator<EventEnvelope> {
  return mergeStreams(eventTypes.map((type) => pubsub.subscribe(tenantId, type)));
}
