import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService } from '../support/service.js';

describe('health and login over HTTPS', () => {
  let service: TestService;
  before(async () => {
    service = await TestService.start();
  });
  after(async () => service.stop());

  test('health answers UP on both paths', async () => {
    for (const path of ['/actuator/health', '/fineract-provider/actuator/health']) {
      const res = await service.request('GET', path);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { status: 'UP' });
    }
  });

  test('admin login returns the Fineract login response', async () => {
    const res = await service.request('POST', '/api/v1/authentication?tenantIdentifier=default', { body: { username: 'admin', password: 'password' } });
    assert.equal(res.status, 200);
    assert.equal(res.body.authenticated, true);
    assert.equal(res.body.username, 'admin');
    assert.equal(res.body.userId, 1);
    assert.equal(res.body.officeId, 1);
    assert.equal(res.body.officeName, 'Head Office');
    assert.deepEqual(res.body.permissions, ['ALL_FUNCTIONS']);
    assert.deepEqual(res.body.roles.map((r: { id: number; name: string }) => [r.id, r.name]), [[1, 'Super user']]);
    assert.equal(res.body.shouldRenewPassword, false);
    assert.equal(res.body.isTwoFactorAuthenticationRequired, false);
    assert.match(res.body.base64EncodedAuthenticationKey, /^[A-Za-z0-9_-]{40,}$/);
  });
});
