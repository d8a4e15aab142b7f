import assert from 'node:assert/strict';
import { randomBytes, randomInt } from 'node:crypto';
import type { HttpResult, RequestOptions, TenantSession, TestService } from '../support/service.js';

export const PASSWORD = 'Secret123';

/** A BVN the sandbox verifies: 11 digits, not starting with 0, not all alike, not ending in 0000. */
export function verifiedBvn(): string {
  return `2${String(randomInt(0, 1e9)).padStart(9, '0')}${randomInt(1, 10)}`;
}

/** A Nigerian mobile number in its local form (0803...). */
export function mobileNo(): string {
  return `080${String(randomInt(0, 1e8)).padStart(8, '0')}`;
}

export function person(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const tag = randomBytes(4).toString('hex');
  return { firstname: 'Ngozi', lastname: `Eze${tag}`, email: `ngozi.${tag}@example.com`, mobileNo: mobileNo(), bvn: verifiedBvn(), password: PASSWORD, ...overrides };
}

export function register(service: TestService, tenant: string, body: Record<string, unknown>, options: RequestOptions = {}): Promise<HttpResult> {
  return service.request('POST', '/api/v1/self/registration', { tenant, auth: null, body, ...options });
}

export function selfLogin(service: TestService, tenant: string, username: string, password = PASSWORD): Promise<HttpResult> {
  return service.request('POST', '/api/v1/self/authentication', { tenant, auth: null, body: { username, password } });
}

/** A customer's session: the same helpers as a staff TenantSession, with the customer's key. */
export interface Customer {
  session: TenantSession;
  clientId: number;
  savingsId: number;
  accountNo: string;
  username: string;
  body: Record<string, unknown>;
}

/** Registers a customer and logs them in. */
export async function customer(t: TenantSession, overrides: Record<string, unknown> = {}): Promise<Customer> {
  const body = person(overrides);
  const registered = await register(t.service, t.tenant, body);
  assert.equal(registered.status, 200, registered.text);
  const login = await selfLogin(t.service, t.tenant, registered.body.username as string, body.password as string);
  assert.equal(login.status, 200, login.text);
  const SessionClass = t.constructor as new (service: TestService, tenant: string, key: string) => TenantSession;
  return {
    session: new SessionClass(t.service, t.tenant, login.body.base64EncodedAuthenticationKey as string),
    clientId: registered.body.clientId,
    savingsId: registered.body.savingsId,
    accountNo: registered.body.accountNo,
    username: registered.body.username,
    body,
  };
}

/** Outbox events of a tenant of the given types, oldest first. */
export async function events(service: TestService, tenant: string, types: string[]): Promise<{ event_type: string; payload: any }[]> {
  return service.platform.db.system((em) =>
    em.execute<{ event_type: string; payload: any }[]>(`select event_type, payload from kernel.outbox where tenant_id = ? and event_type = any(?::text[]) order by id`, [tenant, `{${types.join(',')}}`]),
  );
}

/** Rows of a tenant in a table, counted as the superuser (no row-level security in the way). */
export async function count(service: TestService, sql: string, params: unknown[]): Promise<number> {
  const rows = await service.platform.db.system((em) => em.execute<{ n: string }[]>(`select count(*) as n from ${sql}`, params));
  return Number(rows[0]!.n);
}
