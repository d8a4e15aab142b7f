import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import { after, before, describe, test } from 'node:test';
import { TenantSession, TestService } from '../support/service.js';

const ACCOUNTANT = 320004;
const LOAN_OFFICER = 320003;
const OFFICE_CREATED = 'subscription { officeCreated { id name } }';

interface Stream {
  /** Names of the offices delivered so far. */
  names: string[];
  /** Settles once the stream has delivered one event (it is live). */
  live: Promise<void>;
  /** Settles when the server ends the stream: the graphql-ws close code, or 'ended' for SSE. */
  ended: Promise<number | 'ended'>;
  dispose(): void;
}

function wsStream(service: TestService, tenant: string, key: string): Stream {
  // Lazy: a non-lazy client reports the server's close to console.error.
  const client = service.subscriptionClient(tenant, key, { lazy: true });
  const names: string[] = [];
  let markLive!: () => void;
  const live = new Promise<void>((resolve) => (markLive = resolve));
  const ended = new Promise<number>((resolve) => client.on('closed', (event) => resolve((event as { code: number }).code)));
  client.subscribe<{ officeCreated: { name: string } }>({ query: OFFICE_CREATED }, {
    next: (value) => {
      if (value.data) names.push(value.data.officeCreated.name);
      markLive();
    },
    error: () => undefined,
    complete: () => undefined,
  });
  return { names, live, ended, dispose: () => void client.dispose() };
}

