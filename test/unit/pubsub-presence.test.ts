import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Bus } from '../../subgraphs/platform/bus.js';
import { createPubSub } from '../../subgraphs/platform/pubsub.js';

/** Two processes' buses joined in memory: what one broadcasts, the other receives (never itself). */
function joinedBuses(): [Bus, Bus] {
  const handlers: ((channel: string, message: string) => void)[][] = [[], []];
  const bus = (self: number): Bus => ({
    broadcast: (channel, message) => handlers[1 - self]!.forEach((h) => h(channel, message)),
    onMessage: (handler) => void handlers[self]!.push(handler),
    close: () => undefined,
  });
  return [bus(0), bus(1)];
}

describe('pubsub: whether anyone subscribes, in any process (the fast path reads events back only then)', () => {
  test('a subscription in one process is seen by the other at once, and its end too', async () => {
    const [a, b] = joinedBuses();
    const here = createPubSub(a);
    const there = createPubSub(b);
    assert.equal(here.hasSubscribers(), false);
    assert.equal(there.hasSubscribers(), false);

    const first = there.subscribe('default', 'account.credit');
    const second = there.subscribe('default', 'account.debit');
    assert.equal(there.hasSubscribers(), true);
    assert.equal(here.hasSubscribers(), true, 'told over the bus');

    await first.return!();
    assert.equal(here.hasSubscribers(), true, 'one subscription is still open');
    await second.return!();
    await second.return!();
    assert.equal(there.hasSubscribers(), false, 'a second return does not count twice');
    assert.equal(here.hasSubscribers(), false, 'the end is told at once');
    await here.close();
    await there.close();
  });
});
