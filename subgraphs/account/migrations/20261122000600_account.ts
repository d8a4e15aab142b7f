import { Migration } from '@mikro-orm/migrations';
import { schemaSql, tenantRlsSql } from '../../kernel/migration-sql.js';
import { AUDIT_COLUMNS } from '../../kernel/tenant-owned.entity.js';

/**
 * The account subgraph's tables. Balances live on the account row (locked FOR UPDATE by every money
 * command) and equal the sum of the account's non-reversed transactions; the CHECK below backs the
 * overdraft rule in the database itself.
 */
export class AccountMigration extends Migration {
  override async up(): Promise<void> {
    for (const sql of schemaSql('account')) this.addSql(sql);

    this.addSql(`create table account.savings_product (
      tenant_id varchar(64) not null references organisation.tenant (id) deferrable initially deferred,
      id integer not null,
      name varchar(100) not null,
      short_name varchar(4) not null,
      description varchar(500),
      account_type varchar(10) not null check (account_type in ('SAVINGS', 'CURRENT')),
      currency_code varchar(3) not null,
      digits_after_decimal smallint not null check (digits_after_decimal between 0 and 6),
      in_multiples_of integer,
      nominal_annual_interest_rate numeric(9,6) not null default 0,
      min_required_balance numeric(20,6),
      enforce_min_required_balance boolean not null default false,
      allow_overdraft boolean not null default false,
      overdraft_limit numeric(20,6),
      accounting_rule smallint not null default 2,
      interest_compounding_period_type smallint,
      interest_posting_period_type smallint,
      interest_calculation_type smallint,
      interest_calculation_days_in_year_type smallint,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id))`);
    this.addSql(`create unique index savings_product_name on account.savings_product (tenant_id, lower(name))`);
    this.addSql(`create unique index savings_product_short_name on account.savings_product (tenant_id, lower(short_name))`);

    this.addSql(`create table account.savings_account (
      tenant_id varchar(64) not null,
      id integer not null,
      account_no varchar(10) not null check (account_no ~ '^[0-9]{10}$'),
      external_id varchar(100),
      client_id integer not null,
      office_id integer not null,
      product_id integer not null,
      account_type varchar(10) not null check (account_type in ('SAVINGS', 'CURRENT')),
      currency_code varchar(3) not null,
      digits_after_decimal smallint not null,
      status smallint not null,
      submitted_on_date date not null,
      approved_on_date date,
      activated_on_date date,
      closed_on_date date,
      rejected_on_date date,
      withdrawn_on_date date,
      nominal_annual_interest_rate numeric(9,6) not null default 0,
      allow_overdraft boolean not null default false,
      overdraft_limit numeric(20,6) not null default 0 check (overdraft_limit >= 0),
      min_required_balance numeric(20,6),
      enforce_min_required_balance boolean not null default false,
      account_balance numeric(20,6) not null default 0,
      total_deposits numeric(20,6) not null default 0,
      total_withdrawals numeric(20,6) not null default 0,
      blocked boolean not null default false,
      debit_blocked boolean not null default false,
      credit_blocked boolean not null default false,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      check (account_balance + case when allow_overdraft then overdraft_limit else 0 end >= 0),
      foreign key (tenant_id, product_id) references account.savings_product (tenant_id, id) deferrable initially deferred,
      foreign key (tenant_id, client_id) references customer.client (tenant_id, id) deferrable initially deferred,
      foreign key (tenant_id, office_id) references organisation.office (tenant_id, id) deferrable initially deferred)`);
    this.addSql(`create unique index savings_account_no on account.savings_account (tenant_id, account_no)`);
    this.addSql(`create unique index savings_account_external_id on account.savings_account (tenant_id, external_id) where external_id is not null`);
    this.addSql(`create index savings_account_client on account.savings_account (tenant_id, client_id)`);
    this.addSql(`create index savings_account_office on account.savings_account (tenant_id, office_id, id)`);

    // The hot path: ids from plain sequences, never a per-tenant counter row.
    this.addSql(`create sequence account.savings_transaction_seq`);
    this.addSql(`create sequence account.account_transfer_seq`);
    this.addSql(`create sequence account.maker_checker_seq`);
    this.addSql(`create table account.savings_transaction (
      tenant_id varchar(64) not null,
      id bigint not null default nextval('account.savings_transaction_seq'),
      account_id integer not null,
      transaction_type smallint not null,
      credit boolean not null,
      amount numeric(20,6) not null check (amount > 0),
      running_balance numeric(20,6) not null,
      transaction_date date not null,
      submitted_on_date date not null,
      reversed boolean not null default false,
      reversed_on_date date,
      payment_type_id integer,
      is_cash boolean not null default false,
      account_number varchar(100),
      check_number varchar(100),
      routing_code varchar(100),
      receipt_number varchar(100),
      bank_number varchar(100),
      note varchar(500),
      transfer_id bigint,
      loan_id integer,
      loan_transaction_id bigint,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, account_id) references account.savings_account (tenant_id, id) deferrable initially deferred)`);
    this.addSql(`alter sequence account.savings_transaction_seq owned by account.savings_transaction.id`);
    this.addSql(`create index savings_transaction_account on account.savings_transaction (tenant_id, account_id, id)`);

    this.addSql(`create table account.savings_reference (
      tenant_id varchar(64) not null,
      id integer not null,
      account_id integer not null,
      referee_name varchar(160) not null,
      referee_account_no varchar(20),
      referee_bank varchar(20),
      referee_phone varchar(30) not null,
      referee_email varchar(150),
      referee_address varchar(300),
      relationship varchar(60) not null,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, account_id) references account.savings_account (tenant_id, id) deferrable initially deferred)`);
    this.addSql(`create index savings_reference_account on account.savings_reference (tenant_id, account_id)`);

    this.addSql(`create table account.account_transfer (
      tenant_id varchar(64) not null,
      id bigint not null default nextval('account.account_transfer_seq'),
      from_account_id integer not null,
      to_account_id integer not null,
      amount numeric(20,6) not null check (amount > 0),
      currency_code varchar(3) not null,
      transfer_date date not null,
      description varchar(200),
      from_transaction_id bigint not null,
      to_transaction_id bigint not null,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      check (from_account_id <> to_account_id))`);
    this.addSql(`alter sequence account.account_transfer_seq owned by account.account_transfer.id`);
    this.addSql(`create index account_transfer_from on account.account_transfer (tenant_id, from_account_id)`);
    this.addSql(`create index account_transfer_to on account.account_transfer (tenant_id, to_account_id)`);

    // A cash withdrawal above the teller ceiling waits here; a pending entry of today holds its amount.
    this.addSql(`create table account.maker_checker (
      tenant_id varchar(64) not null,
      id bigint not null default nextval('account.maker_checker_seq'),
      entity_name varchar(30) not null,
      action_name varchar(30) not null,
      account_id integer not null,
      office_id integer not null,
      amount numeric(20,6) not null check (amount > 0),
      command_json jsonb not null,
      maker_id integer not null,
      made_on_date date not null,
      made_at timestamptz not null default now(),
      status varchar(20) not null check (status in ('awaiting.approval', 'approved', 'rejected', 'deleted', 'expired')),
      checker_id integer,
      checked_at timestamptz,
      transaction_id bigint,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, account_id) references account.savings_account (tenant_id, id) deferrable initially deferred)`);
    this.addSql(`alter sequence account.maker_checker_seq owned by account.maker_checker.id`);
    this.addSql(`create index maker_checker_pending on account.maker_checker (tenant_id, account_id) where status = 'awaiting.approval'`);

    for (const table of ['savings_product', 'savings_account', 'savings_transaction', 'savings_reference', 'account_transfer', 'maker_checker']) {
      for (const sql of tenantRlsSql(`account.${table}`)) this.addSql(sql);
    }
  }
}
