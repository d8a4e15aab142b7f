import { Redis } from 'ioredis';
import type { Database } from '../../platform/database.js';
import { blockMs, type BackoffPolicy, type FailureCounter } from '../domain/login-throttle.js';
import { pgArray } from '../../kernel/pg-array.js';
import { unaudited } from '../../kernel/audit.js';

/**
 * Where failed logins are counted: shared by every worker and instance of a deployment, so that adding
 * processes does not multiply the attempts an address gets. Redis when REDIS_URL is set, otherwise the
 * database (organisation.login_failure).
 */
export interface LoginFailureCounts {
  /** Milliseconds until none of `keys` blocks any more; 0 when none blocks now. */
  waitMs(tenantId: string, keys: readonly string[]): Promise<number>;
  /** One more failure under each counter; a counter past its free failures blocks for its backoff from now. */
  recordFailure(tenantId: string, counters: readonly FailureCounter[], policy: BackoffPolicy): Promise<void>;
  clear(tenantId: string, key: string): Promise<void>;
  close(): void;
}


/**
 * Counts in organisation.login_failure, one row per (tenant, key), on the database's clock. Concurrent
 * failures under one key queue on its row (the upsert), so none is lost. Rows idle past the forget window
 * are deleted by the next failure of the tenant, so the table stays as small as the live attempts.
 */
export class DatabaseLoginFailures implements LoginFailureCounts {
  constructor(private readonly db: Database) {}

  async waitMs(tenantId: string, keys: readonly string[]): Promise<number> {
    const rows = await this.db.tx(tenantId, (tx) =>
      tx.query<{ wait_ms: string | null }>(
        `select ceil(extract(epoch from max(blocked_until) - now()) * 1000)::text as wait_ms
           from organisation.login_failure where tenant_id = ? and key = any(?::text[]) and blocked_until > now()`,
        [tenantId, pgArray(keys)],
      ),
    );
    return Math.max(0, Number(rows[0]?.wait_ms ?? 0));
  }

  async recordFailure(tenantId: string, counters: readonly FailureCounter[], policy: BackoffPolicy): Promise<void> {
    const forgetSeconds = policy.forgetAfterMs / 1000;
    // The count is not the login's effect: the login's audit entry says it failed.
    await unaudited(() => this.db.tx(tenantId, async (tx) => {
      const keys = pgArray(counters.map((c) => c.key));
      await tx.query(
        `delete from organisation.login_failure where tenant_id = ? and last_failure < now() - make_interval(secs => ?) and key <> all(?::text[])`,
        [tenantId, forgetSeconds, keys],
      );
      const counted = await tx.query<{ key: string; failures: number }>(
        `insert into organisation.login_failure as f (tenant_id, key, failures, last_failure)
         select ?, key, 1, now() from unnest(?::text[]) as key
         on conflict (tenant_id, key) do update set
           failures = case when f.last_failure < now() - make_interval(secs => ?) then 1 else f.failures + 1 end,
           last_failure = now()
         returning key, failures`,
        [tenantId, keys, forgetSeconds],
      );
      const blocks = counted
        .map((row) => ({ key: row.key, ms: blockMs(Number(row.failures), counters.find((c) => c.key === row.key)!.freeFailures, policy) }))
        .filter((b) => b.ms > 0);
      if (blocks.length === 0) return;
      await tx.query(
        `update organisation.login_failure f set blocked_until = now() + make_interval(secs => b.ms / 1000.0)
           from unnest(?::text[], ?::float8[]) as b(key, ms) where f.tenant_id = ? and f.key = b.key`,
        [pgArray(blocks.map((b) => b.key)), pgArray(blocks.map((b) => b.ms)), tenantId],
      );
    }));
  }

  async clear(tenantId: string, key: string): Promise<void> {
    await this.db.tx(tenantId, (tx) => tx.query(`delete from organisation.login_failure where tenant_id = ? and key = ?`, [tenantId, key]));
  }

  close(): void {}
}

/**
 * Counts in Redis hashes (`failures`, `blockedUntil` in epoch ms), each expiring once idle for the forget
 * window. Redis down fails open, reported through `onError`: an outage of the counter must not refuse
 * every login, and each guess still costs its scrypt work.
 */
export class RedisLoginFailures implements LoginFailureCounts {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly onError: (error: unknown) => void,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1 });
    this.redis.on('error', onError);
  }

  private name(tenantId: string, key: string): string {
    return `cbs:login-failure:${tenantId}:${key}`;
  }

  async waitMs(tenantId: string, keys: readonly string[]): Promise<number> {
    try {
      const until = await Promise.all(keys.map((key) => this.redis.hget(this.name(tenantId, key), 'blockedUntil')));
      return Math.max(0, ...until.map((u) => Number(u ?? 0) - Date.now()));
    } catch (error) {
      this.onError(error);
      return 0;
    }
  }

  async recordFailure(tenantId: string, counters: readonly FailureCounter[], policy: BackoffPolicy): Promise<void> {
    try {
      await Promise.all(
        counters.map(async ({ key, freeFailures }) => {
          const name = this.name(tenantId, key);
          // HINCRBY is atomic: concurrent failures from several processes each get their own count.
          const results = await this.redis.multi().hincrby(name, 'failures', 1).pexpire(name, policy.forgetAfterMs).exec();
          const failures = Number(results?.[0]?.[1] ?? 0);
          const ms = blockMs(failures, freeFailures, policy);
          if (ms > 0) await this.redis.hset(name, 'blockedUntil', String(Date.now() + ms));
        }),
      );
    } catch (error) {
      this.onError(error);
    }
  }

  async clear(tenantId: string, key: string): Promise<void> {
    try {
      await this.redis.del(this.name(tenantId, key));
    } catch (error) {
      this.onError(error);
    }
  }

  close(): void {
    this.redis.disconnect();
  }
}
