import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService, type TenantSession } from '../support/service.js';
import { assertError } from '../support/assertions.js';


describe('corporate KYC and officials', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  const corporate = async (extra: Record<string, unknown> = {}) => {
    const res = await t.post('/clients', { officeId: branch, legalFormId: 2, fullname: 'Corp Ltd', clientNonPersonDetails: { constitutionId: 200203, incorpNumber: 'RC1' }, ...extra });
    assert.equal(res.status, 200, res.text);
    return res.body.clientId as number;
  };
  const personId = async () => (await t.post('/clients', { officeId: branch, legalFormId: 1, firstname: 'P', lastname: 'Q' })).body.clientId as number;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    branch = await t.branch();
  });
  after(async () => service.stop());

  test('PUT and GET /clients/:id/corporatekyc', async () => {
    const id = await corporate();
    const put = await t.put(`/clients/${id}/corporatekyc`, { tin: 'TIN-1', scumlNumber: 'SCUML-9', scumlExpiry: '2027-06-30' });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(put.body, { clientId: id, resourceId: id, changes: { tin: 'TIN-1', scumlNumber: 'SCUML-9', scumlExpiry: '2027-06-30' } });
    const get = await t.get(`/clients/${id}/corporatekyc`);
    assert.deepEqual(get.body, { clientId: id, tin: 'TIN-1', scumlNumber: 'SCUML-9', scumlExpiry: '2027-06-30' });
    const again = await t.put(`/clients/${id}/corporatekyc`, { tin: 'TIN-1' });
    assert.deepEqual(again.body.changes, {});
    assertError(await t.put(`/clients/${id}/corporatekyc`, { scumlExpiry: '30/06/2027' }), 400, 'validation.msg.corporatekyc.scumlExpiry.invalid.date.format');
    assertError(await t.put(`/clients/${id}/corporatekyc`, { vat: 'x' }), 400, 'error.msg.parameter.unsupported');
    // The SCUML number is the same one as clientNonPersonDetails.scumlNumber.
    assert.equal((await t.get(`/clients/${id}`)).body.clientNonPersonDetails.scumlNumber, 'SCUML-9');
  });

  test('corporate KYC and officials of a person are 403; of an unknown client 404', async () => {
    const p = await personId();
    assertError(await t.put(`/clients/${p}/corporatekyc`, { tin: 'x' }), 403, 'error.msg.client.not.corporate.entity');
    assertError(await t.get(`/clients/${p}/corporatekyc`), 403, 'error.msg.client.not.corporate.entity');
    assertError(await t.post(`/clients/${p}/officials`, { officialType: 'DIRECTOR', name: 'D' }), 403, 'error.msg.client.not.corporate.entity');
    assertError(await t.get(`/clients/${p}/corporatekyc/status`), 403, 'error.msg.client.not.corporate.entity');
    assertError(await t.get('/clients/999999/corporatekyc'), 404, 'error.msg.client.id.invalid');
    assertError(await t.get('/clients/999999/officials'), 404, 'error.msg.client.id.invalid');
  });

  test('officials: add, list, delete', async () => {
    const id = await corporate();
    const d = await t.post(`/clients/${id}/officials`, { officialType: 'DIRECTOR', name: 'Dir One', bvn: '22222222223', phone: '0803', email: 'd@x.com' });
    assert.equal(d.status, 200, d.text);
    assert.equal(d.body.clientId, id);
    const bo = await t.post(`/clients/${id}/officials`, { officialType: 'BENEFICIAL_OWNER', name: 'Owner', ownershipPct: 60.5, tin: 'T1' });
    assert.equal(bo.status, 200, bo.text);
    const list = await t.get(`/clients/${id}/officials`);
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.body, [
      { id: d.body.resourceId, clientId: id, officialType: 'DIRECTOR', name: 'Dir One', bvn: '22222222223', phone: '0803', email: 'd@x.com' },
      { id: bo.body.resourceId, clientId: id, officialType: 'BENEFICIAL_OWNER', name: 'Owner', tin: 'T1', ownershipPct: 60.5 },
    ]);
    const del = await t.delete(`/clients/${id}/officials/${d.body.resourceId}`);
    assert.equal(del.status, 200, del.text);
    assert.deepEqual(del.body, { clientId: id, resourceId: d.body.resourceId });
    assert.equal((await t.get(`/clients/${id}/officials`)).body.length, 1);
    assertError(await t.delete(`/clients/${id}/officials/${d.body.resourceId}`), 404, 'error.msg.client.official.id.invalid');
  });

  test('official rules: type, name, range, 5% threshold, 100% total', async () => {
    const id = await corporate();
    assertError(await t.post(`/clients/${id}/officials`, { officialType: 'CHAIRMAN', name: 'X' }), 400, 'validation.msg.clientofficial.officialType.is.not.one.of.expected.enumerations');
    assertError(await t.post(`/clients/${id}/officials`, { officialType: 'DIRECTOR' }), 400, 'validation.msg.clientofficial.name.cannot.be.blank');
    assertError(await t.post(`/clients/${id}/officials`, { officialType: 'SIGNATORY', name: 'S', ownershipPct: 101 }), 400, 'validation.msg.clientofficial.ownershipPct.is.not.within.expected.range');
    assertError(await t.post(`/clients/${id}/officials`, { officialType: 'SIGNATORY', name: 'S', ownershipPct: -1 }), 400, 'validation.msg.clientofficial.ownershipPct.is.not.within.expected.range');
    assertError(await t.post(`/clients/${id}/officials`, { officialType: 'BENEFICIAL_OWNER', name: 'B' }), 400, 'validation.msg.clientofficial.ownershipPct.cannot.be.blank');
    assertError(await t.post(`/clients/${id}/officials`, { officialType: 'BENEFICIAL_OWNER', name: 'B', ownershipPct: 4.99 }), 403, 'error.msg.client.official.beneficial.owner.below.threshold');
    assertError(await t.post(`/clients/${id}/officials`, { officialType: 'DIRECTOR', name: 'B', bvn: '12' }), 400, 'validation.msg.clientofficial.bvn.must.be.11.digits');
    assert.equal((await t.post(`/clients/${id}/officials`, { officialType: 'BENEFICIAL_OWNER', name: 'B1', ownershipPct: 5 })).status, 200);
    assert.equal((await t.post(`/clients/${id}/officials`, { officialType: 'BENEFICIAL_OWNER', name: 'B2', ownershipPct: 95 })).status, 200);
    const over = await t.post(`/clients/${id}/officials`, { officialType: 'BENEFICIAL_OWNER', name: 'B3', ownershipPct: 5 });
    assertError(over, 403, 'error.msg.client.official.ownership.exceeds.total');
    // A director holding shares is not counted towards beneficial ownership.
    assert.equal((await t.post(`/clients/${id}/officials`, { officialType: 'DIRECTOR', name: 'D', ownershipPct: 3 })).status, 200);
  });

  test('concurrent beneficial owners never exceed 100% in total', async () => {
    const id = await corporate();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => t.post(`/clients/${id}/officials`, { officialType: 'BENEFICIAL_OWNER', name: `O${i}`, ownershipPct: 30 })));
    assert.equal(results.filter((r) => r.status === 200).length, 3);
    for (const r of results.filter((x) => x.status !== 200)) assertError(r, 403, 'error.msg.client.official.ownership.exceeds.total');
  });

  test('GET /clients/:id/corporatekyc/status lists the missing tier 3 requirements', async () => {
    const id = await corporate({ clientNonPersonDetails: {} });
    let status = await t.get(`/clients/${id}/corporatekyc/status`);
    assert.equal(status.status, 200, status.text);
    assert.deepEqual(status.body, { clientId: id, kycTier: 3, complete: false, missing: ['constitutionId', 'incorpNumber', 'tin', 'beneficialOwners'], beneficialOwnershipPct: 0 });
    await t.put(`/clients/${id}`, { clientNonPersonDetails: { constitutionId: 200202, incorpNumber: 'RC77' } });
    await t.put(`/clients/${id}/corporatekyc`, { tin: 'TIN', scumlExpiry: '2020-01-01' });
    await t.post(`/clients/${id}/officials`, { officialType: 'BENEFICIAL_OWNER', name: 'O', ownershipPct: 51 });
    status = await t.get(`/clients/${id}/corporatekyc/status`);
    assert.deepEqual(status.body.missing, ['scumlExpiry.expired']);
    await t.put(`/clients/${id}/corporatekyc`, { scumlExpiry: '2099-01-01' });
    status = await t.get(`/clients/${id}/corporatekyc/status`);
    assert.deepEqual(status.body, { clientId: id, kycTier: 3, complete: true, missing: [], beneficialOwnershipPct: 51 });
  });

  test('GraphQL: officials and corporateKyc on the client', async () => {
    const id = await corporate();
    await t.put(`/clients/${id}/corporatekyc`, { tin: 'G-TIN' });
    await t.post(`/clients/${id}/officials`, { officialType: 'SIGNATORY', name: 'Sig' });
    const res = await t.graphql(`query($id: Int!) { client(id: $id) { officials { officialType name ownershipPct } corporateKyc { tin } } }`, { id });
    assert.equal(res.body.errors, undefined, res.text);
    assert.deepEqual(res.body.data.client, { officials: [{ officialType: 'SIGNATORY', name: 'Sig', ownershipPct: null }], corporateKyc: { tin: 'G-TIN' } });
  });
});
