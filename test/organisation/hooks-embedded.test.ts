import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { TestService } from '../support/service.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

describe('webhook delivery on the embedded database (PGlite, one connection)', () => {
  let service: TestService;
  let receiver: WebhookReceiver;
  before(async () => {
    service = await TestService.start({ embedded: true, env: { WEBHOOK_RETRY_BASE_MS: '40', WEBHOOK_POLL_MS: '40' } });
    receiver = await WebhookReceiver.start();
  });
  after(async () => {
    await receiver.close();
    await service.stop();
  });

  test('a created client is delivered, signed, after one retry', async () => {
    const t = await service.tenant('emb');
    assert.equal((await t.put('/configurations/4', { enabled: true })).status, 200);
    receiver.respond = (i) => ({ status: i === 0 ? 503 : 200 });
    const hook = await t.post('/hooks', { name: 'Web', displayName: 'E', isActive: true, events: [{ entityName: 'CLIENT', actionName: 'CREATE' }], config: { 'Payload URL': receiver.url } });
    assert.equal(hook.status, 200, hook.text);
    const branch = await t.branch();
    const created = await t.post('/clients', { officeId: branch, legalFormId: 1, firstname: 'Emb', lastname: 'Edded', active: true, activationDate: '2025-01-01', dateFormat: 'yyyy-MM-dd', locale: 'en' });
    assert.equal(created.status, 200, created.text);
    const [first, second] = await receiver.waitFor((all) => all.length >= 2);
    assert.equal(first!.body, second!.body);
    const event = new Webhook(hook.body.secret).verify(second!.body, second!.headers as Record<string, string>) as { eventType: string; data: { clientId: number } };
    assert.equal(event.eventType, 'client.created');
    assert.equal(event.data.clientId, created.body.clientId);
  });
});
