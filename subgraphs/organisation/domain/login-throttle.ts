import { createHash } from 'node:crypto';

/**
 * Login throttling's rules, pure so they are unit-tested without a clock or a store. Failures are counted
 * under two keys: the username from one client address (strict: past its free failures it refuses) and the
 * client address across usernames (past its free failures it only delays the address's failed attempts,
 * never refuses: one address may be a mobile network's thousands of customers).
 * Nothing is counted per username across addresses: such a count would let anyone who knows a username
 * lock its owner out (fifty guesses from fifty addresses refused the real admin). So the correct password
 * from an address that has not failed is never refused.
 */
export interface ThrottleRule {
  prefix: string;
  freeFailures: number;
}

export const THROTTLE_RULES = {
  userAtAddress: { prefix: 'ua', freeFailures: 5 },
  address: { prefix: 'a', freeFailures: 20 },
} satisfies Record<string, ThrottleRule>;

export interface BackoffPolicy {
  /** The wait after the first failure past a key's free ones; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key idle this long is forgotten: its count starts again. Longer than maxDelayMs. */
  forgetAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseDelayMs: 5_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 30 * 60_000 };

/** One counted key: a digest (no username or address is stored) and the free failures of its rule. */
export interface FailureCounter {
  key: string;
  freeFailures: number;
}

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

/** The keys one attempt counts under (the tenant is the store's partition, not part of the key). */
export function throttleCounters(username: string, address: string | undefined): { userAtAddress: FailureCounter; address: FailureCounter | null } {
  const at = address ?? '';
  return {
    userAtAddress: { key: digest(THROTTLE_RULES.userAtAddress.prefix, username.toLowerCase(), at), freeFailures: THROTTLE_RULES.userAtAddress.freeFailures },
    address: address ? { key: digest(THROTTLE_RULES.address.prefix, address), freeFailures: THROTTLE_RULES.address.freeFailures } : null,
  };
}

/**
 * How long a key blocks after its `failures`-th failure: nothing while the free ones last, then the base
 * delay doubling with each further failure, up to the cap. A short delay at first, never a long hard lock.
 */
export function blockMs(failures: number, freeFailures: number, policy: BackoffPolicy): number {
  const over = failures - freeFailures;
  return over < 0 ? 0 : Math.min(policy.baseDelayMs * 2 ** Math.min(over, 20), policy.maxDelayMs);
}
