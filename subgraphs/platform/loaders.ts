import DataLoader from 'dataloader';
import type { RequestContext } from './request-context.js';

/**
 * A DataLoader memoized on the request context: all field resolvers of one request that ask for the
 * same kind of record share one batch (one query for a page of 50 rows, not 50).
 */
export function loader<K, V>(ctx: RequestContext, name: string, batch: (keys: readonly K[]) => Promise<Map<K, V>>): DataLoader<K, V | null> {
  let existing = ctx.loaders.get(name) as DataLoader<K, V | null> | undefined;
  if (!existing) {
    existing = new DataLoader<K, V | null>(async (keys) => {
      const found = await batch(keys);
      return keys.map((k) => found.get(k) ?? null);
    });
    ctx.loaders.set(name, existing);
  }
  return existing;
}
