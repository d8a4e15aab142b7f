import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type HttpResult, type TenantSession } from '../support/service.js';
import { customer, mobileNo, PASSWORD, selfLogin } from './support.js';

const TODAY = '2026-01-15';
const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };

/**
 * Issue 42 item 2: Fineract's two-step registration as the Mifos mobile app and the web self-service app
 * make it (RegistrationPayload, then UserVerify {requestId, authenticationToken}) for a customer the bank
 * already has; the token comes from the sandbox notifier's development log.
 */
describe("Fineract's customer apps: two-step registration", () => {
  let service: TestService;
  let t: TenantSession;
  let clientId: number;
  let accountNo: string;
  const tag = randomBytes(3).toString('hex');
  const person = { firstName: 'Chidi', lastName: `Okafor${tag}`, email: `chidi.${tag}@example.com`, mobileNumber: mobileNo() };

  const post = (path: string, body: Record<string, unknown>): Promise<HttpResult> => service.request('POST', `/api/v1${path}`, { tenant: t.tenant, auth: null, body });
  /** The mobile app's RegistrationPayload. */
  const request = (overrides: Record<string, unknown> = {}) =>
    post('/self/registration', { username: `chidi${tag}`, accountNumber: accountNo, password: PASSWORD, authenticationMode: 'email', ...person, ...overrides });
  /** The token the sandbox logged (outside production) for a request: the id and the token as the message has them. */
  const sent = () => {
    const line = [...service.logs].reverse().find((l) => typeof l.msg === 'string' && l.msg.startsWith('token for request '))!;
    const [, requestId, token] = /request id is (\d+) and its token is (\d{6})/.exec(line.sandboxMessage as string)!;
    assert.equal(line.msg, `token for request ${requestId}`);
    return { requestId: Number(requestId), token: token! };
  };
  const wrong = (token: string) => String((Number(token) + 1) % 1_000_000).padStart(6, '0');

  before(async () => {
    service = await TestService.start({ captureLogs: true });
    t = await service.tenant();
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: TODAY, ...iso })).status, 200);
    // A customer of the branch, with an account, who never registered for self-service.
    const client = await t.post('/clients', {
      officeId: await t.branch(), legalFormId: 1, firstname: person.firstName, lastname: person.lastName, mobileNo: person.mobileNumber, emailAddress: person.email,
      active: true, activationDate: TODAY, ...iso,
    });
    assert.equal(client.status, 200, client.text);
    clientId = client.body.clientId;
    const savingsId = (await t.post('/savingsaccounts', { clientId, productId: 1, submittedOnDate: TODAY, ...iso })).body.savingsId;
    assert.equal((await t.post(`/savingsaccounts/${savingsId}?command=activate`, { activatedOnDate: TODAY, ...iso })).status, 200);
    accountNo = (await t.get(`/savingsaccounts/${savingsId}`)).body.accountNo;
  });
  after(async () => service.stop());

  test('the account number, names and the chosen contact must be an active client\'s; nothing is sent otherwise', async () => {
    assertError(await request({ lastName: 'Someone' }), 404, 'error.msg.client.not.found.with.basic.details');
    assertError(await request({ email: `other.${tag}@example.com` }), 404, 'error.msg.client.not.found.with.basic.details');
    assertError(await request({ authenticationMode: 'mobile', mobileNumber: mobileNo() }), 404, 'error.msg.client.not.found.with.basic.details');
    assertError(await request({ accountNumber: '0000000000' }), 404, 'error.msg.client.not.found.with.basic.details');
    const res = await request({ authenticationMode: 'fax' });
    assert.equal(res.status, 400, res.text);
    assert.ok(!service.logs.some((l) => typeof l.msg === 'string' && l.msg.startsWith('token for request ')), 'no token was sent');
  });

  test('a token dies after 5 wrong tries; it is stored hashed and is in no event or request log', async () => {
    const res = await request();
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body, 'Self service request created.');
    const { requestId, token } = sent();
    const stored = await service.platform.db.system((em) => em.execute<{ token_hash: string }[]>(`select token_hash from self.registration_request where tenant_id = ? and id = ?`, [t.tenant, requestId]));
    assert.equal(stored[0]!.token_hash.length, 64);
    assert.notEqual(stored[0]!.token_hash, token);
    for (let i = 0; i < 5; i++) assertError(await post('/self/registration/user', { requestId, authenticationToken: wrong(token) }), 404, 'error.msg.self.service.registration.not.found');
    // The right token, too late: the request is dead.
    assertError(await post('/self/registration/user', { requestId, authenticationToken: token }), 404, 'error.msg.self.service.registration.not.found');
    const outbox = await service.platform.db.system((em) => em.execute<{ payload: unknown }[]>(`select payload from kernel.outbox where tenant_id = ?`, [t.tenant]));
    assert.ok(!JSON.stringify(outbox).includes(`"${token}"`), 'no event holds the token');
    const requestLogs = service.logs.filter((l) => !(typeof l.msg === 'string' && l.msg.startsWith('token for request ')));
    // As a number of its own (timestamps are longer runs of digits).
    assert.ok(!new RegExp(`(?<!\\d)${token}(?!\\d)`).test(JSON.stringify(requestLogs)), 'no other log line holds the token');
  });

  test('an expired token creates nothing', async () => {
    assert.equal((await request()).status, 200);
    const { requestId, token } = sent();
    // Thirty minutes later (the default validity): moved back rather than waited for.
    await service.platform.db.system((em) => em.execute(`update self.registration_request set expires_at = now() - interval '1 second' where tenant_id = ? and id = ?`, [t.tenant, requestId]));
    assertError(await post('/self/registration/user', { requestId, authenticationToken: token }), 404, 'error.msg.self.service.registration.not.found');
  });

  test('by SMS: the token creates the self-service user once; the customer logs in and reads their client page', async () => {
    const res = await request({ authenticationMode: 'mobile' });
    assert.equal(res.status, 200, res.text);
    const { requestId, token } = sent();
    const created = await post('/self/registration/user', { requestId, authenticationToken: token });
    assert.equal(created.status, 200, created.text);
    assert.equal(typeof created.body.resourceId, 'number');
    assertError(await post('/self/registration/user', { requestId, authenticationToken: token }), 404, 'error.msg.self.service.registration.not.found');

    const login = await selfLogin(service, t.tenant, `chidi${tag}`);
    assert.equal(login.status, 200, login.text);
    assert.deepEqual([login.body.isSelfServiceUser, login.body.clients], [true, [clientId]]);
    const page = await service.request('GET', '/api/v1/self/clients', { tenant: t.tenant, auth: login.body.base64EncodedAuthenticationKey });
    assert.equal(page.status, 200, page.text);
    assert.deepEqual([page.body.pageItems[0].id, page.body.pageItems[0].displayName], [clientId, `${person.firstName} ${person.lastName}`]);
    // The username is taken now: another request for it is refused before any token goes.
    assertError(await request(), 403, 'error.msg.user.duplicate.username');
  });

  test('a customer who registered with their BVN already has the login for that email and phone', async () => {
    const registered = await customer(t);
    const b = registered.body;
    const res = await post('/self/registration', {
      username: `other${tag}`, firstName: b.firstname, lastName: b.lastname, email: b.email, mobileNumber: b.mobileNo, accountNumber: registered.accountNo, password: PASSWORD, authenticationMode: 'email',
    });
    assertError(res, 403, 'error.msg.self.registration.duplicate.user');
  });
});

