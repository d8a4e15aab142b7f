import { Migration } from '@mikro-orm/migrations';
import { schemaSql, tenantRlsSql } from '../../kernel/migration-sql.js';

/**
 * Inter-bank transfers out (one row per switch session, its status moving from PENDING once, to SUCCESSFUL
 * or FAILED) and inbound credits (one row per session id the switch sent, so a replay answers the first result).
 */
export class PaymentsMigration extends Migration {
  override async up(): Promise<void> {
    for (const sql of schemaSql('payments')) this.addSql(sql);
    this.addSql(`create table payments.interbank_transfer (
      tenant_id varchar(64) not null,
      id bigint not null,
      session_id varchar(40) not null,
      client_id integer not null,
      from_account_id integer not null,
      from_account_no varchar(20) not null,
      office_id integer not null,
      hold_id bigint not null,
      to_bank_code varchar(3) not null,
      to_account_number varchar(20) not null,
      to_account_name varchar(200) not null,
      amount numeric(20,6) not null check (amount > 0),
      currency_code varchar(3) not null,
      transfer_date date not null,
      description varchar(500),
      status varchar(10) not null default 'PENDING' check (status in ('PENDING', 'SUCCESSFUL', 'FAILED')),
      reason varchar(200),
      savings_transaction_id bigint,
      settled_on date,
      query_attempts integer not null default 0,
      next_query_at timestamptz not null,
      created_by integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (tenant_id, id))`);
    this.addSql(`create unique index interbank_transfer_session on payments.interbank_transfer (tenant_id, session_id)`);
    this.addSql(`create index interbank_transfer_pending on payments.interbank_transfer (next_query_at) where status = 'PENDING'`);
    this.addSql(`create index interbank_transfer_date on payments.interbank_transfer (tenant_id, transfer_date)`);

    this.addSql(`create table payments.inbound_credit (
      tenant_id varchar(64) not null,
      session_id varchar(64) not null,
      account_number varchar(20) not null,
      amount numeric(20,6) not null,
      currency_code varchar(3) not null,
      narration varchar(500),
      originator jsonb not null,
      status varchar(10) not null check (status in ('CREDITED', 'REJECTED')),
      reason_code varchar(40),
      reason varchar(300),
      account_id integer,
      savings_transaction_id bigint,
      credited_on date,
      created_at timestamptz not null default now(),
      primary key (tenant_id, session_id))`);

    for (const table of ['payments.interbank_transfer', 'payments.inbound_credit']) {
      for (const sql of tenantRlsSql(table)) this.addSql(sql);
    }
  }
}
