import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';

/**
 * Per-customer rate limits of actions that read other people's names (beneficiary creation, inter-bank
 * name enquiry): one row per attempt, counted in a sliding window and shared by every worker and instance.
 */
export class CustomerActionsMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table self.customer_action (
      tenant_id varchar(64) not null,
      id bigint generated always as identity,
      user_id integer not null,
      action varchar(30) not null,
      attempted_at timestamptz not null default now(),
      primary key (tenant_id, id))`);
    this.addSql(`create index customer_action_user on self.customer_action (tenant_id, user_id, action, attempted_at)`);
    for (const sql of tenantRlsSql('self.customer_action')) this.addSql(sql);
  }
}
