import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE } from '../tx.js';
import { schemaSql, tenantRlsSql } from '../migration-sql.js';

export class KernelMigration extends Migration {
  override async up(): Promise<void> {
    // Roles are cluster-wide: create it once, tolerate it existing (every test database shares the cluster,
    // and two databases migrating at once race between the check and the create).
    this.addSql(`do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
        begin
          create role ${APP_ROLE} nologin;
        exception when duplicate_object or unique_violation then null;
        end;
      end if;
      begin
        execute 'grant ${APP_ROLE} to ' || quote_ident(current_user);
      exception when others then null;
      end;
    end $$`);
    for (const sql of schemaSql('kernel')) this.addSql(sql);

    // Per-tenant counters for identifiers that Fineract numbers per tenant (office 1 is every tenant's head office).
    this.addSql(`create table kernel.sequence (
      tenant_id varchar(64) not null,
      name varchar(64) not null,
      value bigint not null,
      primary key (tenant_id, name))`);
    for (const sql of tenantRlsSql('kernel.sequence')) this.addSql(sql);

    this.addSql(`create table kernel.outbox (
      id bigserial primary key,
      tenant_id varchar(64) not null,
      event_id varchar(64) not null unique,
      event_type varchar(100) not null,
      entity_name varchar(64) not null,
      action_name varchar(64) not null,
      occurred_at timestamptz not null default now(),
      payload jsonb not null,
      published_at timestamptz)`);
    this.addSql(`create index outbox_unpublished on kernel.outbox (id) where published_at is null`);
    this.addSql(`create index outbox_tenant on kernel.outbox (tenant_id, id)`);
    for (const sql of tenantRlsSql('kernel.outbox')) this.addSql(sql);

    this.addSql(`create table kernel.idempotency_key (
      tenant_id varchar(64) not null,
      key varchar(255) not null,
      principal varchar(128) not null,
      request_hash varchar(64) not null,
      state varchar(16) not null check (state in ('in_flight', 'done')),
      response_status integer,
      response_body text,
      created_at timestamptz not null default now(),
      completed_at timestamptz,
      primary key (tenant_id, principal, key))`);
    for (const sql of tenantRlsSql('kernel.idempotency_key')) this.addSql(sql);
  }
}
