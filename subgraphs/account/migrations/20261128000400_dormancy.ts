import { Migration } from '@mikro-orm/migrations';

/**
 * Dormancy (issue 37): an active account of a product that tracks it goes, without customer transactions,
 * to Fineract's sub-status 100 inactive, 200 dormant, 300 escheat; close of business sets it, a customer's
 * deposit or withdrawal clears it. `dormancy_date` is the business date it last changed.
 */
export class DormancyMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table account.savings_account add column dormancy_status smallint not null default 0 check (dormancy_status in (0, 100, 200, 300)),
      add column dormancy_date date`);
  }
}
