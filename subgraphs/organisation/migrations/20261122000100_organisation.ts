import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE } from '../../kernel/tx.js';
import { schemaSql, tenantRlsSql } from '../../kernel/migration-sql.js';
import { AUDIT_COLUMNS } from '../../kernel/tenant-owned.entity.js';

export class OrganisationMigration extends Migration {
  // Foreign keys are deferred to commit: the unit of work inserts rows in its own order, and the
  // constraint only has to hold for what the transaction finally commits.
  override async up(): Promise<void> {
    for (const sql of schemaSql('organisation')) this.addSql(sql);

    this.addSql(`create table organisation.tenant (
      id varchar(64) primary key check (id ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
      name varchar(200) not null,
      created_at timestamptz not null default now())`);
    // The registry is read by every request's tenant check; the app role may read and add, never rewrite.
    this.addSql(`revoke update, delete on organisation.tenant from ${APP_ROLE}`);

    this.addSql(`create table organisation.office (
      tenant_id varchar(64) not null references organisation.tenant (id) deferrable initially deferred,
      id integer not null,
      parent_id integer,
      name varchar(100) not null,
      hierarchy varchar(255) not null,
      opening_date date not null,
      external_id varchar(100),
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, parent_id) references organisation.office (tenant_id, id) deferrable initially deferred,
      check ((id = 1) = (parent_id is null)))`);
    this.addSql(`create unique index office_name on organisation.office (tenant_id, lower(name))`);
    this.addSql(`create unique index office_external_id on organisation.office (tenant_id, external_id) where external_id is not null`);
    this.addSql(`create index office_hierarchy on organisation.office (tenant_id, hierarchy text_pattern_ops)`);

    this.addSql(`create table organisation.staff (
      tenant_id varchar(64) not null,
      id integer not null,
      office_id integer not null,
      firstname varchar(50) not null,
      lastname varchar(50) not null,
      is_loan_officer boolean not null default false,
      is_active boolean not null default true,
      mobile_no varchar(50),
      external_id varchar(100),
      joining_date date,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, office_id) references organisation.office (tenant_id, id) deferrable initially deferred)`);
    this.addSql(`create unique index staff_external_id on organisation.staff (tenant_id, external_id) where external_id is not null`);
    this.addSql(`create index staff_office on organisation.staff (tenant_id, office_id)`);

    this.addSql(`create table organisation.role (
      tenant_id varchar(64) not null references organisation.tenant (id) deferrable initially deferred,
      id integer not null,
      name varchar(100) not null,
      description varchar(500),
      disabled boolean not null default false,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id))`);
    this.addSql(`create unique index role_name on organisation.role (tenant_id, lower(name))`);

    this.addSql(`create table organisation.role_permission (
      tenant_id varchar(64) not null,
      role_id integer not null,
      code varchar(100) not null,
      primary key (tenant_id, role_id, code),
      foreign key (tenant_id, role_id) references organisation.role (tenant_id, id) on delete cascade deferrable initially deferred)`);

    this.addSql(`create table organisation.app_user (
      tenant_id varchar(64) not null,
      id integer not null,
      username varchar(100) not null,
      password_hash varchar(255) not null,
      firstname varchar(100) not null,
      lastname varchar(100) not null,
      email varchar(150),
      office_id integer not null,
      staff_id integer,
      is_self_service_user boolean not null default false,
      password_never_expires boolean not null default false,
      enabled boolean not null default true,
      deleted boolean not null default false,
      last_password_change_at timestamptz,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, office_id) references organisation.office (tenant_id, id) deferrable initially deferred,
      foreign key (tenant_id, staff_id) references organisation.staff (tenant_id, id) deferrable initially deferred)`);
    this.addSql(`create unique index app_user_username on organisation.app_user (tenant_id, lower(username)) where not deleted`);

    this.addSql(`create table organisation.user_role (
      tenant_id varchar(64) not null,
      user_id integer not null,
      role_id integer not null,
      primary key (tenant_id, user_id, role_id),
      foreign key (tenant_id, user_id) references organisation.app_user (tenant_id, id) on delete cascade deferrable initially deferred,
      foreign key (tenant_id, role_id) references organisation.role (tenant_id, id) deferrable initially deferred)`);

    this.addSql(`create table organisation.user_client (
      tenant_id varchar(64) not null,
      user_id integer not null,
      client_id integer not null,
      primary key (tenant_id, user_id, client_id),
      foreign key (tenant_id, user_id) references organisation.app_user (tenant_id, id) on delete cascade deferrable initially deferred)`);

    this.addSql(`create table organisation.session (
      tenant_id varchar(64) not null,
      key_hash varchar(64) not null,
      user_id integer not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      primary key (tenant_id, key_hash),
      foreign key (tenant_id, user_id) references organisation.app_user (tenant_id, id) on delete cascade deferrable initially deferred)`);

    this.addSql(`create table organisation.payment_type (
      tenant_id varchar(64) not null references organisation.tenant (id) deferrable initially deferred,
      id integer not null,
      name varchar(100) not null,
      description varchar(500),
      is_cash_payment boolean not null default false,
      position integer not null default 0,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id))`);
    this.addSql(`create unique index payment_type_name on organisation.payment_type (tenant_id, lower(name))`);

    for (const table of ['office', 'staff', 'role', 'role_permission', 'app_user', 'user_role', 'user_client', 'session', 'payment_type']) {
      for (const sql of tenantRlsSql(`organisation.${table}`)) this.addSql(sql);
    }
  }
}
