import { Migration } from '@mikro-orm/migrations';
import { schemaSql, tenantRlsSql } from '../../kernel/migration-sql.js';
import { AUDIT_COLUMNS } from '../../kernel/tenant-owned.entity.js';

const TENANT = `tenant_id varchar(64) not null references organisation.tenant (id) deferrable initially deferred`;

export class LoanMigration extends Migration {
  override async up(): Promise<void> {
    for (const sql of schemaSql('loan')) this.addSql(sql);

    this.addSql(`create table loan.product (
      ${TENANT},
      id integer not null,
      name varchar(100) not null,
      short_name varchar(4) not null,
      description varchar(500),
      currency_code varchar(3) not null,
      digits_after_decimal smallint not null check (digits_after_decimal between 0 and 6),
      in_multiples_of integer,
      principal numeric(20,6) not null,
      min_principal numeric(20,6) not null,
      max_principal numeric(20,6) not null,
      number_of_repayments integer not null,
      min_number_of_repayments integer not null,
      max_number_of_repayments integer not null,
      repayment_every integer not null,
      repayment_frequency_type smallint not null,
      interest_rate_per_period numeric(20,6) not null,
      min_interest_rate_per_period numeric(20,6),
      max_interest_rate_per_period numeric(20,6),
      interest_rate_frequency_type smallint not null,
      amortization_type smallint not null,
      interest_type smallint not null,
      interest_calculation_period_type smallint not null,
      transaction_processing_strategy_code varchar(100) not null,
      days_in_year_type smallint not null,
      days_in_month_type smallint not null,
      grace_on_principal_payment integer not null default 0,
      grace_on_interest_payment integer not null default 0,
      accounting_rule smallint not null,
      delinquency_bucket_id integer,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      check (min_principal <= principal and principal <= max_principal))`);
    this.addSql(`create unique index product_name on loan.product (tenant_id, lower(name))`);
    this.addSql(`create unique index product_short_name on loan.product (tenant_id, lower(short_name))`);

    this.addSql(`create table loan.loan (
      ${TENANT},
      id integer not null,
      account_no varchar(9) not null,
      external_id varchar(100),
      client_id integer not null,
      office_id integer not null,
      product_id integer not null,
      loan_officer_id integer,
      submitted_by_user_id integer,
      status_id smallint not null default 100,
      currency_code varchar(3) not null,
      digits smallint not null,
      principal numeric(20,6) not null check (principal > 0),
      approved_principal numeric(20,6),
      loan_term_frequency integer not null,
      loan_term_frequency_type smallint not null,
      number_of_repayments integer not null,
      repayment_every integer not null,
      repayment_frequency_type smallint not null,
      interest_rate_per_period numeric(20,6) not null,
      interest_rate_frequency_type smallint not null,
      amortization_type smallint not null,
      interest_type smallint not null,
      interest_calculation_period_type smallint not null,
      transaction_processing_strategy_code varchar(100) not null,
      grace_on_principal_payment integer not null default 0,
      grace_on_interest_payment integer not null default 0,
      submitted_on date not null,
      expected_disbursement_date date not null,
      repayments_starting_from date,
      approved_on date,
      approved_by_user_id integer,
      rejected_on date,
      withdrawn_on date,
      disbursed_on date,
      disbursed_by_user_id integer,
      closed_on date,
      link_account_id integer,
      disbursed_to_savings_id integer,
      days_past_due integer not null default 0,
      delinquent_amount numeric(20,6) not null default 0,
      delinquent_date date,
      delinquency_range_id integer,
      recovery_officer_user_id integer,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, product_id) references loan.product (tenant_id, id) deferrable initially deferred)`);
    this.addSql(`create unique index loan_account_no on loan.loan (tenant_id, account_no)`);
    this.addSql(`create unique index loan_external_id on loan.loan (tenant_id, external_id) where external_id is not null`);
    this.addSql(`create index loan_client on loan.loan (tenant_id, client_id)`);
    this.addSql(`create index loan_office_status on loan.loan (tenant_id, office_id, status_id)`);
    this.addSql(`create index loan_active on loan.loan (tenant_id, id) where status_id = 300`);
    this.addSql(`create index loan_delinquent on loan.loan (tenant_id, office_id) where days_past_due > 0`);

    this.addSql(`create table loan.schedule_period (
      ${TENANT},
      loan_id integer not null,
      period integer not null,
      from_date date not null,
      due_date date not null,
      principal_due numeric(20,6) not null,
      interest_due numeric(20,6) not null,
      fee_due numeric(20,6) not null default 0,
      penalty_due numeric(20,6) not null default 0,
      principal_paid numeric(20,6) not null default 0,
      interest_paid numeric(20,6) not null default 0,
      fee_paid numeric(20,6) not null default 0,
      penalty_paid numeric(20,6) not null default 0,
      primary key (tenant_id, loan_id, period),
      foreign key (tenant_id, loan_id) references loan.loan (tenant_id, id) on delete cascade deferrable initially deferred,
      check (principal_paid <= principal_due and interest_paid <= interest_due))`);

    // Transaction ids number postings (journal ids L<id>): a plain sequence, no per-tenant counter row to queue on.
    this.addSql(`create sequence loan.transaction_id_seq`);
    this.addSql(`create table loan.transaction (
      ${TENANT},
      id bigint not null default nextval('loan.transaction_id_seq'),
      loan_id integer not null,
      type_id smallint not null,
      transaction_date date not null,
      amount numeric(20,6) not null check (amount > 0),
      principal_portion numeric(20,6) not null default 0,
      interest_portion numeric(20,6) not null default 0,
      fee_portion numeric(20,6) not null default 0,
      penalty_portion numeric(20,6) not null default 0,
      outstanding_after numeric(20,6) not null,
      payment_type_id integer,
      savings_account_id integer,
      savings_transaction_id integer,
      allocation jsonb not null default '[]',
      note varchar(1000),
      reversed boolean not null default false,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, loan_id) references loan.loan (tenant_id, id) deferrable initially deferred)`);
    this.addSql(`create index transaction_loan on loan.transaction (tenant_id, loan_id, id)`);

    this.addSql(`create table loan.approval_policy (
      ${TENANT},
      id integer not null,
      name varchar(100) not null,
      description varchar(500),
      product_id integer,
      is_default boolean not null default false,
      active boolean not null default true,
      tiers jsonb not null,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id))`);
    this.addSql(`create unique index approval_policy_default on loan.approval_policy (tenant_id) where is_default and active`);
    this.addSql(`create unique index approval_policy_product on loan.approval_policy (tenant_id, product_id) where product_id is not null and active`);

    this.addSql(`create table loan.approval (
      ${TENANT},
      loan_id integer not null,
      user_id integer not null,
      role_id integer not null,
      approved_on date not null,
      note varchar(1000),
      ${AUDIT_COLUMNS},
      primary key (tenant_id, loan_id, user_id),
      foreign key (tenant_id, loan_id) references loan.loan (tenant_id, id) on delete cascade deferrable initially deferred)`);

    this.addSql(`create table loan.delinquency_range (
      ${TENANT},
      id integer not null,
      classification varchar(100) not null,
      minimum_age_days integer not null check (minimum_age_days >= 0),
      maximum_age_days integer check (maximum_age_days is null or maximum_age_days >= minimum_age_days),
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id))`);
    this.addSql(`create unique index delinquency_range_classification on loan.delinquency_range (tenant_id, lower(classification))`);
    this.addSql(`create table loan.delinquency_bucket (
      ${TENANT},
      id integer not null,
      name varchar(100) not null,
      range_ids integer[] not null,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id))`);
    this.addSql(`create unique index delinquency_bucket_name on loan.delinquency_bucket (tenant_id, lower(name))`);

    // One row per (tenant, job, business date): the scheduler's claim, so several instances age a tenant once a day.
    this.addSql(`create table loan.job_run (
      ${TENANT},
      job_id integer not null,
      business_date date not null,
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      loans_aged integer,
      triggered_by varchar(20) not null,
      primary key (tenant_id, job_id, business_date))`);

    for (const table of ['product', 'loan', 'schedule_period', 'transaction', 'approval_policy', 'approval', 'delinquency_range', 'delinquency_bucket', 'job_run']) {
      for (const sql of tenantRlsSql(`loan.${table}`)) this.addSql(sql);
    }
  }
}
