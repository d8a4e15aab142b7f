import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE } from '../tx.js';

/**
 * Automatic persisted queries, shared by every worker and instance of a deployment: a document registered
 * through one is found by the next request, whichever process it reaches. Keys name their tenant (the edge
 * builds them), so the table spans tenants and only the owner reads it, from the edge.
 */
export class PersistedQueryMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table kernel.persisted_query (
      key varchar(400) primary key,
      query text not null,
      used_at timestamptz not null default now())`);
    // Eviction walks the least recently used first.
    this.addSql(`create index persisted_query_used_at on kernel.persisted_query (used_at)`);
    this.addSql(`revoke all on kernel.persisted_query from ${APP_ROLE}`);
  }
}
