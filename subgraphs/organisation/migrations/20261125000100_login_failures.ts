import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';

/**
 * Failed logins counted per (tenant, key) where every worker and instance sees them (without REDIS_URL).
 * A key is a digest of the username and client address, or of the address alone: no login name is kept.
 */
export class LoginFailuresMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table organisation.login_failure (
      tenant_id varchar(64) not null,
      key char(64) not null,
      failures integer not null,
      last_failure timestamptz not null,
      blocked_until timestamptz,
      primary key (tenant_id, key))`);
    // The next failure deletes the tenant's rows idle past the forget window: found by this index.
    this.addSql(`create index login_failure_idle on organisation.login_failure (tenant_id, last_failure)`);
    for (const sql of tenantRlsSql('organisation.login_failure')) this.addSql(sql);
  }
}
