import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { parseExactJson } from './exact-json.js';
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
  /**
   * Events of the same business event that ride in this event's row, delivered just before it (a deposit's
   * journal posting: one outbox row per deposit, not one per event). See CompanionEvent.
   */
  companions?: readonly CompanionEvent[];
}

/**
 * An event written into another event's outbox row rather than a row of its own: its envelope as JSON text,
 * computed by the statement that made it (a posting's journal line ids). The relay and the live publisher
 * deliver it, under its own event id, type and hook pair, right before the row's own event, as they would
 * have delivered a row of its own written just before that row.
 */
export interface CompanionEvent {
  entityName: string;
  actionName: string;
  /** The envelope, exactly as receivers see it (JSON text from PostgreSQL; amounts keep their digits). */
  payload: string;
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
 * The event's envelope and a jsonb expression of it (`?` placeholders, with `params`) for a statement that
 * writes it or hands it on: `computed` fields replace what the envelope holds at their paths.
 */
export function outboxPayload<D extends Record<string, unknown>>(
  tx: Tx, event: DomainEvent<D>, computed: readonly ComputedPayloadValue[] = [],
): { envelope: EventEnvelope<D>; sql: string; params: unknown[] } {
  const envelope: EventEnvelope<D> = {
    eventId: `evt_${randomUUID().replaceAll('-', '')}`,
    eventType: event.eventType,
    timestamp: new Date().toISOString(),
    tenantId: tx.tenantId,
    data: event.data,
  };
  let sql = '?::jsonb';
  for (const value of computed) {
    if (value.path.length === 0 || !value.path.every((segment) => PATH_SEGMENT.test(segment))) throw new Error(`bad payload path ${value.path.join('.')}`);
    sql = `jsonb_set(${sql}, '{${value.path.join(',')}}', ${value.sql})`;
  }
  return { envelope, sql, params: [JSON.stringify(envelope), ...computed.flatMap((v) => v.params ?? [])] };
}

/**
 * The event row as a statement to fold into the caller's own (a CTE that writes the change and its event
 * in one round trip). `from`, when given, is appended as the SELECT's FROM clause: the event is written
 * once per row it yields (use a CTE that returns exactly the row that was changed, or none). `computed`
 * fields replace what the envelope holds at their paths.
 */
export function outboxInsert<D extends Record<string, unknown>>(
  tx: Tx, event: DomainEvent<D>, options: { from?: string; computed?: readonly ComputedPayloadValue[] } = {},
): { envelope: EventEnvelope<D>; sql: string; params: unknown[] } {
  const payload = outboxPayload(tx, event, options.computed);
  tx.afterCommit(() => {
    outboxWritten.emit('written', payload.envelope.eventId);
  });
  return {
    envelope: payload.envelope,
    sql: `insert into kernel.outbox (tenant_id, event_id, event_type, entity_name, action_name, occurred_at, payload, companions)
     select ?, ?, ?, ?, ?, ?::timestamptz, ${payload.sql}, ?::jsonb${options.from ? ` from ${options.from}` : ''}`,
    params: [tx.tenantId, payload.envelope.eventId, event.eventType, event.entityName, event.actionName, payload.envelope.timestamp, ...payload.params, companionsJson(event.companions)],
  };
}

/** `event` carrying `companion` (an event its statement's caller handed back rather than writing), if any. */
export function riding<E extends DomainEvent>(event: E, companion: CompanionEvent | undefined): E {
  return companion ? { ...event, companions: [...(event.companions ?? []), companion] } : event;
}

/** The companions column: built as text around each payload's own text, so no amount passes through a JS number. */
function companionsJson(companions: readonly CompanionEvent[] | undefined): string | null {
  if (!companions?.length) return null;
  return `[${companions.map((c) => `{"entityName":${JSON.stringify(c.entityName)},"actionName":${JSON.stringify(c.actionName)},"payload":${c.payload}}`).join(',')}]`;
}

/** One event an outbox row delivers, with its hook pair. */
export interface RowEvent {
  envelope: EventEnvelope;
  entityName: string;
  actionName: string;
}

/**
 * The events one outbox row delivers, in order: its companions, then its own. `companions` is the column
 * as text (null when none); both are parsed keeping every amount's digits.
 */
export function rowEvents(row: { payload: string; entityName: string; actionName: string; companions: string | null }): RowEvent[] {
  const riding = row.companions ? parseExactJson<{ entityName: string; actionName: string; payload: EventEnvelope }[]>(row.companions) : [];
  return [
    ...riding.map((c) => ({ envelope: c.payload, entityName: c.entityName, actionName: c.actionName })),
    { envelope: parseExactJson<EventEnvelope>(row.payload), entityName: row.entityName, actionName: row.actionName },
  ];
}
