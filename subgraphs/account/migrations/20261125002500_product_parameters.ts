import { Migration } from '@mikro-orm/migrations';

/** Fineract's savings product parameters without a column of their own (savings-product.parameters.ts). */
export class SavingsProductParametersMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table account.savings_product add column parameters jsonb not null default '{}'`);
  }
}
