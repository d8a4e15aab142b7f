import { Migration } from '@mikro-orm/migrations';

/**
 * A cashier transaction is written only against its till row, locked (or moved) in the same transaction
 * before it: no write order needs its foreign key deferred. Checked at the end of its statement, it no
 * longer runs at commit under the till's row lock (docs/performance.md, deferred foreign keys).
 */
export class ImmediateCashKeysMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table till.cashier_transaction alter constraint cashier_transaction_tenant_id_cashier_id_business_date_fkey not deferrable`);
  }
}