describe('two-step registration through a configured gateway', () => {
  const KEY = 'gateway-test-key';
  let gateway: Server;
  const received: { headers: Record<string, unknown>; body: string }[] = [];
  /** What the gateway answers. */
  let answer = 202;
  let service: TestService;
  let t: TenantSession;

  before(async () => {
    gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/messages`;
    service = await TestService.start({ captureLogs: true, env: { NOTIFICATION_URL: url, NOTIFICATION_KEY: KEY } });
    t = await service.tenant();
  });
  after(async () => {
    await service.stop();
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
  });

  test('the message is posted signed with the key, as the payment switch signs; no log holds the token', async () => {
    const tag = randomBytes(3).toString('hex');
    const mobile = mobileNo();
    const client = (await t.post('/clients', { officeId: await t.branch(), legalFormId: 1, firstname: 'Bola', lastname: `Ade${tag}`, mobileNo: mobile, active: true, activationDate: TODAY, ...iso })).body.clientId;
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: TODAY, ...iso })).status, 200);
    const date = TODAY;
    const savingsId = (await t.post('/savingsaccounts', { clientId: client, productId: 1, submittedOnDate: date, ...iso })).body.savingsId;
    assert.equal((await t.post(`/savingsaccounts/${savingsId}?command=activate`, { activatedOnDate: date, ...iso })).status, 200);
    const accountNumber = (await t.get(`/savingsaccounts/${savingsId}`)).body.accountNo;
    const res = await service.request('POST', '/api/v1/self/registration', {
      tenant: t.tenant, auth: null,
      body: { username: `bola${tag}`, firstName: 'Bola', lastName: `Ade${tag}`, email: `bola.${tag}@example.com`, mobileNumber: mobile, accountNumber, password: PASSWORD, authenticationMode: 'mobile' },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(received.length, 1);
    const { headers, body } = received[0]!;
    const expected = `v1=${createHmac('sha256', KEY).update(`${headers['x-notification-timestamp']}.${body}`).digest('hex')}`;
    assert.equal(headers['x-notification-signature'], expected);
    const message = JSON.parse(body);
    assert.deepEqual([message.tenant, message.channel, message.to], [t.tenant, 'mobile', `+234${mobile.slice(1)}`]);
    const [, requestId, token] = /request id is (\d+) and its token is (\d{6})/.exec(message.text)!;
    assert.equal(Number(requestId), message.requestId);
    assert.ok(!new RegExp(`(?<!\\d)${token}(?!\\d)`).test(JSON.stringify(service.logs)), 'no log line holds the token');
    const created = await service.request('POST', '/api/v1/self/registration/user', { tenant: t.tenant, auth: null, body: { requestId: Number(requestId), authenticationToken: token } });
    assert.equal(created.status, 200, created.text);

    // A gateway that refuses the message: 503, and the customer asks again later.
    answer = 500;
    const femi = (await t.post('/clients', { officeId: await t.branch(), legalFormId: 1, firstname: 'Femi', lastname: `Ola${tag}`, emailAddress: `femi.${tag}@example.com`, active: true, activationDate: date, ...iso })).body.clientId;
    const femiSavings = (await t.post('/savingsaccounts', { clientId: femi, productId: 1, submittedOnDate: date, ...iso })).body.savingsId;
    assert.equal((await t.post(`/savingsaccounts/${femiSavings}?command=activate`, { activatedOnDate: date, ...iso })).status, 200);
    const refused = await service.request('POST', '/api/v1/self/registration', {
      tenant: t.tenant, auth: null,
      body: {
        username: `femi${tag}`, firstName: 'Femi', lastName: `Ola${tag}`, email: `femi.${tag}@example.com`, mobileNumber: mobileNo(), password: PASSWORD, authenticationMode: 'email',
        accountNumber: (await t.get(`/savingsaccounts/${femiSavings}`)).body.accountNo,
      },
    });
    assertError(refused, 503, 'error.msg.mobile.service.provider.not.available');
    assert.equal(received.length, 2, 'the gateway was asked');
  });
});
