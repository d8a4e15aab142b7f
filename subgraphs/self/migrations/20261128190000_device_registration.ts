import { Migration } from '@mikro-orm/migrations';
import { tenantRlsSql } from '../../kernel/migration-sql.js';

/**
 * The push token a customer app registers for a client (Fineract's device registration): one per client,
 * replaced when the app registers again, so a bank's push gateway can reach the customer's phone.
 */
export class DeviceRegistrationMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table self.device_registration (
      tenant_id varchar(64) not null,
      id bigint generated always as identity,
      client_id integer not null,
      registration_id varchar(512) not null,
      updated_by integer not null,
      updated_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, client_id))`);
    for (const sql of tenantRlsSql('self.device_registration')) this.addSql(sql);
  }
}
