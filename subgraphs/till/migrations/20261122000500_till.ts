import { Migration } from '@mikro-orm/migrations';
import { schemaSql, tenantRlsSql } from '../../kernel/migration-sql.js';
import { AUDIT_COLUMNS } from '../../kernel/tenant-owned.entity.js';

/**
 * Tellers (counter positions), cashiers (a staff member at a counter for a date range), tills (one
 * cashier's drawer for one business date, the row every cash movement locks) and cashier transactions.
 */
export class TillMigration extends Migration {
  override async up(): Promise<void> {
    for (const sql of schemaSql('till')) this.addSql(sql);

    this.addSql(`create table till.teller (
      tenant_id varchar(64) not null,
      id integer not null,
      office_id integer not null,
      name varchar(100) not null,
      description varchar(500),
      start_date date not null,
      end_date date,
      status smallint not null check (status in (300, 400)),
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, office_id) references organisation.office (tenant_id, id) deferrable initially deferred)`);
    // Fineract: a teller name is unique per office (case-insensitive here, so "Counter 1" and "counter 1" clash).
    this.addSql(`create unique index teller_office_name on till.teller (tenant_id, office_id, lower(name))`);

    this.addSql(`create table till.cashier (
      tenant_id varchar(64) not null,
      id integer not null,
      teller_id integer not null,
      office_id integer not null,
      staff_id integer not null,
      description varchar(500),
      start_date date not null,
      end_date date not null,
      is_full_day boolean not null default true,
      start_time varchar(10),
      end_time varchar(10),
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      check (end_date >= start_date),
      foreign key (tenant_id, teller_id) references till.teller (tenant_id, id) deferrable initially deferred,
      foreign key (tenant_id, staff_id) references organisation.staff (tenant_id, id) deferrable initially deferred)`);
    this.addSql(`create index cashier_teller on till.cashier (tenant_id, teller_id)`);
    this.addSql(`create index cashier_staff on till.cashier (tenant_id, staff_id, start_date)`);

    // One row per cashier and business date: created by the day's first allocation, locked by every
    // movement (FOR UPDATE), closed by the end-of-day settlement, which it also records.
    this.addSql(`create table till.till (
      tenant_id varchar(64) not null,
      cashier_id integer not null,
      business_date date not null,
      currency_code varchar(3) not null,
      balance numeric(20,6) not null default 0 check (balance >= 0),
      settled boolean not null default false,
      system_balance numeric(20,6),
      counted_amount numeric(20,6),
      variance numeric(20,6),
      settled_by integer,
      settled_at timestamptz,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, cashier_id, business_date),
      foreign key (tenant_id, cashier_id) references till.cashier (tenant_id, id) deferrable initially deferred)`);

    // Cash movements are the hot path: ids from a sequence, not a per-tenant counter row.
    this.addSql(`create sequence till.cashier_transaction_id_seq`);
    this.addSql(`create table till.cashier_transaction (
      tenant_id varchar(64) not null,
      id bigint not null default nextval('till.cashier_transaction_id_seq'),
      cashier_id integer not null,
      teller_id integer not null,
      office_id integer not null,
      business_date date not null,
      txn_type smallint not null check (txn_type in (101, 102, 103, 104)),
      amount numeric(20,6) not null check (amount > 0),
      currency_code varchar(3) not null,
      note varchar(500),
      entity_type varchar(30),
      entity_id bigint,
      source_transaction_id varchar(50),
      journal_transaction_id varchar(50),
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, cashier_id, business_date) references till.till (tenant_id, cashier_id, business_date) deferrable initially deferred)`);
    this.addSql(`alter sequence till.cashier_transaction_id_seq owned by till.cashier_transaction.id`);
    this.addSql(`create index cashier_transaction_cashier on till.cashier_transaction (tenant_id, cashier_id, business_date, id)`);
    this.addSql(`create index cashier_transaction_teller on till.cashier_transaction (tenant_id, teller_id, id)`);

    for (const table of ['till.teller', 'till.cashier', 'till.till', 'till.cashier_transaction']) for (const sql of tenantRlsSql(table)) this.addSql(sql);
  }
}
