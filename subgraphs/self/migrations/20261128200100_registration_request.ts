import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';

/**
 * Fineract's two-step self-registration (issue 42 item 2): a request for an existing client waits for the
 * token sent to the client's email or phone. Only the token's SHA-256 is kept; wrong tries are counted so
 * that a request dies after a few, and a used or expired request creates nothing.
 */
export class RegistrationRequestMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table self.registration_request (
      tenant_id varchar(64) not null,
      id bigint generated always as identity,
      client_id integer not null,
      username varchar(100) not null,
      firstname varchar(50) not null,
      lastname varchar(50) not null,
      email varchar(100) not null,
      mobile_no varchar(20) not null,
      password_hash text not null,
      authentication_mode varchar(10) not null,
      token_hash char(64) not null,
      expires_at timestamptz not null,
      failed_attempts integer not null default 0,
      used_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id))`);
    for (const sql of tenantRlsSql('self.registration_request')) this.addSql(sql);
  }
}
