import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';
import { AUDIT_COLUMNS } from '../../kernel/tenant-owned.entity.js';

/**
 * Withholding tax on savings interest (Fineract's tax components and groups). A component's credit
 * account is a GL account id (null: the chart's 22201 "Withholding tax payable"); a group names its
 * components, each from a start date.
 */
export class SavingsTaxMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table account.tax_component (
      tenant_id varchar(64) not null,
      id integer not null,
      name varchar(100) not null,
      percentage numeric(9,6) not null check (percentage >= 0 and percentage <= 100),
      credit_account_type smallint not null default 2,
      credit_account_id integer,
      start_date date not null,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id))`);
    this.addSql(`create unique index tax_component_name on account.tax_component (tenant_id, lower(name))`);
    this.addSql(`create table account.tax_group (
      tenant_id varchar(64) not null,
      id integer not null,
      name varchar(100) not null,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id))`);
    this.addSql(`create unique index tax_group_name on account.tax_group (tenant_id, lower(name))`);
    this.addSql(`create table account.tax_group_component (
      tenant_id varchar(64) not null,
      group_id integer not null,
      component_id integer not null,
      start_date date not null,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, group_id, component_id),
      foreign key (tenant_id, group_id) references account.tax_group (tenant_id, id) deferrable initially deferred,
      foreign key (tenant_id, component_id) references account.tax_component (tenant_id, id) deferrable initially deferred)`);
    // Fineract's updateWithHoldTax on an account; null: the product's withHoldTax.
    this.addSql(`alter table account.savings_account add column with_hold_tax boolean`);
    for (const table of ['tax_component', 'tax_group', 'tax_group_component']) {
      for (const sql of tenantRlsSql(`account.${table}`)) this.addSql(sql);
    }
  }
}
