import { Migration } from '@mikro-orm/migrations';
import { schemaSql, tenantRlsSql } from '../../kernel/migration-sql.js';

/**
 * Charge definitions (Fineract's m_charge): what a fee or penalty is, what it applies to, when it falls
 * due and how it is computed. A deleted charge keeps its row (accounts may still refer to it) and frees
 * its name.
 */
export class ChargesMigration extends Migration {
  override async up(): Promise<void> {
    for (const sql of schemaSql('charges')) this.addSql(sql);
    this.addSql(`create table charges.charge (
      tenant_id varchar(64) not null,
      id integer not null,
      name varchar(100) not null,
      currency_code varchar(3) not null,
      applies_to smallint not null check (applies_to in (1, 2, 3)),
      time_type smallint not null,
      calculation_type smallint not null check (calculation_type between 1 and 4),
      payment_mode smallint not null default 0 check (payment_mode in (0, 1)),
      amount numeric(20,6) not null check (amount > 0),
      min_cap numeric(20,6) check (min_cap > 0),
      max_cap numeric(20,6) check (max_cap > 0),
      fee_on_month smallint check (fee_on_month between 1 and 12),
      fee_on_day smallint check (fee_on_day between 1 and 31),
      fee_interval smallint check (fee_interval between 1 and 12),
      penalty boolean not null default false,
      active boolean not null default true,
      income_account_id integer not null,
      deleted boolean not null default false,
      created_by integer,
      created_at timestamptz not null default now(),
      updated_by integer,
      updated_at timestamptz not null default now(),
      primary key (tenant_id, id),
      check (min_cap is null or max_cap is null or min_cap <= max_cap))`);
    this.addSql(`create unique index charge_name on charges.charge (tenant_id, name) where not deleted`);
    for (const sql of tenantRlsSql('charges.charge')) this.addSql(sql);
  }
}
