import type { Database } from './database.js';

/** Keys are the client's (usually a UUID); bounded so a header cannot become an oversized row. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export type IdempotencyClaim =
  | { kind: 'new' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'in_flight' }
  | { kind: 'mismatch' };

/**
 * Idempotency keys of POST requests, per tenant and caller. The first request claims the key
 * ('in_flight'), its final response is stored ('done'), a replay gets that response back. A request
 * that dies between its effect and `complete` leaves the key in flight: retries then get 409 rather
 * than a second effect, which is the safe side for money.
 */
export class IdempotencyStore {
  constructor(private readonly db: Database) {}

  async claim(tenantId: string, principal: string, key: string, requestHash: string): Promise<IdempotencyClaim> {
    return this.db.tx(tenantId, async ({ em }) => {
      const inserted = await em.execute<{ key: string }[]>(
        `insert into kernel.idempotency_key (tenant_id, principal, key, request_hash, state) values (?, ?, ?, ?, 'in_flight')
         on conflict do nothing returning key`,
        [tenantId, principal, key, requestHash],
      );
      if (inserted.length > 0) return { kind: 'new' };
      const [row] = await em.execute<{ request_hash: string; state: string; response_status: number; response_body: string }[]>(
        `select request_hash, state, response_status, response_body from kernel.idempotency_key where tenant_id = ? and principal = ? and key = ?`,
        [tenantId, principal, key],
      );
      if (!row || row.request_hash !== requestHash) return { kind: 'mismatch' };
      if (row.state === 'in_flight') return { kind: 'in_flight' };
      return { kind: 'replay', status: row.response_status, body: row.response_body };
    });
  }

  async complete(tenantId: string, principal: string, key: string, status: number, body: string): Promise<void> {
    await this.db.tx(tenantId, ({ em }) =>
      em.execute(
        `update kernel.idempotency_key set state = 'done', response_status = ?, response_body = ?, completed_at = now()
         where tenant_id = ? and principal = ? and key = ?`,
        [status, body, tenantId, principal, key],
      ),
    );
  }

  /**
   * Runs `execute` once per key: a replay gets the stored response, a key in flight or reused with another
   * request is refused (the caller renders the refusal in its own protocol). A 5xx or a throw releases the
   * key, so the client may retry what failed on our side.
   */
  async run<R extends { status: number; body: string }>(
    tenantId: string, principal: string, key: string, requestHash: string, execute: () => Promise<R>,
  ): Promise<{ kind: 'done'; response: R } | Exclude<IdempotencyClaim, { kind: 'new' }>> {
    const claim = await this.claim(tenantId, principal, key, requestHash);
    if (claim.kind !== 'new') return claim;
    try {
      const response = await execute();
      if (response.status >= 500) await this.release(tenantId, principal, key);
      else await this.complete(tenantId, principal, key, response.status, response.body);
      return { kind: 'done', response };
    } catch (error) {
      await this.release(tenantId, principal, key);
      throw error;
    }
  }

  /** Releases a key whose request failed on our side (5xx), so the client may retry it. */
  async release(tenantId: string, principal: string, key: string): Promise<void> {
    await this.db.tx(tenantId, ({ em }) =>
      em.execute(`delete from kernel.idempotency_key where tenant_id = ? and principal = ? and key = ?`, [tenantId, principal, key]),
    );
  }
}
