import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { dropTestDatabase } from '../support/database.js';
import { assertError } from '../support/assertions.js';
import { freePort } from '../support/ports.js';
import { ServiceProcess } from '../support/service-process.js';
import { TestService, type Requester, type TenantSession } from '../support/service.js';
import { customer, type Customer } from '../self/support.js';
import { inbound, interbankBody, iso, nuban, outbox, TODAY, until } from './support.js';

const KEY = 'e2e-switch-key-1c9f';

/** The sandbox switch served over HTTP in its own process, through the real adapter (http-switch.ts). */
class SandboxProcess {
  /** Session ids of every transfer request the sandbox received, in order (its stdout). */
  readonly received: string[] = [];

  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
  ) {
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (line.startsWith('{')) this.received.push((JSON.parse(line) as { received: string }).received);
    });
  }

  static async start(port?: number): Promise<SandboxProcess> {
    const listen = port ?? (await freePort());
    const child = spawn(process.execPath, ['dist/subgraphs/payments/sandbox-server.js'], { env: { ...process.env, PORT: String(listen), PAYMENT_SWITCH_KEY: KEY }, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      // The first line says it listens.
      child.stdout!.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`the sandbox switch exited with ${code}`)));
    });
    return new SandboxProcess(`http://127.0.0.1:${listen}`, child);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGKILL');
    await exited;
  }
}

const switchEnv = (sandbox: SandboxProcess, extra: Record<string, string> = {}) => ({
  PAYMENT_SWITCH_URL: sandbox.url, PAYMENT_SWITCH_KEY: KEY, PAYMENT_SWITCH_TIMEOUT_MS: '800', PAYMENT_REQUERY_BASE_MS: '100', PAYMENT_REQUERY_POLL_MS: '50', ...extra,
});

async function funded(t: TenantSession<Requester>, amount: number): Promise<Customer> {
  const c = await customer(t as TenantSession);
  const res = await t.post(`/savingsaccounts/${c.savingsId}/transactions?command=deposit`, { transactionDate: TODAY, transactionAmount: amount, paymentTypeId: 2, ...iso });
  assert.equal(res.status, 200, res.text);
  return c;
}

const summary = async (t: TenantSession<Requester>, accountId: number) => {
  const body = (await t.get(`/savingsaccounts/${accountId}`)).body.summary;
  return { accountBalance: body.accountBalance as number, availableBalance: body.availableBalance as number };
};

describe('inter-bank transfers through the real adapter against the sandbox switch in its own process', () => {
  let sandbox: SandboxProcess;
  let service: TestService;
  let t: TenantSession;

  before(async () => {
    sandbox = await SandboxProcess.start();
    service = await TestService.start({ env: switchEnv(sandbox) });
    t = await service.tenant();
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: TODAY, ...iso })).status, 200);
  });
  after(async () => {
    await service.stop();
    await sandbox.stop();
  });

  const send = (c: Customer, digit: number, amount: number) => c.session.post('/self/accounttransfers', interbankBody(c.savingsId, '044', nuban(digit), amount));
  const status = async (c: Customer, id: number) => (await c.session.get(`/self/accounttransfers/${id}`)).body;

  test('each sandbox rule end to end over signed HTTP: banks, name enquiry, 1-6, 7, 8, 9, 0', async () => {
    const c = await funded(t, 20000);
    const banks = await c.session.get('/self/interbank/banks');
    assert.equal(banks.status, 200, banks.text);
    assert.ok(banks.body.some((b: { code: string }) => b.code === '232'));
    const number = nuban(6);
    const enquiry = await c.session.get(`/self/interbank/nameenquiry?bankCode=057&accountNumber=${number}`);
    assert.equal(enquiry.status, 200, enquiry.text);
    assert.match(enquiry.body.accountName, /\S+ \S+/);
    assertError(await c.session.get(`/self/interbank/nameenquiry?bankCode=057&accountNumber=${nuban(0)}`), 404, 'error.msg.interbank.account.not.found');

    const ok = await send(c, 1, 1000);
    assert.equal(ok.body.status, 'SUCCESSFUL', ok.text);
    const failed = await send(c, 9, 1000);
    assert.deepEqual([failed.body.status, failed.body.reason], ['FAILED', 'beneficiary bank unavailable']);
    assertError(await send(c, 0, 1000), 404, 'error.msg.interbank.account.not.found');

    // 7: the sandbox holds the answer past the adapter's timeout; the first status query finds it done.
    // On a starved machine the adapter's timer can fire after the sandbox's late answer, which is SUCCESSFUL.
    const silent = await send(c, 7, 2000);
    assert.ok(['PENDING', 'SUCCESSFUL'].includes(silent.body.status), silent.text);
    const pending = await send(c, 8, 3000);
    assert.equal(pending.body.status, 'PENDING', pending.text);
    // Held or already settled by a status query (the re-query starts 100 ms after): the money is not available
    // either way, and the balance has lost exactly the settled ones.
    const between = await summary(t, c.savingsId);
    assert.equal(between.availableBalance, 14000);
    assert.ok([19000, 17000, 16000, 14000].includes(between.accountBalance), JSON.stringify(between));

    for (const id of [silent.body.resourceId, pending.body.resourceId]) {
      const done = await until(() => status(c, id), (s) => s.status !== 'PENDING');
      assert.equal(done.status, 'SUCCESSFUL');
    }
    assert.deepEqual(await summary(t, c.savingsId), { accountBalance: 14000, availableBalance: 14000 });
    const debits = (await outbox(service, t.tenant, ['account.debit'])).filter((e) => e.payload.data.accountId === c.savingsId && e.payload.data.type === 'INTERBANK');
    assert.deepEqual(debits.map((e) => e.payload.data.amount).sort(), [1000, 2000, 3000]);
  });

  test('inbound credits are signed with PAYMENT_SWITCH_KEY: the sandbox default is refused once a key is set', async () => {
    const c = await funded(t, 100);
    const body = { sessionId: `e2e${Date.now()}`, accountNumber: c.accountNo, amount: '10.25', currency: 'NGN', narration: 'n', originator: { bankName: 'Sterling Bank', accountNo: '3000000001', senderName: 'Kemi Lawal' } };
    assertError(await inbound(service, t.tenant, body), 401, 'error.msg.interbank.signature.invalid');
    const ok = await inbound(service, t.tenant, body, { key: KEY });
    assert.equal(ok.body.status, 'CREDITED', ok.text);
    assert.equal((await summary(t, c.savingsId)).accountBalance, 110.25);
  });

  test('a switch that is down: banks and name enquiry are 503, a transfer is refused with 503 and holds nothing', async () => {
    const c = await funded(t, 5000);
    const port = Number(new URL(sandbox.url).port);
    await sandbox.stop();
    try {
      assertError(await c.session.get('/self/interbank/banks'), 503, 'error.msg.interbank.switch.unavailable');
      assertError(await c.session.get(`/self/interbank/nameenquiry?bankCode=058&accountNumber=${nuban(1)}`), 503, 'error.msg.interbank.switch.unavailable');
      assertError(await send(c, 1, 1000), 503, 'error.msg.interbank.switch.unavailable');
      assert.deepEqual(await summary(t, c.savingsId), { accountBalance: 5000, availableBalance: 5000 });
    } finally {
      sandbox = await SandboxProcess.start(port);
    }
    assert.equal((await send(c, 2, 1000)).body.status, 'SUCCESSFUL');
  });
});

