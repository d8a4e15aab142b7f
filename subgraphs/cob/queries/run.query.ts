import type { Database } from '../../platform/database.js';
import { requireStaff, type Identity } from '../../kernel/identity.js';
import { recentRuns, stepsOf, type RunRow, type StepRunRow } from '../store/run.store.js';

/** A page of run history is bounded: a year of dates. */
export const MAX_RUNS = 366;

/** The run history: each business date's run with its steps, newest first. */
export class RunQueries {
  constructor(private readonly db: Database) {}

  async history(identity: Identity, limit: number): Promise<{ run: RunRow; steps: StepRunRow[] }[]> {
    const staff = requireStaff(identity, 'READ_SCHEDULER');
    const size = Math.max(1, Math.min(Number.isInteger(limit) ? limit : MAX_RUNS, MAX_RUNS));
    return this.db.tx(staff.tenantId, async (tx) => {
      const runs = await recentRuns(tx, size);
      const steps = await stepsOf(tx, runs.map((r) => r.businessDate));
      return runs.map((run) => ({ run, steps: steps.filter((s) => s.businessDate === run.businessDate) }));
    });
  }
}
