import { Migration } from '@mikro-orm/migrations';

/**
 * A password staff set for a customer (a reset) is one-time: until the customer replaces it, the login
 * answers shouldRenewPassword and the session may only change the password.
 */
export class PasswordRenewalMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table organisation.app_user add column must_change_password boolean not null default false`);
  }
}
