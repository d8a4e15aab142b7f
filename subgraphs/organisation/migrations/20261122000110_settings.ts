import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';
import { AUDIT_COLUMNS } from '../../kernel/tenant-owned.entity.js';

/** Tenant settings (Fineract's /configurations) and the business date (Fineract's /businessdate). */
export class OrganisationSettingsMigration extends Migration {
  override async up(): Promise<void> {
    // A row exists only once a tenant changes a setting; reads fall back to the catalogue's default.
    this.addSql(`create table organisation.setting (
      tenant_id varchar(64) not null,
      id integer not null,
      name varchar(100) not null,
      enabled boolean not null,
      value numeric(20,6),
      string_value varchar(500),
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id))`);
    this.addSql(`create unique index setting_name on organisation.setting (tenant_id, name)`);
    for (const sql of tenantRlsSql('organisation.setting')) this.addSql(sql);

    this.addSql(`create table organisation.business_date (
      tenant_id varchar(64) not null,
      type varchar(32) not null check (type in ('BUSINESS_DATE', 'COB_DATE')),
      date date not null,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, type))`);
    for (const sql of tenantRlsSql('organisation.business_date')) this.addSql(sql);
  }
}
