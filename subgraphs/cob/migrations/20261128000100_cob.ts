import { Migration } from '@mikro-orm/migrations';
import { schemaSql, tenantRlsSql } from '../../kernel/migration-sql.js';
import { AUDIT_COLUMNS } from '../../kernel/tenant-owned.entity.js';

const TENANT = `tenant_id varchar(64) not null references organisation.tenant (id) deferrable initially deferred`;

/**
 * Close of business: the tenant's working days and holidays, and the run's ledger. A run is one business
 * date; each step of it has one row whose cursor (the last account id it finished) moves in the same
 * transaction as the batch's work, so a crash leaves the cursor exactly where the committed work ends.
 */
export class CobMigration extends Migration {
  override async up(): Promise<void> {
    for (const sql of schemaSql('cob')) this.addSql(sql);

    this.addSql(`create table cob.working_days (
      ${TENANT},
      recurrence varchar(200) not null,
      repayment_reschedule_type smallint not null check (repayment_reschedule_type between 1 and 4),
      extend_term_for_daily_repayments boolean not null default false,
      ${AUDIT_COLUMNS},
      primary key (tenant_id))`);

    this.addSql(`create table cob.holiday (
      ${TENANT},
      id integer not null,
      name varchar(100) not null,
      from_date date not null,
      to_date date not null,
      rescheduling_type smallint not null check (rescheduling_type in (1, 2)),
      repayments_rescheduled_to date,
      description varchar(1000),
      status_id smallint not null default 100 check (status_id in (100, 300, 600)),
      -- Set when the run has moved existing loans' due dates out of the holiday (once per holiday).
      reschedule_cursor integer not null default 0,
      rescheduled_on date,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      check (to_date >= from_date))`);
    // Fineract's holiday_name key: one live holiday per name (a deleted one frees it).
    this.addSql(`create unique index holiday_name on cob.holiday (tenant_id, lower(name)) where status_id <> 600`);
    this.addSql(`create index holiday_to_reschedule on cob.holiday (tenant_id, id) where status_id = 300 and rescheduled_on is null`);

    this.addSql(`create table cob.holiday_office (
      ${TENANT},
      holiday_id integer not null,
      office_id integer not null,
      primary key (tenant_id, holiday_id, office_id),
      foreign key (tenant_id, holiday_id) references cob.holiday (tenant_id, id) on delete cascade)`);
    this.addSql(`create index holiday_office_office on cob.holiday_office (tenant_id, office_id)`);

    // The loan's history of holiday moves: which instalment moved from which date to which, for which holiday.
    this.addSql(`create table cob.loan_due_date_move (
      ${TENANT},
      holiday_id integer not null,
      loan_id integer not null,
      period integer not null,
      old_due_date date not null,
      new_due_date date not null,
      business_date date not null,
      created_at timestamptz not null default now(),
      primary key (tenant_id, holiday_id, loan_id, period),
      foreign key (tenant_id, holiday_id) references cob.holiday (tenant_id, id))`);
    this.addSql(`create index loan_due_date_move_loan on cob.loan_due_date_move (tenant_id, loan_id)`);

    this.addSql(`create table cob.run (
      ${TENANT},
      business_date date not null,
      status varchar(10) not null check (status in ('RUNNING', 'COMPLETED', 'FAILED')),
      triggered_by varchar(10) not null check (triggered_by in ('manual', 'catch-up', 'scheduler')),
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      error varchar(1000),
      primary key (tenant_id, business_date))`);

    this.addSql(`create table cob.step_run (
      ${TENANT},
      business_date date not null,
      step_code varchar(60) not null,
      position smallint not null,
      status varchar(10) not null check (status in ('RUNNING', 'COMPLETED', 'FAILED')),
      cursor bigint not null default 0,
      processed integer not null default 0,
      batches integer not null default 0,
      failures integer not null default 0,
      error varchar(1000),
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      duration_ms integer,
      primary key (tenant_id, business_date, step_code),
      foreign key (tenant_id, business_date) references cob.run (tenant_id, business_date) on delete cascade)`);

    for (const table of ['cob.working_days', 'cob.holiday', 'cob.holiday_office', 'cob.loan_due_date_move', 'cob.run', 'cob.step_run']) {
      for (const sql of tenantRlsSql(table)) this.addSql(sql);
    }
  }
}
