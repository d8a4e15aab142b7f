import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE } from '../../kernel/tx.js';

/**
 * Savings and current accounts as the reports module reads them for statements (docs/reporting.md):
 * read-only views the account module publishes. security_invoker applies the tables' row-level security to
 * the reader; the writes the schema's default privileges grant on an updatable view are revoked.
 */
export class AccountReportViewsMigration extends Migration {
  override async up(): Promise<void> {
    const views: [string, string][] = [
      ['report_savings_account', `select a.tenant_id, a.id, a.account_no, a.client_id, a.office_id, a.product_id, p.name as product_name, a.account_type, a.currency_code,
        a.digits_after_decimal as digits, a.status, a.activated_on_date, a.account_balance
        from account.savings_account a join account.savings_product p on p.tenant_id = a.tenant_id and p.id = a.product_id`],
      ['report_savings_transaction', `select tenant_id, id, account_id, position, transaction_type, credit, amount, transaction_date, reversed, note, transfer_id
        from account.savings_transaction`],
    ];
    for (const [name, query] of views) {
      this.addSql(`create view account.${name} with (security_invoker = true) as ${query}`);
      this.addSql(`revoke insert, update, delete on account.${name} from ${APP_ROLE}`);
      this.addSql(`grant select on account.${name} to ${APP_ROLE}`);
    }
  }
}
