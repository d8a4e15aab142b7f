import { Migration } from '@mikro-orm/migrations';

/**
 * Fineract's whole client lifecycle (withdrawn 400, rejected 700 besides pending, active, closed) with
 * its dates and reasons, and the code-valued fields gender, client type and classification. A closed
 * client keeps its activation date, so "activated iff active" becomes "active implies activated".
 */
export class ClientLifecycleMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table customer.client drop constraint client_status_id_check`);
    this.addSql(`alter table customer.client drop constraint client_check`);
    this.addSql(`alter table customer.client add constraint client_status check (status_id in (100, 300, 400, 600, 700))`);
    this.addSql(`alter table customer.client add constraint client_active_activated check (status_id <> 300 or activation_date is not null)`);
    this.addSql(`alter table customer.client
      add column gender_id integer,
      add column client_type_id integer,
      add column client_classification_id integer,
      add column closure_reason_id integer,
      add column closed_on_date date,
      add column rejection_reason_id integer,
      add column rejected_on_date date,
      add column withdrawal_reason_id integer,
      add column withdrawn_on_date date,
      add column reactivated_on_date date,
      add column reopened_on_date date`);
  }
}
