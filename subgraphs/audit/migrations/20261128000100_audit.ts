import { Migration } from '@mikro-orm/migrations';
import { schemaSql, tenantRlsSql } from '../../kernel/migration-sql.js';
import { APP_ROLE } from '../../kernel/tx.js';

/**
 * The audit trail: one row per command (audit.entry), written in the command's transaction without a chain
 * position; the chainer links committed entries into each tenant's hash chain (audit.chain_link) in a stable
 * order, and anchors each finished day (audit.anchor). Why it is built this way: docs/audit-trail.md.
 *
 * No code updates or deletes these rows: a trigger refuses UPDATE, DELETE and TRUNCATE for every role,
 * the owner included, so a bug (or a hand in a console) cannot rewrite the trail without first dropping
 * the trigger, which itself leaves the chain to say which entry changed.
 */
export class AuditMigration extends Migration {
  override async up(): Promise<void> {
    for (const sql of schemaSql('audit')) this.addSql(sql);
    this.addSql(`create sequence audit.entry_id_seq`);
    this.addSql(`grant usage, select on sequence audit.entry_id_seq to ${APP_ROLE}`);
    this.addSql(`create table audit.entry (
      tenant_id varchar(64) not null,
      id bigint not null default nextval('audit.entry_id_seq'),
      -- One per command: every transaction of a command may carry its entry, the first that writes keeps it.
      command_id uuid not null,
      -- The writing transaction's id: the chainer links only entries of transactions older than every one in flight.
      txid xid8 not null default pg_current_xact_id(),
      action_name varchar(50) not null,
      entity_name varchar(100) not null,
      operation varchar(100) not null,
      resource_id bigint,
      subresource_id bigint,
      office_id integer,
      office_hierarchy varchar(500),
      maker_id integer,
      maker_delegated_by integer,
      checker_id integer,
      checked_at timestamptz,
      made_at timestamptz not null default now(),
      command_json text not null,
      processing_result smallint not null,
      error_code varchar(200),
      primary key (tenant_id, id))`);
    this.addSql(`create unique index entry_command on audit.entry (tenant_id, command_id)`);
    this.addSql(`create index entry_made_at on audit.entry (tenant_id, made_at desc, id desc)`);
    this.addSql(`create index entry_chain_order on audit.entry (tenant_id, txid, id)`);
    this.addSql(`create index entry_resource on audit.entry (tenant_id, entity_name, resource_id)`);
    this.addSql(`create table audit.chain_link (
      tenant_id varchar(64) not null,
      seq bigint not null,
      entry_id bigint not null,
      entry_txid xid8 not null,
      hash char(64) not null,
      linked_at timestamptz not null default now(),
      primary key (tenant_id, seq),
      unique (tenant_id, entry_id),
      foreign key (tenant_id, entry_id) references audit.entry (tenant_id, id))`);
    this.addSql(`create table audit.anchor (
      tenant_id varchar(64) not null,
      anchor_date date not null,
      seq bigint not null,
      hash char(64) not null,
      created_at timestamptz not null default now(),
      primary key (tenant_id, anchor_date))`);
    this.addSql(`create function audit.refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception 'the audit trail is append-only: % on % refused', tg_op, tg_table_name using errcode = '42501';
      end $$`);
    for (const table of ['entry', 'chain_link', 'anchor']) {
      this.addSql(`create trigger append_only before update or delete on audit.${table} for each row execute function audit.refuse_change()`);
      this.addSql(`create trigger append_only_truncate before truncate on audit.${table} for each statement execute function audit.refuse_change()`);
      for (const sql of tenantRlsSql(`audit.${table}`)) this.addSql(sql);
    }
  }
}
