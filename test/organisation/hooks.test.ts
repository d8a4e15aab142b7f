import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { emit } from '../../subgraphs/kernel/outbox.js';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { WebhookReceiver, type ReceivedDelivery } from '../support/webhook-receiver.js';

const person = (officeId: number) => ({ officeId, legalFormId: 1, firstname: 'Ada', lastname: 'Obi', active: true, activationDate: '01 January 2025', dateFormat: 'dd MMMM yyyy', locale: 'en' });

const hookBody = (url: string, events: { entityName: string; actionName: string }[], config: Record<string, string> = {}) => ({
  name: 'Web', displayName: 'Receiver', isActive: true, events, config: { 'Payload URL': url, 'Content Type': 'json', ...config },
});

const body = (d: ReceivedDelivery) => JSON.parse(d.body) as { eventId: string; eventType: string; timestamp: string; tenantId: string; data: Record<string, unknown> };

describe('hooks: API, signed and retried delivery, delivery log', () => {
  let service: TestService;
  const receivers: WebhookReceiver[] = [];
  const receiver = async () => {
    const r = await WebhookReceiver.start();
    receivers.push(r);
    return r;
  };

  before(async () => {
    service = await TestService.start({ captureLogs: true, env: { LOG_LEVEL: 'info', WEBHOOK_RETRY_BASE_MS: '40', WEBHOOK_POLL_MS: '40' } });
  });
  after(async () => {
    for (const r of receivers) await r.close();
    await service.stop();
  });

  /** A tenant whose receivers may be on 127.0.0.1 (the tests' receivers are). */
  const tenant = async (prefix: string): Promise<TenantSession> => {
    const t = await service.tenant(prefix);
    const res = await t.put('/configurations/4', { enabled: true });
    assert.equal(res.status, 200, res.text);
    return t;
  };

  const createHook = async (t: TenantSession, url: string, events = [{ entityName: '*', actionName: '*' }], config: Record<string, string> = {}) => {
    const res = await t.post('/hooks', hookBody(url, events, config));
    assert.equal(res.status, 200, res.text);
    return res.body as { resourceId: number; secret?: string };
  };

  const emitIn = (t: TenantSession, eventType: string, entityName: string, actionName: string, data: Record<string, unknown>) =>
    service.platform.db.tx(t.tenant, (tx) => emit(tx, { eventType, entityName, actionName, data }));

  test('the template lists the events by entity, the event-name mapping and the Web config fields', async () => {
    const t = await service.tenant('tpl');
    const res = await t.get('/hooks/template');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.templates[0].schema.map((f: { fieldName: string }) => f.fieldName), ['Payload URL', 'Content Type', 'Secret']);
    const mapping = (res.body.events as { entityName: string; actionName: string; eventType: string }[]).map((e) => `${e.entityName}/${e.actionName}=${e.eventType}`);
    for (const expected of ['CLIENT/CREATE=client.created', 'CLIENT/BVN_DUPLICATE=bvn.duplicate_detected', 'SAVINGSACCOUNT/DEPOSIT=account.credit', 'SAVINGSACCOUNT/WITHDRAWAL=account.debit',
      'SAVINGSACCOUNT/ACTIVATE=account.created', 'LOAN/APPROVE=loan.approved', 'LOAN/DISBURSE=loan.disbursed', 'ACCOUNTTRANSFER/CREATE=account.debit', 'ACCOUNTTRANSFER/CREATE=account.credit', '*/*=*']) {
      assert.ok(mapping.includes(expected), `${expected} in ${mapping.join(', ')}`);
    }
    const entities = (res.body.groupings as { entities: { name: string; actions: string[] }[] }[]).flatMap((g) => g.entities);
    assert.deepEqual(entities.find((e) => e.name === 'SAVINGSACCOUNT')?.actions.sort(), ['ACTIVATE', 'DEPOSIT', 'WITHDRAWAL']);
  });

  test('only http(s) URLs; private targets refused unless the tenant allows them; bad events refused; nothing written', async () => {
    const t = await service.tenant('priv');
    for (const url of ['http://127.0.0.1:9/x', 'http://localhost:8080/x', 'http://10.1.2.3/x', 'http://169.254.169.254/latest', 'http://[::1]:80/x', 'http://192.168.0.10/x']) {
      assertError(await t.post('/hooks', hookBody(url, [{ entityName: 'CLIENT', actionName: 'CREATE' }])), 400, 'validation.msg.hook.payloadUrl.private.address');
    }
    assertError(await t.post('/hooks', hookBody('ftp://example.com/x', [{ entityName: 'CLIENT', actionName: 'CREATE' }])), 400, 'validation.msg.hook.payloadUrl.scheme.not.supported');
    assertError(await t.post('/hooks', hookBody('not a url', [{ entityName: 'CLIENT', actionName: 'CREATE' }])), 400, 'validation.msg.hook.payloadUrl.invalid');
    assertError(await t.post('/hooks', hookBody('https://example.com/x', [{ entityName: 'CLIENT', actionName: 'EXPLODE' }])), 400, 'validation.msg.hook.events[0].not.supported');
    assertError(await t.post('/hooks', { ...hookBody('https://example.com/x', []), name: 'Elastic' }), 400, 'validation.msg.hook.name.not.supported');
    assertError(await t.post('/hooks', { ...hookBody('https://example.com/x', [{ entityName: 'CLIENT', actionName: 'CREATE' }]), config: { 'Payload URL': 'https://example.com/x', Colour: 'red' } }), 400, 'validation.msg.hook.config.Colour.not.supported');
    assert.deepEqual((await t.get('/hooks')).body, []);

    // A public target is fine without the setting; the private one once the tenant turns it on.
    const pub = await t.post('/hooks', hookBody('https://example.com/webhooks', [{ entityName: 'CLIENT', actionName: 'CREATE' }]));
    assert.equal(pub.status, 200, pub.text);
    assert.equal((await t.put('/configurations/4', { enabled: true })).status, 200);
    const priv = await t.post('/hooks', hookBody('http://127.0.0.1:9/x', [{ entityName: 'CLIENT', actionName: 'CREATE' }]));
    assert.equal(priv.status, 200, priv.text);
  });

  test('the Secret is generated when absent, shown once, and never read back; update, delete, another tenant gets 404', async () => {
    const t = await tenant('sec');
    const created = await createHook(t, 'https://example.com/a', [{ entityName: 'CLIENT', actionName: 'CREATE' }]);
    assert.match(created.secret!, /^whsec_[A-Za-z0-9+/]{32}$/);
    const given = await t.post('/hooks', hookBody('https://example.com/b', [{ entityName: 'CLIENT', actionName: 'CREATE' }], { Secret: 'my-own-secret-0123456789' }));
    assert.equal(given.status, 200, given.text);
    assert.equal(given.body.secret, undefined, 'a given secret is not echoed');

    const one = await t.get(`/hooks/${created.resourceId}`);
    assert.equal(one.status, 200, one.text);
    assert.deepEqual(one.body.config, [{ fieldName: 'Payload URL', fieldValue: 'https://example.com/a' }, { fieldName: 'Content Type', fieldValue: 'json' }]);
    assert.deepEqual(one.body.events, [{ entityName: 'CLIENT', actionName: 'CREATE' }]);
    assert.equal(one.body.name, 'Web');
    assert.equal(one.body.isActive, true);
    assert.equal(one.body.failureCount, 0);
    const all = await t.get('/hooks');
    assert.equal(all.body.length, 2);
    for (const text of [one.text, all.text]) {
      assert.ok(!text.includes(created.secret!) && !text.includes('my-own-secret') && !text.includes('"Secret"'), text);
    }

    const updated = await t.put(`/hooks/${created.resourceId}`, { displayName: 'Renamed', isActive: false, events: [{ entityName: 'SAVINGSACCOUNT', actionName: 'DEPOSIT' }] });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body.changes.displayName, 'Renamed');
    const after = (await t.get(`/hooks/${created.resourceId}`)).body;
    assert.equal(after.displayName, 'Renamed');
    assert.equal(after.isActive, false);
    assert.deepEqual(after.events, [{ entityName: 'SAVINGSACCOUNT', actionName: 'DEPOSIT' }]);

    const other = await service.tenant('oth');
    assertError(await other.get(`/hooks/${created.resourceId}`), 404, 'error.msg.hook.identifier.not.found');
    assertError(await other.delete(`/hooks/${created.resourceId}`), 404, 'error.msg.hook.identifier.not.found');
    assert.equal((await t.delete(`/hooks/${created.resourceId}`)).status, 200);
    assertError(await t.get(`/hooks/${created.resourceId}`), 404, 'error.msg.hook.identifier.not.found');

    const clerk = await t.userWithRoles([2]);
    assertError(await clerk.post('/hooks', hookBody('https://example.com/c', [{ entityName: 'CLIENT', actionName: 'CREATE' }])), 403, 'error.msg.not.authorized');
  });

  test('a receiver that answers 500 three times then 200 gets the same eventId and body four times, each validly signed', async () => {
    const t = await tenant('retry');
    const r = await receiver();
    let clientCreatedSeen = 0;
    r.respond = (_i, d) => (body(d).eventType === 'client.created' && ++clientCreatedSeen <= 3 ? { status: 500 } : { status: 200 });
    const hook = await createHook(t, r.url, [{ entityName: 'CLIENT', actionName: 'CREATE' }]);
    const branch = await t.branch();
    const client = await t.post('/clients', person(branch));
    assert.equal(client.status, 200, client.text);

    const got = await r.waitFor((all) => all.filter((d) => body(d).eventType === 'client.created').length >= 4);
    const deliveries = got.filter((d) => body(d).eventType === 'client.created');
    assert.equal(deliveries.length, 4);
    assert.equal(new Set(deliveries.map((d) => d.body)).size, 1, 'same body every time');
    const event = body(deliveries[0]!);
    assert.match(event.eventId, /^evt_/);
    assert.deepEqual(Object.keys(event), ['eventId', 'eventType', 'timestamp', 'tenantId', 'data']);
    assert.equal(event.tenantId, t.tenant);
    assert.equal(event.data.clientId, client.body.clientId);
    const verifier = new Webhook(hook.secret!);
    for (const d of deliveries) {
      assert.equal(d.headers['webhook-id'], event.eventId);
      assert.equal(d.headers['x-service-entity'], 'CLIENT');
      assert.equal(d.headers['x-service-action'], 'CREATE');
      assert.equal(d.headers['service-platform-tenantid'], t.tenant);
      assert.equal(d.headers['content-type'], 'application/json');
      assert.deepEqual(verifier.verify(d.body, d.headers as Record<string, string>), event);
    }
    assert.throws(() => new Webhook(`whsec_${Buffer.from('another-secret-entirely').toString('base64')}`).verify(deliveries[0]!.body, deliveries[0]!.headers as Record<string, string>));

    // The log: one item per attempt, newest first; the hook shows the last status and the failures.
    // (The attempt is recorded just after the receiver answered: wait for it.)
    for (let i = 0; i < 400 && (await t.get(`/hooks/${hook.resourceId}/deliveries?status=delivered`)).body.totalFilteredRecords === 0; i++) await new Promise((r) => setTimeout(r, 25));
    const log = await t.get(`/hooks/${hook.resourceId}/deliveries`);
    assert.equal(log.status, 200, log.text);
    assert.equal(log.body.totalFilteredRecords, 4);
    assert.deepEqual(log.body.pageItems.map((i: { attempt: number; status: string; statusCode: number }) => [i.attempt, i.status, i.statusCode]), [[4, 'delivered', 200], [3, 'failed', 500], [2, 'failed', 500], [1, 'failed', 500]]);
    const item = log.body.pageItems[1];
    assert.equal(item.eventId, event.eventId);
    assert.equal(item.eventType, 'client.created');
    assert.equal(typeof item.durationMs, 'number');
    assert.equal(item.error, 'HTTP 500');
    assert.ok(item.nextAttemptAt, 'a failed attempt says when the next one is');
    const failed = await t.get(`/hooks/${hook.resourceId}/deliveries?status=failed&limit=2`);
    assert.equal(failed.body.totalFilteredRecords, 3);
    assert.equal(failed.body.pageItems.length, 2);
    assertError(await t.get(`/hooks/${hook.resourceId}/deliveries?status=weird`), 400, 'validation.msg.hook.delivery.status.invalid');
    const shown = (await t.get(`/hooks/${hook.resourceId}`)).body;
    assert.equal(shown.lastDeliveryStatus, 'delivered');
    assert.equal(shown.lastStatusCode, 200);
    assert.equal(shown.failureCount, 3);

    // Operations: each attempt's outcome and the relay's lag are in the structured log.
    const attempts = service.logs.filter((l) => l.msg === 'webhook delivery' && l.eventId === event.eventId);
    assert.deepEqual(attempts.map((l) => [l.attempt, l.outcome, l.statusCode]), [[1, 'failed', 500], [2, 'failed', 500], [3, 'failed', 500], [4, 'delivered', 200]]);
    assert.equal(typeof attempts[3]!.deliveryLagMs, 'number');
    assert.ok(service.logs.some((l) => l.msg === 'outbox relayed' && typeof l.relayLagMsMax === 'number'));

    // Replay: the same body under the same eventId once more.
    const replay = await t.post(`/hooks/${hook.resourceId}/deliveries/${item.deliveryId}?command=redeliver`);
    assert.equal(replay.status, 200, replay.text);
    assert.equal(replay.body.resourceId, item.deliveryId);
    await r.waitFor((all) => all.filter((d) => body(d).eventType === 'client.created').length >= 5);
    assert.equal(r.ofType('client.created')[4]!.body, deliveries[0]!.body);
    assertError(await t.post(`/hooks/${hook.resourceId}/deliveries/999999?command=redeliver`), 404, 'error.msg.hook.delivery.id.invalid');
  });

  test('a plain (non-whsec) Secret signs with its UTF-8 bytes; ?command=test sends hook.test', async () => {
    const t = await tenant('raw');
    const r = await receiver();
    const secret = 'plain-ascii-secret-0123456789';
    const hook = await createHook(t, r.url, [{ entityName: 'CLIENT', actionName: 'CREATE' }], { Secret: secret });
    const sent = await t.post(`/hooks/${hook.resourceId}?command=test`);
    assert.equal(sent.status, 200, sent.text);
    const [d] = await r.waitFor((all) => all.length >= 1);
    assert.equal(body(d!).eventType, 'hook.test');
    assert.equal(body(d!).eventId, sent.body.eventId);
    assert.equal(d!.headers['x-service-entity'], 'HOOK');
    assert.deepEqual(new Webhook(secret, { format: 'raw' }).verify(d!.body, d!.headers as Record<string, string>), body(d!));
  });

  test('a receiver down for a while gets every event afterwards, in commit order', async () => {
    const t = await tenant('down');
    const r = await WebhookReceiver.down();
    receivers.push(r);
    const hook = await createHook(t, r.url, [{ entityName: 'JOURNALENTRY', actionName: 'CREATE' }, { entityName: 'CLIENT', actionName: 'CREATE' }]);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await emitIn(t, 'client.created', 'CLIENT', 'CREATE', { clientId: 100 + i, officeId: 1 })).eventId);
    // The first delivery fails (connection refused) and is retried; the later ones wait behind it, untried.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const failed = await t.get(`/hooks/${hook.resourceId}/deliveries?status=failed`);
      if (failed.body.pageItems.length >= 2) {
        assert.match(failed.body.pageItems[0].error, /ECONNREFUSED/);
        assert.deepEqual(new Set(failed.body.pageItems.map((i: { eventId: string }) => i.eventId)), new Set([ids[0]]));
        break;
      }
      assert.ok(Date.now() < deadline, 'deliveries should fail while the receiver is down');
      await new Promise((res) => setTimeout(res, 50));
    }
    await r.listen();
    await r.waitFor((all) => ids.every((id) => all.some((d) => body(d).eventId === id)));
    assert.deepEqual(r.received.map((d) => body(d).eventId), ids, 'each event once, in commit order');
  });

  test('410 Gone disables the hook and kills the delivery; a disabled hook gets nothing new', async () => {
    const t = await tenant('gone');
    const r = await receiver();
    r.respond = () => ({ status: 410 });
    const hook = await createHook(t, r.url);
    await emitIn(t, 'client.created', 'CLIENT', 'CREATE', { clientId: 1, officeId: 1 });
    await r.waitFor((all) => all.length >= 1);
    let shown;
    for (let i = 0; i < 200; i++) {
      shown = (await t.get(`/hooks/${hook.resourceId}`)).body;
      if (!shown.isActive) break;
      await new Promise((res) => setTimeout(res, 25));
    }
    assert.equal(shown.isActive, false);
    assert.equal(shown.lastDeliveryStatus, 'dead');
    const log = await t.get(`/hooks/${hook.resourceId}/deliveries`);
    assert.deepEqual(log.body.pageItems.map((i: { status: string; statusCode: number }) => [i.status, i.statusCode]), [['dead', 410]]);
    // A disabled hook gets no new deliveries.
    await emitIn(t, 'client.created', 'CLIENT', 'CREATE', { clientId: 2, officeId: 1 });
    await service.platform.relay!.drain();
    await service.platform.webhooks!.drain();
    assert.equal(r.received.length, 1);
  });

  test('a rolled-back change emits nothing; tenant A\'s hook never receives tenant B\'s events', async () => {
    const a = await tenant('ta');
    const b = await tenant('tb');
    const ra = await receiver();
    const rb = await receiver();
    await createHook(a, ra.url);
    await createHook(b, rb.url);
    await assert.rejects(
      service.platform.db.tx(a.tenant, async (tx) => {
        await emit(tx, { eventType: 'account.credit', entityName: 'SAVINGSACCOUNT', actionName: 'DEPOSIT', data: { accountId: 1, amount: '1.00', officeId: 1 } });
        throw new Error('deposit refused after the event was written');
      }),
      /deposit refused/,
    );
    const committed = await emitIn(a, 'account.credit', 'SAVINGSACCOUNT', 'DEPOSIT', { accountId: 1, amount: '2.00', officeId: 1 });
    const fromB = await emitIn(b, 'account.credit', 'SAVINGSACCOUNT', 'DEPOSIT', { accountId: 1, amount: '3.00', officeId: 1 });
    await ra.waitFor((all) => all.some((d) => body(d).eventId === committed.eventId));
    await rb.waitFor((all) => all.some((d) => body(d).eventId === fromB.eventId));
    await service.platform.relay!.drain();
    await service.platform.webhooks!.drain();
    assert.deepEqual(ra.ofType('account.credit').map((d) => body(d).data.amount), ['2.00']);
    assert.ok(ra.received.every((d) => body(d).tenantId === a.tenant && d.headers['service-platform-tenantid'] === a.tenant));
    assert.ok(rb.received.every((d) => body(d).tenantId === b.tenant));
  });

  test('hook pairs: DEPOSIT gets credits, ACCOUNTTRANSFER/CREATE gets both legs of a transfer, BVN_DUPLICATE gets bvn.duplicate_detected', async () => {
    const t = await tenant('pairs');
    const deposits = await receiver();
    const transfers = await receiver();
    const bvn = await receiver();
    await createHook(t, deposits.url, [{ entityName: 'SAVINGSACCOUNT', actionName: 'DEPOSIT' }]);
    await createHook(t, transfers.url, [{ entityName: 'ACCOUNTTRANSFER', actionName: 'CREATE' }]);
    await createHook(t, bvn.url, [{ entityName: 'CLIENT', actionName: 'BVN_DUPLICATE' }]);
    const leg = { transferId: 'T1', amount: '5.00', officeId: 1 };
    const debit = await emitIn(t, 'account.debit', 'SAVINGSACCOUNT', 'WITHDRAWAL', { ...leg, accountId: 1 });
    const credit = await emitIn(t, 'account.credit', 'SAVINGSACCOUNT', 'DEPOSIT', { ...leg, accountId: 2 });
    const cash = await emitIn(t, 'account.credit', 'SAVINGSACCOUNT', 'DEPOSIT', { accountId: 2, amount: '7.00', officeId: 1 });
    const dup = await emitIn(t, 'bvn.duplicate_detected', 'CLIENT', 'BVNDUPLICATE', { clientId: 9, officeId: 1 });
    await transfers.waitFor((all) => all.length >= 2);
    await deposits.waitFor((all) => all.length >= 2);
    await bvn.waitFor((all) => all.length >= 1);
    await service.platform.relay!.drain();
    await service.platform.webhooks!.drain();
    assert.deepEqual(new Set(transfers.received.map((d) => body(d).eventId)), new Set([debit.eventId, credit.eventId]));
    const legHeaders = transfers.received.map((d) => `${body(d).eventType} ${d.headers['x-service-entity']}/${d.headers['x-service-action']}`).sort();
    assert.deepEqual(legHeaders, ['account.credit SAVINGSACCOUNT/DEPOSIT', 'account.debit SAVINGSACCOUNT/WITHDRAWAL']);
    assert.deepEqual(new Set(deposits.received.map((d) => body(d).eventId)), new Set([credit.eventId, cash.eventId]));
    assert.deepEqual(bvn.received.map((d) => body(d).eventId), [dup.eventId]);
    assert.equal(bvn.received[0]!.headers['x-service-action'], 'BVN_DUPLICATE');
  });

  test('the private-address check is repeated at delivery time; a replay after allowing it delivers', async () => {
    const t = await tenant('late');
    const r = await receiver();
    const hook = await createHook(t, r.url.replace('127.0.0.1', 'localhost'), [{ entityName: 'CLIENT', actionName: 'CREATE' }]);
    assert.equal((await t.put('/configurations/4', { enabled: false })).status, 200);
    await emitIn(t, 'client.created', 'CLIENT', 'CREATE', { clientId: 1, officeId: 1 });
    let failed;
    for (let i = 0; i < 400; i++) {
      failed = await t.get(`/hooks/${hook.resourceId}/deliveries?status=failed`);
      if (failed.body.totalFilteredRecords > 0) break;
      await new Promise((res) => setTimeout(res, 25));
    }
    assert.match(failed!.body.pageItems[0].error, /private/);
    assert.equal(r.received.length, 0);
    assert.equal((await t.put('/configurations/4', { enabled: true })).status, 200);
    const replay = await t.post(`/hooks/${hook.resourceId}/deliveries/${failed!.body.pageItems[0].deliveryId}?command=redeliver`);
    assert.equal(replay.status, 200, replay.text);
    await r.waitFor((all) => all.length >= 1);
  });
});
