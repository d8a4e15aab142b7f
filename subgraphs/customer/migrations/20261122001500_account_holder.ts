import { Migration } from '@mikro-orm/migrations';

/**
 * The customer module's published read of a client as an account holder: what the account module may
 * read and lock in its own statements (a deposit locks the client and the account in one round trip)
 * without reaching into `customer.client`, whose columns and status codes stay this module's own.
 * security_invoker: the caller's row-level security applies through the view, as on the table.
 */
export class AccountHolderMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create view customer.account_holder with (security_invoker = true) as
      select tenant_id, id, status_id = 300 as active, office_id, staff_id, kyc_tier, cif, display_name from customer.client`);
  }
}
