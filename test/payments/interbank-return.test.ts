import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { customer, type Customer } from '../self/support.js';
import { assertSchemas, inbound, interbankBody, iso, nuban, outbox, settlementMovement, TODAY } from './support.js';

/** The report's NGN row by column name (the columns after netAmount are the returns'). */
type ReportRow = Record<string, number | string>;

/**
 * Issue 33 point 7, second half: undo stays refused on inter-bank legs, and a return is a new, four-eyes
 * adjustment. A maker submits it (nothing moves), the maker cannot approve it (403), another user's approval
 * posts a new savings transaction against GL 11201 with its event, and the settlement report counts it so
 * its net still equals what inter-bank postings moved GL 11201 by.
 */
describe('returns of inter-bank legs', () => {
  let service: TestService;
  let t: TenantSession;
  let checker: TenantSession;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: TODAY, ...iso })).status, 200);
    checker = await t.userWithRoles([1]);
  });
  after(async () => service.stop());

  async function funded(amount: number): Promise<Customer> {
    const c = await customer(t);
    const res = await t.post(`/savingsaccounts/${c.savingsId}/transactions?command=deposit`, { transactionDate: TODAY, transactionAmount: amount, paymentTypeId: 2, ...iso });
    assert.equal(res.status, 200, res.text);
    return c;
  }
  const balance = async (accountId: number) => (await t.get(`/savingsaccounts/${accountId}`)).body.summary.accountBalance as number;
  const submit = (session: TenantSession, body: Record<string, unknown>) => session.post('/interbank/returns', body);
  const approve = (session: TenantSession, id: number) => session.post(`/interbank/returns/${id}?command=approve`);
  const reject = (session: TenantSession, id: number) => session.post(`/interbank/returns/${id}?command=reject`);
  async function report(): Promise<ReportRow> {
    const res = await t.get(`/runreports/Interbank%20Settlement?R_date=${TODAY}`);
    assert.equal(res.status, 200, res.text);
    const names = (res.body.columnHeaders as { columnName: string }[]).map((h) => h.columnName);
    const row = (res.body.data as { row: (number | string)[] }[]).find((d) => d.row[0] === 'NGN')?.row;
    return Object.fromEntries(names.map((n, i) => [n, row ? row[i]! : 0]));
  }
  async function sent(c: Customer, amount: number): Promise<{ sessionId: string; transactionId: number }> {
    const res = await c.session.post('/self/accounttransfers', interbankBody(c.savingsId, '058', nuban(3), amount));
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'SUCCESSFUL');
    const transfer = (await t.get('/interbank/transfers?status=SUCCESSFUL')).body.find((x: { sessionId: string }) => x.sessionId === res.body.sessionId);
    return { sessionId: res.body.sessionId, transactionId: transfer.savingsTransactionId };
  }
  async function received(c: Customer, amount: number): Promise<{ sessionId: string; transactionId: number }> {
    const sessionId = `999058${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const res = await inbound(service, t.tenant, { sessionId, accountNumber: c.accountNo, amount, currency: 'NGN', narration: 'invoice', originator: { bankName: 'Access Bank', accountNo: '0123456781', senderName: 'Ada Obi' } });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'CREDITED');
    return { sessionId, transactionId: res.body.resourceId };
  }

  test('an outbound transfer returned: nothing moves until a second user approves; then the customer is credited against GL 11201', async () => {
    const c = await funded(10000);
    const leg = await sent(c, 2500);
    // 10,000 - 2,500 = 7,500.
    assert.equal(await balance(c.savingsId), 7500);
    const before = await report();

    const made = await submit(t, { direction: 'OUTBOUND', sessionId: leg.sessionId, reason: 'returned by beneficiary bank: account closed' });
    assert.equal(made.status, 200, made.text);
    assert.equal(made.body.changes.status, 'PENDING');
    const id = made.body.resourceId as number;
    assert.equal(await balance(c.savingsId), 7500, 'a submitted return moves nothing');

    // Four eyes: the maker cannot approve, and nothing moves.
    assertError(await approve(t, id), 403, 'error.msg.interbank.return.cannot.approve.own');
    assert.equal(await balance(c.savingsId), 7500);
    // A second return of the same leg while one is live.
    assertError(await submit(checker, { direction: 'OUTBOUND', sessionId: leg.sessionId, reason: 'again' }), 403, 'error.msg.interbank.return.already.exists');

    const approved = await approve(checker, id);
    assert.equal(approved.status, 200, approved.text);
    assert.equal(approved.body.changes.status, 'APPROVED');
    const returnTxn = approved.body.subResourceId as number;
    // 7,500 + 2,500 returned = 10,000.
    assert.equal(await balance(c.savingsId), 10000);
    const read = (await t.get(`/interbank/returns/${id}`)).body;
    assert.deepEqual([read.status, read.direction, read.amount, read.savingsTransactionId, read.originalTransactionId, read.returnedOn], ['APPROVED', 'OUTBOUND', 2500, returnTxn, leg.transactionId, [2026, 3, 2]]);
    assert.notEqual(read.makerId, read.checkerId);

    // GL 11201: the debit credited it 2,500, the return debits it 2,500.
    assert.equal(await settlementMovement(service, t.tenant, [`S${leg.transactionId}`]), -2500);
    assert.equal(await settlementMovement(service, t.tenant, [`S${returnTxn}`]), 2500);
    const txn = (await t.get(`/savingsaccounts/${c.savingsId}/transactions/${returnTxn}`)).body;
    assert.deepEqual([txn.amount, txn.transactionType.deposit, txn.reversed], [2500, true, false]);

    // The report: one more outbound returned, 2,500; net moves by -2,500 (the outbound itself was counted before).
    const after = await report();
    assert.equal(Number(after.outboundReturnedCount) - Number(before.outboundReturnedCount), 1);
    assert.equal(Number(after.outboundReturnedAmount) - Number(before.outboundReturnedAmount), 2500);
    assert.equal(Number(after.netAmount) - Number(before.netAmount), -2500);

    // The event: an account.credit of type INTERBANK_RETURN naming the session, valid against its schema.
    const events = (await outbox(service, t.tenant, ['account.credit'])).filter((e) => Number(e.payload.data.transactionId) === returnTxn);
    assert.equal(events.length, 1);
    assert.deepEqual([events[0]!.payload.data.type, events[0]!.payload.data.sessionId, events[0]!.payload.data.amount], ['INTERBANK_RETURN', leg.sessionId, 2500]);
    assertSchemas(events);

    // The return is itself an inter-bank leg: undo is refused, and a decided return cannot be decided again.
    assertError(await t.post(`/savingsaccounts/${c.savingsId}/transactions/${returnTxn}?command=undo`), 403, 'error.msg.savingsaccount.transaction.interbank.undo.not.allowed');
    assertError(await approve(checker, id), 403, 'error.msg.interbank.return.not.pending');
    assert.equal(await balance(c.savingsId), 10000);
  });

  test('an inbound credit sent back debits the customer against GL 11201 (GraphQL), and the report still reconciles', async () => {
    const c = await funded(500);
    const leg = await received(c, 1234.56);
    // 500 + 1,234.56 = 1,734.56.
    assert.equal(await balance(c.savingsId), 1734.56);
    const submitted = await t.graphql('mutation($input: InterbankReturnInput!) { submitInterbankReturn(input: $input) { id status amount accountId } }', {
      input: { direction: 'INBOUND', sessionId: leg.sessionId, reason: 'sent in error, recalled by Access Bank' },
    });
    assert.equal(submitted.body.errors, undefined, JSON.stringify(submitted.body.errors));
    const made = submitted.body.data!.submitInterbankReturn;
    assert.deepEqual([made.status, made.amount, made.accountId], ['PENDING', '1234.56', c.savingsId]);
    const own = await t.graphql('mutation($id: Int!) { approveInterbankReturn(id: $id) { status } }', { id: made.id });
    assert.deepEqual([own.body.errors?.[0]?.extensions?.status, own.body.errors?.[0]?.extensions?.errors?.[0]?.code], [403, 'error.msg.interbank.return.cannot.approve.own'], JSON.stringify(own.body));
    const approved = await checker.graphql('mutation($id: Int!) { approveInterbankReturn(id: $id) { status savingsTransactionId } }', { id: made.id });
    assert.equal(approved.body.errors, undefined, JSON.stringify(approved.body.errors));
    const returnTxn = approved.body.data!.approveInterbankReturn.savingsTransactionId as number;
    // 1,734.56 - 1,234.56 = 500.
    assert.equal(await balance(c.savingsId), 500);
    assert.equal(await settlementMovement(service, t.tenant, [`S${leg.transactionId}`]), 1234.56);
    assert.equal(await settlementMovement(service, t.tenant, [`S${returnTxn}`]), -1234.56);
    const events = (await outbox(service, t.tenant, ['account.debit'])).filter((e) => Number(e.payload.data.transactionId) === returnTxn);
    assert.deepEqual(events.map((e) => e.payload.data.type), ['INTERBANK_RETURN']);
    assertSchemas(events);

    // The day's net equals what every inter-bank posting and return moved GL 11201 by (net credit).
    const row = await report();
    const transfers = (await t.get(`/interbank/transfers?status=SUCCESSFUL&fromDate=${TODAY}&toDate=${TODAY}`)).body as { savingsTransactionId: number }[];
    const returns = (await t.get('/interbank/returns?status=APPROVED')).body as { savingsTransactionId: number }[];
    const inbounds = await service.platform.db.system((em) => em.execute<{ id: string }[]>(`select savings_transaction_id::text as id from payments.inbound_credit where tenant_id = ? and status = 'CREDITED'`, [t.tenant]));
    const ids = [...transfers, ...returns].map((x) => `S${x.savingsTransactionId}`).concat(inbounds.map((r) => `S${r.id}`));
    assert.equal(Number(row.inboundReturnedCount) >= 1, true);
    // In cents, with -0 and 0 the same: 2,500 out - 2,500 returned - 1,234.56 in + 1,234.56 sent back nets to 0 here.
    const cents = (amount: number) => Math.round(amount * 100) || 0;
    assert.equal(cents(-(await settlementMovement(service, t.tenant, ids))), cents(Number(row.netAmount)));
  });

  test('a rejected return moves nothing and the leg can be returned again; a debit beyond the balance is refused at approval', async () => {
    const c = await funded(100);
    const leg = await received(c, 300);
    const first = await submit(t, { direction: 'INBOUND', sessionId: leg.sessionId, reason: 'recall' });
    assert.equal(first.status, 200, first.text);
    const rejected = await reject(checker, first.body.resourceId);
    assert.equal(rejected.status, 200, rejected.text);
    assert.equal(rejected.body.changes.status, 'REJECTED');
    assert.equal(await balance(c.savingsId), 400);
    assertError(await approve(checker, first.body.resourceId), 403, 'error.msg.interbank.return.not.pending');

    const second = await submit(t, { direction: 'INBOUND', sessionId: leg.sessionId, reason: 'recall, confirmed' });
    assert.equal(second.status, 200, second.text);
    // The customer spends 250 first: 400 - 250 = 150 < 300, so the approval is refused and nothing moves.
    const spent = await t.post(`/savingsaccounts/${c.savingsId}/transactions?command=withdrawal`, { transactionDate: TODAY, transactionAmount: 250, paymentTypeId: 2, ...iso });
    assert.equal(spent.status, 200, spent.text);
    assertError(await approve(checker, second.body.resourceId), 403, 'error.msg.savingsaccount.transaction.insufficient.account.balance');
    assert.equal(await balance(c.savingsId), 150);
    assert.equal((await t.get(`/interbank/returns/${second.body.resourceId}`)).body.status, 'PENDING');
  });

  test('bad input is 400 with codes, an unknown or unsettled leg 404, no permission 403, another tenant 404', async () => {
    const blank = await submit(t, {});
    assert.equal(blank.status, 400, blank.text);
    const codes = (blank.body.errors as { userMessageGlobalisationCode: string }[]).map((e) => e.userMessageGlobalisationCode).sort();
    assert.deepEqual(codes, ['validation.msg.interbankreturn.direction.cannot.be.blank', 'validation.msg.interbankreturn.reason.cannot.be.blank', 'validation.msg.interbankreturn.sessionId.cannot.be.blank']);
    assertError(await submit(t, { direction: 'SIDEWAYS', sessionId: 'x', reason: 'r' }), 400, 'validation.msg.interbankreturn.direction.invalid');
    assertError(await submit(t, { direction: 'OUTBOUND', sessionId: 'no-such-session', reason: 'r' }), 404, 'error.msg.interbank.return.leg.not.found');

    // A FAILED transfer moved nothing: there is nothing to return.
    const c = await funded(1000);
    const failed = await c.session.post('/self/accounttransfers', interbankBody(c.savingsId, '058', nuban(9), 100));
    assert.equal(failed.body.status, 'FAILED', failed.text);
    assertError(await submit(t, { direction: 'OUTBOUND', sessionId: failed.body.sessionId, reason: 'r' }), 404, 'error.msg.interbank.return.leg.not.found');
    // An inbound session id is not an outbound leg.
    const leg = await received(c, 50);
    assertError(await submit(t, { direction: 'OUTBOUND', sessionId: leg.sessionId, reason: 'r' }), 404, 'error.msg.interbank.return.leg.not.found');

    const made = await submit(t, { direction: 'INBOUND', sessionId: leg.sessionId, reason: 'r' });
    assert.equal(made.status, 200, made.text);
    // An account officer (no INTERBANKRETURN permission) may neither submit nor approve.
    const officer = await t.userWithRoles([320013]);
    assert.equal((await submit(officer, { direction: 'INBOUND', sessionId: leg.sessionId, reason: 'r' })).status, 403);
    assert.equal((await approve(officer, made.body.resourceId)).status, 403);
    // Another tenant sees no such return and cannot approve it.
    const other = await service.tenant();
    assertError(await other.get(`/interbank/returns/${made.body.resourceId}`), 404, 'error.msg.interbank.return.id.invalid');
    assertError(await approve(other, made.body.resourceId), 404, 'error.msg.interbank.return.id.invalid');
    assertError(await submit(other, { direction: 'INBOUND', sessionId: leg.sessionId, reason: 'r' }), 404, 'error.msg.interbank.return.leg.not.found');
    assert.equal(await balance(c.savingsId), 1050);
    assert.equal((await t.get(`/interbank/returns/${made.body.resourceId}`)).body.status, 'PENDING');
  });
});
