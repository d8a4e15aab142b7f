import { Migration } from '@mikro-orm/migrations';

/**
 * The latest application made under an offer: while it is live (submitted or approved, not yet disbursed,
 * rejected or withdrawn) the offer takes no second one.
 */
export class LoanOfferApplicationMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table self.loan_offer add column loan_id integer`);
  }
}
