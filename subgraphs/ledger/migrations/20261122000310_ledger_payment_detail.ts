import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';

/** How a manual journal transaction was paid (Fineract's paymentDetailData): one row per transaction. */
export class LedgerPaymentDetailMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table ledger.payment_detail (
      tenant_id varchar(64) not null,
      transaction_id varchar(50) not null,
      payment_type_id integer not null,
      account_number varchar(100),
      check_number varchar(100),
      routing_code varchar(100),
      receipt_number varchar(100),
      bank_number varchar(100),
      created_at timestamptz not null default now(),
      created_by integer,
      primary key (tenant_id, transaction_id),
      foreign key (tenant_id, payment_type_id) references organisation.payment_type (tenant_id, id) deferrable initially deferred)`);
    for (const sql of tenantRlsSql('ledger.payment_detail')) this.addSql(sql);
  }
}
