import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Tx } from './tx.js';

/** The envelope of docs/interface.md, Events, exactly as receivers and subscribers see it. */
export interface EventEnvelope<D = Record<string, unknown>> {
  eventId: string;
  eventType: string;
  timestamp: string;
  tenantId: string;
  data: D;
}

export interface DomainEvent<D = Record<string, unknown>> {
  /** Past-tense name from docs/interface.md, Events, e.g. client.created. */
  eventType: string;
  /** The Fineract hook pair this event matches, e.g. CLIENT / CREATE. */
  entityName: string;
  actionName: string;
  data: D;
}

/**
 * 'written' with the event's id, after the commit that wrote it (or tried to: a `from` may have yielded no
 * row): wakes the relay, and the live publisher delivers the committed row to subscribers at once.
 */
export const outboxWritten = new EventEmitter();

/**
 * Writes one event row in the caller's transaction: it commits with the change or not at all.
 * Delivery (subscriptions, webhooks) happens after commit, from the relay.
 */
export async function emit<D extends Record<string, unknown>>(tx: Tx, event: DomainEvent<D>): Promise<EventEnvelope<D>> {
  const { envelope, sql, params } = outboxInsert(tx, event);
  await tx.em.execute(sql, params);
  return envelope;
}

/**
 * A payload field whose value the caller's statement computes (a running balance from the row it moved,
 * the ids of the rows it inserted): `path` inside the envelope, `sql` a jsonb expression over the caller's
 * own CTEs, with its `params`. The kernel writes the outbox statement around it; nobody edits its text.
 */
export interface ComputedPayloadValue {
  path: readonly string[];
  sql: string;
  params?: readonly unknown[];
}

const PATH_SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The event row as a statement to fold into the caller's own (a CTE that writes the change and its event
 * in one round trip). `from`, when given, is appended as the SELECT's FROM clause: the event is written
 * once per row it yields (use a CTE that returns exactly the row that was changed, or none). `computed`
 * fields replace what the envelope holds at their paths.
 */
export function outboxInsert<D extends Record<string, unknown>>(
  tx: Tx, event: DomainEvent<D>, options: { from?: string; computed?: readonly ComputedPayloadValue[] } = {},
): { envelope: EventEnvelope<D>; sql: string; params: unknown[] } {
  const envelope: EventEnvelope<D> = {
    eventId: `evt_${randomUUID().replaceAll('-', '')}`,
    eventType: event.eventType,
    timestamp: new Date().toISOString(),
    tenantId: tx.tenantId,
    data: event.data,
  };
  tx.afterCommit(() => {
    outboxWritten.emit('written', envelope.eventId);
  });
  const computed = options.computed ?? [];
  let payload = '?::jsonb';
  for (const value of computed) {
    if (value.path.length === 0 || !value.path.every((segment) => PATH_SEGMENT.test(segment))) throw new Error(`bad payload path ${value.path.join('.')}`);
    payload = `jsonb_set(${payload}, '{${value.path.join(',')}}', ${value.sql})`;
  }
  return {
    envelope,
    sql: `insert into kernel.outbox (tenant_id, event_id, event_type, entity_name, action_name, occurred_at, payload)
     select ?, ?, ?, ?, ?, ?::timestamptz, ${payload}${options.from ? ` from ${options.from}` : ''}`,
    params: [tx.tenantId, envelope.eventId, event.eventType, event.entityName, event.actionName, envelope.timestamp, JSON.stringify(envelope), ...computed.flatMap((v) => v.params ?? [])],
  };
}
