import { Migration } from '@mikro-orm/migrations';
import { schemaSql, tenantRlsSql } from '../../kernel/migration-sql.js';

/**
 * Centers and groups (Fineract's m_group, level 1 center, level 2 group) and the clients that belong to a
 * group (m_group_client). A client may be in several groups; a group in at most one center (parent_id).
 * A pending grouping may be deleted (its row goes), anything else is closed and kept.
 */
export class GroupsMigration extends Migration {
  override async up(): Promise<void> {
    for (const sql of schemaSql('groups')) this.addSql(sql);
    this.addSql(`create table groups.grouping (
      tenant_id varchar(64) not null,
      id integer not null,
      level smallint not null check (level in (1, 2)),
      account_no varchar(20) not null,
      name varchar(100) not null,
      external_id varchar(100),
      office_id integer not null,
      staff_id integer,
      parent_id integer,
      status smallint not null check (status in (100, 300, 600)),
      submitted_on date not null,
      activated_on date,
      closed_on date,
      closure_reason_id integer,
      created_by integer,
      created_at timestamptz not null default now(),
      updated_by integer,
      updated_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, parent_id) references groups.grouping (tenant_id, id),
      check (parent_id is null or level = 2),
      check (status = 100 or activated_on is not null))`);
    // Fineract keeps names and external ids unique across centers and groups (m_group's unique keys).
    this.addSql(`create unique index grouping_name on groups.grouping (tenant_id, name)`);
    this.addSql(`create unique index grouping_external_id on groups.grouping (tenant_id, external_id) where external_id is not null`);
    this.addSql(`create index grouping_office on groups.grouping (tenant_id, office_id, level)`);
    this.addSql(`create index grouping_parent on groups.grouping (tenant_id, parent_id) where parent_id is not null`);
    this.addSql(`create table groups.client_member (
      tenant_id varchar(64) not null,
      group_id integer not null,
      client_id integer not null,
      joined_on date not null,
      primary key (tenant_id, group_id, client_id),
      foreign key (tenant_id, group_id) references groups.grouping (tenant_id, id) on delete cascade)`);
    this.addSql(`create index client_member_client on groups.client_member (tenant_id, client_id)`);
    for (const sql of tenantRlsSql('groups.grouping')) this.addSql(sql);
    for (const sql of tenantRlsSql('groups.client_member')) this.addSql(sql);
  }
}
