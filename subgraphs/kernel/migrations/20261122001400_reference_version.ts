import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE } from '../tx.js';
import { tenantRlsSql } from '../migration-sql.js';

/**
 * Tables whose rows the reference cache (platform/reference-cache.ts) keeps in memory, each with the column
 * naming its tenant and, where only some columns are cached, the columns whose change matters.
 */
const WATCHED: { table: string; tenantColumn: string; columns?: string[] }[] = [
  { table: 'organisation.tenant', tenantColumn: 'id', columns: ['name'] },
  { table: 'organisation.office', tenantColumn: 'tenant_id' },
  { table: 'organisation.staff', tenantColumn: 'tenant_id' },
  { table: 'organisation.app_user', tenantColumn: 'tenant_id', columns: ['staff_id'] },
  { table: 'organisation.payment_type', tenantColumn: 'tenant_id' },
  { table: 'organisation.setting', tenantColumn: 'tenant_id' },
  { table: 'organisation.business_date', tenantColumn: 'tenant_id' },
  { table: 'ledger.currency', tenantColumn: 'tenant_id' },
  { table: 'ledger.gl_account', tenantColumn: 'tenant_id' },
  { table: 'account.savings_product', tenantColumn: 'tenant_id' },
];

/**
 * A per-tenant version of the reference data that worker processes cache. Every insert, update or delete
 * of a watched row moves its tenant's version, by trigger, in the writing transaction: no code path (an
 * ORM flush, raw SQL, a migration, another deployment) can change cached data and leave the version. The
 * new value comes from a sequence, never reused even when the writing transaction rolls back, so a cache
 * filled inside a transaction that later rolled back can never match a committed version.
 */
export class ReferenceVersionMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create sequence kernel.reference_version_seq`);
    this.addSql(`create table kernel.reference_version (
      tenant_id varchar(64) primary key,
      version bigint not null)`);
    // Written only by the trigger function below (security definer); the application role reads its own
    // tenant's row (a cache load checks it).
    this.addSql(`revoke insert, update, delete, truncate on kernel.reference_version from ${APP_ROLE}`);
    for (const sql of tenantRlsSql('kernel.reference_version')) this.addSql(sql);
    this.addSql(`create function kernel.bump_reference_version() returns trigger language plpgsql security definer
      set search_path = pg_catalog, kernel as $$
      declare
        tenant text;
      begin
        if tg_op = 'DELETE' then
          tenant := to_jsonb(old) ->> tg_argv[0];
        else
          tenant := to_jsonb(new) ->> tg_argv[0];
        end if;
        insert into kernel.reference_version (tenant_id, version) values (tenant, nextval('kernel.reference_version_seq'))
          on conflict (tenant_id) do update set version = excluded.version;
        return null;
      end $$`);
    // Tenants provisioned before this migration get their version now (a tenant without one is never cached).
    this.addSql(`insert into kernel.reference_version (tenant_id, version) select id, nextval('kernel.reference_version_seq') from organisation.tenant`);
    for (const w of WATCHED) {
      const name = `${w.table.split('.')[1]}_reference_version`;
      const events = w.columns ? `insert or delete or update of ${w.columns.join(', ')}` : 'insert or update or delete';
      this.addSql(`create trigger ${name} after ${events} on ${w.table} for each row execute function kernel.bump_reference_version('${w.tenantColumn}')`);
    }
  }
}
