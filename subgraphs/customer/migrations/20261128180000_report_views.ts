import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE } from '../../kernel/tx.js';

/**
 * Clients as the reports module reads them (docs/reporting.md): a read-only view the customer module publishes.
 * security_invoker applies the client table's row-level security to the reader; writes through it are revoked.
 */
export class CustomerReportViewsMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create view customer.report_client with (security_invoker = true) as
      select tenant_id, id, cif, account_no, external_id, display_name, office_id, staff_id, status_id, submitted_on_date, activation_date, mobile_no
      from customer.client`);
    this.addSql(`revoke insert, update, delete on customer.report_client from ${APP_ROLE}`);
    this.addSql(`grant select on customer.report_client to ${APP_ROLE}`);
  }
}
