import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE, TENANT_SETTING } from '../../kernel/tx.js';

/**
 * Offices and staff as the reports module reads them (docs/reporting.md): read-only views the organisation
 * module publishes, and the institution's name (the tenant registry row of the reader's own tenant). security_invoker applies the tables' row-level security to the reader; writes are revoked.
 */
export class OrganisationReportViewsMigration extends Migration {
  override async up(): Promise<void> {
    const views: [string, string][] = [
      ['report_office', `select tenant_id, id, parent_id, name, hierarchy from organisation.office`],
      // The institution's name on statements: the registry row of the transaction's own tenant only.
      ['report_institution', `select id as tenant_id, name from organisation.tenant where id = current_setting('${TENANT_SETTING}', true)`],
      ['report_staff', `select tenant_id, id, office_id, firstname, lastname, lastname || ', ' || firstname as display_name from organisation.staff`],
    ];
    for (const [name, query] of views) {
      this.addSql(`create view organisation.${name} with (security_invoker = true) as ${query}`);
      this.addSql(`revoke insert, update, delete on organisation.${name} from ${APP_ROLE}`);
      this.addSql(`grant select on organisation.${name} to ${APP_ROLE}`);
    }
  }
}
