import { AsyncResource } from 'node:async_hooks';
import type { Tx } from '../kernel/tx.js';
import { isRetryableConflict } from '../kernel/db-errors.js';

/**
 * At most this many commands share one transaction. Each command of a batch runs in a savepoint, a
 * subtransaction of its own; PostgreSQL keeps 64 of them per backend in shared memory before it overflows
 * to pg_subtrans, which slows every other backend's snapshots. Half of that leaves room for commands that
 * open savepoints of their own.
 */
export const MAX_BATCH = 32;

/** What the batcher needs of the database: a tenant's transaction, and a command's view of it. */
export interface BatchHost {
  tx<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** `tx` for one command: the same connection and transaction, its own unit of work and commit hooks. */
  commandTx(tx: Tx, hooks: (() => void | Promise<void>)[]): Tx;
  /** Runs `fn` with the tenant's statements counted against it (the batch runs in its first caller's context). */
  asTenant<T>(tenantId: string, fn: () => Promise<T>): Promise<T>;
}

/** Where a command queues for a shared transaction (CommitBatcher.run's `lane` and `order`). */
export interface BatchLane {
  lane: string;
  order: number;
}

interface Waiting {
  /** The lock order inside a batch (see CommitBatcher.run). */
  order: number;
  run: (tx: Tx) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export interface BatchStats {
  /** Transactions committed (or tried) for batched commands. */
  batches: number;
  /** Commands run in them. */
  commands: number;
}

/**
 * Group commit for commands on one hot row (a merchant's collection account): while one batch of a lane
 * runs, the commands that arrive for it wait, and then run together in the next transaction, one after the
 * other, each in its own savepoint. They share the transaction's start, the row's lock and one commit
 * (one WAL flush) instead of queueing for the lock one commit at a time. A command alone runs at once, in a
 * transaction of its own, exactly as without batching: no window, no added latency.
 *
 * Each command keeps its own outcome. A command that throws (insufficient funds, a blocked account, a
 * KYC cap, any error of its own statements) is rolled back to its savepoint and answered with its error;
 * the others go on and commit. Nobody is answered before the commit: if the transaction itself fails
 * (its start, a savepoint, the commit, a lost connection), every command of the batch gets that error, and
 * none of them was written. A crash commits the batch whole or not at all.
 *
 * Deadlocks: a batch holds the locks of all its commands until its commit, so two batches must take locks
 * in one order. A lane holds commands on one row, which each takes first (after the row's parent, the same
 * for all), and the batch runs them sorted by `order`, the key of the other rows they lock (a teller's
 * till): every batch then takes the lane's row, then the tills in ascending order, as a transaction of one
 * command does.
 */
export class CommitBatcher {
  /** Present while a batch of the lane runs: the commands waiting for the next one. */
  private readonly lanes = new Map<string, Waiting[]>();
  private readonly counts: BatchStats = { batches: 0, commands: 0 };

  constructor(private readonly host: BatchHost, private readonly max = MAX_BATCH) {}

  /**
   * Runs `fn` in a transaction of `tenantId` that it may share with other commands of the same `lane`.
   * `fn` must lock the lane's row before any row that differs between the lane's commands, and those in
   * ascending `order`; it runs in its caller's async context (tracing, logging) as db.tx would.
   */
  run<T>(tenantId: string, lane: string, order: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const key = `${tenantId}\u0000${lane}`;
    return new Promise<T>((resolve, reject) => {
      const run = AsyncResource.bind((tx: Tx) => this.host.asTenant(tenantId, () => fn(tx)));
      const command: Waiting = { order, run, resolve: resolve as (value: unknown) => void, reject };
      const waiting = this.lanes.get(key);
      if (waiting) {
        waiting.push(command);
        return;
      }
      this.lanes.set(key, []);
      void this.drain(tenantId, key, [command]);
    });
  }

  stats(): BatchStats {
    return { ...this.counts };
  }

  private async drain(tenantId: string, key: string, first: Waiting[]): Promise<void> {
    let batch = first;
    while (batch.length > 0) {
      await this.commit(tenantId, batch);
      batch = this.lanes.get(key)!.splice(0, this.max);
    }
    // In the same turn as the last check: a command arriving after it starts a new drain.
    this.lanes.delete(key);
  }

  /** One transaction for `batch`; every command is answered after it ends, never before. Never throws. */
  private async commit(tenantId: string, batch: Waiting[]): Promise<void> {
    this.counts.batches += 1;
    this.counts.commands += batch.length;
    batch.sort((a, b) => a.order - b.order);
    const outcomes: Outcome[] = [];
    try {
      await this.host.tx(tenantId, async (tx) => {
        // A run after a deadlock (Database.tx re-runs the transaction) starts the batch's outcomes afresh.
        outcomes.length = 0;
        if (batch.length === 1) {
          // Alone: the command's error rolls the transaction back, as without batching.
          outcomes.push({ ok: true, value: await batch[0]!.run(tx) });
          return;
        }
        for (const [i, command] of batch.entries()) outcomes.push(await this.inSavepoint(tx, `batched_${i}`, command));
      });
    } catch (error) {
      for (const command of batch) command.reject(error);
      return;
    }
    batch.forEach((command, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) command.resolve(outcome.value);
      else command.reject(outcome.error);
    });
  }

  /**
   * One command of a batch. Its commit hooks (publishing its events) join the transaction's only if it
   * succeeded; a failure of the rollback itself (a lost connection) fails the whole batch.
   */
  private async inSavepoint(tx: Tx, name: string, command: Waiting): Promise<Outcome> {
    const hooks: (() => void | Promise<void>)[] = [];
    await tx.query(`savepoint ${name}`);
    try {
      const value = await command.run(this.host.commandTx(tx, hooks));
      for (const hook of hooks) tx.afterCommit(hook);
      return { ok: true, value };
    } catch (error) {
      // A deadlock or serialization failure is the transaction's, not this command's: the whole batch runs again.
      if (isRetryableConflict(error)) throw error;
      await tx.query(`rollback to savepoint ${name}`);
      return { ok: false, error };
    }
  }
}
