import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import type { TenantSettings } from '../kernel/ports.js';
import { nextValue } from '../kernel/sequence.js';
import { HOOK_CATALOGUE, isKnownPair, templateGroupings, TEST_EVENT_TYPE, type HookPair } from './domain/hook-events.js';
import { payloadUrlProblem } from './domain/target-address.js';
import { deliveryBody, deliveryQueued, DELIVERY_CHANNEL } from './webhook-delivery.js';
import { resolvePayloadHost } from './webhook-sender.js';
import { WEBHOOKS_CODES } from './codes.js';
import * as store from './webhooks.store.js';

/** Fineract's one supported template: "Web", id 1, with these config fields. */
export const WEB_TEMPLATE = { id: 1, name: 'Web' };
export const CONFIG_FIELDS = [
  { fieldName: 'Payload URL', fieldType: 'string', optional: false, placeholder: 'https://receiver.example.com/webhooks' },
  { fieldName: 'Content Type', fieldType: 'string', optional: true, placeholder: 'json' },
  { fieldName: 'Secret', fieldType: 'string', optional: true, placeholder: 'whsec_... (generated when absent)' },
] as const;
const CONFIG_NAMES = new Set<string>(CONFIG_FIELDS.map((f) => f.fieldName));
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'dead'] as const;
const PRIVATE_SETTING = 'webhooks-allow-private-targets';
const MAX_PAGE = 200;

export interface HookInput {
  name?: string | null;
  displayName?: string | null;
  isActive?: boolean | null;
  events?: HookPair[] | null;
  config?: Record<string, unknown> | null;
  templateId?: number | null;
}

export interface HookView {
  id: number;
  name: string;
  displayName: string | null;
  isActive: boolean;
  templateId: number;
  templateName: string;
  createdAt: Date;
  updatedAt: Date;
  events: HookPair[];
  /** Never the Secret. */
  config: { fieldName: string; fieldValue: string }[];
  lastDeliveryStatus: string | null;
  lastDeliveryAt: Date | null;
  lastStatusCode: number | null;
  failureCount: number;
}

/** One attempt of the hook's delivery log. */
export type DeliveryAttemptView = store.AttemptRow;

const payloadUrlOf = (input: HookInput): string | undefined => {
  const url = input.config?.['Payload URL'];
  return typeof url === 'string' ? url.trim() : undefined;
};
const hookNotFound = (id: unknown) => errors.notFound(WEBHOOKS_CODES.hookIdentifierNotFound, `Hook with identifier ${String(id)} does not exist`, id);

/** Fineract's /hooks, signed and retried delivery's configuration, its delivery log and replay. The only writer of webhooks.hook*. */
export class HookService {
  constructor(
    private readonly db: Database,
    private readonly settings: TenantSettings,
  ) {}

  template(identity: Identity) {
    requireStaff(identity, 'READ_HOOK');
    return {
      templates: [{ id: WEB_TEMPLATE.id, name: WEB_TEMPLATE.name, schema: CONFIG_FIELDS.map((f, i) => ({ id: i + 1, ...f })) }],
      groupings: templateGroupings(),
      events: HOOK_CATALOGUE.flatMap((e) => e.eventTypes.map((eventType) => ({ entityName: e.entityName, actionName: e.actionName, eventType, description: e.description }))),
    };
  }

  async list(identity: Identity): Promise<HookView[]> {
    const staff = requireStaff(identity, 'READ_HOOK');
    return this.db.tx(staff.tenantId, (tx) => this.load(tx));
  }

  async get(identity: Identity, id: number): Promise<HookView> {
    const staff = requireStaff(identity, 'READ_HOOK');
    return this.db.tx(staff.tenantId, async (tx) => {
      const [hook] = await this.load(tx, id);
      if (!hook) throw hookNotFound(id);
      return hook;
    });
  }

  /** Returns the generated Secret once, when the request had none. */
  async create(identity: Identity, input: HookInput): Promise<{ id: number; secret: string | null }> {
    const actor = requireStaff(identity, 'CREATE_HOOK');
    // Resolved before the transaction: a slow name server must not hold a database connection.
    const resolved = await resolvePayloadHost(payloadUrlOf(input));
    return this.db.tx(actor.tenantId, (tx) => this.createCore(tx, actor, input, resolved));
  }

