import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dropTestDatabase } from '../support/database.js';
import { TenantSession, TestService } from '../support/service.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const client = (officeId: number, firstname: string) => ({ officeId, legalFormId: 1, firstname, lastname: 'Obi', active: true, activationDate: '01 January 2025', dateFormat: 'dd MMMM yyyy', locale: 'en' });

describe('events across instances and restarts', () => {
  test('a subscriber on instance B receives an event committed on instance A, through Redis', async () => {
    const a = await TestService.start({ env: { REDIS_URL } });
    // B shares A's database but runs no relay: the event can only reach it through Redis.
    const b = await TestService.start({ databaseUrl: a.databaseUrl, relay: false, env: { REDIS_URL, WEBHOOK_WORKER: 'off' } });
    try {
      const onA = await a.tenant('redis');
      const branch = await onA.branch();
      const onB = new TenantSession(b, onA.tenant, onA.key);
      assert.equal((await onB.get('/offices')).status, 200, 'the session works on B too');
      const subscriber = b.subscriptionClient(onB.tenant, onB.key);
      const seen: { displayName: string; officeId: number }[] = [];
      const stop = subscriber.subscribe(
        { query: 'subscription { clientCreated { displayName officeId } }' },
        { next: (v) => seen.push((v.data as { clientCreated: { displayName: string; officeId: number } }).clientCreated), error: () => undefined, complete: () => undefined },
      );
      const deadline = Date.now() + 30_000;
      for (let i = 0; seen.length === 0; i++) {
        assert.ok(Date.now() < deadline, 'B never received the event');
        if (i % 4 === 0) assert.equal((await onA.post('/clients', client(branch, `Remote${i}`))).status, 200);
        await new Promise((r) => setTimeout(r, 150));
      }
      assert.match(seen[0]!.displayName, /^Remote\d+ Obi$/);
      assert.equal(seen[0]!.officeId, branch);
      stop();
      await subscriber.dispose();
    } finally {
      await b.stop();
      await a.stop();
    }
  });

  test('a service stopped between commit and delivery delivers after restart', async () => {
    const receiver = await WebhookReceiver.start();
    // First life: events commit and are fanned out to deliveries, but this instance delivers nothing.
    const first = await TestService.start({ keepDatabase: true, env: { WEBHOOK_WORKER: 'off' } });
    const url = first.databaseUrl!;
    let eventId: string;
    let tenant: string;
    try {
      const t = await first.tenant('restart');
      tenant = t.tenant;
      assert.equal((await t.put('/configurations/4', { enabled: true })).status, 200);
      const hook = await t.post('/hooks', { name: 'Web', displayName: 'R', isActive: true, events: [{ entityName: 'CLIENT', actionName: 'CREATE' }], config: { 'Payload URL': receiver.url, 'Content Type': 'json' } });
      assert.equal(hook.status, 200, hook.text);
      const created = await t.post('/clients', client(await t.branch(), 'Durable'));
      assert.equal(created.status, 200, created.text);
      await first.platform.relay!.drain();
      const log = await t.get(`/hooks/${hook.body.resourceId}/deliveries`);
      assert.deepEqual(log.body.pageItems.map((i: { status: string; attempt: number }) => [i.attempt, i.status]), [[1, 'pending']]);
      eventId = log.body.pageItems[0].eventId;
    } finally {
      await first.stop();
    }
    assert.equal(receiver.received.length, 0);

    // Second life on the same database: the pending delivery goes out.
    const second = await TestService.start({ databaseUrl: url, env: { WEBHOOK_POLL_MS: '50' } });
    try {
      const [delivery] = await receiver.waitFor((all) => all.length >= 1);
      const body = JSON.parse(delivery!.body) as { eventId: string; eventType: string; tenantId: string };
      assert.deepEqual([body.eventId, body.eventType, body.tenantId], [eventId, 'client.created', tenant!]);
    } finally {
      await second.stop();
      await receiver.close();
      await dropTestDatabase(url);
    }
  });
});
