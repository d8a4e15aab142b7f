import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { customer, type Customer } from '../self/support.js';
import { inbound, interbankBody, iso, nuban, outbox, settlementMovement, TODAY } from './support.js';

/**
 * Issue 33 point 7: undoing the debit of a SUCCESSFUL inter-bank transfer refunded the customer while the
 * switch had paid out, and GL 11201 stopped matching the settlement report; the same for an inbound
 * credit. Both legs are now refused (403), and nothing moves.
 */
describe('inter-bank legs cannot be undone', () => {
  let service: TestService;
  let t: TenantSession;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: TODAY, ...iso })).status, 200);
  });
  after(async () => service.stop());

  async function funded(amount: number): Promise<{ c: Customer; depositId: number }> {
    const c = await customer(t);
    const res = await t.post(`/savingsaccounts/${c.savingsId}/transactions?command=deposit`, { transactionDate: TODAY, transactionAmount: amount, paymentTypeId: 2, ...iso });
    assert.equal(res.status, 200, res.text);
    return { c, depositId: res.body.resourceId };
  }
  const balance = async (accountId: number) => (await t.get(`/savingsaccounts/${accountId}`)).body.summary.accountBalance as number;
  const undo = (accountId: number, txnId: number) => t.post(`/savingsaccounts/${accountId}/transactions/${txnId}?command=undo`);

  test("the debit of a SUCCESSFUL outbound transfer is refused; the balance and GL 11201's movement stay", async () => {
    const { c } = await funded(10000);
    const sent = await c.session.post('/self/accounttransfers', interbankBody(c.savingsId, '058', nuban(4), 2500));
    assert.equal(sent.status, 200, sent.text);
    assert.equal(sent.body.status, 'SUCCESSFUL');
    const debit = (await outbox(service, t.tenant, ['account.debit'])).find((e) => e.payload.data.sessionId === sent.body.sessionId)!;
    const txnId = Number(debit.payload.data.transactionId);
    // 10,000 deposited - 2,500 sent = 7,500.
    assert.equal(await balance(c.savingsId), 7500);
    assertError(await undo(c.savingsId, txnId), 403, 'error.msg.savingsaccount.transaction.interbank.undo.not.allowed');
    assert.equal(await balance(c.savingsId), 7500, 'no refund');
    assert.equal(await settlementMovement(service, t.tenant, [`S${txnId}`]), -2500, 'GL 11201 still matches the switch');
    const read = await t.get(`/savingsaccounts/${c.savingsId}/transactions/${txnId}`);
    assert.equal(read.body.reversed, false);
  });

  test("an inbound credit's deposit is refused; an ordinary deposit is still undone", async () => {
    const { c, depositId } = await funded(500);
    const sessionId = `999058${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const credited = await inbound(service, t.tenant, { sessionId, accountNumber: c.accountNo, amount: 1234.56, currency: 'NGN', narration: 'invoice 7', originator: { bankName: 'Guaranty Trust Bank', accountNo: '0123456781', senderName: 'Ada Obi' } });
    assert.equal(credited.status, 200, credited.text);
    assert.equal(credited.body.status, 'CREDITED');
    // 500 + 1,234.56 = 1,734.56.
    assert.equal(await balance(c.savingsId), 1734.56);
    assertError(await undo(c.savingsId, credited.body.resourceId), 403, 'error.msg.savingsaccount.transaction.interbank.undo.not.allowed');
    assert.equal(await balance(c.savingsId), 1734.56);
    assert.equal(await settlementMovement(service, t.tenant, [`S${credited.body.resourceId}`]), 1234.56);
    // The staff deposit (payment type 2) is no inter-bank leg: undone, 1,734.56 - 500 = 1,234.56.
    const undone = await undo(c.savingsId, depositId);
    assert.equal(undone.status, 200, undone.text);
    assert.equal(await balance(c.savingsId), 1234.56);
  });
});
