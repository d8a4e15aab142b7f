/**
 * Slows password guessing without handing anyone a lockout button. Failures are counted under three keys:
 * the username from one client address (strict), the client address across usernames, and the username
 * across addresses (loose, for distributed guessing). Once a key passes its free attempts, each further
 * failure doubles the wait before the next attempt (backoff), up to a cap: the first failures cost a
 * short delay, not a long hard lock. A blocked attempt is refused before any scrypt work and does not
 * count. So five wrong passwords from one address block that address for that user for seconds, while
 * the real user elsewhere still logs in.
 *
 * Per process: several instances each count their own (the bound multiplies by the instance count).
 * The table is bounded: beyond `maxEntries`, idle entries go first; entries still blocking are kept.
 */
export interface ThrottleVerdict {
  allowed: boolean;
  /** Whole seconds until the next attempt may be made (Retry-After), when not allowed. */
  retryAfterSeconds: number;
}

interface Rule {
  prefix: string;
  freeFailures: number;
}

interface Entry {
  failures: number;
  blockedUntil: number;
  lastFailure: number;
}

const RULES = {
  userAtAddress: { prefix: 'ua', freeFailures: 5 },
  address: { prefix: 'a', freeFailures: 20 },
  user: { prefix: 'u', freeFailures: 20 },
} satisfies Record<string, Rule>;

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly options: { baseDelayMs?: number; maxDelayMs?: number; forgetAfterMs?: number; maxEntries?: number } = {},
  ) {}

  private get baseDelayMs() {
    return this.options.baseDelayMs ?? 5_000;
  }

  private get maxDelayMs() {
    return this.options.maxDelayMs ?? 15 * 60_000;
  }

  /** Failures older than this are forgotten: the count starts again. */
  private get forgetAfterMs() {
    return this.options.forgetAfterMs ?? 30 * 60_000;
  }

  private keys(tenantId: string, username: string, address: string | undefined): [Rule, string][] {
    const user = `${tenantId}\u0000${username.toLowerCase()}`;
    const keys: [Rule, string][] = [[RULES.user, `${RULES.user.prefix}\u0000${user}`]];
    if (address) {
      keys.push([RULES.userAtAddress, `${RULES.userAtAddress.prefix}\u0000${user}\u0000${address}`]);
      keys.push([RULES.address, `${RULES.address.prefix}\u0000${tenantId}\u0000${address}`]);
    } else {
      keys.push([RULES.userAtAddress, `${RULES.userAtAddress.prefix}\u0000${user}\u0000`]);
    }
    return keys;
  }

  check(tenantId: string, username: string, address: string | undefined, now = Date.now()): ThrottleVerdict {
    let until = 0;
    for (const [, key] of this.keys(tenantId, username, address)) until = Math.max(until, this.entries.get(key)?.blockedUntil ?? 0);
    return until > now ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) } : { allowed: true, retryAfterSeconds: 0 };
  }

  recordFailure(tenantId: string, username: string, address: string | undefined, now = Date.now()): void {
    for (const [rule, key] of this.keys(tenantId, username, address)) {
      let entry = this.entries.get(key);
      if (!entry || now - entry.lastFailure > this.forgetAfterMs) entry = { failures: 0, blockedUntil: 0, lastFailure: now };
      entry.failures += 1;
      entry.lastFailure = now;
      const over = entry.failures - rule.freeFailures;
      if (over >= 0) entry.blockedUntil = now + Math.min(this.baseDelayMs * 2 ** Math.min(over, 20), this.maxDelayMs);
      this.entries.delete(key); // re-insert: Map order is then least recently failed first
      this.entries.set(key, entry);
    }
    this.prune(now);
  }

  /** A correct password clears that user's count from that address (not the address's or user's wider counts). */
  recordSuccess(tenantId: string, username: string, address: string | undefined): void {
    const [, userAtAddress] = this.keys(tenantId, username, address).find(([rule]) => rule === RULES.userAtAddress)!;
    this.entries.delete(userAtAddress);
  }

  get size(): number {
    return this.entries.size;
  }

  private prune(now: number): void {
    const max = this.options.maxEntries ?? 50_000;
    if (this.entries.size <= max) return;
    // Oldest failures first; never an entry that still blocks.
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= max * 0.9) break;
      if (entry.blockedUntil <= now) this.entries.delete(key);
    }
  }
}
