/**
 * Slows password guessing: after `maxFailures` wrong passwords for one username of one tenant, further
 * attempts are refused without checking the password until `lockMs` has passed. Refusing early also
 * keeps a guessing client from burning scrypt CPU. Per process: several instances each count their own.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; lockedUntil: number }>();

  constructor(
    private readonly maxFailures = 5,
    private readonly lockMs = 60_000,
  ) {}

  private key(tenantId: string, username: string): string {
    return `${tenantId}\u0000${username.toLowerCase()}`;
  }

  isLocked(tenantId: string, username: string, now = Date.now()): boolean {
    const entry = this.failures.get(this.key(tenantId, username));
    return entry !== undefined && entry.lockedUntil > now;
  }

  recordFailure(tenantId: string, username: string, now = Date.now()): void {
    const key = this.key(tenantId, username);
    const entry = this.failures.get(key) ?? { count: 0, lockedUntil: 0 };
    if (entry.lockedUntil !== 0 && entry.lockedUntil <= now) entry.count = 0;
    entry.count += 1;
    entry.lockedUntil = entry.count >= this.maxFailures ? now + this.lockMs : 0;
    if (this.failures.size > 50_000) this.failures.clear();
    this.failures.set(key, entry);
  }

  recordSuccess(tenantId: string, username: string): void {
    this.failures.delete(this.key(tenantId, username));
  }
}
