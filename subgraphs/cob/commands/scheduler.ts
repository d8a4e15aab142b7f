import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../../platform/database.js';
import { DEFAULT_CRON, dailyCronSeconds, dueThrough } from '../domain/jobs.js';
import { COB_STEP_CODES } from '../domain/steps.js';
import type { CobDependencies } from '../ports.js';
import { jobSettings, releaseLease, takeLease } from '../store/job.store.js';
import type { CloseOfBusiness, RunOutcome } from './close-of-business.command.js';

/** A lease lapses this long after its holder last renewed it (a crashed holder's tenants wait at most this). */
const LEASE_SECONDS = 300;
/** The holder renews its lease this often while a run goes on. */
const RENEW_MS = 60_000;
/** Tenants one tick looks at. */
const MAX_TENANTS = 1000;

/**
 * The automatic close of business. Every process may tick; for each tenant whose scheduler is on, the one
 * process that takes the tenant's lease (cob.scheduler, a row lock and an expiry) closes every date due:
 * those before the calendar date (UTC) of the latest firing of the earliest active job's daily time. The
 * run itself keeps two runners of a date apart batch by batch, so a lease that lapses under a slow run costs
 * turns, never a second processing.
 */
export class CobScheduler {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private readonly owner = `${hostname().slice(0, 60)}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly db: Database,
    private readonly deps: CobDependencies,
    private readonly run: CloseOfBusiness,
    private readonly warn: (data: Record<string, unknown>, message: string) => void,
  ) {}

  start(tickMs: number): void {
    if (this.timer || tickMs <= 0) return;
    this.timer = setInterval(() => {
      // A tick still running (a long catch-up) is not doubled: the next tick after it picks up.
      this.ticking ??= this.tick().finally(() => (this.ticking = null));
    }, tickMs);
    this.timer.unref();
  }

  /** Stops ticking; a run in progress stops before its next batch (the next process to tick resumes it). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.run.halt();
    await this.ticking;
  }

  /** One round over the tenants (the timer's; tests call it with a clock of their own). */
  async tick(now = new Date()): Promise<void> {
    for (const tenantId of (await this.deps.tenantIds()).slice(0, MAX_TENANTS)) {
      try {
        await this.runTenant(tenantId, now);
      } catch (error) {
        this.warn({ tenantId, err: error }, 'scheduled close of business failed; the next tick resumes it');
      }
    }
  }

  /** The tenant's due dates, closed under its lease; [] when its scheduler is off, another process holds it, or every job is inactive. */
  async runTenant(tenantId: string, now = new Date()): Promise<RunOutcome[]> {
    const target = await this.db.tx(tenantId, async (tx) => {
      if (!(await takeLease(tx, this.owner, LEASE_SECONDS))) return null;
      const settings = new Map((await jobSettings(tx)).map((j) => [j.stepCode, j]));
      const times = COB_STEP_CODES.map((code) => settings.get(code) ?? { cronExpression: DEFAULT_CRON, active: true })
        .filter((j) => j.active)
        .map((j) => dailyCronSeconds(j.cronExpression) ?? 0);
      return times.length === 0 ? null : dueThrough(Math.min(...times), now);
    });
    if (target === null) {
      await this.db.tx(tenantId, (tx) => releaseLease(tx, this.owner));
      return [];
    }
    const renew = setInterval(() => {
      this.db.tx(tenantId, (tx) => takeLease(tx, this.owner, LEASE_SECONDS)).catch((error: unknown) => this.warn({ tenantId, err: error }, 'close-of-business lease not renewed'));
    }, RENEW_MS);
    try {
      return await this.run.closeThrough(tenantId, target, 'scheduler');
    } finally {
      clearInterval(renew);
      await this.db.tx(tenantId, (tx) => releaseLease(tx, this.owner));
    }
  }
}