describe('a crash (kill -9) while inter-bank transfers are PENDING', () => {
  let sandbox: SandboxProcess;
  let first: ServiceProcess | null = null;
  let second: ServiceProcess | null = null;

  before(async () => {
    sandbox = await SandboxProcess.start();
  });
  after(async () => {
    await first?.kill();
    await second?.stop();
    if (first) await dropTestDatabase(first.databaseUrl);
    await sandbox.stop();
  });

  test('after a restart every PENDING transfer is re-queried (never re-sent) and settled exactly once', async () => {
    // A re-query base of 10 minutes: the first process never asks; only the restarted one does.
    first = await ServiceProcess.start(switchEnv(sandbox, { WORKERS: '1', PAYMENT_SWITCH_TIMEOUT_MS: '60000', PAYMENT_REQUERY_BASE_MS: '600000' }), { keepDatabase: true });
    const admin = await first.admin();
    assert.equal((await admin.post('/businessdate', { type: 'BUSINESS_DATE', date: TODAY, ...iso })).status, 200);
    const c = await funded(admin, 10000);

    const pending = await c.session.post('/self/accounttransfers', interbankBody(c.savingsId, '033', nuban(8), 1000));
    assert.equal(pending.body.status, 'PENDING', pending.text);
    // Killed between the hold and the switch's answer: the switch holds this one unanswered.
    const inFlight = c.session.post('/self/accounttransfers', interbankBody(c.savingsId, '033', nuban(7), 2000)).catch((error: Error) => error);
    const held = await until(() => admin.get('/interbank/transfers?status=PENDING'), (r) => r.status === 200 && r.body.length === 2);
    assert.equal(held.body.length, 2);
    assert.deepEqual(await summary(admin, c.savingsId), { accountBalance: 10000, availableBalance: 7000 });
    await first.kill();
    assert.ok((await inFlight) instanceof Error, 'the in-flight request died with the process');

    second = await ServiceProcess.start(switchEnv(sandbox, { WORKERS: '1' }), { databaseUrl: first.databaseUrl });
    const restarted = await second.admin();
    const done = await until(() => restarted.get('/interbank/transfers'), (r) => r.status === 200 && r.body.length === 2 && r.body.every((x: { status: string }) => x.status !== 'PENDING'));
    assert.deepEqual(done.body.map((x: { status: string }) => x.status), ['SUCCESSFUL', 'SUCCESSFUL']);
    assert.deepEqual(await summary(restarted, c.savingsId), { accountBalance: 7000, availableBalance: 7000 });
    // Re-queried, never re-sent: the switch received each session once.
    const sessions = done.body.map((x: { sessionId: string }) => x.sessionId).sort();
    assert.deepEqual(sandbox.received.filter((id) => sessions.includes(id)).sort(), sessions);
    const withdrawals = (await restarted.get(`/savingsaccounts/${c.savingsId}/transactions?limit=50`)).body.pageItems.filter((x: { transactionType: { value: string } }) => x.transactionType.value === 'Withdrawal');
    assert.deepEqual(withdrawals.map((x: { amount: number }) => x.amount).sort(), [1000, 2000]);
  });
});
