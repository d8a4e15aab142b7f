import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';
import { AUDIT_COLUMNS } from '../../kernel/tenant-owned.entity.js';

const TENANT = `tenant_id varchar(64) not null references organisation.tenant (id) deferrable initially deferred`;

/**
 * Loan reschedule requests (Fineract's /rescheduleloans, issue 36): what a maker asked to change from an instalment
 * on, and who approved or rejected it. The schedule they replace is kept in loan.schedule_history (reschedule_id).
 * And the loss account a write-off debited (the product's own, or 52101), so its undo credits that same account
 * whatever the product says by then. And interest waivers above the tenant's ceiling waiting for a second person.
 */
export class LoanRescheduleMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table loan.reschedule_request (
      ${TENANT},
      id integer generated always as identity,
      loan_id integer not null,
      status_id integer not null,
      reschedule_from_date date not null,
      reschedule_from_installment integer not null,
      reason_id integer not null,
      reason_comment varchar(500),
      adjusted_due_date date,
      grace_on_principal integer,
      grace_on_interest integer,
      extra_terms integer,
      new_interest_rate numeric(19, 6),
      submitted_on date not null,
      submitted_by integer not null,
      submitted_delegated_by integer,
      approved_on date,
      approved_by integer,
      rejected_on date,
      rejected_by integer,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, loan_id) references loan.loan (tenant_id, id) on delete cascade deferrable initially deferred)`);
    this.addSql(`create index reschedule_request_loan on loan.reschedule_request (tenant_id, loan_id, id)`);
    for (const sql of tenantRlsSql('loan.reschedule_request')) this.addSql(sql);
    this.addSql(`alter table loan.transaction add column gl_code varchar(50)`);
    this.addSql(`create table loan.waiver_request (
      ${TENANT},
      id integer generated always as identity,
      loan_id integer not null,
      status_id integer not null,
      amount numeric(19, 6) not null,
      transaction_date date not null,
      note varchar(1000),
      maker_id integer not null,
      maker_delegated_by integer,
      checker_id integer,
      decided_on date,
      transaction_id bigint,
      ${AUDIT_COLUMNS},
      primary key (tenant_id, id),
      foreign key (tenant_id, loan_id) references loan.loan (tenant_id, id) on delete cascade deferrable initially deferred)`);
    this.addSql(`create index waiver_request_loan on loan.waiver_request (tenant_id, loan_id, id)`);
    for (const sql of tenantRlsSql('loan.waiver_request')) this.addSql(sql);
  }
}