function sseStream(service: TestService, tenant: string, key: string): Stream {
  const names: string[] = [];
  let markLive!: () => void;
  const live = new Promise<void>((resolve) => (markLive = resolve));
  let text = '';
  const req = httpsRequest(`${service.edge.url}/graphql`, {
    method: 'POST', ca: service.caCertificate, agent: false,
    headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Basic ${key}`, 'service-platform-tenantid': tenant },
  });
  const ended = new Promise<'ended'>((resolve, reject) => {
    req.on('response', (res) => {
      assert.equal(res.statusCode, 200);
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        for (let event = /event: next\ndata: (.*)\n/.exec(text); event; event = /event: next\ndata: (.*)\n/.exec(text)) {
          names.push((JSON.parse(event[1]!) as { data: { officeCreated: { name: string } } }).data.officeCreated.name);
          text = text.slice(event.index + event[0].length);
          markLive();
        }
      });
      res.on('end', () => resolve('ended'));
    });
    req.on('error', (error) => {
      if (!(error as NodeJS.ErrnoException).code?.startsWith('ECONNRESET')) reject(error);
    });
  });
  req.end(JSON.stringify({ query: OFFICE_CREATED }));
  return { names, live, ended, dispose: () => req.destroy() };
}

const TRANSPORTS = { 'graphql-ws': wsStream, SSE: sseStream };

/** Creates offices until every stream has delivered one: subscribing is asynchronous, so the first may come before. */
async function untilLive(admin: TenantSession, streams: Stream[]): Promise<void> {
  let live = false;
  void Promise.all(streams.map((s) => s.live)).then(() => (live = true));
  for (let i = 0; i < 100 && !live; i++) {
    assert.equal((await admin.post('/offices', { name: `Warm-up ${randomBytes(3).toString('hex')}`, parentId: 1, openingDate: '2024-01-01', dateFormat: 'yyyy-MM-dd', locale: 'en' })).status, 200);
    await Promise.race([Promise.all(streams.map((s) => s.live)), new Promise((r) => setTimeout(r, 100))]);
  }
  assert.ok(live, 'the streams are live');
}

async function staffUser(admin: TenantSession, roles = [ACCOUNTANT]): Promise<{ id: number; key: string }> {
  const username = `u${randomBytes(4).toString('hex')}`;
  const created = await admin.post('/users', { username, firstname: 'Sub', lastname: 'Scriber', officeId: 1, roles, password: 'Secret123', repeatPassword: 'Secret123' });
  assert.equal(created.status, 200, created.text);
  const login = await admin.service.request('POST', '/api/v1/authentication', { tenant: admin.tenant, body: { username, password: 'Secret123' } });
  assert.equal(login.status, 200, login.text);
  return { id: login.body.userId, key: login.body.base64EncodedAuthenticationKey };
}

/**
 * Issue 27 point 4: after logout, a password change or deleting the user, REST answered 401 at once, but
 * open graphql-ws and SSE subscriptions kept delivering. A revocation now ends them at once: graphql-ws
 * closes with 4401, the SSE response ends.
 */
describe('hardening: revocation ends open subscriptions', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  const revocations: Record<string, (user: { id: number; key: string }) => Promise<void>> = {
    logout: async (user) => {
      const out = await service.request('POST', '/api/v1/authentication/logout', { tenant: t.tenant, auth: user.key });
      assert.equal(out.status, 200, out.text);
    },
    'a password change': async (user) => assert.equal((await t.put(`/users/${user.id}`, { password: 'Changed123', repeatPassword: 'Changed123' })).status, 200),
    'deleting the user': async (user) => assert.equal((await t.delete(`/users/${user.id}`)).status, 200),
    'a role change': async (user) => assert.equal((await t.put(`/users/${user.id}`, { roles: [LOAN_OFFICER] })).status, 200),
  };

  for (const [transport, open] of Object.entries(TRANSPORTS)) {
    for (const [what, revoke] of Object.entries(revocations)) {
      test(`${what} ends the user's ${transport} subscription at once, and only theirs`, async () => {
        const user = await staffUser(t);
        const bystander = await staffUser(t);
        const stream = open(service, t.tenant, user.key);
        const other = open(service, t.tenant, bystander.key);
        try {
          await untilLive(t, [stream, other]);
          await revoke(user);
          const name = `After ${randomBytes(3).toString('hex')}`;
          assert.equal((await t.post('/offices', { name, parentId: 1, openingDate: '2024-01-01', dateFormat: 'yyyy-MM-dd', locale: 'en' })).status, 200);
          // The bystander's stream delivers the new office: by then the revoked stream would have had it too.
          while (!other.names.includes(name)) await new Promise((r) => setTimeout(r, 20));
          assert.ok(!stream.names.includes(name), 'the revoked stream got nothing after the revocation');
          assert.equal(await stream.ended, transport === 'SSE' ? 'ended' : 4401);
        } finally {
          stream.dispose();
          other.dispose();
        }
      });
    }
  }

  test("a session's logout leaves the same user's other sessions streaming", async () => {
    const user = await staffUser(t);
    const login = await service.request('POST', '/api/v1/authentication', { tenant: t.tenant, body: { username: (await t.get(`/users/${user.id}`)).body.username, password: 'Secret123' } });
    const loggedOut = wsStream(service, t.tenant, user.key);
    const stays = sseStream(service, t.tenant, login.body.base64EncodedAuthenticationKey as string);
    try {
      await untilLive(t, [loggedOut, stays]);
      assert.equal((await service.request('POST', '/api/v1/authentication/logout', { tenant: t.tenant, auth: user.key })).status, 200);
      const name = `Still ${randomBytes(3).toString('hex')}`;
      assert.equal((await t.post('/offices', { name, parentId: 1, openingDate: '2024-01-01', dateFormat: 'yyyy-MM-dd', locale: 'en' })).status, 200);
      while (!stays.names.includes(name)) await new Promise((r) => setTimeout(r, 20));
      assert.ok(!loggedOut.names.includes(name));
      assert.equal(await loggedOut.ended, 4401);
    } finally {
      loggedOut.dispose();
      stays.dispose();
    }
  });
});

describe('hardening: a revocation on one instance ends subscriptions on another (REDIS_URL)', () => {
  let first: TestService;
  let second: TestService;
  before(async () => {
    const env = { REDIS_URL: 'redis://127.0.0.1:6379' };
    first = await TestService.start({ env });
    second = await TestService.start({ env, databaseUrl: first.databaseUrl!, relay: false });
  });
  after(async () => {
    await second.stop();
    await first.stop();
  });

  for (const [transport, open] of Object.entries(TRANSPORTS)) {
    // The revocation crosses Redis: without it the stream would never end, so the test has its own bound.
    test(`a password change on the first instance ends the ${transport} subscription served by the second`, { timeout: 60_000 }, async () => {
      const t = await first.tenant();
      const user = await staffUser(t);
      const stream = open(second, t.tenant, user.key);
      try {
        await untilLive(t, [stream]);
        assert.equal((await t.put(`/users/${user.id}`, { password: 'Changed123', repeatPassword: 'Changed123' })).status, 200);
        assert.equal(await stream.ended, transport === 'SSE' ? 'ended' : 4401);
      } finally {
        stream.dispose();
      }
    });
  }
});
