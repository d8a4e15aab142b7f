import type { Tx } from './database.js';

/**
 * Per-tenant, in-process caches of reference data (currencies, GL accounts, payment types, products,
 * settings, the pinned business date, offices, staff of users) that every money movement reads.
 *
 * Correctness across worker processes and deployments rests on kernel.reference_version: a trigger on
 * every cached table moves the tenant's version in the transaction that changes a row, and every tenant
 * transaction reads the version in its first statement (Database.tx), before it reads any data. An entry
 * is served only to a transaction that saw the version the entry was filled under; any other version
 * (newer, or older: a transaction that began before a change) reloads. Because the version is read before
 * the data, what a load stores is never older than the version it is stored under. Versions come from a
 * sequence and are never reused, so an entry filled inside a transaction whose change rolled back can
 * never match a committed version. A tenant without a version row (never provisioned through the
 * triggers) is never cached.
 *
 * Inside a transaction that itself changed reference data, the version is the one seen at its start:
 * such a transaction must read what it just wrote directly, not through a cache (no money command
 * changes reference data).
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
    entry = this.entries.get(tx.tenantId);
    if (!entry || BigInt(entry.version) < BigInt(version)) {
      entry = { version, values: new Map() };
      this.entries.set(tx.tenantId, entry);
    }
    if (entry.version === version) entry.values.set(key, value);
    return value;
  }
}
