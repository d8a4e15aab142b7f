import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';

/**
 * API keys of staff users: only the SHA-256 of a key is kept (a database leak yields no usable keys), with
 * the first characters of the key so its owner can tell keys apart.
 */
export class ApiKeysMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table organisation.api_key (
      tenant_id varchar(64) not null,
      id integer not null,
      user_id integer not null,
      name varchar(100) not null,
      key_hash char(64) not null,
      key_prefix varchar(12) not null,
      expires_on date,
      last_used_at timestamptz,
      created_at timestamptz not null default now(),
      created_by integer,
      revoked_at timestamptz,
      revoked_by integer,
      primary key (tenant_id, id),
      foreign key (tenant_id, user_id) references organisation.app_user (tenant_id, id))`);
    this.addSql(`create unique index api_key_hash on organisation.api_key (tenant_id, key_hash)`);
    this.addSql(`create index api_key_user on organisation.api_key (tenant_id, user_id)`);
    for (const sql of tenantRlsSql('organisation.api_key')) this.addSql(sql);
  }
}
