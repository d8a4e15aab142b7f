import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { count, events, person, register, selfLogin, verifiedBvn } from './support.js';

describe('self-service registration', () => {
  let service: TestService;
  let t: TenantSession;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  /** What a registration would have left: its client (by email), user and login rows. */
  async function leftBehind(tenant: string, email: string): Promise<number> {
    return (
      (await count(service, 'customer.client where tenant_id = ? and email_address = ?', [tenant, email])) +
      (await count(service, 'organisation.app_user where tenant_id = ? and lower(username) = ?', [tenant, email])) +
      (await count(service, 'self.customer_login where tenant_id = ? and email = ?', [tenant, email])) +
      (await count(service, 'account.savings_account a join customer.client c on c.tenant_id = a.tenant_id and c.id = a.client_id where a.tenant_id = ? and c.email_address = ?', [tenant, email]))
    );
  }

  test('registration creates an active tier-1 client at the Digital Branch, an active Primary Savings account and a self-service login, with events', async () => {
    const body = person({ email: 'Ada.Obi@Example.com', mobileNo: '0803 123 4567' });
    const res = await register(service, t.tenant, body);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ['accountNo', 'cif', 'clientId', 'savingsId', 'username']);
    assert.match(res.body.cif, /^CIF\d{8}$/);
    assert.match(res.body.accountNo, /^\d{10}$/);
    assert.equal(res.body.username, 'ada.obi@example.com');

    const client = (await t.get(`/clients/${res.body.clientId}`)).body;
    assert.equal(client.status.value, 'Active');
    assert.equal(client.kycTier, 1);
    assert.equal(client.cif, res.body.cif);
    assert.equal(client.mobileNo, '+2348031234567');
    const office = (await t.get(`/offices/${client.officeId}`)).body;
    assert.equal(office.name, 'Digital Branch');
    assert.equal(office.parentId, 1);
    assert.equal(Number((await t.get('/configurations/name/self-service-office')).body.value), client.officeId);

    const account = (await t.get(`/savingsaccounts/${res.body.savingsId}`)).body;
    assert.equal(account.accountNo, res.body.accountNo);
    assert.equal(account.status.value, 'Active');
    assert.equal(account.savingsProductName ?? account.productName, 'Primary Savings');
    assert.equal(account.clientId, res.body.clientId);

    // The login is a customer's: not among staff users, and it works on /self/authentication only.
    assert.ok(!(await t.get('/users')).body.some((u: any) => u.username === res.body.username));
    const login = await selfLogin(service, t.tenant, res.body.username);
    assert.equal(login.status, 200, login.text);
    assert.equal(login.body.isSelfServiceUser, true);
    assert.deepEqual(login.body.clients, [res.body.clientId]);
    assert.deepEqual(login.body.roles.map((r: any) => r.name), ['Self Service User']);
    const user = (await t.get(`/users/${login.body.userId}`)).body;
    assert.deepEqual([user.username, user.isSelfServiceUser, user.officeId], [res.body.username, true, client.officeId]);
    assertError(await service.request('POST', '/api/v1/authentication', { tenant: t.tenant, auth: null, body: { username: res.body.username, password: body.password } }), 401, 'error.msg.not.authenticated');

    const emitted = await events(service, t.tenant, ['client.created', 'account.created']);
    assert.ok(emitted.some((e) => e.event_type === 'client.created' && e.payload.data.clientId === res.body.clientId && e.payload.data.cif === res.body.cif));
    assert.ok(emitted.some((e) => e.event_type === 'account.created' && e.payload.data.accountId === res.body.savingsId && e.payload.data.accountNo === res.body.accountNo));

    // The second registration books at the same Digital Branch, on an earlier business date too: the
    // branch opened with the head office.
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: '2025-03-01', dateFormat: 'yyyy-MM-dd', locale: 'en' })).status, 200);
    const second = await register(service, t.tenant, person());
    assert.equal(second.status, 200, second.text);
    const secondClient = (await t.get(`/clients/${second.body.clientId}`)).body;
    assert.equal(secondClient.officeId, client.officeId);
    assert.deepEqual(secondClient.activationDate, [2025, 3, 1]);
  });

  test('a configured self-service office is where customers are booked', async () => {
    const own = await service.tenant();
    const branch = await own.branch('Mobile Channel');
    assert.equal((await own.put('/configurations/10', { value: branch })).status, 200);
    const res = await register(service, own.tenant, person());
    assert.equal(res.status, 200, res.text);
    assert.equal((await own.get(`/clients/${res.body.clientId}`)).body.officeId, branch);
  });

  test('a refused BVN leaves nothing behind, and the same email and mobile number register at once afterwards', async () => {
    const body = person();
    assertError(await register(service, t.tenant, { ...body, bvn: '01234567891' }), 403, 'error.msg.self.registration.bvn.not.found');
    assertError(await register(service, t.tenant, { ...body, bvn: '12345670000' }), 403, 'error.msg.self.registration.bvn.name.mismatch');
    assertError(await register(service, t.tenant, { ...body, bvn: '1234' }), 400, 'validation.msg.self.registration.bvn.invalid');
    assertError(await register(service, t.tenant, { ...body, password: 'short' }), 400, 'validation.msg.user.password.does.not.match.regexp');
    assert.equal(await leftBehind(t.tenant, body.email as string), 0);
    assert.equal((await register(service, t.tenant, body)).status, 200);
  });

  test('a failure after the account is created rolls back client, account and events; the same details then register', async () => {
    const body = person();
    const email = body.email as string;
    const clientsBefore = await count(service, 'customer.client where tenant_id = ?', [t.tenant]);
    const eventsBefore = (await events(service, t.tenant, ['client.created', 'account.created'])).length;
    // Injected failure: the login's insert (the step after the account's) fails for this username.
    await service.platform.db.system(async (em) => {
      await em.execute(`create or replace function organisation.fail_registration() returns trigger language plpgsql as $$
        begin if new.username = '${email}' then raise exception 'injected failure'; end if; return new; end $$`);
      await em.execute(`create trigger fail_registration before insert on organisation.app_user for each row execute function organisation.fail_registration()`);
    });
    try {
      const res = await register(service, t.tenant, body);
      assert.equal(res.status, 500, res.text);
    } finally {
      await service.platform.db.system((em) => em.execute(`drop trigger fail_registration on organisation.app_user`));
    }
    assert.equal(await leftBehind(t.tenant, email), 0);
    assert.equal(await count(service, 'customer.client where tenant_id = ?', [t.tenant]), clientsBefore);
    assert.equal((await events(service, t.tenant, ['client.created', 'account.created'])).length, eventsBefore);
    const again = await register(service, t.tenant, body);
    assert.equal(again.status, 200, again.text);
  });

  test('a BVN already on an active client is refused and flagged; duplicate emails and mobile numbers (in any form) are refused', async () => {
    const first = person({ mobileNo: '08091234567' });
    assert.equal((await register(service, t.tenant, first)).status, 200);
    const before = (await events(service, t.tenant, ['bvn.duplicate_detected'])).length;
    const again = person({ bvn: first.bvn });
    assertError(await register(service, t.tenant, again), 403, 'error.msg.self.registration.bvn.already.registered');
    const flagged = await events(service, t.tenant, ['bvn.duplicate_detected']);
    assert.equal(flagged.length, before + 1);
    assert.equal(flagged.at(-1)!.payload.data.matchingClientIds.length, 1);
    assert.equal(await leftBehind(t.tenant, again.email as string), 0);

    assertError(await register(service, t.tenant, person({ email: (first.email as string).toUpperCase() })), 403, 'error.msg.self.registration.duplicate.user');
    assertError(await register(service, t.tenant, person({ mobileNo: '+2348091234567' })), 403, 'error.msg.self.registration.duplicate.user');
    assertError(await register(service, t.tenant, person({ mobileNo: 'not a phone' })), 400, 'validation.msg.self.registration.mobileNo.invalid');
  });

  test('concurrent registrations of one email or one BVN: exactly one succeeds, the others are refused and leave nothing', async () => {
    const email = person().email as string;
    const sameEmail = await Promise.all(Array.from({ length: 5 }, () => register(service, t.tenant, person({ email }))));
    assert.deepEqual(sameEmail.map((r) => r.status).sort(), [200, 403, 403, 403, 403], sameEmail.map((r) => r.text).join('\n'));
    for (const r of sameEmail.filter((x) => x.status === 403)) assertError(r, 403, 'error.msg.self.registration.duplicate.user');
    assert.equal(await count(service, 'customer.client where tenant_id = ? and email_address = ?', [t.tenant, email]), 1);

    const bvn = person().bvn as string;
    const sameBvn = await Promise.all(Array.from({ length: 4 }, () => register(service, t.tenant, person({ bvn }))));
    assert.deepEqual(sameBvn.map((r) => r.status).sort(), [200, 403, 403, 403]);
    for (const r of sameBvn.filter((x) => x.status === 403)) assertError(r, 403, 'error.msg.self.registration.bvn.already.registered');
    assert.equal(await count(service, 'customer.client where tenant_id = ? and bvn = ?', [t.tenant, bvn]), 1);
  });

  test('registration is rate-limited per verified BVN per day and per client address per hour (429 with Retry-After)', async () => {
    const own = await service.tenant();
    // Issue 33 point 13: five refused attempts with someone's BVN blocked that person's own registration
    // for a day. A BVN that does not verify (unknown, or another person's names) is never counted under it:
    // these six are refused for what they are, never 429 (this test expected 429 at the sixth before).
    for (const bvn of ['01111111112', '21111110000']) {
      const code = bvn.endsWith('0000') ? 'error.msg.self.registration.bvn.name.mismatch' : 'error.msg.self.registration.bvn.not.found';
      for (let i = 0; i < 6; i++) assertError(await register(service, own.tenant, person({ bvn })), 403, code);
    }
    // A verified BVN counts: registered once, refused as registered four times, then 429.
    const bvn = verifiedBvn();
    assert.equal((await register(service, own.tenant, person({ bvn }))).status, 200);
    for (let i = 0; i < 4; i++) assertError(await register(service, own.tenant, person({ bvn })), 403, 'error.msg.self.registration.bvn.already.registered');
    const limited = await register(service, own.tenant, person({ bvn }));
    assertError(limited, 429, 'error.msg.self.registration.rate.limited');
    assert.ok(Number(limited.headers['retry-after']) > 0);

    // 17 attempts counted from this address (12 unverified, 5 verified; the refused one is not); allow 18 an hour.
    assert.equal((await own.put('/configurations/11', { value: 18 })).status, 200);
    assert.equal((await register(service, own.tenant, person())).status, 200);
    const byAddress = await register(service, own.tenant, person());
    assertError(byAddress, 429, 'error.msg.self.registration.rate.limited');
    assert.ok(Number(byAddress.headers['retry-after']) > 3000, byAddress.headers['retry-after'] as string);
  });

  test("someone else's refused attempts with a BVN leave its owner's registration open", async () => {
    const own = await service.tenant();
    const bvn = verifiedBvn();
    // The sandbox refuses names through BVNs ending in 0000 only; an unknown BVN is the other refusal before
    // verification. Neither touches this BVN's allowance, which only its verified attempts use.
    for (let i = 0; i < 6; i++) assertError(await register(service, own.tenant, person({ bvn: `${bvn.slice(0, 7)}0000` })), 403, 'error.msg.self.registration.bvn.name.mismatch');
    assert.equal(await count(service, 'self.registration_attempt where tenant_id = ? and bvn <> \'\'', [own.tenant]), 0, 'nothing counted under any BVN');
    assert.equal((await register(service, own.tenant, person({ bvn }))).status, 200);
    assert.equal(await count(service, 'self.registration_attempt where tenant_id = ? and bvn = ?', [own.tenant, bvn]), 1);
  });
});
