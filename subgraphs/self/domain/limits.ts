import { Money } from '../../kernel/money.js';

/** The tenant setting that holds the daily self-service transfer limit of a KYC tier (1 to 3). */
export const dailyLimitSetting = (tier: number) => `self-transfer-daily-limit-tier-${Math.min(Math.max(tier, 1), 3)}`;

/** Whether sending `amount` after `used` today stays within `limit` (inclusive). */
export function withinDailyLimit(used: string, amount: string, limit: string): boolean {
  return new Money(used).plus(amount).lte(limit);
}

/** Whether `amount` stays within a beneficiary's transfer limit (inclusive); no limit allows any amount. */
export function withinBeneficiaryLimit(amount: string, transferLimit: string | null): boolean {
  return transferLimit === null || new Money(amount).lte(transferLimit);
}

/** Seconds until the oldest attempt of a full window leaves it (at least 1). */
export function retryAfterSeconds(oldestAt: Date, windowMs: number, now = Date.now()): number {
  return Math.max(1, Math.ceil((oldestAt.getTime() + windowMs - now) / 1000));
}
