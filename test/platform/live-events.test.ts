import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Client } from 'graphql-ws';
import { emit } from '../../subgraphs/kernel/outbox.js';
import { TestService, type TenantSession } from '../support/service.js';

/**
 * Subscription events reach subscribers from two paths: the committing process right after commit, and
 * the outbox relay (the durable path). Either alone delivers every event; together, each still once.
 */
describe('live events: from the committing process and from the relay, each once, in commit order', () => {
  const credit = (transactionId: string) => ({
    eventType: 'account.credit', entityName: 'SAVINGSACCOUNT', actionName: 'DEPOSIT',
    data: { accountId: 7, accountNo: '0000000001', clientId: 501, officeId: 1, staffId: null, transactionId, type: 'DEPOSIT', date: '2025-03-01', amount: '1.00', runningBalance: '1.00', currency: 'NGN' },
  });

  /** A head-office subscriber of the tenant's credits and debits, listening once a probe reached it. */
  async function subscriber(service: TestService, t: TenantSession): Promise<{ ids: () => string[]; until: (id: string) => Promise<void>; close: () => Promise<void> }> {
    const client: Client = service.subscriptionClient(t.tenant, t.key);
    const seen: string[] = [];
    const stop = client.subscribe(
      { query: 'subscription { accountTransactions { transactionId } }' },
      { next: (v) => seen.push(String((v.data as { accountTransactions: { transactionId: string } }).accountTransactions.transactionId)), error: () => undefined, complete: () => undefined },
    );
    const until = async (id: string, send?: () => Promise<unknown>) => {
      const deadline = Date.now() + 30_000;
      for (let i = 0; !seen.includes(id); i++) {
        assert.ok(Date.now() < deadline, `timed out waiting for ${id}; seen ${seen.join(', ')}`);
        if (send && i % 10 === 0) await send();
        await new Promise((r) => setTimeout(r, 30));
      }
    };
    await until('probe', () => service.platform.db.tx(t.tenant, (tx) => emit(tx, credit('probe'))));
    return {
      ids: () => seen.filter((id) => id !== 'probe'),
      until: (id) => until(id),
      async close() {
        stop();
        await client.dispose();
      },
    };
  }

  const commit = (service: TestService, t: TenantSession, ids: string[]) =>
    ids.reduce((done, id) => done.then(() => service.platform.db.tx(t.tenant, (tx) => emit(tx, credit(id)))), Promise.resolve() as Promise<unknown>);

  test('both paths running: every event once and in order, also after the relay has published them all again', async () => {
    const service = await TestService.start();
    try {
      const t = await service.tenant('both');
      const sub = await subscriber(service, t);
      const ids = Array.from({ length: 30 }, (_, i) => `t${i}`);
      await commit(service, t, ids);
      await service.platform.relay!.drain();
      // Events reach one subscriber in publication order: once the end marker is in, any repeat would be too.
      await commit(service, t, ['end']);
      await service.platform.relay!.drain();
      await sub.until('end');
      assert.deepEqual(sub.ids(), [...ids, 'end']);
      await sub.close();
    } finally {
      await service.stop();
    }
  });

  test('without the relay, the committing process delivers; without that fast path, the relay does', async () => {
    const fast = await TestService.start();
    try {
      await fast.platform.relay!.stop();
      const t = await fast.tenant('fast');
      const sub = await subscriber(fast, t);
      const ids = ['f1', 'f2', 'f3', 'f4', 'f5'];
      await commit(fast, t, ids);
      await sub.until('f5');
      assert.deepEqual(sub.ids(), ids);
      await sub.close();
    } finally {
      await fast.stop();
    }

    const relayed = await TestService.start();
    try {
      await relayed.platform.live.stop();
      const t = await relayed.tenant('relay');
      const sub = await subscriber(relayed, t);
      const ids = ['r1', 'r2', 'r3', 'r4', 'r5'];
      await commit(relayed, t, ids);
      await sub.until('r5');
      assert.deepEqual(sub.ids(), ids);
      await sub.close();
    } finally {
      await relayed.stop();
    }
  });
});
