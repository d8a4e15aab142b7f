import { Migration } from '@mikro-orm/migrations';

/**
 * What the charges module has told the account about its fees, read with the account in the movement's own
 * statement: an account without charges pays no statement for them on a deposit or a withdrawal.
 * Bit 1: an active withdrawal fee; bit 2: fees outstanding (collected when money arrives).
 */
export class ChargeFlagsMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table account.savings_account add column charge_flags smallint not null default 0`);
  }
}
