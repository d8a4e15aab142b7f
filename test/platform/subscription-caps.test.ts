import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Client } from 'graphql-ws';
import { SUBSCRIPTION_LIMIT_CODES } from '../../router/subscription-limits.js';
import { TestService, type TenantSession } from '../support/service.js';

/**
 * Issue 33 item 2: closed subscriptions kept their memory until the next event of their type arrived in
 * the tenant (an async generator's return() waits for its pending next()), and nothing capped how many one
 * caller opened. The service runs in this process, so its heap and its pubsub are the ones measured.
 * Caps here: 50 per connection and 20 streams per principal (the defaults), 100 per process (set below).
 */
const PER_PROCESS = 100;
const TRANSACTIONS = 'subscription { accountTransactions { eventId amount } }';
const OFFICES = 'subscription { officeCreated { id name } }';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Polls `check` until it holds (generous deadline, no fixed sleeps as synchronisation). */
async function until(check: () => boolean, what: string, deadlineMs = 60_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!check()) {
    assert.ok(Date.now() < end, `timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Sub {
  received: string[];
  error?: { extensions?: { code?: string }; message?: string };
}

function subscribe(client: Client, query: string): Sub {
  const sub: Sub = { received: [] };
  client.subscribe<{ officeCreated?: { name: string }; accountTransactions?: { eventId: string } }>({ query }, {
    next: (value) => {
      if (value.data?.officeCreated) sub.received.push(value.data.officeCreated.name);
      if (value.data?.accountTransactions) sub.received.push(value.data.accountTransactions.eventId);
    },
    error: (error) => {
      sub.error = (Array.isArray(error) ? error[0] : error) as Sub['error'];
    },
    complete: () => undefined,
  });
  return sub;
}

const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

describe('subscriptions: closed ones free their memory at once; caps per connection, principal and process', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    // No background work (relay, workers, the audit chainer): the heap below is this process's, and their
    // rounds allocate as they run; events still reach subscribers from the live publisher after each commit.
    service = await TestService.start({ relay: false, env: { SUBSCRIPTIONS_PER_PROCESS: String(PER_PROCESS) } });
    t = await service.tenant();
  });
  after(async () => service.stop());

  const openSockets = (n: number, key = t.key) => Array.from({ length: n }, () => service.subscriptionClient(t.tenant, key, { lazy: true }));
  const closeAll = async (clients: Client[]) => {
    await Promise.all(clients.map((c) => c.dispose()));
    await until(() => service.edge.openSubscriptions() === 0 && !service.platform.pubsub.hasSubscribers(), 'every subscription to end (no event arrives in this tenant)');
  };

  test('3,000 accountTransactions subscriptions opened and closed in a quiet tenant: the heap returns within 10%', async () => {
    // A first round loads what any first subscription loads (code, caches); the baseline is taken after it.
    const round = async () => {
      const clients = openSockets(2);
      for (const client of clients) for (let i = 0; i < 50; i++) subscribe(client, TRANSACTIONS);
      await until(() => service.edge.openSubscriptions() === 100, 'the round\'s 100 subscriptions to be admitted');
      await closeAll(clients);
    };
    // Three rounds first: the caches every subscription path fills (plans, prepared statements) are full.
    for (let r = 0; r < 3; r++) await round();
    const baseline = heapUsed();
    for (let r = 0; r < 30; r++) await round();
    const afterRounds = heapUsed();
    assert.ok(afterRounds <= baseline * 1.1, `heap after 3,000 closed subscriptions: ${afterRounds} bytes, baseline ${baseline} (+${(((afterRounds - baseline) / baseline) * 100).toFixed(1)}%)`);
  });

  test('each cap refuses the next subscription with its code, and the open ones keep receiving events', async () => {
    const [first] = openSockets(1) as [Client];
    const onFirst = Array.from({ length: 50 }, () => subscribe(first, OFFICES));
    await until(() => service.edge.openSubscriptions() === 50, '50 subscriptions on one connection');
    const fiftyFirst = subscribe(first, OFFICES);
    await until(() => fiftyFirst.error !== undefined, 'the 51st subscription on the connection to be refused');
    assert.equal(fiftyFirst.error!.extensions?.code, SUBSCRIPTION_LIMIT_CODES.perConnection, JSON.stringify(fiftyFirst.error));

    // 19 more connections of the same user, one subscription each: 20 streams; a 21st is refused.
    const more = openSockets(19);
    const onMore = more.map((c) => subscribe(c, OFFICES));
    await until(() => service.edge.openSubscriptions() === 69, '20 streams of one user');
    const [extra] = openSockets(1) as [Client];
    const twentyFirst = subscribe(extra, OFFICES);
    await until(() => twentyFirst.error !== undefined, 'the 21st stream of the user to be refused');
    assert.equal(twentyFirst.error!.extensions?.code, SUBSCRIPTION_LIMIT_CODES.perPrincipal, JSON.stringify(twentyFirst.error));

    // Another user fills the process to its cap; one more is refused.
    const other = await t.userWithRoles([1]);
    const [otherSocket] = openSockets(1, other.key) as [Client];
    const onOther = Array.from({ length: PER_PROCESS - 69 }, () => subscribe(otherSocket, OFFICES));
    await until(() => service.edge.openSubscriptions() === PER_PROCESS, 'the process cap to be reached');
    const overProcess = subscribe(otherSocket, OFFICES);
    await until(() => overProcess.error !== undefined, 'a subscription past the process cap to be refused');
    assert.equal(overProcess.error!.extensions?.code, SUBSCRIPTION_LIMIT_CODES.perProcess, JSON.stringify(overProcess.error));

    // Every admitted subscription still receives: one office created reaches all 100.
    const name = `Caps ${randomBytes(3).toString('hex')}`;
    const created = await t.post('/offices', { name, parentId: 1, openingDate: '2024-01-01', dateFormat: 'yyyy-MM-dd', locale: 'en' });
    assert.equal(created.status, 200, created.text);
    const admitted = [...onFirst, ...onMore, ...onOther];
    await until(() => admitted.every((s) => s.received.includes(name)), 'the office event to reach every open subscription');
    for (const refused of [fiftyFirst, twentyFirst, overProcess]) assert.deepEqual(refused.received, []);
    await closeAll([first, ...more, extra, otherSocket]);
  });
});
