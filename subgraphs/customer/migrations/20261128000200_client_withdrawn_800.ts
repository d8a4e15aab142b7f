import { Migration } from '@mikro-orm/migrations';

/** Withdrawn is 800 in Fineract (ClientStatus.WITHDRAWN), not 400: stored as Fineract numbers it. */
export class ClientWithdrawn800Migration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table customer.client drop constraint client_status`);
    this.addSql(`update customer.client set status_id = 800 where status_id = 400`);
    this.addSql(`alter table customer.client add constraint client_status check (status_id in (100, 300, 600, 700, 800))`);
  }
}
