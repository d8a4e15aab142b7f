import { Migration } from '@mikro-orm/migrations';

/**
 * Manual and reversal journal transaction ids (M<n>, R<n>) are numbered per tenant from now on (a kernel
 * counter), so one tenant's ids no longer reveal another's volume. The counter continues after the
 * highest id each tenant already has, so no new id collides with an old one.
 */
export class LedgerPerTenantTransactionIdsMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`insert into kernel.sequence (tenant_id, name, value)
      select tenant_id, 'ledger.journal.transaction', max(substring(transaction_id from 2)::bigint)
      from ledger.journal_entry where transaction_id ~ '^[MR][0-9]{1,18}$' group by tenant_id
      on conflict (tenant_id, name) do update set value = greatest(kernel.sequence.value, excluded.value)`);
  }
}
