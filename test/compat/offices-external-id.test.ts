import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { clientBody, DATE_FORMAT, FineractClient } from './fineract-client.js';

describe('Fineract compat: offices and clients by external id', () => {
  let service: TestService;
  let t: TenantSession;
  let api: FineractClient;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    api = new FineractClient(service, t.tenant);
  });
  after(async () => service.stop());

  test('GET and PUT /offices/external-id/{externalId} (OfficeHelper style), unknown is 404', async () => {
    const created = await api.post('/offices', { name: 'Ikeja', parentId: '1', openingDate: '01 July 2024', externalId: 'OFF-IKJ', ...DATE_FORMAT });
    assert.equal(created.status, 200, created.text);
    const officeId = created.body.resourceId as number;

    const got = await api.get('/offices/external-id/OFF-IKJ');
    assert.equal(got.status, 200, got.text);
    assert.equal(got.body.id, officeId);
    assert.equal(got.body.name, 'Ikeja');
    assert.equal(got.body.externalId, 'OFF-IKJ');
    assert.deepEqual(got.body.openingDate, [2024, 7, 1]);

    const renamed = await api.put('/offices/external-id/OFF-IKJ', { name: 'Ikeja Main', openingDate: '02 July 2024', ...DATE_FORMAT });
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual(renamed.body, { officeId, resourceId: officeId, changes: { name: 'Ikeja Main', openingDate: '02 July 2024', ...DATE_FORMAT } });
    assert.equal((await api.get(`/offices/${officeId}`)).body.name, 'Ikeja Main');

    assertError(await api.get('/offices/external-id/NOPE'), 404, 'error.msg.office.id.invalid');
    assertError(await api.put('/offices/external-id/NOPE', { name: 'X' }), 404, 'error.msg.office.id.invalid');
  });

  test('office external ids respect scope and tenant', async () => {
    const a = await api.post('/offices', { name: 'Branch A', parentId: '1', openingDate: '01 July 2024', externalId: 'OFF-A', ...DATE_FORMAT });
    const b = await api.post('/offices', { name: 'Branch B', parentId: '1', openingDate: '01 July 2024', externalId: 'OFF-B', ...DATE_FORMAT });
    assert.equal(b.status, 200, b.text);
    const branchAdmin = await t.userWithRoles([320009], a.body.resourceId as number);
    assert.equal((await branchAdmin.get('/offices/external-id/OFF-A')).status, 200);
    assertError(await branchAdmin.get('/offices/external-id/OFF-B'), 404, 'error.msg.office.id.invalid');

    const other = new FineractClient(service, (await service.tenant()).tenant);
    assertError(await other.get('/offices/external-id/OFF-A'), 404, 'error.msg.office.id.invalid');
  });

  test('GET/PUT/DELETE /clients/external-id/{id} and POST ?command= by external id', async () => {
    const office = await t.branch();
    const active = await api.post('/clients', clientBody(office, { externalId: 'CL-EXT-1' }));
    assert.equal(active.status, 200, active.text);
    const clientId = active.body.clientId as number;

    const got = await api.get('/clients/external-id/CL-EXT-1');
    assert.equal(got.status, 200, got.text);
    assert.equal(got.body.id, clientId);
    assert.equal(got.body.externalId, 'CL-EXT-1');
    assert.equal(got.body.status.value, 'Active');

    const updated = await api.put('/clients/external-id/CL-EXT-1', { firstname: 'Adaeze', mobileNo: '08030000001' });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(updated.body, { officeId: office, clientId, resourceId: clientId, changes: { firstname: 'Adaeze', displayName: 'Adaeze Obi', mobileNo: '08030000001' } });

    // A pending client, activated and then closed by external id.
    const pending = await api.post('/clients', clientBody(office, { externalId: 'CL-EXT-2', active: 'false', activationDate: undefined }));
    assert.equal(pending.status, 200, pending.text);
    const activated = await api.post('/clients/external-id/CL-EXT-2?command=activate', { activationDate: '02 January 2025', ...DATE_FORMAT });
    assert.equal(activated.status, 200, activated.text);
    assert.equal(activated.body.clientId, pending.body.clientId);
    assert.equal((await api.get(`/clients/${pending.body.clientId}`)).body.status.id, 300);

    // DELETE removes a pending client only.
    const doomed = await api.post('/clients', clientBody(office, { externalId: 'CL-EXT-3', active: 'false', activationDate: undefined }));
    assertError(await api.delete('/clients/external-id/CL-EXT-1'), 403, 'error.msg.client.cannot.be.deleted.not.pending');
    const deleted = await api.delete('/clients/external-id/CL-EXT-3');
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual(deleted.body, { officeId: office, clientId: doomed.body.clientId, resourceId: doomed.body.clientId });
    assertError(await api.get('/clients/external-id/CL-EXT-3'), 404, 'error.msg.client.id.invalid');
    assertError(await api.get(`/clients/${doomed.body.clientId}`), 404, 'error.msg.client.id.invalid');

    assertError(await api.get('/clients/external-id/NOPE'), 404, 'error.msg.client.id.invalid');
    assertError(await api.put('/clients/external-id/NOPE', { firstname: 'X' }), 404, 'error.msg.client.id.invalid');
    assertError(await api.post('/clients/external-id/NOPE?command=activate', {}), 404, 'error.msg.client.id.invalid');
    assertError(await api.delete('/clients/external-id/NOPE'), 404, 'error.msg.client.id.invalid');
  });

  test('an external id that reads like a sub-resource still names a client', async () => {
    const office = await t.branch();
    const created = await api.post('/clients', clientBody(office, { externalId: 'officials' }));
    assert.equal(created.status, 200, created.text);
    assert.equal((await api.get('/clients/external-id/officials')).body.id, created.body.clientId);
  });

  test('client external ids respect the account officer book and the tenant', async () => {
    const office = await t.branch();
    const staff = await api.post('/staff', { officeId: String(office), firstname: 'Book', lastname: 'Keeper', isLoanOfficer: 'true', isActive: 'true' });
    assert.equal(staff.status, 200, staff.text);
    const officer = await t.userWithRoles([320013], office, { staffId: staff.body.resourceId });
    const theirs = await officer.post('/clients', { ...clientBody(office, { externalId: 'CL-BOOK-1' }) });
    assert.equal(theirs.status, 200, theirs.text);
    await api.post('/clients', clientBody(office, { externalId: 'CL-NOT-BOOK' }));
    assert.equal((await officer.get('/clients/external-id/CL-BOOK-1')).status, 200);
    assertError(await officer.get('/clients/external-id/CL-NOT-BOOK'), 404, 'error.msg.client.id.invalid');

    const other = new FineractClient(service, (await service.tenant()).tenant);
    assertError(await other.get('/clients/external-id/CL-BOOK-1'), 404, 'error.msg.client.id.invalid');
  });
});
