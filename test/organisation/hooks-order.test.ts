import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { calendarDate } from '../../subgraphs/organisation/business-date.service.js';
import { TestService, type TenantSession } from '../support/service.js';
import { WebhookReceiver, type ReceivedDelivery } from '../support/webhook-receiver.js';

const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };
const eventIdOf = (d: ReceivedDelivery) => (JSON.parse(d.body) as { eventId: string }).eventId;

describe('hooks: concurrent deposits arrive once each, in the order the relay committed them, also after an outage', () => {
  let service: TestService;
  let t: TenantSession;
  let receiver: WebhookReceiver;
  let hookId: number;
  const accounts: number[] = [];
  const today = calendarDate('Africa/Lagos');

  before(async () => {
    service = await TestService.start({ env: { WEBHOOK_RETRY_BASE_MS: '40', WEBHOOK_POLL_MS: '40' } });
    t = await service.tenant('order');
    // The receiver is on 127.0.0.1: the tenant allows private targets.
    assert.equal((await t.put('/configurations/4', { enabled: true })).status, 200);
    receiver = await WebhookReceiver.start();
    const hook = await t.post('/hooks', {
      name: 'Web', displayName: 'Deposits', isActive: true, events: [{ entityName: 'SAVINGSACCOUNT', actionName: 'DEPOSIT' }],
      config: { 'Payload URL': receiver.url, 'Content Type': 'json' },
    });
    assert.equal(hook.status, 200, hook.text);
    hookId = hook.body.resourceId;
    const products = (await t.get('/savingsproducts')).body as { id: number; name: string }[];
    const productId = products.find((p) => p.name === 'Primary Savings')!.id;
    const officeId = await t.branch();
    // Five accounts, so the concurrent deposits commit in an order of their own rather than queueing on one row.
    for (let i = 0; i < 5; i++) {
      const client = await t.post('/clients', { officeId, legalFormId: 1, firstname: 'Order', lastname: `Depositor${i}`, active: true, activationDate: today, ...iso });
      assert.equal(client.status, 200, client.text);
      const savings = await t.post('/savingsaccounts', { clientId: client.body.clientId, productId, submittedOnDate: today, ...iso });
      assert.equal(savings.status, 200, savings.text);
      assert.equal((await t.post(`/savingsaccounts/${savings.body.savingsId}?command=activate`, {})).status, 200);
      accounts.push(savings.body.savingsId);
    }
  });
  after(async () => {
    await receiver.close();
    await service.stop();
  });

  const depositConcurrently = async (n: number): Promise<void> => {
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        t.post(`/savingsaccounts/${accounts[i % accounts.length]}/transactions?command=deposit`, { transactionDate: today, transactionAmount: i + 1, paymentTypeId: 2, ...iso }),
      ),
    );
    for (const res of results) assert.equal(res.status, 200, res.text);
  };

  /** The tenant's deposit events in the order the relay published them (its batches in turn, each in outbox id order). */
  const relayOrder = (): Promise<string[]> =>
    service.platform.db.system(async (em) =>
      (
        await em.execute<{ event_id: string }[]>(
          `select event_id from kernel.outbox where tenant_id = ? and event_type = 'account.credit' and published_at is not null order by published_at, id`,
          [t.tenant],
        )
      ).map((r) => r.event_id),
    );

  test('50 deposits fired at once: each event is received exactly once, in the relay order', async () => {
    await depositConcurrently(50);
    await receiver.waitFor((all) => all.length >= 50, 30_000, '50 deposits');
    await service.platform.relay!.drain();
    await service.platform.webhooks!.drain();
    const order = await relayOrder();
    assert.equal(order.length, 50);
    assert.deepEqual(receiver.received.map(eventIdOf), order);
  });

  test('while the receiver is down deliveries fail and wait; afterwards every event arrives once, in the relay order', async () => {
    await receiver.close();
    await depositConcurrently(20);
    // The first waiting delivery fails (connection refused) and is retried; the later ones wait behind it.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const failed = await t.get(`/hooks/${hookId}/deliveries?status=failed`);
      if (failed.body.pageItems.length >= 2) break;
      assert.ok(Date.now() < deadline, 'deliveries should fail while the receiver is down');
      await new Promise((res) => setTimeout(res, 50));
    }
    await receiver.listen();
    await receiver.waitFor((all) => all.length >= 70, 30_000, '70 deposits');
    await service.platform.relay!.drain();
    await service.platform.webhooks!.drain();
    const order = await relayOrder();
    assert.equal(order.length, 70);
    assert.deepEqual(receiver.received.map(eventIdOf), order);
  });
});
