import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../kernel/logger.js';
import type { AuthService } from './auth.service.js';

const CHANNEL = 'cbs:credentials:revoked';

interface Revocation {
  origin: string;
  tenantId: string;
  userId?: number;
}

/**
 * With REDIS_URL, a revocation on one instance (password or role change, delete, role permissions)
 * clears the credential caches of every other instance at once instead of within CREDENTIAL_CACHE_MS.
 * Best effort: if Redis is down, the cache's few seconds remain the bound.
 */
export function shareCredentialRevocations(redisUrl: string, auth: AuthService, logger: Logger): { close(): void } {
  const origin = randomUUID();
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  const subscriber = new Redis(redisUrl);
  void subscriber.subscribe(CHANNEL).catch((error: unknown) => logger.warn({ err: error }, 'credential revocations not shared'));
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      const revocation = JSON.parse(message) as Revocation;
      if (revocation.origin !== origin && typeof revocation.tenantId === 'string') auth.forgetLocally(revocation.tenantId, revocation.userId);
    } catch {
      // not ours: ignore
    }
  });
  auth.onForget((tenantId, userId) => {
    const revocation: Revocation = { origin, tenantId, ...(userId === undefined ? {} : { userId }) };
    publisher.publish(CHANNEL, JSON.stringify(revocation)).catch((error: unknown) => logger.warn({ err: error }, 'credential revocation not published'));
  });
  return {
    close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
