import { Migration } from '@mikro-orm/migrations';

/**
 * Group lending (issue 39): a JLG loan is a member's own loan within a group (Fineract's AccountType 3), and
 * may follow the group's meeting: its instalments fall on meeting dates. The group and its meeting live in the
 * groups module; a loan keeps their ids only.
 */
export class LoanGroupsMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table loan.loan
      add column loan_type_id smallint not null default 1 check (loan_type_id in (1, 3)),
      add column group_id integer,
      add column calendar_id integer,
      add column sync_repayments_with_meeting boolean not null default false,
      add column sync_disbursement_with_meeting boolean not null default false,
      add constraint loan_jlg_has_group check ((loan_type_id = 3) = (group_id is not null)),
      add constraint loan_sync_has_calendar check (not sync_repayments_with_meeting or calendar_id is not null)`);
    this.addSql(`create index loan_group on loan.loan (tenant_id, group_id) where group_id is not null`);
  }
}
