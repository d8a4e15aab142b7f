import { Migration } from '@mikro-orm/migrations';
import { schemaSql } from '../../kernel/migration-sql.js';

/**
 * Webhooks become their own module: its tables move from the organisation schema (where the first hooks
 * migration created them) to the `webhooks` schema, with their rows, indexes, constraints, grants and
 * row-level security policies.
 */
export class WebhooksMigration extends Migration {
  override async up(): Promise<void> {
    for (const sql of schemaSql('webhooks')) this.addSql(sql);
    for (const table of ['hook', 'hook_event', 'webhook_delivery', 'webhook_attempt']) this.addSql(`alter table organisation.${table} set schema webhooks`);
  }
}
