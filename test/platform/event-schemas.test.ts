import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Webhook } from 'standardwebhooks';
import { cashTxn, createCashier, createStaff, createTeller } from '../till/till-support.js';
import { TestService, type TenantSession } from '../support/service.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';
import { approvedLoan, DATE, savingsAccount } from '../loan/support.js';

const SCHEMAS = join(process.cwd(), 'docs', 'events');
/** The largest single amount (13 integer digits); nine of them make a balance a float cannot hold. */
const LARGEST = '9999999999999.99';
const cents = (text: string): bigint => BigInt(text.replace('.', ''));
const fromCents = (value: bigint): string => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;

/**
 * Every event the service writes has a JSON Schema under docs/events/, and every amount in it is an exact
 * JSON number: the digits stored are the digits a webhook receiver or a subscriber gets.
 */
describe('events: exact amounts and their published schemas', () => {
  let service: TestService;
  let t: TenantSession;
  let receiver: WebhookReceiver;

  before(async () => {
    service = await TestService.start({ env: { WEBHOOK_RETRY_BASE_MS: '40', WEBHOOK_POLL_MS: '40' } });
    t = await service.tenant();
    receiver = await WebhookReceiver.start();
    assert.equal((await t.put('/configurations/4', { enabled: true })).status, 200);
    await t.post('/businessdate', { type: 'BUSINESS_DATE', date: '2025-01-01', ...DATE });
  });
  after(async () => {
    await receiver.close();
    await service.stop();
  });

  test('a balance of 16 significant digits reaches the webhook body and the subscription with every digit', async () => {
    const branch = await t.branch();
    const corporate = await t.post('/clients', {
      officeId: branch, legalFormId: 2, fullname: 'Exact Holdings Ltd', active: true, activationDate: '2024-06-01', ...DATE,
      clientNonPersonDetails: { constitutionId: 200202, mainBusinessLineId: 200221 },
    });
    assert.equal(corporate.status, 200, corporate.text);
    const accountId = await savingsAccount(t, corporate.body.clientId);
    const deposit = (amount: string) => t.post(`/savingsaccounts/${accountId}/transactions?command=deposit`, { transactionDate: '2025-01-01', transactionAmount: amount, paymentTypeId: 2, ...DATE });
    let balance = 0n;
    for (let i = 0; i < 8; i++) {
      assert.equal((await deposit(LARGEST)).status, 200);
      balance += cents(LARGEST);
    }
    const hook = await t.post('/hooks', {
      name: 'Web', displayName: 'Exact', isActive: true, events: [{ entityName: 'SAVINGSACCOUNT', actionName: 'DEPOSIT' }],
      config: { 'Payload URL': receiver.url, 'Content Type': 'json' },
    });
    assert.equal(hook.status, 200, hook.text);

    const client = service.subscriptionClient(t.tenant, t.key);
    const streamed: { transactionId: string; amount: string; runningBalance: string }[] = [];
    const stop = client.subscribe(
      { query: `subscription { accountTransactions(accountId: "${accountId}") { transactionId amount runningBalance } }` },
      { next: (v) => streamed.push((v.data as { accountTransactions: (typeof streamed)[number] }).accountTransactions), error: () => undefined, complete: () => undefined },
    );
    const deadline = Date.now() + 30_000;
    while (streamed.length === 0) {
      assert.ok(Date.now() < deadline, 'the subscription never started');
      assert.equal((await deposit('0.01')).status, 200);
      balance += 1n;
      await new Promise((r) => setTimeout(r, 300));
    }
    // The last deposit brings the balance to 89,999,999,999,999.91 whatever the probes added.
    const amount = fromCents(cents('89999999999999.91') - balance);
    const res = await deposit(amount);
    assert.equal(res.status, 200, res.text);
    const runningBalance = '89999999999999.91';
    assert.notEqual(String(Number(runningBalance)), runningBalance, 'a float would lose a digit of this balance');
    const reference = String(res.body.resourceId);

    const delivered = await receiver.waitFor((r) => r.some((d) => d.body.includes(`"reference":"${reference}"`)), 30_000, 'the deposit webhook');
    const body = delivered.find((d) => d.body.includes(`"reference":"${reference}"`))!;
    // The raw body, not a parse of it: JSON.parse would round the receiver's copy as it would round ours.
    assert.match(body.body, new RegExp(`"amount":${amount.replace('.', '\\.')}[,}]`));
    assert.match(body.body, new RegExp(`"runningBalance":${runningBalance.replace('.', '\\.')}[,}]`));
    new Webhook(hook.body.secret as string).verify(body.body, {
      'webhook-id': String(body.headers['webhook-id']), 'webhook-timestamp': String(body.headers['webhook-timestamp']), 'webhook-signature': String(body.headers['webhook-signature']),
    });

    const start = Date.now();
    while (!streamed.some((e) => e.transactionId === reference)) {
      assert.ok(Date.now() - start < 30_000, 'the deposit never streamed');
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(streamed.find((e) => e.transactionId === reference), { transactionId: reference, amount, runningBalance });
    stop();
    await client.dispose();
  });

  test('every event written validates against its schema in docs/events/', async () => {
    // A day of work that writes most kinds of event: offices, clients, accounts, money, tills, loans, the GL, roles.
    const branch = await t.branch();
    const person = await t.post('/clients', { officeId: branch, legalFormId: 1, firstname: 'Ada', lastname: 'Eze', active: true, activationDate: '2024-06-01', ...DATE });
    assert.equal(person.status, 200, person.text);
    const clientId = person.body.clientId as number;
    const accountId = await savingsAccount(t, clientId);
    const other = await savingsAccount(t, clientId);
    const money = (command: string, amount: string) =>
      t.post(`/savingsaccounts/${accountId}/transactions?command=${command}`, { transactionDate: '2025-01-01', transactionAmount: amount, paymentTypeId: 2, ...DATE });
    assert.equal((await money('deposit', '25000.5')).status, 200);
    const withdrawal = await money('withdrawal', '100.25');
    assert.equal(withdrawal.status, 200);
    assert.equal((await t.post(`/savingsaccounts/${accountId}/transactions/${withdrawal.body.resourceId}?command=undo`)).status, 200);
    assert.equal((await t.post('/accounttransfers', { fromAccountType: 2, fromAccountId: accountId, toAccountType: 2, toAccountId: other, transferAmount: '10', transferDate: '2025-01-01', transferDescription: 'own', ...DATE })).status, 200);

    const staffId = await createStaff(t, branch);
    const tellerId = await createTeller(t, branch);
    const cashierId = await createCashier(t, tellerId, staffId);
    assert.equal((await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/allocate`, cashTxn('5000.75', '2025-01-01'))).status, 200);
    assert.equal((await t.post(`/tellers/${tellerId}/cashiers/${cashierId}/settle`, cashTxn('1000', '2025-01-01'))).status, 200);

    const borrower = await t.post('/clients', { officeId: branch, legalFormId: 1, firstname: 'Bola', lastname: 'Ade', active: true, activationDate: '2024-06-01', ...DATE });
    await savingsAccount(t, borrower.body.clientId);
    const loanId = await approvedLoan(t, borrower.body.clientId, 100000, 1, await t.userWithRoles([320007], branch));
    assert.equal((await t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE })).status, 200);
    assert.equal((await t.post(`/loans/${loanId}/transactions?command=repayment`, { transactionDate: '2025-01-01', transactionAmount: '1234.56', paymentTypeId: 2, ...DATE })).status, 200);

    const gl = (await t.get('/glaccounts')).body as { id: number; glCode: string }[];
    const glId = (code: string) => gl.find((a) => a.glCode === code)!.id;
    const entry = await t.post('/journalentries', { officeId: branch, transactionDate: '2025-01-01', currencyCode: 'NGN', debits: [{ glAccountId: glId('11201'), amount: 10.5 }], credits: [{ glAccountId: glId('21101'), amount: 10.5 }], ...DATE });
    assert.equal(entry.status, 200, entry.text);
    assert.equal((await t.post(`/journalentries/${entry.body.transactionId}?command=reverse`, {})).status, 200);

    const rows = await service.platform.db.system((em) =>
      // Every event receivers get: each row's own, and those riding in it (a deposit's posting).
      em.execute<{ event_type: string; payload: string }[]>(
        `select e.event_type, e.payload from kernel.outbox o, lateral (
           select c.value->'payload'->>'eventType' as event_type, (c.value->'payload')::text as payload, c.ordinality as k from jsonb_array_elements(o.companions) with ordinality as c
           union all select o.event_type, o.payload::text, 1000) e
         where o.tenant_id = ? order by o.id, e.k`,
        [t.tenant],
      ),
    );
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)) && /T/.test(s));
    const validators = new Map(readdirSync(SCHEMAS).filter((f) => f.endsWith('.json')).map((f) => [f.slice(0, -5), ajv.compile(JSON.parse(readFileSync(join(SCHEMAS, f), 'utf8')))]));
    const problems: string[] = [];
    for (const row of rows) {
      const validate = validators.get(row.event_type);
      if (!validate) {
        problems.push(`${row.event_type}: no schema in docs/events/`);
        continue;
      }
      if (!validate(JSON.parse(row.payload))) problems.push(`${row.event_type}: ${ajv.errorsText(validate.errors)} in ${row.payload.slice(0, 300)}`);
    }
    assert.deepEqual(problems, []);
    const seen = new Set(rows.map((r) => r.event_type));
    for (const type of ['office.created', 'client.created', 'account.created', 'account.credit', 'account.debit', 'cashier.cash.allocated', 'cashier.cash.settled', 'loan.approved', 'loan.disbursed', 'loan.repayment', 'journal.entry.posted']) {
      assert.ok(seen.has(type), `the scenario wrote no ${type}`);
    }
  });
});
