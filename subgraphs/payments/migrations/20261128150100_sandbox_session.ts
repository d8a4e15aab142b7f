import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE } from '../../kernel/tx.js';

/**
 * What the built-in sandbox switch received, shared by every worker: a status query from the worker that
 * runs the re-query finds a transfer another worker sent. The switch spans tenants (session ids are the
 * switch's), so only the owner reads it.
 */
export class SandboxSessionMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table payments.sandbox_session (
      session_id varchar(64) primary key,
      rule varchar(16) not null,
      received_ms bigint not null)`);
    this.addSql(`create index sandbox_session_received on payments.sandbox_session (received_ms)`);
    this.addSql(`revoke all on payments.sandbox_session from ${APP_ROLE}`);
  }
}
