import type { Tx } from '../kernel/tx.js';

/**
 * Per-tenant, in-process caches of reference data (currencies, GL accounts, payment types, products,
 * settings, the pinned business date, offices, staff of users) that every money movement reads.
 *
 * Correctness across worker processes and deployments rests on kernel.reference_version: a trigger on
 * every cached table moves the tenant's version in the transaction that changes a row, and every tenant
 * transaction reads the version in its first statement (Database.tx), before it reads any data. An entry
 * is served only to a transaction that saw the version the entry was filled under; any other version
 * (newer, or older: a transaction that began before a change) reloads. Because the version is read before
 * the data, what a load reads is never older than the version it is stored under; and a load is stored
 * only when the version, read again after it, has not moved: neither a change committed meanwhile nor
 * the loading transaction's own uncommitted change (its trigger moved the version it sees) can leave an
 * entry under a version it does not belong to. Versions come from a sequence and are never reused. A
 * tenant without a version row (not yet provisioned) is never cached.
 *
 * A transaction that itself changed reference data reads through a cache as of its start: it must read
 * what it just wrote directly (no money command changes reference data).
 */
export class ReferenceCache<T> {
  private readonly entries = new Map<string, { version: string; value: T }>();

  /** `load` reads the whole tenant's value inside the caller's transaction. */
  constructor(private readonly load: (tx: Tx) => Promise<T>) {}

  async get(tx: Tx): Promise<T> {
    const version = tx.referenceVersion;
    if (version === null) return this.load(tx);
    const entry = this.entries.get(tx.tenantId);
    if (entry?.version === version) return entry.value;
    const value = await this.load(tx);
    if (!(await unmoved(tx, version))) return value;
    // Keep the entry of the newest version seen (an older transaction finishing late must not evict it).
    const current = this.entries.get(tx.tenantId);
    if (!current || BigInt(current.version) <= BigInt(version)) this.entries.set(tx.tenantId, { version, value });
    return value;
  }
}

/**
 * Like ReferenceCache, for data read one key at a time (an office, the staff record of a user): each key
 * is loaded on first use under the transaction's version, and the whole tenant's map is dropped when the
 * version moves.
 */
export class ReferenceMap<K, V> {
  private readonly entries = new Map<string, { version: string; values: Map<K, V> }>();

  constructor(private readonly load: (tx: Tx, key: K) => Promise<V>) {}

  async get(tx: Tx, key: K): Promise<V> {
    const version = tx.referenceVersion;
    if (version === null) return this.load(tx, key);
    let entry = this.entries.get(tx.tenantId);
    if (entry?.version === version && entry.values.has(key)) return entry.values.get(key)!;
    const value = await this.load(tx, key);
    if (!(await unmoved(tx, version))) return value;
    entry = this.entries.get(tx.tenantId);
    if (!entry || BigInt(entry.version) < BigInt(version)) {
      entry = { version, values: new Map() };
      this.entries.set(tx.tenantId, entry);
    }
    if (entry.version === version) entry.values.set(key, value);
    return value;
  }
}

/** True when the tenant's version, read now in the caller's transaction, is still `version` (one statement, on a cache miss only). */
async function unmoved(tx: Tx, version: string): Promise<boolean> {
  const rows = await tx.em.execute<{ version: string }[]>(`select version::text as version from kernel.reference_version where tenant_id = ?`, [tx.tenantId]);
  return rows[0]?.version === version;
}
