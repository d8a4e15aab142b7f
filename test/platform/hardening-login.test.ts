import assert from 'node:assert/strict';
import { request as httpsRequest } from 'node:https';
import { after, before, describe, test } from 'node:test';
import { TestService, type TenantSession } from '../support/service.js';

/**
 * Issue 7 point 6: a wrong password took 80-90 ms for an existing user and 7-13 ms for an unknown one;
 * anyone could lock the admin for 60 s with five anonymous requests.
 */
describe('hardening: login does not tell usernames apart and cannot be used to lock others out', () => {
  let service: TestService;
  let t: TenantSession;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
  });
  after(async () => service.stop());

  /** A login from a chosen loopback source address (127.0.0.x all reach the edge on Linux). */
  const loginFrom = (localAddress: string, username: string, password: string) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: { userMessageGlobalisationCode?: string } }>((resolve, reject) => {
      const payload = JSON.stringify({ username, password });
      const req = httpsRequest(`${service.edge.url.replace('localhost', '127.0.0.1')}/api/v1/authentication`, {
        method: 'POST', localAddress, ca: service.caCertificate, servername: 'localhost',
        headers: { 'content-type': 'application/json', 'Service-Platform-TenantId': t.tenant },
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      });
      req.on('error', reject);
      req.end(payload);
    });

  test('an unknown username costs the same password work as a known one', async () => {
    const cpu = async (attempt: (i: number) => Promise<unknown>) => {
      const start = process.cpuUsage();
      for (let i = 0; i < 4; i++) await attempt(i);
      const used = process.cpuUsage(start);
      return used.user + used.system;
    };
    const known = await cpu(() => loginFrom('127.0.0.5', 'admin', 'wrong-password'));
    const unknown = await cpu((i) => loginFrom('127.0.0.5', `nobody${i}`, 'wrong-password'));
    // Both run scrypt (N=2^15, tens of ms of CPU each); without the dummy hash the unknown ones cost ~nothing.
    assert.ok(unknown > known / 2, `unknown usernames used ${unknown} µs of CPU, known ${known} µs`);
    const res = await loginFrom('127.0.0.5', 'nobody', 'x');
    assert.equal(res.status, 401);
    assert.equal(res.body.userMessageGlobalisationCode, 'error.msg.not.authenticated');
  });

  test('five wrong passwords throttle that address (429, Retry-After); the admin elsewhere still logs in', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await loginFrom('127.0.0.2', 'admin', 'guess')).status, 401);
    const throttled = await loginFrom('127.0.0.2', 'admin', 'password');
    assert.equal(throttled.status, 429);
    assert.equal(throttled.body.userMessageGlobalisationCode, 'error.msg.login.throttled');
    const retryAfter = Number(throttled.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    const elsewhere = await loginFrom('127.0.0.3', 'admin', 'password');
    assert.equal(elsewhere.status, 200, 'the attacker did not lock the admin out');
  });
});
