import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../migration-sql.js';

/**
 * Idempotency keys move into the effect's own transaction: a key row is written with the effect's
 * result, in the transaction that made the effect, so neither can exist without the other. `scope`
 * names one subgraph operation of the request (a request may run several); `request_hash` is the
 * client's request, so the key reused with another body is told apart.
 */
export class IdempotentEffectMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop table kernel.idempotency_key`);
    this.addSql(`create table kernel.idempotent_effect (
      tenant_id varchar(64) not null,
      principal varchar(128) not null,
      key varchar(255) not null,
      scope varchar(128) not null,
      request_hash varchar(64) not null,
      result text not null,
      created_at timestamptz not null default now(),
      primary key (tenant_id, principal, key, scope))`);
    // Keys are kept for a retention window, then purged oldest first (purgeIdempotencyKeys).
    this.addSql(`create index idempotent_effect_created_at on kernel.idempotent_effect (created_at)`);
    for (const sql of tenantRlsSql('kernel.idempotent_effect')) this.addSql(sql);
  }
}
