import { DEFAULT_BACKOFF, throttleCounters, type BackoffPolicy } from './domain/login-throttle.js';
import type { LoginFailureCounts } from './store/login-failures.store.js';

/**
 * Slows password guessing without handing anyone a lockout button (rules in domain/login-throttle.ts):
 * five wrong passwords for a user from one address make that address wait before trying that user again,
 * twenty from one address across users make it wait for every user, while the real user elsewhere still
 * logs in. A blocked attempt is refused before any scrypt work and does not count. Counts live in a store
 * shared by every process (Redis or the database), so workers and instances do not multiply the bound.
 */
export interface ThrottleVerdict {
  allowed: boolean;
  /** Whole seconds until the next attempt may be made (Retry-After), when not allowed. */
  retryAfterSeconds: number;
}

export class LoginThrottle {
  constructor(
    private readonly counts: LoginFailureCounts,
    private readonly policy: BackoffPolicy = DEFAULT_BACKOFF,
  ) {}

  async check(tenantId: string, username: string, address: string | undefined): Promise<ThrottleVerdict> {
    const counters = throttleCounters(username, address);
    const keys = [counters.userAtAddress.key, ...(counters.address ? [counters.address.key] : [])];
    const waitMs = await this.counts.waitMs(tenantId, keys);
    return waitMs > 0 ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) } : { allowed: true, retryAfterSeconds: 0 };
  }

  async recordFailure(tenantId: string, username: string, address: string | undefined): Promise<void> {
    const counters = throttleCounters(username, address);
    await this.counts.recordFailure(tenantId, [counters.userAtAddress, ...(counters.address ? [counters.address] : [])], this.policy);
  }

  /** A correct password clears that user's count from that address (not the address's wider count). */
  async recordSuccess(tenantId: string, username: string, address: string | undefined): Promise<void> {
    await this.counts.clear(tenantId, throttleCounters(username, address).userAtAddress.key);
  }
}
