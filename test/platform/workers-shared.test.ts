import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sha256Hex } from '../../router/persisted-queries.js';
import { ServiceProcess } from '../support/service-process.js';
import { TenantSession } from '../support/service.js';
import { person, PASSWORD } from '../self/support.js';
import { interbankBody, iso, nuban, TODAY, until } from '../payments/support.js';

/** The value of the one sample whose name and labels are exactly these. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/**
 * Issue 33 item 14: with two workers sharing the port, what one worker did is seen through the other.
 * ServiceProcess sends each request on a connection of its own, so round robin spreads them over both.
 */
describe('two workers behave as one service', () => {
  let service: ServiceProcess;
  let admin: TenantSession<ServiceProcess>;
  before(async () => {
    service = await ServiceProcess.start({ WORKERS: '2', PAYMENT_REQUERY_BASE_MS: '100', PAYMENT_REQUERY_POLL_MS: '50' });
    admin = await service.admin();
  });
  after(async () => service?.stop());

  test('/metrics counts the requests of both workers, whichever one is scraped', async () => {
    const series = `http_requests_total{route="GET /offices",method="GET",status="200",tenant="default"}`;
    const base = sample((await service.request('GET', '/metrics')).text, series) ?? 0;
    for (let i = 0; i < 6; i++) assert.equal((await admin.get('/offices')).status, 200);
    // Every scrape, on whichever worker it lands, sees all six.
    for (let i = 0; i < 4; i++) {
      const text = (await service.request('GET', '/metrics')).text;
      assert.equal(sample(text, series), base + 6, `scrape ${i}`);
      assert.equal(sample(text, 'graphql_operations_total{operation_name="Offices",operation_type="query",surface="rest",executor="direct",outcome="ok"}')! >= 6, true);
    }
  });

  test('a document registered by hash through one worker is found through the other', async () => {
    const query = `query SharedOffice { office(id: 1) { id name } }`;
    const extensions = { persistedQuery: { version: 1, sha256Hash: sha256Hex(query) } };
    const registered = await admin.request('POST', '/graphql', { body: { query, extensions } });
    assert.equal(registered.status, 200, registered.text);
    for (let i = 0; i < 8; i++) {
      const hit = await admin.request('POST', '/graphql', { body: { extensions } });
      assert.equal(hit.status, 200, hit.text);
      assert.deepEqual(hit.body, { data: { office: { id: 1, name: 'Head Office' } } }, `request ${i}`);
    }
    // Another tenant's caller does not find it: the store is keyed by tenant.
    const other = await service.request('POST', '/graphql', { tenant: 'nobody-here', auth: null, body: { extensions } });
    assert.notEqual(other.body?.data?.office?.name, 'Head Office');
  });

  test('a pending inter-bank transfer sent by either worker settles on re-query by the background worker', async () => {
    assert.equal((await admin.post('/businessdate', { type: 'BUSINESS_DATE', date: TODAY, ...iso })).status, 200);
    const body = person();
    const registered = await service.request('POST', '/api/v1/self/registration', { tenant: 'default', auth: null, body });
    assert.equal(registered.status, 200, registered.text);
    const login = await service.request('POST', '/api/v1/self/authentication', { tenant: 'default', auth: null, body: { username: registered.body.username, password: PASSWORD } });
    assert.equal(login.status, 200, login.text);
    const customer = new TenantSession(service, 'default', login.body.base64EncodedAuthenticationKey as string);
    const savingsId = registered.body.savingsId as number;
    const deposit = await admin.post(`/savingsaccounts/${savingsId}/transactions?command=deposit`, { transactionDate: TODAY, transactionAmount: 10_000, paymentTypeId: 2, ...iso });
    assert.equal(deposit.status, 200, deposit.text);

    // Four transfers the sandbox holds PENDING (account numbers ending in 8): round robin sends two from each worker.
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const sent = await customer.post('/self/accounttransfers', interbankBody(savingsId, '058', nuban(8), 100));
      assert.equal(sent.status, 200, sent.text);
      assert.equal(sent.body.status, 'PENDING');
      ids.push(sent.body.resourceId as number);
    }
    for (const id of ids) {
      const done = await until(() => customer.get(`/self/accounttransfers/${id}`).then((r) => r.body), (s) => s.status !== 'PENDING', 600);
      assert.equal(done.status, 'SUCCESSFUL', `transfer ${id}: ${JSON.stringify(done)}`);
    }
    // 10,000 - 4 x 100, nothing held or refunded twice.
    const account = (await admin.get(`/savingsaccounts/${savingsId}`)).body.summary;
    assert.equal(account.accountBalance, 9600);
    assert.equal(account.availableBalance, 9600);
  });
});
