import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Tx } from '../../subgraphs/kernel/tx.js';
import { ReferenceCache, ReferenceMap } from '../../subgraphs/platform/reference-cache.js';

/**
 * A transaction as the cache sees it: its tenant, the reference version its first statement read, and
 * the version a later statement reads (`now`: moved by a commit since, or by the transaction's own change).
 */
const txOf = (tenantId: string, referenceVersion: string | null, now = referenceVersion) =>
  ({ tenantId, referenceVersion, em: { execute: async () => (now === null ? [] : [{ version: now }]) } }) as unknown as Tx;

/** A table the loads read, so each test can tell a served entry from a reload. */
function source<V>(initial: V) {
  const state = { value: initial, loads: 0 };
  return { state, load: async () => (state.loads++, state.value) };
}

describe('reference cache', () => {
  test('serves an entry to transactions of the version it was filled under, and reloads on any other version', async () => {
    const { state, load } = source('NGN');
    const cache = new ReferenceCache(load);
    assert.equal(await cache.get(txOf('a', '5')), 'NGN');
    assert.equal(await cache.get(txOf('a', '5')), 'NGN');
    assert.equal(state.loads, 1, 'the second read is served from memory');
    state.value = 'USD';
    assert.equal(await cache.get(txOf('a', '6')), 'USD', 'a newer version reloads at once');
    assert.equal(await cache.get(txOf('a', '6')), 'USD');
    assert.equal(state.loads, 2);
  });

  test('a transaction that began before a change reloads instead of seeing the newer entry, and does not evict it', async () => {
    const { state, load } = source('v7');
    const cache = new ReferenceCache(load);
    await cache.get(txOf('a', '7'));
    state.value = 'as read by an older transaction';
    assert.equal(await cache.get(txOf('a', '6')), 'as read by an older transaction');
    state.value = 'v7 again';
    assert.equal(await cache.get(txOf('a', '7')), 'v7', 'the newest entry stays');
    assert.equal(state.loads, 2);
  });

  test('tenants are cached apart; a tenant without a version is never cached', async () => {
    const { state, load } = source(1);
    const cache = new ReferenceCache(async (tx) => `${tx.tenantId}:${await load()}`);
    assert.equal(await cache.get(txOf('a', '1')), 'a:1');
    assert.equal(await cache.get(txOf('b', '1')), 'b:1', 'same version number, other tenant: its own load');
    assert.equal(state.loads, 2);
    await cache.get(txOf('c', null));
    await cache.get(txOf('c', null));
    assert.equal(state.loads, 4, 'no version, no cache');
  });

  test('a load is not kept when the version moved while it ran (a concurrent commit, or the transaction\'s own change)', async () => {
    const { state, load } = source('uncommitted');
    const cache = new ReferenceCache(load);
    assert.equal(await cache.get(txOf('a', '8', '9')), 'uncommitted');
    state.value = 'committed';
    assert.equal(await cache.get(txOf('a', '8')), 'committed', 'the next transaction of version 8 loads again');
    assert.equal(await cache.get(txOf('a', '8')), 'committed');
    assert.equal(state.loads, 2);
  });

  test('a failed load caches nothing', async () => {
    let fail = true;
    const cache = new ReferenceCache(async () => {
      if (fail) throw new Error('connection lost');
      return 'ok';
    });
    await assert.rejects(cache.get(txOf('a', '1')), /connection lost/);
    fail = false;
    assert.equal(await cache.get(txOf('a', '1')), 'ok');
  });
});

describe('reference map', () => {
  test('loads each key once per version, and drops every key when the version moves', async () => {
    const loads: string[] = [];
    const names = new Map([[1, 'Head Office'], [2, 'Ikeja']]);
    const map = new ReferenceMap(async (tx: Tx, id: number) => (loads.push(`${tx.referenceVersion}:${id}`), names.get(id) ?? null));
    assert.equal(await map.get(txOf('a', '3'), 1), 'Head Office');
    assert.equal(await map.get(txOf('a', '3'), 2), 'Ikeja');
    assert.equal(await map.get(txOf('a', '3'), 1), 'Head Office');
    assert.equal(await map.get(txOf('a', '3'), 9), null);
    assert.equal(await map.get(txOf('a', '3'), 9), null, 'an absent key is cached as absent');
    assert.deepEqual(loads, ['3:1', '3:2', '3:9']);
    names.set(1, 'Lagos HQ');
    assert.equal(await map.get(txOf('a', '4'), 1), 'Lagos HQ');
    assert.equal(await map.get(txOf('a', '4'), 2), 'Ikeja');
    assert.deepEqual(loads, ['3:1', '3:2', '3:9', '4:1', '4:2']);
    assert.equal(await map.get(txOf('a', '3'), 1), 'Lagos HQ', 'an older transaction loads for itself');
    assert.equal(await map.get(txOf('a', '4'), 1), 'Lagos HQ');
    assert.equal(loads.length, 6, 'and leaves the newer map in place');
    assert.equal(await map.get(txOf('a', '4', '5'), 7), null);
    assert.equal(await map.get(txOf('a', '4'), 7), null);
    assert.equal(loads.length, 8, 'a key loaded while the version moved is not kept');
  });
});
