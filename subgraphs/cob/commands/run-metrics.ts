import { COB_STEP_CODES, type CobStepCode } from '../domain/steps.js';

export type Outcome = 'success' | 'failed';

interface Tally {
  count: number;
  processed: number;
  seconds: number;
}

/** What /metrics reads of this process's close-of-business work: totals since start, by step and outcome. */
export interface RunMetricsSnapshot {
  runs: Record<Outcome, { count: number; seconds: number }>;
  steps: { step: CobStepCode; outcome: Outcome; count: number; processed: number; seconds: number }[];
}

/**
 * This process's counts of runs (dates closed or stopped) and of steps (each step of a run, and each job
 * executed on demand). Labels are the fixed step codes and two outcomes, so the series are bounded.
 */
export class RunMetrics {
  private readonly runs: Record<Outcome, { count: number; seconds: number }> = { success: { count: 0, seconds: 0 }, failed: { count: 0, seconds: 0 } };
  private readonly steps = new Map<string, Tally>();

  run(outcome: Outcome, elapsedMs: number): void {
    this.runs[outcome].count++;
    this.runs[outcome].seconds += elapsedMs / 1000;
  }

  step(code: CobStepCode, outcome: Outcome, processed: number, elapsedMs: number): void {
    const key = `${code}:${outcome}`;
    const tally = this.steps.get(key) ?? { count: 0, processed: 0, seconds: 0 };
    tally.count++;
    tally.processed += processed;
    tally.seconds += elapsedMs / 1000;
    this.steps.set(key, tally);
  }

  snapshot(): RunMetricsSnapshot {
    const steps: RunMetricsSnapshot['steps'] = [];
    for (const step of COB_STEP_CODES) {
      for (const outcome of ['success', 'failed'] as const) {
        const tally = this.steps.get(`${step}:${outcome}`);
        if (tally) steps.push({ step, outcome, ...tally });
      }
    }
    return { runs: { success: { ...this.runs.success }, failed: { ...this.runs.failed } }, steps };
  }
}
