import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';

const TENANT = `tenant_id varchar(64) not null references organisation.tenant (id) deferrable initially deferred`;

/**
 * The run's steps as scheduler jobs: a tenant's changes to a job (cron expression, active; no row: the
 * defaults), its scheduler (on or off, and the lease that lets one process at a time run it), and each
 * job's run history (one row per step of a run, and per on-demand execution).
 */
export class CobJobsMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table cob.job (
      ${TENANT},
      step_code varchar(60) not null,
      cron_expression varchar(120) not null,
      active boolean not null,
      primary key (tenant_id, step_code))`);

    this.addSql(`create table cob.scheduler (
      ${TENANT},
      active boolean not null default true,
      -- The process running this tenant's scheduled close of business, until lease_until (a crashed holder's lease lapses).
      lease_owner varchar(100),
      lease_until timestamptz,
      primary key (tenant_id))`);

    this.addSql(`create table cob.job_run (
      ${TENANT},
      id bigint generated always as identity,
      step_code varchar(60) not null,
      business_date date not null,
      triggered_by varchar(10) not null check (triggered_by in ('manual', 'catch-up', 'scheduler', 'execute')),
      status varchar(10) not null check (status in ('success', 'failed')),
      started_at timestamptz not null,
      finished_at timestamptz not null default now(),
      processed integer not null default 0,
      error_message varchar(1000),
      -- Where the failed batch began: its accounts are those after this id (ascending), at most the batch size.
      failed_after_account_id bigint,
      primary key (tenant_id, id))`);
    this.addSql(`create index job_run_step on cob.job_run (tenant_id, step_code, id desc)`);

    for (const table of ['cob.job', 'cob.scheduler', 'cob.job_run']) {
      for (const sql of tenantRlsSql(table)) this.addSql(sql);
    }
  }
}
