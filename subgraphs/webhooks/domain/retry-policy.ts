/**
 * When to try a webhook delivery again. Pure, so the schedule is unit-tested without waiting.
 * Attempt n (1-based) that fails waits base * 2^(n-1), plus up to 25% jitter so receivers recovering from
 * an outage are not hit by every hook at the same instant; never more than 24 h. With the 5 s base and 15
 * attempts the last one comes about 22.8 h after the first.
 */
export const DEFAULT_RETRY_BASE_MS = 5_000;
export const MAX_RETRY_DELAY_MS = 24 * 3600 * 1000;
export const MAX_ATTEMPTS = 15;

export function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.min(attempt - 1, 40));
  return Math.min(MAX_RETRY_DELAY_MS, Math.round(exponential * (1 + 0.25 * random())));
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. Capped at 24 h. */
export function retryAfterMs(header: string | undefined, now: number): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Math.min(MAX_RETRY_DELAY_MS, Number(text) * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.min(MAX_RETRY_DELAY_MS, Math.max(0, at - now));
}

export type AttemptOutcome = { kind: 'delivered' } | { kind: 'retry'; delayMs: number } | { kind: 'dead'; disableHook: boolean };

/** What follows one attempt: delivered on 2xx; 410 Gone kills the delivery and disables the hook; otherwise retry until the last attempt. */
export function nextStep(input: { attempt: number; statusCode: number | null; retryAfter?: string; now: number; baseMs: number; maxAttempts: number; random?: () => number }): AttemptOutcome {
  const { attempt, statusCode } = input;
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { kind: 'delivered' };
  if (statusCode === 410) return { kind: 'dead', disableHook: true };
  if (attempt >= input.maxAttempts) return { kind: 'dead', disableHook: false };
  const computed = backoffMs(attempt, input.baseMs, input.random);
  const asked = retryAfterMs(input.retryAfter, input.now);
  return { kind: 'retry', delayMs: asked ?? computed };
}