  /** `resolved`: the addresses the Payload URL's host name resolves to, refused when any is private. */
  async createCore(tx: Tx, actor: Actor, input: HookInput, resolved: readonly string[] = []): Promise<{ id: number; secret: string | null }> {
    const config = await this.validate(tx, input, true, resolved);
    const generated = config.secret ? null : `whsec_${randomBytes(24).toString('base64')}`;
    const id = await nextValue(tx, 'hook');
    const by = actor.userId;
    await store.insertHook(tx, {
      id, name: WEB_TEMPLATE.name, displayName: input.displayName?.trim() || null, isActive: input.isActive ?? true, templateId: WEB_TEMPLATE.id,
      payloadUrl: config.url!, contentType: config.contentType ?? 'json', secret: config.secret ?? generated!, by,
    });
    await store.insertHookEvents(tx, id, input.events!, by);
    return { id, secret: generated };
  }

  async update(identity: Identity, id: number, input: HookInput): Promise<{ id: number; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_HOOK');
    const resolved = await resolvePayloadHost(payloadUrlOf(input));
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, id, input, resolved));
  }

  async updateCore(tx: Tx, actor: Actor, id: number, input: HookInput, resolved: readonly string[] = []): Promise<{ id: number; changes: Record<string, unknown> }> {
    const current = await store.lockHook(tx, id);
    if (!current) throw hookNotFound(id);
    const config = await this.validate(tx, input, false, resolved);
    const changes: Record<string, unknown> = {};
    const displayName = input.displayName === undefined ? current.displayName : input.displayName?.trim() || null;
    if (displayName !== current.displayName) changes.displayName = displayName;
    if (input.isActive != null && input.isActive !== current.isActive) changes.isActive = input.isActive;
    if (config.url && config.url !== current.payloadUrl) changes.payloadUrl = config.url;
    if (config.contentType && config.contentType !== current.contentType) changes.contentType = config.contentType;
    if (config.secret) changes.secret = '[changed]';
    const by = actor.userId;
    await store.updateHook(tx, id, {
      displayName, isActive: input.isActive ?? current.isActive, payloadUrl: config.url ?? current.payloadUrl, contentType: config.contentType ?? current.contentType, secret: config.secret ?? null, by,
    });
    if (input.events) {
      await store.replaceHookEvents(tx, id, input.events, by);
      changes.events = input.events;
    }
    // Re-enabling a hook (after a 410) resumes its pending deliveries.
    if (changes.isActive === true) await this.wakeWorkers(tx);
    return { id, changes };
  }

  /**
   * Wakes the delivery worker after commit, wherever it runs: this process's at once, and (on PostgreSQL)
   * the others' through DELIVERY_CHANNEL, which the commit delivers. Otherwise a redelivery, a test or a
   * re-enabled hook asked of another worker of the cluster waited for the worker's poll.
   */
  private async wakeWorkers(tx: Tx): Promise<void> {
    tx.afterCommit(() => void deliveryQueued.emit('queued'));
    if (this.db.kind === 'postgresql') await store.notifyAtCommit(tx, DELIVERY_CHANNEL);
  }

  async delete(identity: Identity, id: number): Promise<number> {
    const actor = requireStaff(identity, 'DELETE_HOOK');
    return this.db.tx(actor.tenantId, (tx) => this.deleteCore(tx, actor, id));
  }

  async deleteCore(tx: Tx, _actor: Actor, id: number): Promise<number> {
    if (!(await store.deleteHook(tx, id))) throw hookNotFound(id);
    return id;
  }

  async deliveries(identity: Identity, hookId: number, query: { status?: string | null; offset?: number | null; limit?: number | null }): Promise<{ totalFilteredRecords: number; pageItems: DeliveryAttemptView[] }> {
    const staff = requireStaff(identity, 'READ_HOOK');
    const v = new Validator('hook.delivery');
    if (query.status != null) v.check((DELIVERY_STATUSES as readonly string[]).includes(query.status), 'status', 'invalid', `status is one of ${DELIVERY_STATUSES.join(', ')}.`, query.status.slice(0, 40));
    v.check((query.offset ?? 0) >= 0, 'offset', 'invalid', 'offset cannot be negative.', query.offset);
    v.check((query.limit ?? 1) > 0, 'limit', 'invalid', 'limit must be positive.', query.limit);
    v.throwIfAny();
    const limit = Math.min(query.limit ?? 50, MAX_PAGE);
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.requireHook(tx, hookId);
      const { total, rows } = await store.attemptsOf(tx, hookId, { status: query.status ?? null, offset: query.offset ?? 0, limit });
      return { totalFilteredRecords: total, pageItems: rows };
    });
  }

  /** Sends the stored body again (same eventId, same bytes), now; a pending delivery is just brought forward. */
  async redeliver(identity: Identity, hookId: number, deliveryId: number): Promise<{ deliveryId: number; attempt: number }> {
    const actor = requireStaff(identity, 'UPDATE_HOOK');
    return this.db.tx(actor.tenantId, (tx) => this.redeliverCore(tx, actor, hookId, deliveryId));
  }

  async redeliverCore(tx: Tx, actor: Actor, hookId: number, deliveryId: number): Promise<{ deliveryId: number; attempt: number }> {
    await this.requireHook(tx, hookId);
    const delivery = await store.lockDelivery(tx, hookId, deliveryId);
    if (!delivery) throw errors.notFound(WEBHOOKS_CODES.hookDeliveryIdInvalid, `Delivery ${deliveryId} of hook ${hookId} does not exist`, deliveryId);
    const attempt = delivery.attempts + 1;
    await store.scheduleRedelivery(tx, hookId, deliveryId, attempt, actor.userId);
    await this.wakeWorkers(tx);
    return { deliveryId, attempt };
  }

  /** Queues a `hook.test` event to this hook only (it does not pass through the outbox or reach subscribers). */
  async test(identity: Identity, hookId: number): Promise<{ deliveryId: number; eventId: string }> {
    const actor = requireStaff(identity, 'UPDATE_HOOK');
    return this.db.tx(actor.tenantId, (tx) => this.testCore(tx, actor, hookId));
  }

  async testCore(tx: Tx, actor: Actor, hookId: number): Promise<{ deliveryId: number; eventId: string }> {
    if (!(await this.requireHook(tx, hookId))) throw errors.domainRule(WEBHOOKS_CODES.hookInactive, `Hook ${hookId} is not active; activate it to send a test.`, [hookId]);
    const envelope = {
      eventId: `evt_${randomUUID().replaceAll('-', '')}`,
      eventType: TEST_EVENT_TYPE,
      timestamp: new Date().toISOString(),
      tenantId: tx.tenantId,
      data: { hookId, message: 'Test delivery from the hooks API.' },
    };
    const deliveryId = await store.insertTestDelivery(tx, { hookId, eventId: envelope.eventId, eventType: envelope.eventType, body: deliveryBody(envelope), by: actor.userId });
    await this.wakeWorkers(tx);
    return { deliveryId, eventId: envelope.eventId };
  }

  /** Whether the hook is active; not found when there is no such hook. */
  private async requireHook(tx: Tx, id: number): Promise<boolean> {
    const active = await store.hookActive(tx, id);
    if (active === null) throw hookNotFound(id);
    return active;
  }

  /** All field errors at once; `full` for create (name, events and Payload URL required). */
  private async validate(tx: Tx, input: HookInput, full: boolean, resolved: readonly string[]): Promise<{ url?: string; contentType?: string; secret?: string }> {
    const v = new Validator('hook');
    if (full || input.name !== undefined) {
      if (v.required('name', input.name)) v.check(input.name!.trim() === WEB_TEMPLATE.name, 'name', 'not.supported', `Only the "${WEB_TEMPLATE.name}" hook template is supported.`, input.name!.slice(0, 45));
    }
    if (input.templateId != null) v.check(input.templateId === WEB_TEMPLATE.id, 'templateId', 'invalid', `templateId ${WEB_TEMPLATE.id} ("Web") is the only template.`, input.templateId);
    v.maxLength('displayName', input.displayName, 100);
    if (full || input.events != null) {
      if (!input.events || input.events.length === 0) v.fail('events', 'cannot.be.empty', 'At least one {entityName, actionName} event is required.');
      for (const [i, e] of (input.events ?? []).entries()) {
        const ok = typeof e?.entityName === 'string' && typeof e?.actionName === 'string' && isKnownPair({ entityName: e.entityName.trim().toUpperCase(), actionName: e.actionName.trim().toUpperCase() });
        v.check(ok, `events[${i}]`, 'not.supported', `Unknown hook event ${String(e?.entityName)}/${String(e?.actionName)}; GET /hooks/template lists them.`);
      }
      if (input.events) input.events = input.events.map((e) => ({ entityName: String(e.entityName).trim().toUpperCase(), actionName: String(e.actionName).trim().toUpperCase() }));
    }
    const config = input.config ?? {};
    if (typeof config !== 'object' || Array.isArray(config)) v.fail('config', 'invalid', 'config is an object of Payload URL, Content Type and Secret.');
    for (const key of Object.keys(config)) v.check(CONFIG_NAMES.has(key), `config.${key}`, 'not.supported', `Unknown config field ${key.slice(0, 40)}.`);
    const text = (key: string) => (typeof config[key] === 'string' ? (config[key] as string).trim() : config[key] == null ? undefined : String(config[key]));
    const out: { url?: string; contentType?: string; secret?: string } = {};
    const url = text('Payload URL');
    if (full || input.config?.['Payload URL'] !== undefined) {
      if (!url) v.fail('payloadUrl', 'cannot.be.blank', 'The config field `Payload URL` is mandatory.');
      else if (url.length > 2000) v.fail('payloadUrl', 'exceeds.max.length', 'The Payload URL exceeds 2000 characters.');
      else {
        const allowPrivate = (await this.settings.read(tx, PRIVATE_SETTING)).enabled;
        const problem = payloadUrlProblem(url, allowPrivate, resolved);
        if (problem === 'invalid') v.fail('payloadUrl', 'invalid', 'The Payload URL is not a valid absolute URL.', url.slice(0, 200));
        if (problem === 'scheme') v.fail('payloadUrl', 'scheme.not.supported', 'Only http and https Payload URLs are accepted.', url.slice(0, 200));
        if (problem === 'private') v.fail('payloadUrl', 'private.address', `The Payload URL points at a loopback, link-local or private address; set ${PRIVATE_SETTING} to allow it.`, url.slice(0, 200));
        out.url = url;
      }
    }
    const contentType = text('Content Type');
    if (contentType !== undefined) {
      v.check(['json', 'application/json'].includes(contentType.toLowerCase()), 'contentType', 'not.supported', 'Deliveries are JSON: Content Type is json.', contentType.slice(0, 45));
      out.contentType = 'json';
    }
    const secret = text('Secret');
    if (secret) {
      v.maxLength('secret', secret, 500);
      if (secret.startsWith('whsec_')) v.check(/^[A-Za-z0-9+/]+={0,2}$/.test(secret.slice(6)) && Buffer.from(secret.slice(6), 'base64').length >= 16, 'secret', 'invalid', 'A whsec_ Secret is base64 of at least 16 bytes.');
      else v.check(secret.length >= 16, 'secret', 'too.short', 'A Secret has at least 16 characters.');
      out.secret = secret;
    }
    v.throwIfAny();
    return out;
  }

  private async load(tx: Tx, id?: number): Promise<HookView[]> {
    const rows = await store.hooks(tx, id);
    if (rows.length === 0) return [];
    const events = await store.hookEvents(tx, rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      displayName: r.displayName,
      isActive: r.isActive,
      templateId: r.templateId,
      templateName: WEB_TEMPLATE.name,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      events: events.filter((e) => e.hookId === r.id).map((e) => ({ entityName: e.entityName, actionName: e.actionName })),
      config: [
        { fieldName: 'Payload URL', fieldValue: r.payloadUrl },
        { fieldName: 'Content Type', fieldValue: r.contentType },
      ],
      lastDeliveryStatus: r.lastStatus,
      lastDeliveryAt: r.lastAt,
      lastStatusCode: r.lastCode,
      failureCount: r.failureCount,
    }));
  }
}
