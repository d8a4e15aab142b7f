import { Migration } from '@mikro-orm/migrations';

/**
 * Four eyes across API keys: who issued the key an application was submitted with, or an approval given with,
 * when that was another user than the key's own. An admin who acts through a key he issued for someone else
 * is still the same pair of eyes (loan-approval.service.ts).
 */
export class LoanDelegatedMakersMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table loan.loan add column submitted_delegated_by integer`);
    this.addSql(`alter table loan.approval add column delegated_by integer`);
  }
}
