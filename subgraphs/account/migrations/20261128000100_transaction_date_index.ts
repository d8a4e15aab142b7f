import { Migration } from '@mikro-orm/migrations';

/**
 * A branch's day so far (the live dashboard's opening view: store/branch-day.store.ts) reads the
 * transactions of one business date; without this index that read scans every transaction of the tenant.
 */
export class TransactionDateIndexMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index savings_transaction_date on account.savings_transaction (tenant_id, transaction_date)`);
  }
}
