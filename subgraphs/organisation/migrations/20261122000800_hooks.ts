import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';
import { AUDIT_COLUMNS } from '../../kernel/tenant-owned.entity.js';

/**
 * Webhook hooks (Fineract's /hooks), their event pairs, and the durable delivery queue with one row per
 * attempt. Deliveries are claimed with FOR UPDATE SKIP LOCKED by any instance's worker (see webhook-delivery.ts).
 */
export class HooksMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table organisation.hook (
      tenant_id varchar(64) not null,
      id integer not null,
      name varchar(45) not null,
      display_name varchar(100),
      is_active boolean not null,
      template_id integer not null,
      payload_url varchar(2000) not null,
      content_type varchar(45) not null,
      secret varchar(500) not null,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id))`);
    for (const sql of tenantRlsSql('organisation.hook')) this.addSql(sql);

    this.addSql(`create table organisation.hook_event (
      tenant_id varchar(64) not null,
      hook_id integer not null,
      entity_name varchar(64) not null,
      action_name varchar(64) not null,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, hook_id, entity_name, action_name),
      foreign key (tenant_id, hook_id) references organisation.hook (tenant_id, id) on delete cascade)`);
    for (const sql of tenantRlsSql('organisation.hook_event')) this.addSql(sql);

    // One delivery per (hook, event): the unique key makes the relay's fan-out idempotent (at-least-once
    // relaying never doubles a delivery) and the body is fixed once, so retries resend the same bytes.
    this.addSql(`create table organisation.webhook_delivery (
      tenant_id varchar(64) not null,
      id bigserial not null,
      hook_id integer not null,
      event_id varchar(64) not null,
      event_type varchar(100) not null,
      entity_name varchar(64) not null,
      action_name varchar(64) not null,
      body text not null,
      status varchar(16) not null check (status in ('pending', 'delivered', 'dead')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      lease_until timestamptz,
      committed_at timestamptz not null,
      delivered_at timestamptz,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      unique (tenant_id, hook_id, event_id),
      foreign key (tenant_id, hook_id) references organisation.hook (tenant_id, id) on delete cascade)`);
    this.addSql(`create index webhook_delivery_due on organisation.webhook_delivery (next_attempt_at) where status = 'pending'`);
    this.addSql(`create index webhook_delivery_hook on organisation.webhook_delivery (tenant_id, hook_id, id)`);
    this.addSql(`create index webhook_delivery_age on organisation.webhook_delivery (created_at)`);
    for (const sql of tenantRlsSql('organisation.webhook_delivery')) this.addSql(sql);

    // The delivery log: one row per attempt; the pending row is the attempt scheduled next.
    this.addSql(`create table organisation.webhook_attempt (
      tenant_id varchar(64) not null,
      id bigserial not null,
      delivery_id bigint not null,
      hook_id integer not null,
      attempt integer not null,
      status varchar(16) not null check (status in ('pending', 'delivered', 'failed', 'dead')),
      status_code integer,
      duration_ms integer,
      error varchar(500),
      next_attempt_at timestamptz,
      attempted_at timestamptz,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      unique (tenant_id, delivery_id, attempt),
      foreign key (tenant_id, delivery_id) references organisation.webhook_delivery (tenant_id, id) on delete cascade)`);
    this.addSql(`create index webhook_attempt_hook on organisation.webhook_attempt (tenant_id, hook_id, id)`);
    for (const sql of tenantRlsSql('organisation.webhook_attempt')) this.addSql(sql);
  }
}
