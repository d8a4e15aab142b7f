import type { Tx } from '../kernel/tx.js';
import type { HookPair } from './domain/hook-events.js';
import { pgArray, pgTextArray } from '../kernel/pg-array.js';

/** The webhooks module's tables (webhooks.hook, hook_event, webhook_delivery, webhook_attempt) inside a tenant's transaction. */

export interface HookRow {
  id: number;
  name: string;
  displayName: string | null;
  isActive: boolean;
  templateId: number;
  payloadUrl: string;
  contentType: string;
  createdAt: Date;
  updatedAt: Date;
  failureCount: number;
  lastStatus: string | null;
  lastAt: Date | null;
  lastCode: number | null;
}

export interface NewHook {
  id: number;
  name: string;
  displayName: string | null;
  isActive: boolean;
  templateId: number;
  payloadUrl: string;
  contentType: string;
  secret: string;
  by: number | null;
}

export async function insertHook(tx: Tx, hook: NewHook): Promise<void> {
  await tx.query(
    `insert into webhooks.hook (tenant_id, id, name, display_name, is_active, template_id, payload_url, content_type, secret, created_by, updated_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [tx.tenantId, hook.id, hook.name, hook.displayName, hook.isActive, hook.templateId, hook.payloadUrl, hook.contentType, hook.secret, hook.by, hook.by],
  );
}

/** The hook's editable fields, its row locked until the transaction ends; null when there is no such hook. */
export async function lockHook(tx: Tx, id: number): Promise<{ displayName: string | null; isActive: boolean; payloadUrl: string; contentType: string } | null> {
  const rows = await tx.query<{ displayName: string | null; isActive: boolean; payloadUrl: string; contentType: string }>(
    `select display_name as "displayName", is_active as "isActive", payload_url as "payloadUrl", content_type as "contentType"
       from webhooks.hook where tenant_id = ? and id = ? for update`,
    [tx.tenantId, id],
  );
  return rows[0] ?? null;
}

/** `secret` null keeps the stored one. */
export async function updateHook(
  tx: Tx, id: number, hook: { displayName: string | null; isActive: boolean; payloadUrl: string; contentType: string; secret: string | null; by: number | null },
): Promise<void> {
  await tx.query(
    `update webhooks.hook set display_name = ?, is_active = ?, payload_url = ?, content_type = ?, secret = coalesce(?::varchar, secret), updated_by = ?, updated_at = now()
     where tenant_id = ? and id = ?`,
    [hook.displayName, hook.isActive, hook.payloadUrl, hook.contentType, hook.secret, hook.by, tx.tenantId, id],
  );
}

/** Deletes the hook (its events, deliveries and attempts cascade); false when there was none. */
export async function deleteHook(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.query<{ id: number }>(`delete from webhooks.hook where tenant_id = ? and id = ? returning id`, [tx.tenantId, id]);
  return rows.length > 0;
}

/** Whether the hook is active; null when there is no such hook. */
export async function hookActive(tx: Tx, id: number): Promise<boolean | null> {
  const rows = await tx.query<{ isActive: boolean }>(`select is_active as "isActive" from webhooks.hook where tenant_id = ? and id = ?`, [tx.tenantId, id]);
  return rows[0] ? rows[0].isActive : null;
}

/** Replaces the hook's event pairs with `events` (each pair once). */
export async function replaceHookEvents(tx: Tx, hookId: number, events: readonly HookPair[], by: number | null): Promise<void> {
  await tx.query(`delete from webhooks.hook_event where tenant_id = ? and hook_id = ?`, [tx.tenantId, hookId]);
  await insertHookEvents(tx, hookId, events, by);
}

export async function insertHookEvents(tx: Tx, hookId: number, events: readonly HookPair[], by: number | null): Promise<void> {
  const unique = [...new Map(events.map((e) => [`${e.entityName}\u0000${e.actionName}`, e])).values()];
  if (unique.length === 0) return;
  await tx.query(
    `insert into webhooks.hook_event (tenant_id, hook_id, entity_name, action_name, created_by, updated_by)
     select ?, ?, e.entity_name, e.action_name, ?, ? from unnest(?::varchar[], ?::varchar[]) as e(entity_name, action_name)`,
    [tx.tenantId, hookId, by, by, pgTextArray(unique.map((e) => e.entityName)), pgTextArray(unique.map((e) => e.actionName))],
  );
}

/** Hooks in id order (one when `id` is given), with their delivery summary: failures and the last attempt. */
export async function hooks(tx: Tx, id?: number): Promise<HookRow[]> {
  const rows = await tx.query<HookRow>(
    `select h.id, h.name, h.display_name as "displayName", h.is_active as "isActive", h.template_id as "templateId", h.payload_url as "payloadUrl",
            h.content_type as "contentType", h.created_at as "createdAt", h.updated_at as "updatedAt",
            (select count(*) from webhooks.webhook_attempt a where a.tenant_id = h.tenant_id and a.hook_id = h.id and a.status in ('failed', 'dead')) as "failureCount",
            last.status as "lastStatus", last.attempted_at as "lastAt", last.status_code as "lastCode"
       from webhooks.hook h
       left join lateral (select a.status, a.attempted_at, a.status_code from webhooks.webhook_attempt a
                           where a.tenant_id = h.tenant_id and a.hook_id = h.id and a.attempted_at is not null
                           order by a.attempted_at desc, a.id desc limit 1) last on true
      where h.tenant_id = ? and (?::integer is null or h.id = ?::integer)
      order by h.id`,
    [tx.tenantId, id ?? null, id ?? null],
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
    failureCount: Number(r.failureCount),
    lastAt: r.lastAt && new Date(r.lastAt),
  }));
}

/** The event pairs of the given hooks, by entity and action. */
export async function hookEvents(tx: Tx, hookIds: readonly number[]): Promise<(HookPair & { hookId: number })[]> {
  const rows = await tx.query<HookPair & { hookId: number }>(
    `select hook_id as "hookId", entity_name as "entityName", action_name as "actionName" from webhooks.hook_event
      where tenant_id = ? and hook_id = any(?::integer[]) order by entity_name, action_name`,
    [tx.tenantId, pgArray(hookIds.map(Number))],
  );
  return rows.map((r) => ({ ...r, hookId: Number(r.hookId) }));
}

export interface AttemptRow {
  id: number;
  deliveryId: number;
  eventId: string;
  eventType: string;
  attempt: number;
  status: string;
  statusCode: number | null;
  durationMs: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
  attemptedAt: Date | null;
}

/** A hook's attempts, newest first, optionally of one status, with the count of all that match. */
export async function attemptsOf(tx: Tx, hookId: number, page: { status: string | null; offset: number; limit: number }): Promise<{ total: number; rows: AttemptRow[] }> {
  const [count] = await tx.query<{ total: string }>(
    `select count(*) as total from webhooks.webhook_attempt a where a.tenant_id = ? and a.hook_id = ? and (?::varchar is null or a.status = ?::varchar)`,
    [tx.tenantId, hookId, page.status, page.status],
  );
  const rows = await tx.query<AttemptRow>(
    `select a.id, a.delivery_id as "deliveryId", d.event_id as "eventId", d.event_type as "eventType", a.attempt, a.status, a.status_code as "statusCode",
            a.duration_ms as "durationMs", a.error, a.next_attempt_at as "nextAttemptAt", a.attempted_at as "attemptedAt"
       from webhooks.webhook_attempt a join webhooks.webhook_delivery d on d.tenant_id = a.tenant_id and d.id = a.delivery_id
      where a.tenant_id = ? and a.hook_id = ? and (?::varchar is null or a.status = ?::varchar)
      order by a.id desc limit ? offset ?`,
    [tx.tenantId, hookId, page.status, page.status, page.limit, page.offset],
  );
  return {
    total: Number(count!.total),
    rows: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      deliveryId: Number(r.deliveryId),
      nextAttemptAt: r.nextAttemptAt && new Date(r.nextAttemptAt),
      attemptedAt: r.attemptedAt && new Date(r.attemptedAt),
    })),
  };
}

/** The delivery's attempt count, its row locked until the transaction ends; null when the hook has no such delivery. */
export async function lockDelivery(tx: Tx, hookId: number, deliveryId: number): Promise<{ attempts: number } | null> {
  const rows = await tx.query<{ attempts: number }>(
    `select attempts from webhooks.webhook_delivery where tenant_id = ? and hook_id = ? and id = ? for update`,
    [tx.tenantId, hookId, deliveryId],
  );
  return rows[0] ?? null;
}

/**
 * Makes the delivery due now with `attempt` scheduled. A pending delivery is only brought forward: its lease,
 * if a worker holds it, stays, so no second send is in flight.
 */
export async function scheduleRedelivery(tx: Tx, hookId: number, deliveryId: number, attempt: number, by: number | null): Promise<void> {
  await tx.query(
    `update webhooks.webhook_delivery set status = 'pending', next_attempt_at = now(),
       lease_until = case when status = 'pending' then lease_until else null end, updated_by = ?, updated_at = now()
     where tenant_id = ? and id = ?`,
    [by, tx.tenantId, deliveryId],
  );
  await tx.query(
    `insert into webhooks.webhook_attempt (tenant_id, delivery_id, hook_id, attempt, status, next_attempt_at, created_by) values (?, ?, ?, ?, 'pending', now(), ?)
     on conflict (tenant_id, delivery_id, attempt) do update set next_attempt_at = now(), updated_at = now()`,
    [tx.tenantId, deliveryId, hookId, attempt, by],
  );
}

/** A pending delivery of `body` to one hook, due now, with its first attempt scheduled; returns the delivery's id. */
export async function insertTestDelivery(
  tx: Tx, delivery: { hookId: number; eventId: string; eventType: string; body: string; by: number | null },
): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `with d as (
       insert into webhooks.webhook_delivery (tenant_id, hook_id, event_id, event_type, entity_name, action_name, body, status, next_attempt_at, committed_at, created_by)
       values (?, ?, ?, ?, 'HOOK', 'TEST', ?, 'pending', now(), now(), ?) returning tenant_id, id, hook_id, next_attempt_at)
     insert into webhooks.webhook_attempt (tenant_id, delivery_id, hook_id, attempt, status, next_attempt_at)
     select tenant_id, id, hook_id, 1, 'pending', next_attempt_at from d returning delivery_id as id`,
    [tx.tenantId, delivery.hookId, delivery.eventId, delivery.eventType, delivery.body, delivery.by],
  );
  return Number(rows[0]!.id);
}


/** A NOTIFY on `channel` (a fixed name), delivered when the transaction commits. */
export async function notifyAtCommit(tx: Tx, channel: string): Promise<void> {
  await tx.query(`select pg_notify(?, '')`, [channel]);
}
