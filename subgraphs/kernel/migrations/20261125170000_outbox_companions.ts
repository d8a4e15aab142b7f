import { Migration } from '@mikro-orm/migrations';

/**
 * Events that ride in another event's row (kernel/outbox.ts, CompanionEvent): a deposit's or withdrawal's
 * journal posting is delivered from the movement's row instead of a row of its own, so the busiest path
 * writes, indexes and marks published one outbox row per business event, not two.
 */
export class OutboxCompanionsMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table kernel.outbox add column companions jsonb`);
  }
}
