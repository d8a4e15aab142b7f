import type { BaseContext } from '@apollo/server';
import type { EventScope } from './event-stream.js';
import type { Identity } from '../kernel/identity.js';
import type { PubSub } from './pubsub.js';

/** What every resolver of a subgraph gets: the caller, the event stream and per-request loaders. */
export interface RequestContext extends BaseContext {
  identity: Identity;
  /** Committed events, for subscriptions (each scoped to the caller's tenant by its subscribe function). */
  pubsub: PubSub;
  /** Scope of live events for the caller (subscriptions filter each event with it). */
  eventScope: EventScope;
  /** Per-request memo for DataLoaders, so one request's batches never serve another's data. */
  loaders: Map<string, unknown>;
}

export type ReferenceResolvers = Record<string, { __resolveReference: (ref: never, context: RequestContext) => unknown }>;
