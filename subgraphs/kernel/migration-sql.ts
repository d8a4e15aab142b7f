import { APP_ROLE, TENANT_SETTING } from './tx.js';

/** Schema-level grants for the application role; run once per subgraph schema, before its tables. */
export function schemaSql(schema: string): string[] {
  return [
    `create schema if not exists ${schema}`,
    `grant usage on schema ${schema} to ${APP_ROLE}`,
    `alter default privileges in schema ${schema} grant select, insert, update, delete on tables to ${APP_ROLE}`,
    `alter default privileges in schema ${schema} grant usage, select on sequences to ${APP_ROLE}`,
  ];
}

/**
 * Row-level security for a tenant-owned table: rows are visible and writable only when the transaction's
 * tenant setting names their tenant. Without the setting, current_setting(..., true) is null and nothing matches.
 */
export function tenantRlsSql(table: string): string[] {
  return [
    `alter table ${table} enable row level security`,
    `create policy tenant_isolation on ${table} using (tenant_id = current_setting('${TENANT_SETTING}', true)) with check (tenant_id = current_setting('${TENANT_SETTING}', true))`,
  ];
}
