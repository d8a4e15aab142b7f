import { Migration } from '@mikro-orm/migrations';

/**
 * kernel.outbox is written twice by every deposit and read only by the relay (unpublished rows, by id:
 * outbox_unpublished) and by the primary key. No query reads it by tenant, so outbox_tenant only cost
 * every event an index insertion (docs/performance.md, the hot tables' indexes).
 */
export class OutboxTenantIndexMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index if exists kernel.outbox_tenant`);
  }
}
