import type { Bus } from '../kernel/bus.js';
import type { AuthService } from './auth.service.js';

const CHANNEL = 'credentials:revoked';

interface Revocation {
  tenantId: string;
  userId?: number;
}

/**
 * A revocation on one process (password or role change, delete, role permissions) clears the credential
 * caches of every other process of the deployment at once (over Redis or the cluster's primary) instead
 * of within CREDENTIAL_CACHE_MS. Best effort: if Redis is down, the cache's few seconds remain the bound.
 */
export function shareCredentialRevocations(bus: Bus, auth: AuthService): void {
  bus.onMessage((channel, message) => {
    if (channel !== CHANNEL) return;
    try {
      const revocation = JSON.parse(message) as Revocation;
      if (typeof revocation.tenantId === 'string') auth.forgetLocally(revocation.tenantId, revocation.userId);
    } catch {
      // not ours: ignore
    }
  });
  auth.onForget((tenantId, userId) => {
    const revocation: Revocation = { tenantId, ...(userId === undefined ? {} : { userId }) };
    bus.broadcast(CHANNEL, JSON.stringify(revocation));
  });
}
