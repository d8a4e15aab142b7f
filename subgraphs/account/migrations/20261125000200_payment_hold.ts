import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';

/**
 * Holds placed by the payments module on an account before an inter-bank transfer leaves the bank. A held
 * amount counts in the account's on-hold total (availableBalance) until the switch's answer settles it
 * (the debit is written and the row points at it) or releases it; the status moves from `held` once only.
 */
export class PaymentHoldMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table account.payment_hold (
      tenant_id varchar(64) not null,
      id bigint generated always as identity,
      account_id integer not null,
      amount numeric(20,6) not null check (amount > 0),
      reference varchar(64) not null,
      status varchar(10) not null default 'held' check (status in ('held', 'settled', 'released')),
      savings_transaction_id bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, account_id) references account.savings_account (tenant_id, id) deferrable initially deferred)`);
    this.addSql(`create index payment_hold_held on account.payment_hold (tenant_id, account_id) where status = 'held'`);
    for (const sql of tenantRlsSql('account.payment_hold')) this.addSql(sql);
  }
}
