import { Migration } from '@mikro-orm/migrations';
import { schemaSql } from '../../kernel/migration-sql.js';

/**
 * The reports module's schema. It owns no table yet: every report reads the read-only views the owning
 * modules publish (loan.report_*, customer.report_client, organisation.report_office, report_staff;
 * docs/reporting.md). The schema is created so that what the module comes to own (saved report runs,
 * schedules) has its place, under the same grants as every module's.
 */
export class ReportsMigration extends Migration {
  override async up(): Promise<void> {
    for (const sql of schemaSql('reports')) this.addSql(sql);
  }
}
