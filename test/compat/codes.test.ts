import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { clientBody, codeValues, FineractClient } from './fineract-client.js';

const SYSTEM_CODES = ['ClientClosureReason', 'ClientRejectReason', 'ClientWithdrawReason', 'Gender', 'ClientType', 'ClientClassification', 'Customer Identifier', 'WriteOffReasons', 'LoanRescheduleReason'];
/** GL account tag lists: there from the start, empty until the institution adds its tags (as Fineract seeds them). */
const EMPTY_SYSTEM_CODES = ['AssetAccountTags', 'LiabilityAccountTags', 'EquityAccountTags', 'IncomeAccountTags', 'ExpenseAccountTags'];

describe('Fineract compat: codes and code values (CodeHelper style)', () => {
  let service: TestService;
  let t: TenantSession;
  let api: FineractClient;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    api = new FineractClient(service, t.tenant);
  });
  after(async () => service.stop());

  test("every tenant starts with Fineract's system codes, with values", async () => {
    const codes = await api.get<{ id: number; name: string; systemDefined: boolean }[]>('/codes');
    assert.equal(codes.status, 200, codes.text);
    for (const name of SYSTEM_CODES) {
      const code = codes.body.find((c) => c.name === name);
      assert.ok(code, `${name} missing from ${codes.text}`);
      assert.deepEqual(Object.keys(code).sort(), ['id', 'name', 'systemDefined']);
      assert.equal(code.systemDefined, true);
      assert.ok((await codeValues(api, name)).length > 0, `${name} has no values`);
    }
    const gender = await codeValues(api, 'Gender');
    assert.deepEqual(gender.map((v) => v.name), ['Male', 'Female']);
    assert.deepEqual(Object.keys(gender[0]!).sort(), ['id', 'isActive', 'isMandatory', 'name', 'position']);
    assert.deepEqual((await codeValues(api, 'Customer Identifier')).map((v) => v.name), ['Passport', 'Id', 'Drivers License', 'Any Other Id Type']);

    const other = new FineractClient(service, (await service.tenant()).tenant);
    for (const name of EMPTY_SYSTEM_CODES) assert.deepEqual(await codeValues(api, name), [], name);
    assert.deepEqual((await other.get<{ name: string }[]>('/codes')).body.map((c) => c.name).sort(), [...SYSTEM_CODES, ...EMPTY_SYSTEM_CODES].sort());
  });

  test('POST/GET/PUT/DELETE /codes; duplicate name 403; unknown 404', async () => {
    const created = await api.post('/codes', { name: 'Education' });
    assert.equal(created.status, 200, created.text);
    assert.deepEqual(Object.keys(created.body), ['resourceId']);
    const codeId = created.body.resourceId as number;
    assert.deepEqual((await api.get(`/codes/${codeId}`)).body, { id: codeId, name: 'Education', systemDefined: false });

    assertError(await api.post('/codes', { name: 'education' }), 403, 'error.msg.code.duplicate.name');
    assertError(await api.put(`/codes/${codeId}`, { name: 'Gender' }), 403, 'error.msg.code.duplicate.name');
    assertError(await api.post('/codes', {}), 400, 'validation.msg.code.name.cannot.be.blank');

    const renamed = await api.put(`/codes/${codeId}`, { name: 'Education Level' });
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual(renamed.body, { resourceId: codeId, changes: { name: 'Education Level' } });

    const deleted = await api.delete(`/codes/${codeId}`);
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual(deleted.body, { resourceId: codeId });
    assertError(await api.get(`/codes/${codeId}`), 404, 'error.msg.code.identifier.not.found');
    assertError(await api.get('/codes/99999/codevalues'), 404, 'error.msg.code.identifier.not.found');
  });

  test('system codes cannot be renamed or deleted (403 error.msg.code.systemdefined), their values can be managed', async () => {
    const gender = (await api.get<{ id: number; name: string }[]>('/codes')).body.find((c) => c.name === 'Gender')!;
    assertError(await api.put(`/codes/${gender.id}`, { name: 'Sex' }), 403, 'error.msg.code.systemdefined');
    assertError(await api.delete(`/codes/${gender.id}`), 403, 'error.msg.code.systemdefined');
    assert.equal((await api.get(`/codes/${gender.id}`)).body.name, 'Gender');

    const added = await api.post(`/codes/${gender.id}/codevalues`, { name: 'Other', position: '3', description: 'Self-described', isActive: 'true' });
    assert.equal(added.status, 200, added.text);
    assert.equal(added.body.resourceId, gender.id);
    const valueId = added.body.subResourceId as number;
    assert.deepEqual((await api.get(`/codes/${gender.id}/codevalues/${valueId}`)).body, { id: valueId, name: 'Other', position: 3, description: 'Self-described', isActive: true, isMandatory: false });

    assertError(await api.post(`/codes/${gender.id}/codevalues`, { name: 'male' }), 403, 'error.msg.codeValue.duplicate.label');
    const updated = await api.put(`/codes/${gender.id}/codevalues/${valueId}`, { name: 'Non-binary', isActive: 'false' });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(updated.body, { resourceId: gender.id, subResourceId: valueId, changes: { name: 'Non-binary', isActive: false } });

    const removed = await api.delete(`/codes/${gender.id}/codevalues/${valueId}`);
    assert.deepEqual(removed.body, { resourceId: gender.id, subResourceId: valueId });
    assertError(await api.get(`/codes/${gender.id}/codevalues/${valueId}`), 404, 'error.msg.codevalue.id.invalid');
  });

  test('code values of a new code: create -> {resourceId: codeId, subResourceId}, listed by position', async () => {
    const codeId = (await api.post('/codes', { name: 'Occupation' })).body.resourceId as number;
    await api.post(`/codes/${codeId}/codevalues`, { name: 'Trader', position: '2' });
    await api.post(`/codes/${codeId}/codevalues`, { name: 'Farmer', position: '1', isMandatory: 'true' });
    const values = (await api.get(`/codes/${codeId}/codevalues`)).body as { name: string; isMandatory: boolean }[];
    assert.deepEqual(values.map((v) => v.name), ['Farmer', 'Trader']);
    assert.equal(values[0]!.isMandatory, true);
    const otherCode = (await api.post('/codes', { name: 'Religion' })).body.resourceId as number;
    const farmer = (values as unknown as { id: number }[])[0]!.id;
    assertError(await api.get(`/codes/${otherCode}/codevalues/${farmer}`), 404, 'error.msg.codevalue.id.invalid');
  });

  test('two concurrent creates of one name: one code, the other 403 duplicate', async () => {
    const results = await Promise.all([api.post('/codes', { name: 'Race' }), api.post('/codes', { name: 'race' }), api.post('/codes', { name: 'RACE' })]);
    assert.equal(results.filter((r) => r.status === 200).length, 1, results.map((r) => r.text).join('\n'));
    for (const r of results.filter((x) => x.status !== 200)) assertError(r, 403, 'error.msg.code.duplicate.name');
    assert.equal((await api.get<{ name: string }[]>('/codes')).body.filter((c) => c.name.toLowerCase() === 'race').length, 1);
  });

  test('codes need their permissions and stay in their tenant', async () => {
    const codeId = (await api.post('/codes', { name: 'Private Code' })).body.resourceId as number;
    const other = new FineractClient(service, (await service.tenant()).tenant);
    assertError(await other.get(`/codes/${codeId}`), 404, 'error.msg.code.identifier.not.found');
    const accountant = await t.userWithRoles([320004]);
    assertError(await accountant.post('/codes', { name: 'Nope' }), 403, 'error.msg.not.authorized');
  });

  test('clients take genderId, clientTypeId, clientClassificationId as code values and show them', async () => {
    const office = await t.branch();
    const [male, female] = await codeValues(api, 'Gender');
    const [individual] = await codeValues(api, 'ClientType');
    const [retail] = await codeValues(api, 'ClientClassification');
    const created = await api.post('/clients', clientBody(office, { genderId: String(male!.id), clientTypeId: String(individual!.id), clientClassificationId: String(retail!.id) }));
    assert.equal(created.status, 200, created.text);
    const clientId = created.body.clientId as number;
    const got = await api.get(`/clients/${clientId}`);
    assert.deepEqual(got.body.gender, { id: male!.id, name: 'Male', active: true, mandatory: false });
    assert.deepEqual(got.body.clientType, { id: individual!.id, name: individual!.name, active: true, mandatory: false });
    assert.deepEqual(got.body.clientClassification, { id: retail!.id, name: retail!.name, active: true, mandatory: false });

    const changed = await api.put(`/clients/${clientId}`, { genderId: String(female!.id) });
    assert.equal(changed.status, 200, changed.text);
    assert.deepEqual(changed.body.changes, { genderId: female!.id });
    assert.equal((await api.get(`/clients/${clientId}`)).body.gender.name, 'Female');
    const item = (await api.get('/clients')).body.pageItems.find((c: { id: number }) => c.id === clientId);
    assert.deepEqual([item.gender.name, item.clientType.id, item.clientClassification.id], ['Female', individual!.id, retail!.id], 'list items show them too');

    // A value of another code, or no value at all: 404 naming the parameter, nothing written.
    const before = (await api.get('/clients')).body.totalFilteredRecords;
    const wrong = await api.post('/clients', clientBody(office, { genderId: String(individual!.id) }));
    assertError(wrong, 404, 'error.msg.codevalue.id.invalid');
    assert.equal(wrong.body.errors[0].parameterName, 'genderId');
    assertError(await api.post('/clients', clientBody(office, { clientTypeId: '99999' })), 404, 'error.msg.codevalue.id.invalid');
    assertError(await api.put(`/clients/${clientId}`, { clientClassificationId: String(male!.id) }), 404, 'error.msg.codevalue.id.invalid');
    assert.equal((await api.get('/clients')).body.totalFilteredRecords, before);
    assert.equal((await api.get(`/clients/${clientId}`)).body.clientClassification.id, retail!.id);

    // A value a client holds cannot be deleted from under it.
    const genderCode = (await api.get<{ id: number; name: string }[]>('/codes')).body.find((c) => c.name === 'Gender')!;
    assertError(await api.delete(`/codes/${genderCode.id}/codevalues/${female!.id}`), 403, 'error.msg.codevalue.in.use');
    assert.equal((await api.get(`/clients/${clientId}`)).body.gender.name, 'Female');
    const education = (await api.post('/codes', { name: 'Tier' })).body.resourceId as number;
    assert.equal((await api.post(`/codes/${education}/codevalues`, { name: 'Gold' })).status, 200);
    assert.equal((await api.delete(`/codes/${education}`)).status, 200, 'values nobody holds go with their code');
  });
});
