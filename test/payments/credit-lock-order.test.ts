import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { approvedLoan, DATE } from '../loan/support.js';
import { customer, type Customer } from '../self/support.js';
import { TestService, type HttpResult, type TenantSession } from '../support/service.js';
import { inbound, settlementMovement } from './support.js';

/**
 * Issue 33 item 3: a self-service transfer and a signed inbound inter-bank credit to the same client took
 * the client's credit lock and row lock in opposite orders and deadlocked (40P01, answered 500, to the
 * switch too). Every credit path now takes docs/locking.md's order, and a deadlock or serialization failure
 * that still happens re-runs the transaction. Forty credits of four kinds into one KYC-capped client at once:
 * none is a 5xx, and the balance and the journal are exact.
 */
const D = '2025-01-01';

describe('credit paths into one client, concurrently: one lock order, no 5xx', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: D, ...DATE })).status, 200);
  });
  after(async () => service.stop());

  test('10 self-service transfers, 10 inbound credits, 10 deposits and 10 loan disbursements into one client', async () => {
    const receiver: Customer = await customer(t);
    const sender: Customer = await customer(t);
    const funded = await t.post(`/savingsaccounts/${sender.savingsId}/transactions?command=deposit`, { transactionDate: D, transactionAmount: 5000, paymentTypeId: 2, ...DATE });
    assert.equal(funded.status, 200, funded.text);
    const officeName = (await t.get(`/offices/${(await t.get(`/clients/${receiver.clientId}`)).body.officeId}`)).body.name;
    const beneficiary = await sender.session.post('/self/beneficiaries/tpt', { name: 'Receiver', officeName, accountNumber: receiver.accountNo, accountType: 2 });
    assert.equal(beneficiary.status, 200, beneficiary.text);
    const manager = await t.userWithRoles([320007]);
    const loans: number[] = [];
    for (let i = 0; i < 10; i++) loans.push(await approvedLoan(t, receiver.clientId, 1000, 1, manager));

    const sessionIds = Array.from({ length: 10 }, (_, i) => `999058${Date.now()}${i}${Math.floor(Math.random() * 1e6)}`);
    const requests: (() => Promise<HttpResult>)[] = [];
    for (let i = 0; i < 10; i++) {
      requests.push(() => sender.session.post('/self/accounttransfers', {
        fromAccountType: 2, fromAccountId: sender.savingsId, toAccountType: 2, toAccountId: receiver.savingsId, transferAmount: 100, transferDate: D, transferDescription: 'rent', ...DATE,
      }));
      requests.push(() => inbound(service, t.tenant, {
        sessionId: sessionIds[i], accountNumber: receiver.accountNo, amount: 100.5, currency: 'NGN', narration: 'invoice', originator: { bankName: 'First Bank', accountNo: '3000000001', senderName: 'Ngozi Eze' },
      }));
      requests.push(() => t.post(`/savingsaccounts/${receiver.savingsId}/transactions?command=deposit`, { transactionDate: D, transactionAmount: 100.25, paymentTypeId: 2, ...DATE }));
      requests.push(() => t.post(`/loans/${loans[i]}?command=disburse`, { actualDisbursementDate: D, ...DATE }));
    }
    const answers = await Promise.all(requests.map((send) => send()));
    const failed = answers.filter((a) => a.status !== 200);
    assert.deepEqual(failed.map((a) => `${a.status} ${a.text.slice(0, 200)}`), [], 'every credit is answered 200 (no 5xx, no refusal)');
    for (const answer of answers.filter((_, i) => i % 4 === 1)) assert.equal(answer.body.status, 'CREDITED', answer.text);

    // By hand: 10 x 100 (transfers) + 10 x 100.50 (inbound) + 10 x 100.25 (deposits) + 10 x 1,000 (disbursements) = 13,007.50.
    const account = (await t.get(`/savingsaccounts/${receiver.savingsId}?associations=transactions`)).body;
    assert.equal(account.summary.accountBalance, 13007.5);
    const credits = (account.transactions as { amount: number; reversed: boolean }[]).filter((x) => !x.reversed);
    assert.equal(credits.length, 40);
    assert.equal(credits.reduce((sum, x) => sum + Math.round(x.amount * 100), 0), 1300750, 'the transactions sum to the balance, in kobo');
    assert.equal((await t.get(`/savingsaccounts/${sender.savingsId}`)).body.summary.accountBalance, 4000, '5,000 - 10 x 100');
    // Each inbound credit posted DR 11201 100.50 once: 1,005.00 in all.
    const inboundIds = answers.filter((_, i) => i % 4 === 1).map((a) => `S${a.body.resourceId}`);
    assert.equal(await settlementMovement(service, t.tenant, inboundIds), 1005);
  });
});
