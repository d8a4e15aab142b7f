import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TestService, type TenantSession } from '../support/service.js';
import { assertError } from '../support/assertions.js';

const ACCOUNT_OFFICER = 320013;
const BRANCH_MANAGER = 320007;
const LOAN_OFFICER = 320003;

const person = (officeId: number, extra: Record<string, unknown> = {}) => ({ officeId, legalFormId: 1, firstname: 'Scope', lastname: 'Client', ...extra });


describe('clients: data scope', () => {
  let service: TestService;
  let t: TenantSession;
  let branchA: number;
  let branchB: number;
  let officerStaff: number;
  let otherStaff: number;
  let officer: TenantSession;
  let mine: number;
  let colleagues: number;
  let unassigned: number;
  let inB: number;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    branchA = await t.branch();
    branchB = await t.branch();
    officerStaff = (await t.post('/staff', { officeId: branchA, firstname: 'Own', lastname: 'Officer' })).body.resourceId;
    otherStaff = (await t.post('/staff', { officeId: branchA, firstname: 'Other', lastname: 'Officer' })).body.resourceId;
    officer = await t.userWithRoles([ACCOUNT_OFFICER], branchA, { staffId: officerStaff });
    mine = (await t.post('/clients', person(branchA, { staffId: officerStaff }))).body.clientId;
    colleagues = (await t.post('/clients', person(branchA, { staffId: otherStaff }))).body.clientId;
    unassigned = (await t.post('/clients', person(branchA))).body.clientId;
    inB = (await t.post('/clients', person(branchB))).body.clientId;
  });
  after(async () => service.stop());

  test('an account officer sees only clients whose staff is the officer', async () => {
    const list = await officer.get(`/clients?officeId=${branchA}`);
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.body.pageItems.map((c: any) => c.id), [mine]);
    assert.equal(list.body.totalFilteredRecords, 1);
    assert.deepEqual((await officer.get(`/clients?staffId=${otherStaff}`)).body, { totalFilteredRecords: 0, pageItems: [] });
    assert.equal((await officer.get(`/clients/${mine}`)).status, 200);
    for (const id of [colleagues, unassigned, inB]) {
      assertError(await officer.get(`/clients/${id}`), 404, 'error.msg.client.id.invalid');
      assertError(await officer.put(`/clients/${id}`, { firstname: 'Hijack' }), 404, 'error.msg.client.id.invalid');
      assertError(await officer.post(`/clients/${id}?command=activate`, {}), 404, 'error.msg.client.id.invalid');
    }
  });

  test('an account officer books new clients to themselves and cannot give them away', async () => {
    const created = await officer.post('/clients', person(branchA));
    assert.equal(created.status, 200, created.text);
    const got = await officer.get(`/clients/${created.body.clientId}`);
    assert.equal(got.body.staffId, officerStaff);
    assertError(await officer.post('/clients', person(branchA, { staffId: otherStaff })), 403, 'error.msg.not.authorized');
    assertError(await officer.put(`/clients/${created.body.clientId}`, { staffId: otherStaff }), 403, 'error.msg.not.authorized');
    const renamed = await officer.put(`/clients/${created.body.clientId}`, { lastname: 'Renamed' });
    assert.equal(renamed.status, 200, renamed.text);
  });

  test('an account officer without a staff link cannot hold clients', async () => {
    const unlinked = await t.userWithRoles([ACCOUNT_OFFICER], branchA);
    assertError(await unlinked.post('/clients', person(branchA)), 403, 'error.msg.not.authorized');
    assert.deepEqual((await unlinked.get('/clients')).body, { totalFilteredRecords: 0, pageItems: [] });
    assertError(await unlinked.get(`/clients/${unassigned}`), 404, 'error.msg.client.id.invalid');
  });

  test('branch users see their office subtree only', async () => {
    const manager = await t.userWithRoles([BRANCH_MANAGER], branchB);
    const list = await manager.get('/clients');
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.body.pageItems.map((c: any) => c.id), [inB]);
    assert.deepEqual((await manager.get(`/clients?officeId=${branchA}`)).body.pageItems, []);
    assertError(await manager.get(`/clients/${mine}`), 404, 'error.msg.client.id.invalid');
    // Branch Manager reads everything but may not create clients.
    assertError(await manager.post('/clients', person(branchB)), 403, 'error.msg.not.authorized');
    const loanOfficer = await t.userWithRoles([LOAN_OFFICER], branchA);
    assertError(await loanOfficer.post('/clients', person(branchB)), 404, 'error.msg.office.id.invalid');
    assert.equal((await loanOfficer.post('/clients', person(branchA))).status, 200);
  });

  test('another tenant\'s client is 404 error.msg.client.id.invalid', async () => {
    const other = await service.tenant();
    const otherBranch = await other.branch();
    const theirs = (await other.post('/clients', person(otherBranch, { firstname: 'Foreign' }))).body.clientId as number;
    const ourNext = (await t.post('/clients', person(branchA))).body.clientId as number;
    // Counters are per tenant, so ids overlap; probe ids the other tenant holds but we do not.
    // Same numeric id in both tenants: each sees only its own row.
    const same = await t.get(`/clients/${theirs}`);
    assert.equal(same.status, 200);
    assert.notEqual(same.body.firstname, 'Foreign');
    assert.equal((await t.get(`/clients?displayName=Foreign`)).body.totalFilteredRecords, 0);
    const probe = await other.get(`/clients/${ourNext}`);
    assertError(probe, 404, 'error.msg.client.id.invalid');
    const list = await other.get('/clients');
    assert.deepEqual(list.body.pageItems.map((c: any) => c.id), [theirs]);
    assert.equal(list.body.pageItems[0].cif, 'CIF00000001');
  });
});
