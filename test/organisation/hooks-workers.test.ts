import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ServiceProcess } from '../support/service-process.js';
import type { TenantSession } from '../support/service.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * Worker 1 runs the delivery worker; any worker answers the hooks API. A test send (or a redelivery, or a
 * re-enabled hook) asked of another worker must wake it at commit, not wait for its poll, which this test
 * sets to ten minutes so that only the wake can deliver.
 */
describe('the hooks API wakes the delivery worker in another process', () => {
  let service: ServiceProcess;
  let admin: TenantSession<ServiceProcess>;
  let receiver: WebhookReceiver;

  before(async () => {
    service = await ServiceProcess.start({ WORKERS: '2', WEBHOOK_POLL_MS: '600000' });
    admin = await service.admin();
    assert.equal((await admin.put('/configurations/4', { enabled: true })).status, 200, 'receivers on 127.0.0.1 allowed');
    receiver = await WebhookReceiver.start();
  });
  after(async () => {
    await receiver?.close();
    await service?.stop();
  });

  test('test sends asked of either worker arrive, one by one, without waiting for the poll', async () => {
    const hook = await admin.post('/hooks', {
      name: 'Web', displayName: 'Across workers', isActive: true, config: { 'Payload URL': receiver.url, 'Content Type': 'json' },
      events: [{ entityName: 'CLIENT', actionName: 'CREATE' }],
    });
    assert.equal(hook.status, 200, hook.text);
    // Each request on a connection of its own: the workers' round robin gives both of them some. One at a
    // time, each awaited: a send that only the poll could deliver never arrives.
    for (let i = 0; i < 4; i++) {
      const res = await admin.post(`/hooks/${hook.body.resourceId}?command=test`);
      assert.equal(res.status, 200, res.text);
      await receiver.waitFor((all) => all.some((d) => JSON.parse(d.body).eventId === res.body.eventId), 30_000, `test send ${i + 1}`);
    }
    assert.equal(receiver.received.length, 4);
  });
});
