import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';

/**
 * Where charges are used: on products (copied to each account opened on them), on savings accounts, on
 * loans (with each instalment's part) and on clients. Amounts are numeric; what is outstanding is never
 * stored, it is the amount less what was paid and waived, and a check keeps those within the amount.
 */
export class ChargeUsageMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table charges.product_charge (
      tenant_id varchar(64) not null,
      product_type smallint not null check (product_type in (1, 2)),
      product_id integer not null,
      charge_id integer not null,
      primary key (tenant_id, product_type, product_id, charge_id),
      foreign key (tenant_id, charge_id) references charges.charge (tenant_id, id))`);
    this.addSql(`create index product_charge_charge on charges.product_charge (tenant_id, charge_id)`);

    this.addSql(`create table charges.savings_charge (
      tenant_id varchar(64) not null,
      id integer not null,
      account_id integer not null,
      charge_id integer not null,
      time_type smallint not null,
      calculation_type smallint not null,
      amount_or_percentage numeric(20,6) not null check (amount_or_percentage > 0),
      penalty boolean not null,
      due_date date,
      fee_on_month smallint,
      fee_on_day smallint,
      fee_interval smallint,
      amount numeric(20,6) not null default 0 check (amount >= 0),
      amount_paid numeric(20,6) not null default 0 check (amount_paid >= 0),
      amount_waived numeric(20,6) not null default 0 check (amount_waived >= 0),
      active boolean not null default true,
      inactivated_on date,
      created_by integer,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, charge_id) references charges.charge (tenant_id, id),
      check (amount_paid + amount_waived <= amount))`);
    this.addSql(`create index savings_charge_account on charges.savings_charge (tenant_id, account_id)`);
    this.addSql(`create index savings_charge_charge on charges.savings_charge (tenant_id, charge_id)`);
    // The daily step and a credit look for fees due or owed; a partial index keeps that cheap.
    this.addSql(`create index savings_charge_due on charges.savings_charge (tenant_id, due_date) where active and time_type in (6, 7)`);

    this.addSql(`create table charges.loan_charge (
      tenant_id varchar(64) not null,
      id integer not null,
      loan_id integer not null,
      charge_id integer not null,
      time_type smallint not null,
      calculation_type smallint not null,
      payment_mode smallint not null,
      amount_or_percentage numeric(20,6) not null check (amount_or_percentage > 0),
      penalty boolean not null,
      due_date date,
      amount numeric(20,6) not null default 0 check (amount >= 0),
      amount_paid numeric(20,6) not null default 0 check (amount_paid >= 0),
      amount_waived numeric(20,6) not null default 0 check (amount_waived >= 0),
      active boolean not null default true,
      created_by integer,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, charge_id) references charges.charge (tenant_id, id),
      check (amount_paid + amount_waived <= amount))`);
    this.addSql(`create index loan_charge_loan on charges.loan_charge (tenant_id, loan_id)`);
    this.addSql(`create index loan_charge_charge on charges.loan_charge (tenant_id, charge_id)`);
    // One row per instalment a charge falls into; an overdue penalty's row is keyed by its instalment, so
    // applying it twice for one instalment is a conflict, not a second penalty.
    this.addSql(`create table charges.loan_charge_period (
      tenant_id varchar(64) not null,
      loan_charge_id integer not null,
      period integer not null,
      due_date date not null,
      amount numeric(20,6) not null check (amount >= 0),
      amount_paid numeric(20,6) not null default 0 check (amount_paid >= 0),
      amount_waived numeric(20,6) not null default 0 check (amount_waived >= 0),
      primary key (tenant_id, loan_charge_id, period),
      foreign key (tenant_id, loan_charge_id) references charges.loan_charge (tenant_id, id) on delete cascade,
      check (amount_paid + amount_waived <= amount))`);

    this.addSql(`create table charges.client_charge (
      tenant_id varchar(64) not null,
      id integer not null,
      client_id integer not null,
      charge_id integer not null,
      due_date date not null,
      amount numeric(20,6) not null check (amount > 0),
      amount_paid numeric(20,6) not null default 0 check (amount_paid >= 0),
      amount_waived numeric(20,6) not null default 0 check (amount_waived >= 0),
      active boolean not null default true,
      created_by integer,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, charge_id) references charges.charge (tenant_id, id),
      check (amount_paid + amount_waived <= amount))`);
    this.addSql(`create index client_charge_client on charges.client_charge (tenant_id, client_id)`);
    this.addSql(`create index client_charge_charge on charges.client_charge (tenant_id, charge_id)`);

    for (const table of ['product_charge', 'savings_charge', 'loan_charge', 'loan_charge_period', 'client_charge']) {
      for (const sql of tenantRlsSql(`charges.${table}`)) this.addSql(sql);
    }
  }
}
