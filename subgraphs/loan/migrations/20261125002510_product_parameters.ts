import { Migration } from '@mikro-orm/migrations';

/** Fineract's loan product parameters without a column of their own (loan-product.parameters.ts). */
export class LoanProductParametersMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table loan.product add column parameters jsonb not null default '{}'`);
  }
}
