import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';
import { AUDIT_COLUMNS } from '../../kernel/tenant-owned.entity.js';

const TENANT = `tenant_id varchar(64) not null references organisation.tenant (id) deferrable initially deferred`;

/**
 * Servicing after disbursement (issue 36): the schedule's earlier versions, kept whenever a payoff, a write-off,
 * a waiver or a reschedule rewrites it, so an undo restores it exactly and history shows what it was; the reason
 * code a write-off names.
 */
export class LoanServicingMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table loan.schedule_history (
      ${TENANT},
      id bigint generated always as identity,
      loan_id integer not null,
      transaction_id bigint,
      reschedule_id integer,
      reason varchar(30) not null,
      periods jsonb not null,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, loan_id) references loan.loan (tenant_id, id) on delete cascade deferrable initially deferred)`);
    this.addSql(`create index schedule_history_loan on loan.schedule_history (tenant_id, loan_id, id)`);
    this.addSql(`create unique index schedule_history_transaction on loan.schedule_history (tenant_id, transaction_id) where transaction_id is not null`);
    this.addSql(`alter table loan.transaction add column reason_id integer`);
    for (const sql of tenantRlsSql('loan.schedule_history')) this.addSql(sql);
  }
}
