import type { Database } from '../platform/database.js';
import { PlatformError } from '../kernel/errors.js';
import type { CustomerIdentity } from '../kernel/identity.js';
import type { TenantSettings } from '../kernel/ports.js';
import { SELF_CODES } from './codes.js';
import { retryAfterSeconds } from './domain/limits.js';
import { customerActionsSince, recordCustomerAction } from './self.store.js';

const HOUR_S = 3600;

/** The actions that read other people's names, with the setting that bounds each per customer per hour. */
export const CUSTOMER_ACTION_LIMITS = {
  beneficiary: { setting: 'self-beneficiary-creations-per-hour', fallback: 20 },
  nameEnquiry: { setting: 'self-name-enquiries-per-hour', fallback: 60 },
} as const;

/**
 * Takes one of the customer's hourly allowance for `action`, in its own committed transaction before the
 * action runs, so that refused and not-found attempts count too (walking account numbers mostly finds
 * nothing). Past the allowance: 429 `error.msg.self.rate.limited` with Retry-After, nothing counted.
 */
export async function takeCustomerAllowance(db: Database, settings: TenantSettings, customer: CustomerIdentity, action: keyof typeof CUSTOMER_ACTION_LIMITS): Promise<void> {
  const limit = CUSTOMER_ACTION_LIMITS[action];
  const retryAfter = await db.tx(customer.tenantId, async (tx) => {
    const allowed = Number((await settings.read(tx, limit.setting)).value ?? limit.fallback);
    const used = await customerActionsSince(tx, customer.userId, action, HOUR_S);
    if (used.count >= allowed) return retryAfterSeconds(used.oldestAt ?? new Date(), HOUR_S * 1000);
    await recordCustomerAction(tx, customer.userId, action);
    return null;
  });
  if (retryAfter === null) return;
  const message = `Too many attempts; try again in ${retryAfter} seconds.`;
  const error = new PlatformError('tooManyRequests', message, [{ code: SELF_CODES.rateLimited, message, args: [retryAfter] }]);
  error.extensions.retryAfter = retryAfter;
  throw error;
}
