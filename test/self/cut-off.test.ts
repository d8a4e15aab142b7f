import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { clientStatusOption } from '../../subgraphs/kernel/client-status.js';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { customer, events, PASSWORD, selfLogin, type Customer } from './support.js';

const today = () => new Date().toISOString().slice(0, 10);
const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };

/**
 * Issue 33 point 6: closing a client (reason "Deceased") left the customer's login and sessions working,
 * and `me` showed status 600 as "Pending". Closing, rejecting or withdrawing a client now cuts its customer
 * off at once, staff hold a client's login with POST /clients/{id}/selfservice, and statuses read as
 * Fineract names them.
 */
describe('self-service: cutting a customer off', () => {
  let service: TestService;
  let t: TenantSession;
  let closureReason: number;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    const codes = (await t.get('/codes')).body as { id: number; name: string }[];
    const code = codes.find((c) => c.name === 'ClientClosureReason')!;
    closureReason = ((await t.get(`/codes/${code.id}/codevalues`)).body as { id: number }[])[0]!.id;
  });
  after(async () => service.stop());

  /** A customer's socket with a subscription open: settles with the close code when the server ends it. */
  async function openStream(c: Customer): Promise<{ ended: Promise<number>; dispose: () => void }> {
    const client = service.subscriptionClient(t.tenant, c.session.key, { lazy: true });
    const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
    const ended = new Promise<number>((resolve) => client.on('closed', (event) => resolve((event as { code: number }).code)));
    client.subscribe({ query: `subscription { accountTransactions(accountId: ${c.savingsId}) { amount } }` }, { next: () => undefined, error: () => undefined, complete: () => undefined });
    await connected;
    return { ended, dispose: () => void client.dispose() };
  }

  test('closing the client ends the customer\'s sessions, streams and login at once; staff see Fineract\'s status', async () => {
    const dora = await customer(t);
    const other = await customer(t);
    const stream = await openStream(dora);
    try {
      assert.equal((await dora.session.get('/self/clients')).status, 200);
      assert.equal((await t.post(`/savingsaccounts/${dora.savingsId}?command=close`, { closedOnDate: today(), ...iso })).status, 200);
      const closed = await t.post(`/clients/${dora.clientId}?command=close`, { closureDate: today(), closureReasonId: closureReason, ...iso });
      assert.equal(closed.status, 200, closed.text);
      assertError(await dora.session.get('/self/clients'), 401, 'error.msg.not.authenticated');
      assertError(await selfLogin(service, t.tenant, dora.username), 401, 'error.msg.not.authenticated');
      assert.equal(await stream.ended, 4401, 'the live stream ended with the revocation');
      assert.deepEqual((await t.get(`/clients/${dora.clientId}`)).body.status, { id: 600, code: 'clientStatusType.closed', value: 'Closed', pending: false, active: false, closed: true });
      // Another customer is untouched.
      assert.equal((await other.session.get('/self/clients')).status, 200);
    } finally {
      stream.dispose();
    }
  });

  test('staff disable and enable a customer\'s login; audited; another tenant\'s client is 404', async () => {
    const eve = await customer(t);
    const stream = await openStream(eve);
    try {
      const disabled = await t.post(`/clients/${eve.clientId}/selfservice?command=disable`);
      assert.equal(disabled.status, 200, disabled.text);
      assert.equal(disabled.body.resourceId, eve.clientId);
      assert.equal(disabled.body.changes.command, 'disable');
      assertError(await eve.session.get('/self/clients'), 401, 'error.msg.not.authenticated');
      assertError(await selfLogin(service, t.tenant, eve.username), 401, 'error.msg.not.authenticated');
      assert.equal(await stream.ended, 4401);
    } finally {
      stream.dispose();
    }
    assert.equal((await t.post(`/clients/${eve.clientId}/selfservice?command=enable`)).status, 200);
    assert.equal((await selfLogin(service, t.tenant, eve.username)).status, 200, 'the same password works again');
    const audit = await events(service, t.tenant, ['client.selfservice.changed']);
    assert.deepEqual(audit.map((e) => [e.payload.data.clientId, e.payload.data.command, e.payload.data.byUsername]), [[eve.clientId, 'disable', 'admin'], [eve.clientId, 'enable', 'admin']]);

    const elsewhere = await service.tenant();
    assertError(await elsewhere.post(`/clients/${eve.clientId}/selfservice?command=disable`), 404, 'error.msg.client.id.invalid');
    assert.equal((await selfLogin(service, t.tenant, eve.username)).status, 200, 'the other tenant changed nothing');
  });

  test('the command needs its own permission; a client without a login is 404; a closed client is not enabled again', async () => {
    const fay = await customer(t);
    const teller = await t.userWithRoles([320004]);
    assertError(await teller.post(`/clients/${fay.clientId}/selfservice?command=disable`), 403, 'error.msg.not.authorized');
    assert.equal((await fay.session.get('/self/clients')).status, 200);
    const plain = await t.post('/clients', { officeId: await t.branch(), legalFormId: 1, firstname: 'No', lastname: 'Login', active: true, activationDate: today(), ...iso });
    assert.equal(plain.status, 200, plain.text);
    assertError(await t.post(`/clients/${plain.body.clientId}/selfservice?command=disable`), 404, 'error.msg.client.selfservice.user.not.found');
    assert.equal((await t.post(`/savingsaccounts/${fay.savingsId}?command=close`, { closedOnDate: today(), ...iso })).status, 200);
    assert.equal((await t.post(`/clients/${fay.clientId}?command=close`, { closureDate: today(), closureReasonId: closureReason, ...iso })).status, 200);
    assertError(await t.post(`/clients/${fay.clientId}/selfservice?command=enable`), 403, 'error.msg.client.selfservice.client.not.active');
    assertError(await t.post(`/clients/${fay.clientId}/selfservice?command=resetPassword`), 403, 'error.msg.client.selfservice.client.not.active');
    assertError(await selfLogin(service, t.tenant, fay.username), 401, 'error.msg.not.authenticated');
  });

  test('resetPassword answers a one-time password that only lets the customer change it', async () => {
    const gus = await customer(t);
    const reset = await t.post(`/clients/${gus.clientId}/selfservice?command=resetPassword`);
    assert.equal(reset.status, 200, reset.text);
    const otp = reset.body.changes.oneTimePassword as string;
    assert.match(otp, /^(?=.*[A-Za-z])(?=.*\d).{8,50}$/);
    assertError(await gus.session.get('/self/clients'), 401, 'error.msg.not.authenticated');
    assertError(await selfLogin(service, t.tenant, gus.username, PASSWORD), 401, 'error.msg.not.authenticated');
    const login = await selfLogin(service, t.tenant, gus.username, otp);
    assert.equal(login.status, 200, login.text);
    assert.equal(login.body.shouldRenewPassword, true);
    const key = login.body.base64EncodedAuthenticationKey as string;
    const as = (method: string, path: string, body?: unknown) => service.request(method, `/api/v1${path}`, { tenant: t.tenant, auth: key, body });
    assertError(await as('GET', '/self/clients'), 403, 'error.msg.user.password.must.be.renewed');
    assertError(await as('GET', `/self/savingsaccounts/${gus.savingsId}`), 403, 'error.msg.user.password.must.be.renewed');
    const me = await service.request('POST', '/graphql', { tenant: t.tenant, auth: key, body: { query: '{ me { client { id } } }' } });
    assert.equal(me.status, 403, me.text);
    const changed = await as('PUT', '/self/user', { currentPassword: otp, password: 'Mine12345', repeatPassword: 'Mine12345' });
    assert.equal(changed.status, 200, changed.text);
    const again = await selfLogin(service, t.tenant, gus.username, 'Mine12345');
    assert.equal(again.body.shouldRenewPassword, false);
    const clients = await service.request('GET', '/api/v1/self/clients', { tenant: t.tenant, auth: again.body.base64EncodedAuthenticationKey });
    assert.equal(clients.status, 200, clients.text);
    assert.deepEqual(clients.body.pageItems[0].status, { id: 300, code: 'clientStatusType.active', value: 'Active' });
    assertError(await selfLogin(service, t.tenant, gus.username, otp), 401, 'error.msg.not.authenticated');
    const audit = await events(service, t.tenant, ['client.selfservice.changed']);
    assert.ok(!JSON.stringify(audit).includes(otp), 'the one-time password is in no event');
  });

  test('every Fineract client status reads with its own id, code and value', () => {
    assert.deepEqual([100, 300, 303, 304, 600, 700, 800, 400].map((id) => clientStatusOption(id)), [
      { id: 100, code: 'clientStatusType.pending', value: 'Pending' },
      { id: 300, code: 'clientStatusType.active', value: 'Active' },
      { id: 303, code: 'clientStatusType.transfer.in.progress', value: 'Transfer in progress' },
      { id: 304, code: 'clientStatusType.transfer.on.hold', value: 'Transfer on hold' },
      { id: 600, code: 'clientStatusType.closed', value: 'Closed' },
      { id: 700, code: 'clientStatusType.rejected', value: 'Rejected' },
      { id: 800, code: 'clientStatusType.withdraw', value: 'Withdrawn' },
      { id: 0, code: 'clientStatusType.invalid', value: 'Invalid' },
    ]);
  });
});
