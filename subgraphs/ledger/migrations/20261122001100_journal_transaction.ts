import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';

/**
 * One row per journal transaction id: its primary key is what makes a caller-supplied id (S<n>, L<n>,
 * T<n>) unique, instead of a check-then-insert that two concurrent postings could both pass.
 */
export class LedgerJournalTransactionMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table ledger.journal_transaction (
      tenant_id varchar(64) not null,
      transaction_id varchar(50) not null,
      created_at timestamptz not null default now(),
      primary key (tenant_id, transaction_id))`);
    for (const sql of tenantRlsSql('ledger.journal_transaction')) this.addSql(sql);
    this.addSql(`insert into ledger.journal_transaction (tenant_id, transaction_id)
      select distinct tenant_id, transaction_id from ledger.journal_entry`);
  }
}
