import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE } from '../../kernel/tx.js';

/**
 * The loan book as the reports module reads it (docs/reporting.md): read-only views the loan module publishes
 * and keeps stable while its tables change. security_invoker makes the base tables' row-level security apply to
 * the reader (a view otherwise runs as its owner and would show every tenant's rows); the writes the schema's
 * default privileges grant on a simple (updatable) view are revoked, so nobody writes loan rows through them.
 */
export class LoanReportViewsMigration extends Migration {
  override async up(): Promise<void> {
    const views: [string, string][] = [
      ['report_loan', `select l.tenant_id, l.id, l.account_no, l.external_id, l.client_id, l.office_id, l.product_id, p.name as product_name, l.loan_officer_id, l.status_id,
        l.currency_code, l.digits, l.principal, l.approved_principal, l.interest_rate_per_period, l.number_of_repayments, l.submitted_on, l.approved_on, l.disbursed_on, l.closed_on
        from loan.loan l join loan.product p on p.tenant_id = l.tenant_id and p.id = l.product_id`],
      ['report_schedule_period', `select tenant_id, loan_id, period, from_date, due_date, principal_due, interest_due, fee_due, penalty_due, principal_paid, interest_paid, fee_paid, penalty_paid
        from loan.schedule_period`],
      ['report_transaction', `select tenant_id, id, loan_id, type_id, transaction_date, amount, principal_portion, interest_portion, fee_portion, penalty_portion, outstanding_after, reversed, note
        from loan.transaction`],
      ['report_delinquency_range', `select tenant_id, id, classification, minimum_age_days, maximum_age_days from loan.delinquency_range`],
    ];
    for (const [name, query] of views) {
      this.addSql(`create view loan.${name} with (security_invoker = true) as ${query}`);
      this.addSql(`revoke insert, update, delete on loan.${name} from ${APP_ROLE}`);
      this.addSql(`grant select on loan.${name} to ${APP_ROLE}`);
    }
  }
}
