import type { Bus } from '../platform/bus.js';
import type { CredentialRevocation } from '../kernel/revocation.js';
import type { AuthService } from './auth.service.js';

const CHANNEL = 'credentials:revoked';

/**
 * A revocation on one process (logout, password or role change, delete, role permissions) clears the
 * credential caches of every other process of the deployment at once (over Redis or the cluster's
 * primary) instead of within CREDENTIAL_CACHE_MS, and ends the subscriptions they serve with those
 * credentials. Best effort: if Redis is down, the cache's few seconds remain the bound.
 */
export function shareCredentialRevocations(bus: Bus, auth: AuthService): void {
  bus.onMessage((channel, message) => {
    if (channel !== CHANNEL) return;
    try {
      const revocation = JSON.parse(message) as CredentialRevocation;
      if (typeof revocation.tenantId === 'string') {
        auth.forgetLocally({
          tenantId: revocation.tenantId,
          ...(typeof revocation.userId === 'number' ? { userId: revocation.userId } : {}),
          ...(typeof revocation.sessionHash === 'string' ? { sessionHash: revocation.sessionHash } : {}),
        });
      }
    } catch {
      // not ours: ignore
    }
  });
  auth.onForget((revocation) => bus.broadcast(CHANNEL, JSON.stringify(revocation)));
}
