import { Migration } from '@mikro-orm/migrations';

/**
 * A savings transaction is written only by the statement that moves its account's balance, from the row it
 * moved: no write order needs its foreign key deferred. Checked at the end of that statement, it no longer
 * runs at commit under the account's row lock (docs/performance.md, deferred foreign keys).
 */
export class ImmediateTransactionKeysMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table account.savings_transaction alter constraint savings_transaction_tenant_id_account_id_fkey not deferrable`);
  }
}
