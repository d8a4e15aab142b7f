import { createHash } from 'node:crypto';
import type { ExecutionResult } from 'graphql';
import type { Database } from './database.js';
import type { BatchLane } from './commit-batch.js';
import type { Tx } from '../kernel/tx.js';
import type { IdempotencyRequest, Identity } from '../kernel/identity.js';

/** Keys are the client's (usually a UUID); bounded so a header cannot become an oversized row. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export type IdempotentOutcome =
  | { kind: 'done'; result: ExecutionResult }
  | { kind: 'replay'; result: ExecutionResult }
  | { kind: 'in_flight' }
  | { kind: 'mismatch' };

/** Who the key belongs to: keys are the caller's own, never shared between users of a tenant. */
export function principalOf(identity: Identity): string {
  return identity.kind === 'anonymous' ? 'anonymous' : `${identity.kind === 'staff' ? 'user' : 'customer'}:${identity.userId}`;
}

/** The advisory lock a request holds on its key while its transaction runs (hashed with hashtextextended). */
export function idempotencyLockName(tenantId: string, principal: string, key: string): string {
  return `idempotency:${tenantId}:${principal}:${key}`;
}

/** One subgraph operation of a request: the same request replayed produces the same operations, so the same scopes. */
export function operationScope(subgraph: string, operation: string, variables: unknown): string {
  return `${subgraph}:${createHash('sha256').update(operation).update('\0').update(JSON.stringify(variables ?? {})).digest('base64url')}`;
}

/** Thrown to roll the effect back when the operation answered with errors: nothing of it, and no key, is kept. */
class RefusedOperation extends Error {
  constructor(readonly result: ExecutionResult) {
    super('operation refused');
  }
}

/**
 * Runs one write operation at most once per Idempotency-Key, in the effect's own transaction (Formance's
 * way): the key is locked, checked and written, with the operation's result, in the transaction the
 * operation's commands join (Database.withAmbient), so a crash leaves both the effect and its key or
 * neither. A second request with the key while the first runs gets `in_flight` (an advisory lock, not a
 * wait); with another request body `mismatch`; afterwards the stored result (`replay`). An operation that
 * answers with errors rolls back and stores nothing: the client may retry it.
 */
export async function runIdempotent(
  db: Database,
  identity: Identity,
  request: IdempotencyRequest,
  scope: string,
  execute: () => Promise<ExecutionResult>,
  /** The write's group-commit lane, when it has one: the key's transaction is then the command's share of a batch. */
  lane: BatchLane | null = null,
): Promise<IdempotentOutcome> {
  const principal = principalOf(identity);
  const open = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => (lane ? db.batchedTx(identity.tenantId, lane.lane, lane.order, fn) : db.tx(identity.tenantId, fn));
  try {
    return await open(async (tx) => {
      const [claim] = await tx.em.execute<{ locked: boolean; effects: { scope: string; requestHash: string; result: string }[] | null }[]>(
        `select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as locked,
                (select json_agg(json_build_object('scope', scope, 'requestHash', request_hash, 'result', result))
                   from kernel.idempotent_effect where tenant_id = ? and principal = ? and key = ?) as effects`,
        [idempotencyLockName(identity.tenantId, principal, request.key), identity.tenantId, principal, request.key],
      );
      if (!claim?.locked) return { kind: 'in_flight' };
      const effects = claim.effects ?? [];
      if (effects.some((e) => e.requestHash !== request.requestHash)) return { kind: 'mismatch' };
      const stored = effects.find((e) => e.scope === scope);
      if (stored) return { kind: 'replay', result: JSON.parse(stored.result) as ExecutionResult };
      const result = await db.withAmbient(tx, execute);
      if (result.errors?.length) throw new RefusedOperation(result);
      await tx.em.execute(
        `insert into kernel.idempotent_effect (tenant_id, principal, key, scope, request_hash, result) values (?, ?, ?, ?, ?, ?)`,
        [identity.tenantId, principal, request.key, scope, request.requestHash, JSON.stringify(result)],
      );
      return { kind: 'done', result };
    });
  } catch (error) {
    if (error instanceof RefusedOperation) return { kind: 'done', result: error.result };
    throw error;
  }
}

/**
 * Deletes keys older than the retention window (across tenants, as the owner): a client retries within
 * hours, not weeks, and every key holds a stored result. Returns how many were purged.
 */
export async function purgeIdempotencyKeys(db: Database, retentionHours: number): Promise<number> {
  return db.system(async (em) => {
    const rows = await em.execute<{ n: string }[]>(
      `with purged as (delete from kernel.idempotent_effect where created_at < now() - make_interval(hours => ?) returning 1) select count(*) as n from purged`,
      [retentionHours],
    );
    return Number(rows[0]?.n ?? 0);
  });
}
