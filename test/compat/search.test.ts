import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { httpsJson, TestService, type TenantSession } from '../support/service.js';
import { clientBody, DATE_FORMAT, FineractClient } from './fineract-client.js';

describe('Fineract compat: /search, /v2/clients/search and actuator/info', () => {
  let service: TestService;
  let t: TenantSession;
  let api: FineractClient;
  let branch: number;
  let clientId: number;
  let accountNo: string;
  let savingsId: number;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    api = new FineractClient(service, t.tenant);
    branch = await t.branch();
    clientId = (await api.post('/clients', clientBody(branch, { firstname: 'Zainab', lastname: 'Quadri', mobileNo: '08031112222' }))).body.clientId;
    await api.post('/clients', clientBody(branch, { firstname: 'Musa', lastname: 'Bello' }));
    const savings = await api.post('/savingsaccounts', { clientId: String(clientId), productId: '1', submittedOnDate: '01 January 2025', ...DATE_FORMAT });
    savingsId = savings.body.savingsId;
    accountNo = (await api.get(`/savingsaccounts/${savingsId}`)).body.accountNo;
  });
  after(async () => service.stop());

  test('GET /search?query=&resource=clients,savings,loans answers entityId, entityAccountNo, entityName, entityType, parentId, parentName', async () => {
    const byName = await api.get('/search?query=quadri&resource=clients,savings,loans');
    assert.equal(byName.status, 200, byName.text);
    assert.equal(byName.body.length, 1);
    assert.deepEqual(
      { ...byName.body[0], entityStatus: undefined },
      { entityId: clientId, entityAccountNo: byName.body[0].entityAccountNo, entityName: 'Zainab Quadri', entityType: 'CLIENT', parentId: branch, parentName: byName.body[0].parentName, parentType: 'office', entityMobileNo: '08031112222', entityStatus: undefined },
    );
    assert.equal(typeof byName.body[0].parentName, 'string');
    const byAccount = await api.get(`/search?query=${accountNo}&resource=savings`);
    assert.equal(byAccount.status, 200, byAccount.text);
    assert.deepEqual(byAccount.body.map((r: { entityType: string; entityId: number; parentId: number; parentName: string }) => [r.entityType, r.entityId, r.parentId, r.parentName]), [['SAVING', savingsId, clientId, 'Zainab Quadri']]);
    assert.deepEqual((await api.get('/search?query=nobody-at-all')).body, []);
    const other = new FineractClient(service, (await service.tenant()).tenant);
    assert.deepEqual((await other.get('/search?query=quadri')).body, [], 'another tenant finds nothing');
    assertError(await api.get('/search'), 400, 'validation.msg.cannot.be.blank');
  });

  test('POST /fineract-provider/api/v2/clients/search answers a Spring page of clients', async () => {
    const search = (body: unknown) => httpsJson(service.edge.url, service.caCertificate, 'POST', `/fineract-provider/api/v2/clients/search?tenantIdentifier=${t.tenant}`, {
      auth: 'admin:password', body, headers: { 'Content-Type': 'application/json' },
    });
    const page = await search({ request: { text: 'Zainab' }, page: 0, size: 50, sorts: [] });
    assert.equal(page.status, 200, page.text);
    assert.equal(page.body.totalElements, 1);
    assert.equal(page.body.numberOfElements, 1);
    const item = page.body.content[0];
    assert.equal(item.id, clientId);
    assert.equal(item.displayName, 'Zainab Quadri');
    assert.equal(item.officeId, branch);
    assert.equal(item.mobileNo, '08031112222');
    assert.equal(item.status.id, 300);
    assert.equal(item.activationDate, '2025-01-01');
    assert.equal(typeof item.accountNumber, 'string');
    const all = await search({ request: { text: '' }, page: 0, size: 1, sorts: [{ property: 'displayName', direction: 'ASC' }] });
    assert.equal(all.status, 200, all.text);
    assert.equal(all.body.totalElements, 2);
    assert.equal(all.body.content.length, 1);
    assert.equal(all.body.content[0].displayName, 'Musa Bello');
    assert.equal(all.body.totalPages, 2);
    const byNumber = await search({ request: { text: '' }, page: 1, size: 1, sorts: [{ property: 'accountNumber', direction: 'DESC' }] });
    assert.equal(byNumber.status, 200, byNumber.text);
    assert.equal(byNumber.body.number, 1);
    assert.equal(byNumber.body.content[0].id, clientId, 'the older client, on the second page');
    assertError(await search({ request: { text: '' }, page: -1, size: 10 }), 400, 'validation.msg.client.page.must.be.zero.or.greater');
  });

  test('GET /fineract-provider/actuator/info answers the build', async () => {
    const info = await httpsJson(service.edge.url, service.caCertificate, 'GET', '/fineract-provider/actuator/info');
    assert.equal(info.status, 200, info.text);
    assert.equal(typeof info.body.build.version, 'string');
  });
});
