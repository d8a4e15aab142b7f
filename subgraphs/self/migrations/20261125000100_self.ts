import { Migration } from '@mikro-orm/migrations';
import { schemaSql, tenantRlsSql } from '../../kernel/migration-sql.js';
import { AUDIT_COLUMNS } from '../../kernel/tenant-owned.entity.js';

/**
 * Self-service: the customer logins' contact keys (email and normalised mobile number, each unique per
 * tenant), registration attempts (rate limits), third-party transfer beneficiaries, the daily usage of
 * transfers to others, one lock row per client for that daily sum, and staff-recorded loan offers.
 */
export class SelfMigration extends Migration {
  override async up(): Promise<void> {
    for (const sql of schemaSql('self')) this.addSql(sql);

    // The unique indexes are what make two concurrent registrations of one email or mobile number lose
    // with duplicate.user rather than both passing a read-then-insert check.
    this.addSql(`create table self.customer_login (
      tenant_id varchar(64) not null,
      user_id integer not null,
      client_id integer not null,
      email varchar(150) not null,
      mobile_no varchar(20) not null,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, user_id),
      foreign key (tenant_id, user_id) references organisation.app_user (tenant_id, id) deferrable initially deferred,
      foreign key (tenant_id, client_id) references customer.client (tenant_id, id) deferrable initially deferred)`);
    this.addSql(`create unique index customer_login_email on self.customer_login (tenant_id, lower(email))`);
    this.addSql(`create unique index customer_login_mobile on self.customer_login (tenant_id, mobile_no)`);

    this.addSql(`create table self.registration_attempt (
      tenant_id varchar(64) not null,
      id bigint generated always as identity,
      attempted_at timestamptz not null default now(),
      address varchar(100) not null,
      bvn varchar(20) not null,
      primary key (tenant_id, id))`);
    this.addSql(`create index registration_attempt_address on self.registration_attempt (tenant_id, address, attempted_at)`);
    this.addSql(`create index registration_attempt_bvn on self.registration_attempt (tenant_id, bvn, attempted_at)`);

    this.addSql(`create table self.beneficiary (
      tenant_id varchar(64) not null,
      id integer not null,
      client_id integer not null,
      name varchar(100) not null,
      office_id integer not null,
      account_id integer not null,
      account_type smallint not null,
      transfer_limit numeric(20,6) check (transfer_limit > 0),
      deleted boolean not null default false,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, client_id) references customer.client (tenant_id, id) deferrable initially deferred)`);
    this.addSql(`create unique index beneficiary_name on self.beneficiary (tenant_id, client_id, lower(name)) where not deleted`);
    this.addSql(`create index beneficiary_account on self.beneficiary (tenant_id, client_id, account_id) where not deleted`);

    // One row per transfer to another customer (or, later, another bank): the daily limit sums these.
    this.addSql(`create table self.transfer_usage (
      tenant_id varchar(64) not null,
      transfer_id bigint not null,
      client_id integer not null,
      business_date date not null,
      amount numeric(20,6) not null check (amount > 0),
      channel varchar(20) not null,
      created_at timestamptz not null default now(),
      primary key (tenant_id, channel, transfer_id))`);
    this.addSql(`create index transfer_usage_client_date on self.transfer_usage (tenant_id, client_id, business_date)`);

    // Locked (by an upsert) by every transfer of the client to others, until its transaction ends, so the
    // daily sum is read and extended by one transfer at a time.
    this.addSql(`create table self.client_transfer_lock (
      tenant_id varchar(64) not null,
      client_id integer not null,
      last_locked_at timestamptz not null default now(),
      primary key (tenant_id, client_id))`);

    this.addSql(`create table self.loan_offer (
      tenant_id varchar(64) not null,
      id integer not null,
      client_id integer not null,
      product_id integer not null,
      max_principal numeric(20,6) not null check (max_principal > 0),
      expires_on date not null,
      deleted boolean not null default false,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, client_id) references customer.client (tenant_id, id) deferrable initially deferred)`);
    this.addSql(`create index loan_offer_client on self.loan_offer (tenant_id, client_id) where not deleted`);

    for (const table of ['self.customer_login', 'self.registration_attempt', 'self.beneficiary', 'self.transfer_usage', 'self.client_transfer_lock', 'self.loan_offer']) {
      for (const sql of tenantRlsSql(table)) this.addSql(sql);
    }
  }
}
