import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';
import { AUDIT_COLUMNS } from '../../kernel/tenant-owned.entity.js';

/** Codes and code values (Fineract m_code, m_code_value): reference data other modules validate against. */
export class CodesMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table organisation.code (
      tenant_id varchar(64) not null references organisation.tenant (id) deferrable initially deferred,
      id integer not null,
      name varchar(100) not null,
      system_defined boolean not null default false,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id))`);
    this.addSql(`create unique index code_name on organisation.code (tenant_id, lower(name))`);

    this.addSql(`create table organisation.code_value (
      tenant_id varchar(64) not null,
      id integer not null,
      code_id integer not null,
      name varchar(100) not null,
      position integer not null default 0,
      description varchar(500),
      is_active boolean not null default true,
      is_mandatory boolean not null default false,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, code_id) references organisation.code (tenant_id, id) on delete cascade deferrable initially deferred)`);
    this.addSql(`create unique index code_value_name on organisation.code_value (tenant_id, code_id, lower(name))`);

    for (const table of ['code', 'code_value']) {
      for (const sql of tenantRlsSql(`organisation.${table}`)) this.addSql(sql);
    }
  }
}
