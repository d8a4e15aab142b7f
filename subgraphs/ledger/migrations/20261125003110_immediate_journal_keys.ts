import { Migration } from '@mikro-orm/migrations';

/**
 * Journal lines are written only by the posting engine's statement, after the GL account, the office and the
 * currency they name exist: no write order needs their foreign keys deferred. Checked at the end of the
 * posting's statement, they no longer run at commit, when a deposit holds its account's and till's row
 * locks (docs/performance.md, deferred foreign keys).
 */
export class ImmediateJournalKeysMigration extends Migration {
  override async up(): Promise<void> {
    for (const key of ['journal_entry_tenant_id_gl_account_id_fkey', 'journal_entry_tenant_id_office_id_fkey', 'journal_entry_tenant_id_currency_code_fkey']) {
      this.addSql(`alter table ledger.journal_entry alter constraint ${key} not deferrable`);
    }
  }
}
