import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import BigNumber from 'bignumber.js';
import { TestService, type TenantSession } from '../support/service.js';
import { WebhookReceiver, type ReceivedDelivery } from '../support/webhook-receiver.js';
import { corporateClient, deposit, openAccount, pinBusinessDate, productIds, transfer, withdraw } from './support.js';

type Line = { id: number; glCode: string };
type PostingData = { transactionId: string; amount: string; lines: Line[] };
type Envelope = { eventId: string; eventType: string; tenantId: string; data: PostingData & { accountId?: number } };
const body = (d: ReceivedDelivery) => JSON.parse(d.body) as Envelope;

/**
 * A deposit or withdrawal writes one outbox row (issue 28: one row per business event); its journal
 * posting rides in it. Receivers must not see the difference: hooks and subscribers get the posting's
 * journal.entry.posted event, with its journal line ids, right before the movement's event.
 */
describe("a movement's posting rides in its event row", () => {
  let service: TestService;
  let t: TenantSession;
  let receiver: WebhookReceiver;

  before(async () => {
    service = await TestService.start({ env: { WEBHOOK_RETRY_BASE_MS: '40', WEBHOOK_POLL_MS: '40' } });
    t = await service.tenant('ride');
    await pinBusinessDate(t);
    assert.equal((await t.put('/configurations/4', { enabled: true })).status, 200, 'receivers on 127.0.0.1 allowed');
    receiver = await WebhookReceiver.start();
    const hook = await t.post('/hooks', {
      name: 'Web', displayName: 'Ledger feed', isActive: true, config: { 'Payload URL': receiver.url, 'Content Type': 'json' },
      events: [{ entityName: 'JOURNALENTRY', actionName: 'CREATE' }, { entityName: 'SAVINGSACCOUNT', actionName: 'DEPOSIT' }, { entityName: 'SAVINGSACCOUNT', actionName: 'WITHDRAWAL' }],
    });
    assert.equal(hook.status, 200, hook.text);
  });
  after(async () => {
    await receiver.close();
    await service.stop();
  });

  test('one outbox row per deposit and withdrawal; hooks and the journalEntryPosted subscription still get each posting, with its line ids, before the movement', async () => {
    const postings: PostingData[] = [];
    const client = service.subscriptionClient(t.tenant, t.key);
    const subscribed = new Promise<void>((resolve) => client.on('connected', () => resolve()));
    const stop = client.subscribe(
      { query: 'subscription { journalEntryPosted { transactionId amount lines { id glCode entryType { value } amount } } }' },
      { next: (value) => postings.push((value.data as { journalEntryPosted: PostingData }).journalEntryPosted), error: () => undefined, complete: () => undefined },
    );
    await subscribed;
    // The subscription is registered once the server has seen it; a posting before then would be missed.
    await new Promise((r) => setTimeout(r, 300));

    const branch = await t.branch();
    const account = await openAccount(t, await corporateClient(t, branch), (await productIds(t)).savings);
    const rowsBefore = await outboxRows(account);
    const d = await deposit(t, account, '250.75');
    assert.equal(d.status, 200, d.text);
    const w = await withdraw(t, account, '100.25');
    assert.equal(w.status, 200, w.text);

    const rows = (await outboxRows(account)).slice(rowsBefore.length);
    assert.deepEqual(rows.map((r) => [r.event_type, r.companions]), [['account.credit', ['journal.entry.posted']], ['account.debit', ['journal.entry.posted']]], 'one row per movement, its posting riding in it');

    const journal = async (id: number) => (await t.get(`/journalentries?transactionId=S${id}`)).body.pageItems as { id: number; glAccountCode: string; amount: number }[];
    const wanted = ['journal.entry.posted', 'account.credit', 'journal.entry.posted', 'account.debit'];
    await receiver.waitFor((all) => relevant(all, d.body.resourceId, w.body.resourceId).length >= wanted.length);
    const delivered = relevant(receiver.received, d.body.resourceId, w.body.resourceId);
    assert.deepEqual(delivered.map((e) => e.eventType), wanted, 'each posting just before its movement');
    assert.equal(new Set(delivered.map((e) => e.eventId)).size, 4, 'four events, four ids');
    for (const [posting, id, amount] of [[delivered[0]!, d.body.resourceId, '250.75'], [delivered[2]!, w.body.resourceId, '100.25']] as const) {
      assert.equal(posting.data.transactionId, `S${id}`);
      assert.equal(new BigNumber(posting.data.amount).toFixed(2), amount);
      const lines = await journal(id);
      assert.deepEqual(posting.data.lines.map((l) => l.id).sort(), lines.map((l) => l.id).sort(), 'the line ids of the journal as written');
      assert.deepEqual(posting.data.lines.map((l) => l.glCode).sort(), ['11201', '21101']);
    }

    const deadline = Date.now() + 10_000;
    while (postings.filter((p) => p.transactionId === `S${d.body.resourceId}` || p.transactionId === `S${w.body.resourceId}`).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const live = postings.filter((p) => p.transactionId === `S${d.body.resourceId}` || p.transactionId === `S${w.body.resourceId}`);
    assert.deepEqual(live.map((p) => [p.transactionId, p.amount]), [[`S${d.body.resourceId}`, '250.75'], [`S${w.body.resourceId}`, '100.25']]);
    assert.deepEqual(live[0]!.lines.map((l) => l.id).sort(), (await journal(d.body.resourceId)).map((l) => l.id).sort());
    stop();
    await client.dispose();
  });

  test("a transfer writes one row per leg; its posting rides in the debit's row and reaches the hook just before it", async () => {
    const branch = await t.branch();
    const products = await productIds(t);
    const from = await openAccount(t, await corporateClient(t, branch), products.savings);
    const to = await openAccount(t, await corporateClient(t, branch), products.savings);
    assert.equal((await deposit(t, from, '500')).status, 200);
    const fromBefore = (await outboxRows(from)).length;
    const toBefore = (await outboxRows(to)).length;
    const moved = await transfer(t, from, to, '120.50');
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual((await outboxRows(from)).slice(fromBefore).map((r) => [r.event_type, r.companions]), [['account.debit', ['journal.entry.posted']]]);
    assert.deepEqual((await outboxRows(to)).slice(toBefore).map((r) => [r.event_type, r.companions]), [['account.credit', []]]);

    const transferId = moved.body.resourceId as number;
    const ofTransfer = (all: ReceivedDelivery[]) => {
      const events = all.map(body);
      const debit = events.findIndex((e) => e.eventType === 'account.debit' && (e.data as { transferId?: number }).transferId === transferId);
      return debit < 1 ? [] : events.slice(debit - 1, debit + 2);
    };
    await receiver.waitFor((all) => ofTransfer(all).length === 3);
    const [posting, debit, credit] = ofTransfer(receiver.received);
    assert.deepEqual([posting!.eventType, debit!.eventType, credit!.eventType], ['journal.entry.posted', 'account.debit', 'account.credit']);
    assert.equal(posting!.data.transactionId, `S${(debit!.data as unknown as { transactionId: number }).transactionId}`);
    assert.equal(new BigNumber(posting!.data.amount).toFixed(2), '120.50');
  });

  /** This account's outbox rows: each row's own event type, and those riding in it. */
  async function outboxRows(account: number): Promise<{ event_type: string; companions: string[] }[]> {
    return service.platform.db.system((em) => em.execute(
      `select event_type, coalesce((select jsonb_agg(c->'payload'->>'eventType') from jsonb_array_elements(companions) c), '[]') as companions
         from kernel.outbox where tenant_id = ? and (payload->'data'->>'accountId')::int = ? order by id`,
      [t.tenant, account],
    ));
  }
});

/** The deliveries of the two movements and their postings, in arrival order. */
function relevant(all: ReceivedDelivery[], depositId: number, withdrawalId: number): Envelope[] {
  const ids = new Set([depositId, withdrawalId]);
  return all.map(body).filter((e) => (e.eventType === 'journal.entry.posted' ? ids.has(Number(String(e.data.transactionId).slice(1))) : ids.has(Number(e.data.transactionId))));
}
