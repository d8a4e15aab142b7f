import type { Database } from '../platform/database.js';
import type { Logger } from '../platform/logger.js';
import type { InterbankTransferService } from './interbank-transfer.service.js';
import { claimDue, makeAllPendingDue } from './payments.store.js';

/** Transfers claimed per poll. */
const BATCH = 20;

export interface RequeryWorker {
  /** Re-queries every due transfer now (tests use it to settle without waiting for the poll). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The status re-query worker, on the background process beside webhook delivery. At start every PENDING
 * transfer is due at once (a process that crashed while waiting for the switch left them); then it polls
 * for transfers whose next query is due. A claim pushes the next query one lease ahead, so concurrent
 * workers (SKIP LOCKED) never query one transfer at the same time, and a worker that dies mid-query leaves
 * it to be claimed again after the lease.
 */
export function startRequeryWorker(db: Database, transfers: InterbankTransferService, logger: Logger, options: { pollMs: number; leaseMs: number }): RequeryWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  const started = db.background.system((em) => makeAllPendingDue(em)).catch((error: unknown) => logger.warn({ err: error }, 'pending inter-bank transfers not marked due'));

  const runOnce = async (): Promise<void> => {
    await started;
    for (;;) {
      const due = await db.background.system((em) => claimDue(em, options.leaseMs, BATCH));
      if (due.length === 0 || stopped) return;
      await Promise.all(due.map((d) => transfers.requery(d.tenantId, d.id).catch((error: unknown) => logger.warn({ err: error, tenant: d.tenantId, transferId: d.id }, 'inter-bank re-query failed'))));
    }
  };
  const tick = (): Promise<void> => {
    running ??= runOnce()
      .catch((error: unknown) => logger.warn({ err: error }, 'inter-bank re-query worker'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), options.pollMs);
  timer.unref();
  void tick();
  return {
    drain: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
