import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_BACKOFF, throttleCounters, type BackoffPolicy } from './domain/login-throttle.js';
import type { LoginFailureCounts } from './store/login-failures.store.js';

/**
 * Slows password guessing without handing anyone a lockout button (rules in domain/login-throttle.ts):
 * five wrong passwords for a user from one address make that address wait before trying that user again
 * (a refusal, 429). Twenty from one address across users only slow that address's further failures down
 * (a bounded delay before the 401): mobile networks put thousands of customers behind one address, and the
 * correct password of a user who has not failed from there must never be refused because others did.
 * A blocked attempt is refused before any scrypt work and does not count. Counts live in a store shared by
 * every process (Redis or the database), so workers and instances do not multiply the bound.
 */
export interface ThrottleVerdict {
  allowed: boolean;
  /** Whole seconds until the next attempt may be made (Retry-After), when not allowed. */
  retryAfterSeconds: number;
  /** How long to wait before answering this attempt if it fails: the address-wide slow-down, bounded. */
  failureDelayMs: number;
}

/**
 * The most a failed attempt is held back for its address's failures: enough to make guessing across many
 * usernames from one address slow (one guess per few seconds per connection), short enough that a customer
 * who mistypes behind a busy address only waits a moment.
 */
export const ADDRESS_FAILURE_DELAY_CAP_MS = 2_000;

export class LoginThrottle {
  constructor(
    private readonly counts: LoginFailureCounts,
    private readonly policy: BackoffPolicy = DEFAULT_BACKOFF,
  ) {}

  async check(tenantId: string, username: string, address: string | undefined): Promise<ThrottleVerdict> {
    const counters = throttleCounters(username, address);
    const [userWaitMs, addressWaitMs] = await Promise.all([
      this.counts.waitMs(tenantId, [counters.userAtAddress.key]),
      counters.address ? this.counts.waitMs(tenantId, [counters.address.key]) : Promise.resolve(0),
    ]);
    const failureDelayMs = Math.min(addressWaitMs, ADDRESS_FAILURE_DELAY_CAP_MS);
    return userWaitMs > 0
      ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(userWaitMs / 1000)), failureDelayMs }
      : { allowed: true, retryAfterSeconds: 0, failureDelayMs };
  }

  /**
   * Counts a failure and, when the address is past its free failures, holds the answer back for the
   * verdict's delay: the address's guesses are slowed, nobody's correct password is refused.
   */
  async recordFailure(tenantId: string, username: string, address: string | undefined, verdict?: ThrottleVerdict): Promise<void> {
    const counters = throttleCounters(username, address);
    await this.counts.recordFailure(tenantId, [counters.userAtAddress, ...(counters.address ? [counters.address] : [])], this.policy);
    if (verdict && verdict.failureDelayMs > 0) await sleep(verdict.failureDelayMs);
  }

  /** A correct password clears that user's count from that address (not the address's wider count). */
  async recordSuccess(tenantId: string, username: string, address: string | undefined): Promise<void> {
    await this.counts.clear(tenantId, throttleCounters(username, address).userAtAddress.key);
  }
}
