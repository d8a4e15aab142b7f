import { Migration } from '@mikro-orm/migrations';

/**
 * Which savings products customers may apply for themselves (POST /self/savingsaccounts, issue 42): none
 * unless staff say so, so an existing product is not opened to self-service by the upgrade.
 */
export class ProductSelfServiceMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table account.savings_product add column allow_self_service boolean not null default false`);
  }
}
