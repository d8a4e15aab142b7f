import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE, TENANT_SETTING } from '../../kernel/tx.js';

/**
 * The switch's session ids are unique across the whole switch, and one switch key serves every tenant of a
 * deployment; the signature covers the timestamp and the body, not the tenant header. Without a claim that
 * spans tenants, a signed credit captured on its way to one bank could be replayed, within the signature's
 * five minutes, with another tenant's header and credit an account of the same number there. Each session id
 * is claimed here by the first tenant that records it; no tenant can read the table, only call the function,
 * which claims for the transaction's own tenant.
 */
export class InboundSessionClaimMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table payments.inbound_session (
      session_id varchar(64) primary key,
      tenant_id varchar(64) not null,
      claimed_at timestamptz not null default now())`);
    this.addSql(`revoke all on payments.inbound_session from ${APP_ROLE}`);
    this.addSql(`create function payments.claim_inbound_session(session text) returns boolean language plpgsql security definer
      set search_path = pg_catalog, payments as $$
      declare
        tenant text := current_setting('${TENANT_SETTING}', true);
        owner text;
      begin
        if tenant is null or tenant = '' then
          return false;
        end if;
        insert into payments.inbound_session (session_id, tenant_id) values (session, tenant) on conflict (session_id) do nothing;
        select tenant_id into owner from payments.inbound_session where session_id = session;
        return owner = tenant;
      end $$`);
    this.addSql(`revoke all on function payments.claim_inbound_session(text) from public`);
    this.addSql(`grant execute on function payments.claim_inbound_session(text) to ${APP_ROLE}`);
    // Sessions recorded before this migration belong to the tenant that recorded them.
    this.addSql(`insert into payments.inbound_session (session_id, tenant_id) select session_id, min(tenant_id) from payments.inbound_credit group by session_id on conflict do nothing`);
  }
}
