import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { signedHeaders } from '../../subgraphs/payments/domain/signature.js';
import type { HttpResult, Requester, TestService } from '../support/service.js';

export const TODAY = '2026-03-02';
export const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };
export const SANDBOX_KEY = 'sandbox-switch-key';

/** A 10-digit account number at another bank ending in `digit` (the sandbox's rule). */
export function nuban(digit: number): string {
  return `${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}4${digit}`;
}

/** Interface 4.2's body for a transfer to another bank. */
export function interbankBody(fromAccountId: number, toBankCode: string, toAccountNumber: string, amount: number | string): Record<string, unknown> {
  return { fromOfficeId: 1, fromClientId: 1, fromAccountType: 2, fromAccountId, toBankCode, toAccountNumber, transferAmount: amount, transferDate: TODAY, transferDescription: 'school fees', ...iso };
}

/** POST /interbank/inbound as the switch sends it: no credentials, the tenant by header, the body signed with `key`. */
export function inbound(service: Requester, tenant: string, body: Record<string, unknown>, options: { key?: string; now?: number; headers?: Record<string, string> } = {}): Promise<HttpResult> {
  const raw = JSON.stringify(body);
  const headers = options.headers ?? signedHeaders(options.key ?? SANDBOX_KEY, raw, options.now);
  return service.request('POST', '/api/v1/interbank/inbound', { tenant, auth: null, rawBody: raw, headers: { ...headers, 'content-type': 'application/json' } });
}

/** Polls `read` until `done` holds (bounded by attempts, not by a clock assertion). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, attempts = 300): Promise<T> {
  let value = await read();
  for (let i = 0; i < attempts && !done(value); i++) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/** Net movement of GL 11201 (debits minus credits) caused by the given journal transactions. */
export async function settlementMovement(service: TestService, tenant: string, transactionIds: string[]): Promise<number> {
  const rows = await service.platform.db.system((em) =>
    em.execute<{ net: string }[]>(
      `select coalesce(sum(case when j.entry_type = 2 then j.amount else -j.amount end), 0)::text as net
         from ledger.journal_entry j join ledger.gl_account g on g.tenant_id = j.tenant_id and g.id = j.gl_account_id
        where j.tenant_id = ? and g.gl_code = '11201' and j.transaction_id = any(?::text[])`,
      [tenant, `{${transactionIds.join(',')}}`],
    ),
  );
  return Number(rows[0]!.net);
}

/** An outbox row: its payload as stored (jsonb, parsed), and its text for schema checks. */
export interface OutboxRow {
  event_type: string;
  payload: { data: Record<string, unknown> };
  raw: string;
}

/** The tenant's outbox events of these types, raw text included for schema checks. */
export async function outbox(service: TestService, tenant: string, types: string[]): Promise<OutboxRow[]> {
  return service.platform.db.system((em) =>
    em.execute<OutboxRow[]>(
      `select event_type, payload, payload::text as raw from kernel.outbox where tenant_id = ? and event_type = any(?::text[]) order by id`,
      [tenant, `{${types.join(',')}}`],
    ),
  );
}

const ajv = new Ajv2020({ allErrors: true, strict: true });
ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)) && /T/.test(s));

/** Every event validates against docs/events/<type>.json. */
export function assertSchemas(events: { event_type: string; raw: string }[]): void {
  for (const event of events) {
    const validate = ajv.getSchema(`${event.event_type}.json`) ?? ajv.compile(JSON.parse(readFileSync(join(process.cwd(), 'docs', 'events', `${event.event_type}.json`), 'utf8')));
    assert.ok(validate(JSON.parse(event.raw)), `${event.event_type}: ${ajv.errorsText(validate.errors)}`);
  }
}
