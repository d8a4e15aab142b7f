import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { customer, type Customer } from '../self/support.js';
import { SANDBOX_FAILURE_REASON } from '../../subgraphs/payments/sandbox-switch.js';
import { signedHeaders } from '../../subgraphs/payments/domain/signature.js';
import { assertSchemas, inbound, interbankBody, iso, nuban, outbox, SANDBOX_KEY, settlementMovement, TODAY, until } from './support.js';

/**
 * Inter-bank transfers against the built-in sandbox switch (in process), over HTTPS on PostgreSQL: each
 * sandbox rule end to end (balances, holds, GL 11201, events), the re-query worker, concurrency, the daily
 * limit shared with third-party transfers, inbound credits and the settlement report.
 */
describe('inter-bank transfers through the sandbox switch', () => {
  let service: TestService;
  let t: TenantSession;

  before(async () => {
    service = await TestService.start({ env: { PAYMENT_REQUERY_BASE_MS: '100', PAYMENT_REQUERY_POLL_MS: '50' } });
    t = await service.tenant();
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: TODAY, ...iso })).status, 200);
  });
  after(async () => service.stop());

  async function funded(amount: number): Promise<Customer> {
    const c = await customer(t);
    if (amount > 0) {
      const res = await t.post(`/savingsaccounts/${c.savingsId}/transactions?command=deposit`, { transactionDate: TODAY, transactionAmount: amount, paymentTypeId: 2, ...iso });
      assert.equal(res.status, 200, res.text);
    }
    return c;
  }

  const summary = async (accountId: number) => {
    const body = (await t.get(`/savingsaccounts/${accountId}`)).body.summary;
    return { accountBalance: body.accountBalance as number, availableBalance: body.availableBalance as number };
  };
  const send = (c: Customer, toAccountNumber: string, amount: number | string, bank = '058') => c.session.post('/self/accounttransfers', interbankBody(c.savingsId, bank, toAccountNumber, amount));
  const status = async (c: Customer, id: number) => (await c.session.get(`/self/accounttransfers/${id}`)).body;
  const debitsOf = async (sessionId: string) => (await outbox(service, t.tenant, ['account.debit'])).filter((e) => e.payload.data.sessionId === sessionId);

  test('GET /self/interbank/banks lists the sandbox banks for customers; staff keys are 403 on it', async () => {
    const c = await funded(0);
    const banks = await c.session.get('/self/interbank/banks');
    assert.equal(banks.status, 200, banks.text);
    const codes = banks.body.map((b: { code: string }) => b.code);
    for (const code of ['058', '011', '033', '044', '057', '232']) assert.ok(codes.includes(code), code);
    assert.ok(banks.body.every((b: { name: string }) => b.name.length > 0));
    assertError(await t.get('/self/interbank/banks'), 403, 'error.msg.not.authorized');
  });

  test('name enquiry: a stable made-up name with a session id; an account ending in 0 is 404; bad input 400; staff 403', async () => {
    const c = await funded(0);
    const number = nuban(3);
    const first = await c.session.get(`/self/interbank/nameenquiry?bankCode=058&accountNumber=${number}`);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.bankCode, '058');
    assert.equal(first.body.accountNumber, number);
    assert.match(first.body.accountName, /^\S+ \S+$/);
    assert.match(first.body.sessionId, /^\d{30}$/);
    const again = await c.session.get(`/self/interbank/nameenquiry?bankCode=058&accountNumber=${number}`);
    assert.equal(again.body.accountName, first.body.accountName);

    assertError(await c.session.get(`/self/interbank/nameenquiry?bankCode=058&accountNumber=${nuban(0)}`), 404, 'error.msg.interbank.account.not.found');
    assert.equal((await c.session.get('/self/interbank/nameenquiry?bankCode=58&accountNumber=123')).status, 400);
    assertError(await t.get(`/self/interbank/nameenquiry?bankCode=058&accountNumber=${number}`), 403, 'error.msg.not.authorized');
  });

  test('digits 1-6 settle at once: the hold becomes the debit S<txnId> (DR 21101, CR 11201) with one account.debit', async () => {
    const c = await funded(20000);
    const to = nuban(4);
    const res = await send(c, to, '2500.50');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'SUCCESSFUL');
    assert.equal(res.body.transferId, res.body.resourceId);
    assert.match(res.body.sessionId, /^\d{30}$/);
    assert.match(res.body.accountName, /\S/);
    assert.equal(res.body.toBankCode, '058');
    assert.equal(res.body.toAccountNumber, to);
    assert.deepEqual(await summary(c.savingsId), { accountBalance: 17499.5, availableBalance: 17499.5 });

    const read = await status(c, res.body.resourceId);
    assert.deepEqual([read.status, read.sessionId, read.transferAmount], ['SUCCESSFUL', res.body.sessionId, 2500.5]);

    const debits = await debitsOf(res.body.sessionId);
    assert.equal(debits.length, 1);
    assert.equal(debits[0]!.payload.data.accountId, c.savingsId);
    assert.equal(debits[0]!.payload.data.type, 'INTERBANK');
    assertSchemas(debits);
    const txnId = `S${debits[0]!.payload.data.transactionId}`;
    const journal = (await t.get(`/journalentries?transactionId=${txnId}`)).body.pageItems;
    assert.deepEqual(journal.map((e: { glAccountCode: string; entryType: { value: string }; amount: number }) => [e.glAccountCode, e.entryType.value, e.amount]).sort(), [['11201', 'CREDIT', 2500.5], ['21101', 'DEBIT', 2500.5]]);
    assert.equal(await settlementMovement(service, t.tenant, [txnId]), -2500.5);

    // Staff see it with its session id; another customer does not.
    const listed = await t.get('/interbank/transfers?status=SUCCESSFUL');
    assert.equal(listed.status, 200, listed.text);
    assert.ok(listed.body.some((x: { id: number; sessionId: string }) => x.id === res.body.resourceId && x.sessionId === res.body.sessionId));
    const one = await t.get(`/interbank/transfers/${res.body.resourceId}`);
    assert.deepEqual([one.status, one.body.sessionId, one.body.status, one.body.amount, one.body.toAccountNumber], [200, res.body.sessionId, 'SUCCESSFUL', 2500.5, to]);
    const other = await funded(0);
    assertError(await other.session.get(`/self/accounttransfers/${res.body.resourceId}`), 404, 'error.msg.accounttransfer.id.invalid');
    assertError(await c.session.get('/interbank/transfers'), 403, 'error.msg.not.authorized');
  });

  test('digit 9 fails: 200 with FAILED and the reason, the hold is released, nothing is posted or emitted', async () => {
    const c = await funded(10000);
    const res = await send(c, nuban(9), 4000);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'FAILED');
    assert.equal(res.body.reason, SANDBOX_FAILURE_REASON);
    assert.deepEqual(await summary(c.savingsId), { accountBalance: 10000, availableBalance: 10000 });
    assert.equal((await debitsOf(res.body.sessionId)).length, 0);
    assert.equal((await status(c, res.body.resourceId)).status, 'FAILED');
  });

  test('digit 0: the name enquiry refuses the account (404) and nothing is held', async () => {
    const c = await funded(10000);
    assertError(await send(c, nuban(0), 4000), 404, 'error.msg.interbank.account.not.found');
    assert.deepEqual(await summary(c.savingsId), { accountBalance: 10000, availableBalance: 10000 });
  });

  test('digit 8 is PENDING with the amount held (available falls, balance does not), then settles once on re-query', async () => {
    const c = await funded(10000);
    const res = await send(c, nuban(8), 3000);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'PENDING');
    assert.deepEqual(await summary(c.savingsId), { accountBalance: 10000, availableBalance: 7000 });
    // The held amount cannot be spent twice meanwhile.
    assertError(await send(c, nuban(1), 8000), 403, 'error.msg.savingsaccount.transaction.insufficient.account.balance');

    const done = await until(() => status(c, res.body.resourceId), (s) => s.status !== 'PENDING');
    assert.equal(done.status, 'SUCCESSFUL');
    assert.deepEqual(await summary(c.savingsId), { accountBalance: 7000, availableBalance: 7000 });
    assert.equal((await debitsOf(res.body.sessionId)).length, 1);
  });

  test('digit 7 answers nothing in time: PENDING, then SUCCESSFUL at the first status query', async () => {
    const c = await funded(10000);
    const res = await send(c, nuban(7), 1500);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'PENDING');
    assert.equal((await summary(c.savingsId)).availableBalance, 8500);
    const done = await until(() => status(c, res.body.resourceId), (s) => s.status !== 'PENDING');
    assert.equal(done.status, 'SUCCESSFUL');
    assert.deepEqual(await summary(c.savingsId), { accountBalance: 8500, availableBalance: 8500 });
    assert.equal((await debitsOf(res.body.sessionId)).length, 1);
  });

  test('concurrent status answers for one PENDING transfer leave exactly one final state, posted and emitted once', async () => {
    const c = await funded(10000);
    const res = await send(c, nuban(8), 2000);
    assert.equal(res.body.status, 'PENDING');
    const transfers = service.services.payments.transfers;
    const answers = Array.from({ length: 10 }, (_, i) => transfers.applyAnswer(t.tenant, res.body.resourceId, { sessionId: res.body.sessionId, status: i % 2 === 0 ? 'SUCCESSFUL' : 'FAILED', reason: 'test' }));
    const results = await Promise.all(answers);
    const final = results[0]!.status;
    assert.ok(final === 'SUCCESSFUL' || final === 'FAILED');
    assert.ok(results.every((r) => r.status === final), 'every caller sees the one final state');
    const after = await summary(c.savingsId);
    const debits = await debitsOf(res.body.sessionId);
    if (final === 'SUCCESSFUL') {
      assert.deepEqual(after, { accountBalance: 8000, availableBalance: 8000 });
      assert.equal(debits.length, 1);
    } else {
      assert.deepEqual(after, { accountBalance: 10000, availableBalance: 10000 });
      assert.equal(debits.length, 0);
    }
    // The worker's own later answer changes nothing.
    await service.platform.requery?.drain();
    assert.deepEqual(await summary(c.savingsId), after);
  });

  test('20 concurrent inter-bank transfers with a balance for 10: at most 10 succeed and none overdraws', async () => {
    const c = await funded(10000);
    const results = await Promise.all(Array.from({ length: 20 }, () => send(c, nuban(2), 1000)));
    const ok = results.filter((r) => r.status === 200);
    assert.ok(ok.every((r) => r.body.status === 'SUCCESSFUL'));
    assert.ok(ok.length <= 10, `${ok.length} succeeded`);
    for (const r of results.filter((x) => x.status !== 200)) assertError(r, 403, 'error.msg.savingsaccount.transaction.insufficient.account.balance');
    const after = await summary(c.savingsId);
    assert.equal(after.accountBalance, 10000 - ok.length * 1000);
    assert.ok(after.accountBalance >= 0);
    assert.equal(after.availableBalance, after.accountBalance);
  });

  test("the tier's daily limit counts inter-bank with third-party transfers; a failed transfer gives its amount back", async () => {
    const c = await funded(45000);
    const friend = await funded(0);
    const branch = (await t.get(`/offices/${(await t.get(`/clients/${friend.clientId}`)).body.officeId}`)).body.name;
    assert.equal((await c.session.post('/self/beneficiaries/tpt', { name: 'Friend', officeName: branch, accountNumber: friend.accountNo, accountType: 2 })).status, 200);
    const third = await c.session.post('/self/accounttransfers', {
      fromAccountType: 2, fromAccountId: c.savingsId, toAccountType: 2, toAccountId: friend.savingsId, transferAmount: 30000, transferDate: TODAY, transferDescription: 'rent', ...iso,
    });
    assert.equal(third.status, 200, third.text);
    // Tier 1: 50,000 a day to others. 30,000 + 25,000 is over it.
    assertError(await send(c, nuban(1), 25000), 403, 'error.msg.self.transfer.daily.limit.exceeded');
    const failed = await send(c, nuban(9), 15000);
    assert.equal(failed.body.status, 'FAILED');
    const ok = await send(c, nuban(1), 15000);
    assert.equal(ok.body.status, 'SUCCESSFUL', ok.text);
    assertError(await send(c, nuban(1), 5001), 403, 'error.msg.self.transfer.daily.limit.exceeded');
  });

  test('with an Idempotency-Key the answer is PENDING, the switch is called after the commit, and a replay answers the same', async () => {
    const c = await funded(10000);
    const body = interbankBody(c.savingsId, '011', nuban(1), 1200);
    const headers = { 'Idempotency-Key': `ib-${Date.now()}` };
    const first = await c.session.post('/self/accounttransfers', body, { headers });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.status, 'PENDING');
    const done = await until(() => status(c, first.body.resourceId), (s) => s.status !== 'PENDING');
    assert.equal(done.status, 'SUCCESSFUL');
    const replay = await c.session.post('/self/accounttransfers', body, { headers });
    assert.equal(replay.headers['x-served-from-cache'], 'true');
    assert.deepEqual(replay.body, first.body);
    assert.deepEqual(await summary(c.savingsId), { accountBalance: 8800, availableBalance: 8800 });
    assert.equal((await debitsOf(first.body.sessionId)).length, 1);
  });

  test('GraphQL: me.interbankBanks, me.interbankNameEnquiry and selfTransfer for customers; interbankTransfers for staff only', async () => {
    const c = await funded(5000);
    const number = nuban(2);
    const read = await c.session.graphql(`query($n: String) { me { interbankBanks { code } interbankNameEnquiry(bankCode: "232", accountNumber: $n) { accountName sessionId } } }`, { n: number });
    assert.equal(read.status, 200, read.text);
    assert.ok(read.body.data!.me.interbankBanks.some((b: { code: string }) => b.code === '232'));
    assert.match(read.body.data!.me.interbankNameEnquiry.sessionId, /^\d{30}$/);
    const sent = await c.session.graphql(
      `mutation($input: SelfTransferInput!) { selfTransfer(input: $input) { resourceId status sessionId accountName toBankCode transferAmount } }`,
      { input: { fromAccountId: c.savingsId, toBankCode: '232', toAccountNumber: number, transferAmount: '300.25', transferDate: TODAY } },
    );
    assert.equal(sent.status, 200, sent.text);
    assert.deepEqual([sent.body.data!.selfTransfer.status, sent.body.data!.selfTransfer.transferAmount, sent.body.data!.selfTransfer.toBankCode], ['SUCCESSFUL', '300.25', '232']);
    assert.equal(sent.body.data!.selfTransfer.accountName, read.body.data!.me.interbankNameEnquiry.accountName);

    const staff = await t.graphql(`{ interbankTransfers(status: "SUCCESSFUL") { id sessionId amount } }`);
    assert.ok(staff.body.data!.interbankTransfers.some((x: { id: number }) => x.id === sent.body.data!.selfTransfer.resourceId));
    const refused = await c.session.graphql(`{ interbankTransfers { id } }`);
    assert.equal(refused.body.errors?.[0]?.extensions?.code, 'error.msg.not.authorized');
  });

  test('another customer’s account as the source is 404; a future date, a bad bank code or a zero amount is 400; nothing is held', async () => {
    const owner = await funded(5000);
    const thief = await funded(0);
    assertError(await thief.session.post('/self/accounttransfers', interbankBody(owner.savingsId, '058', nuban(1), 100)), 404, 'error.msg.saving.account.id.invalid');
    assertError(await owner.session.post('/self/accounttransfers', { ...interbankBody(owner.savingsId, '058', nuban(1), 100), transferDate: '2026-03-03' }), 400, 'error.msg.savingsaccount.transaction.in.the.future');
    assert.equal((await owner.session.post('/self/accounttransfers', { ...interbankBody(owner.savingsId, '058', nuban(1), 100), toBankCode: '58' })).status, 400);
    assert.equal((await owner.session.post('/self/accounttransfers', { ...interbankBody(owner.savingsId, '058', nuban(1), 0) })).status, 400);
    assert.deepEqual(await summary(owner.savingsId), { accountBalance: 5000, availableBalance: 5000 });
  });

  test('inbound credits: signed and credited once (DR 11201), replays answer the first result, forged/stale/missing signatures are 401', async () => {
    const c = await funded(0);
    const sessionId = `999058${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const body = { sessionId, accountNumber: c.accountNo, amount: 1234.56, currency: 'NGN', narration: 'invoice 42', originator: { bankName: 'Guaranty Trust Bank', accountNo: '0123456781', senderName: 'Ada Obi' } };

    assertError(await inbound(service, t.tenant, body, { key: 'not-the-key' }), 401, 'error.msg.interbank.signature.invalid');
    assertError(await inbound(service, t.tenant, body, { now: Date.now() - 6 * 60 * 1000 }), 401, 'error.msg.interbank.signature.invalid');
    assertError(await inbound(service, t.tenant, body, { headers: {} }), 401, 'error.msg.interbank.signature.invalid');
    assert.equal((await summary(c.savingsId)).accountBalance, 0);

    const first = await inbound(service, t.tenant, body);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.status, 'CREDITED');
    assert.equal(first.body.sessionId, sessionId);
    const replays = await Promise.all([inbound(service, t.tenant, body), inbound(service, t.tenant, body)]);
    for (const replay of replays) assert.deepEqual(replay.body, first.body);
    assert.deepEqual(await summary(c.savingsId), { accountBalance: 1234.56, availableBalance: 1234.56 });

    const credits = (await outbox(service, t.tenant, ['account.credit'])).filter((e) => e.payload.data.sessionId === sessionId);
    assert.equal(credits.length, 1);
    assert.deepEqual(credits[0]!.payload.data.originator, body.originator);
    assertSchemas(credits);
    assert.equal(await settlementMovement(service, t.tenant, [`S${first.body.resourceId}`]), 1234.56);
  });

  test("a credit signed for one tenant, replayed with another tenant's header, is 401 there and records nothing (one switch key serves every tenant)", async () => {
    const u = await service.tenant();
    assert.equal((await u.post('/businessdate', { type: 'BUSINESS_DATE', date: TODAY, ...iso })).status, 200);
    const there = await customer(u);
    const c = await funded(0);
    const sessionId = `999011${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const body = { sessionId, accountNumber: c.accountNo, amount: 500, currency: 'NGN', narration: 'n', originator: { bankName: 'First Bank', accountNo: '3000000001', senderName: 'Ngozi Eze' } };
    const headers = signedHeaders(SANDBOX_KEY, JSON.stringify(body));
    const first = await inbound(service, t.tenant, body, { headers });
    assert.deepEqual([first.status, first.body.status], [200, 'CREDITED'], first.text);

    // The same bytes and signature, within the five minutes, to the other tenant: to the account number credited
    // here and to one of its own accounts.
    assertError(await inbound(service, u.tenant, body, { headers }), 401, 'error.msg.interbank.signature.invalid');
    const retargeted = { ...body, accountNumber: there.accountNo };
    const other = await inbound(service, u.tenant, retargeted);
    assert.equal(other.status, 401, other.text);
    const recorded = await service.platform.db.system((em) => em.execute<{ n: string }[]>(`select count(*)::text as n from payments.inbound_credit where session_id = ? and tenant_id = ?`, [sessionId, u.tenant]));
    assert.equal(recorded[0]!.n, '0');
    assert.equal((await u.get(`/savingsaccounts/${there.savingsId}`)).body.summary.accountBalance, 0);
    // The tenant it was signed for still answers its replay with the first result.
    assert.deepEqual((await inbound(service, t.tenant, body, { headers })).body, first.body);
  });

  test("inbound refusals answer the switch a reason code and credit nothing: unknown account, credit blocked, tier limit", async () => {
    const c = await funded(0);
    const base = { currency: 'NGN', narration: 'x', originator: { bankName: 'Zenith Bank', accountNo: '2000000001', senderName: 'Musa Bello' } };
    const send = (accountNumber: string, amount: number) => inbound(service, t.tenant, { ...base, sessionId: `s${Date.now()}${Math.random().toString().slice(2, 10)}`, accountNumber, amount });

    const unknown = await send('9999999999', 100);
    assert.equal(unknown.status, 200, unknown.text);
    assert.deepEqual([unknown.body.status, unknown.body.reasonCode], ['REJECTED', 'UNKNOWN_ACCOUNT']);

    const tier = await send(c.accountNo, 60000);
    assert.deepEqual([tier.body.status, tier.body.reasonCode], ['REJECTED', 'TIER_LIMIT']);

    assert.equal((await t.post(`/savingsaccounts/${c.savingsId}?command=blockCredit`, {})).status, 200);
    const blocked = await send(c.accountNo, 100);
    assert.deepEqual([blocked.body.status, blocked.body.reasonCode], ['REJECTED', 'CREDIT_BLOCKED']);
    assert.equal((await summary(c.savingsId)).accountBalance, 0);
  });

  test('the settlement report: SUCCESSFUL outbound minus inbound equals the GL 11201 movement of that day’s inter-bank postings', async () => {
    const before = (await t.get(`/runreports/Interbank%20Settlement?R_date=${TODAY}`));
    assert.equal(before.status, 200, before.text);
    type Row = [string, number, number, number, number, number];
    const ngn = (report: { data: { row: Row }[] }): Row => report.data.find((d) => d.row[0] === 'NGN')?.row ?? ['NGN', 0, 0, 0, 0, 0];
    const c = await funded(20000);
    const out = await send(c, nuban(5), 700);
    assert.equal(out.body.status, 'SUCCESSFUL');
    const sessionId = `r${Date.now()}`;
    const inn = await inbound(service, t.tenant, { sessionId, accountNumber: c.accountNo, amount: 250, currency: 'NGN', narration: 'r', originator: { bankName: 'Access Bank', accountNo: '1', senderName: 'A' } });
    assert.equal(inn.body.status, 'CREDITED');
    const report = await t.get(`/runreports/Interbank%20Settlement?R_date=${TODAY}`);
    assert.equal(report.status, 200, report.text);
    const [, outCount, outAmount, inCount, inAmount, net] = ngn(report.body);
    const [, outCount0, outAmount0, inCount0, inAmount0] = ngn(before.body);
    assert.deepEqual([outCount - outCount0, outAmount - outAmount0, inCount - inCount0, inAmount - inAmount0], [1, 700, 1, 250]);
    assert.equal(net, outAmount - inAmount);

    // Every inter-bank posting of the day, against GL 11201.
    const transfers = (await t.get(`/interbank/transfers?status=SUCCESSFUL&fromDate=${TODAY}&toDate=${TODAY}`)).body as { savingsTransactionId: number }[];
    const inbounds = await service.platform.db.system((em) => em.execute<{ id: string }[]>(`select savings_transaction_id::text as id from payments.inbound_credit where tenant_id = ? and status = 'CREDITED'`, [t.tenant]));
    const ids = [...transfers.map((x) => `S${x.savingsTransactionId}`), ...inbounds.map((r) => `S${r.id}`)];
    assert.equal(Math.round(-(await settlementMovement(service, t.tenant, ids)) * 100), Math.round(net * 100));
  });
});
