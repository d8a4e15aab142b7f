import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { TestService, type TenantSession } from '../support/service.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';
import { activeClient, deposit, openAccount, pinBusinessDate, productIds, TODAY, transfer, withdraw } from './support.js';

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Real money movements over REST reach webhook receivers and live subscribers with the interface's data. */
describe('account events end to end: deposits, withdrawals and transfers to hooks and subscriptions', () => {
  let service: TestService;
  let t: TenantSession;
  let receiver: WebhookReceiver;

  before(async () => {
    service = await TestService.start({ env: { WEBHOOK_RETRY_BASE_MS: '40', WEBHOOK_POLL_MS: '40' } });
    t = await service.tenant();
    await pinBusinessDate(t);
    receiver = await WebhookReceiver.start();
    assert.equal((await t.put('/configurations/4', { enabled: true })).status, 200);
  });
  after(async () => {
    await receiver.close();
    await service.stop();
  });

  test('a deposit is delivered signed as account.credit and streamed to an accountTransactions subscriber', async () => {
    const branch = await t.branch();
    const { savings } = await productIds(t);
    const clientId = await activeClient(t, branch);
    const accountId = await openAccount(t, clientId, savings);
    const account = (await t.get(`/savingsaccounts/${accountId}`)).body;
    const hook = await t.post('/hooks', {
      name: 'Web', displayName: 'Deposits', isActive: true, events: [{ entityName: 'SAVINGSACCOUNT', actionName: 'DEPOSIT' }, { entityName: 'ACCOUNTTRANSFER', actionName: 'CREATE' }],
      config: { 'Payload URL': receiver.url, 'Content Type': 'json' },
    });
    assert.equal(hook.status, 200, hook.text);
    const secret = hook.body.secret as string;

    const client = service.subscriptionClient(t.tenant, t.key);
    const streamed: Record<string, unknown>[] = [];
    const stop = client.subscribe(
      { query: `subscription { accountTransactions(accountId: "${accountId}") { accountId accountNo transactionId type entryType amount runningBalance currency date officeId } }` },
      { next: (v) => streamed.push((v.data as { accountTransactions: Record<string, unknown> }).accountTransactions), error: () => undefined, complete: () => undefined },
    );
    // The subscription is live once a probe deposit streams; the one under test comes after.
    const deadline = Date.now() + 30_000;
    while (streamed.length === 0) {
      assert.ok(Date.now() < deadline, 'timed out waiting for the subscription to start');
      assert.equal((await deposit(t, accountId, '1')).status, 200);
      await new Promise((r) => setTimeout(r, 300));
    }
    const before = streamed.length;
    const res = await deposit(t, accountId, '1500.75');
    assert.equal(res.status, 200, res.text);
    const balanceAfter = (await t.get(`/savingsaccounts/${accountId}`)).body.summary.accountBalance as number;

    await until(() => streamed.some((e) => e.transactionId === String(res.body.resourceId)), 'the streamed deposit');
    assert.ok(streamed.length > before);
    assert.deepEqual(streamed.find((e) => e.transactionId === String(res.body.resourceId)), {
      accountId: String(accountId), accountNo: account.accountNo, transactionId: String(res.body.resourceId), type: 'DEPOSIT', entryType: 'CREDIT',
      amount: '1500.75', runningBalance: String(balanceAfter), currency: 'NGN', date: TODAY, officeId: branch,
    });

    const delivered = await receiver.waitFor((r) => r.some((d) => JSON.parse(d.body).data.reference === String(res.body.resourceId)), 30_000, 'the deposit webhook');
    const delivery = delivered.find((d) => JSON.parse(d.body).data.reference === String(res.body.resourceId))!;
    const verified = new Webhook(secret).verify(delivery.body, {
      'webhook-id': String(delivery.headers['webhook-id']), 'webhook-timestamp': String(delivery.headers['webhook-timestamp']), 'webhook-signature': String(delivery.headers['webhook-signature']),
    }) as { eventId: string; eventType: string; tenantId: string; data: Record<string, unknown> };
    assert.equal(verified.eventType, 'account.credit');
    assert.equal(verified.tenantId, t.tenant);
    assert.match(verified.eventId, /^evt_/);
    assert.equal(delivery.headers['x-service-entity'], 'SAVINGSACCOUNT');
    assert.equal(delivery.headers['x-service-action'], 'DEPOSIT');
    const client_ = (await t.get(`/clients/${clientId}`)).body;
    assert.deepEqual(
      { ...verified.data, originator: undefined },
      {
        accountId, accountNo: account.accountNo, clientId, cif: client_.cif, amount: 1500.75, currency: 'NGN', runningBalance: balanceAfter, reference: String(res.body.resourceId),
        transactionId: res.body.resourceId, type: 'DEPOSIT', date: TODAY, officeId: branch, staffId: null, originator: undefined,
      },
    );
    assert.equal((verified.data.originator as { bankName: string }).bankName, t.tenant, 'the tenant\'s bank for a deposit');

    // A withdrawal is not a DEPOSIT: the hook does not get it. A transfer's legs reach ACCOUNTTRANSFER/CREATE.
    const other = await openAccount(t, clientId, savings);
    assert.equal((await withdraw(t, accountId, '0.75')).status, 200);
    const moved = await transfer(t, accountId, other, '100');
    assert.equal(moved.status, 200, moved.text);
    await receiver.waitFor((r) => r.filter((d) => JSON.parse(d.body).data.transferId != null).length === 2, 30_000, 'both transfer legs');
    const types = receiver.received.map((d) => JSON.parse(d.body) as { eventType: string; data: { transferId?: number; amount: number } });
    assert.deepEqual(types.filter((e) => e.data.transferId != null).map((e) => e.eventType).sort(), ['account.credit', 'account.debit']);
    assert.ok(!types.some((e) => e.eventType === 'account.debit' && e.data.transferId == null), 'the plain withdrawal was not delivered');
    stop();
    await client.dispose();
  });
});
