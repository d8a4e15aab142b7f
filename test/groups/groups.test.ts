import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';

const DATES = { dateFormat: 'dd MMMM yyyy', locale: 'en' };

/** Centers and groups (Fineract's /centers and /groups) over HTTPS on PostgreSQL. */
describe('groups and centers', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let otherBranch: number;
  let officer: number;

  const client = async (officeId: number, firstname: string) => {
    const res = await t.post('/clients', { officeId, legalFormId: 1, firstname, lastname: 'Member', active: true, activationDate: '01 January 2025', ...DATES });
    assert.equal(res.status, 200, res.text);
    return res.body.clientId as number;
  };
  const clients = async (officeId: number, n: number, prefix: string) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push(await client(officeId, `${prefix}${i}`));
    return ids;
  };

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    branch = await t.branch();
    otherBranch = await t.branch();
    officer = (await t.post('/staff', { officeId: branch, firstname: 'Loan', lastname: 'Officer', isLoanOfficer: true, isActive: true })).body.resourceId;
  });
  after(async () => service.stop());

  test('a center with two groups of five members: the center, its groups, their members and each client\'s groups', async () => {
    const center = await t.post('/centers', { officeId: branch, name: 'Ikeja Center', staffId: officer, active: true, activationDate: '02 January 2025', ...DATES });
    assert.equal(center.status, 200, center.text);
    const centerId = center.body.resourceId as number;
    assert.deepEqual(center.body, { officeId: branch, groupId: centerId, resourceId: centerId });

    const first = await clients(branch, 5, 'Ada');
    const second = await clients(branch, 5, 'Bola');
    const groupA = await t.post('/groups', { officeId: branch, name: 'Ikeja A', externalId: 'grp-a', staffId: officer, centerId, clientMembers: first, active: true, activationDate: '03 January 2025', ...DATES });
    assert.equal(groupA.status, 200, groupA.text);
    const groupB = await t.post('/groups', { officeId: branch, name: 'Ikeja B', centerId, clientMembers: second, active: true, activationDate: '03 January 2025', ...DATES });
    assert.equal(groupB.status, 200, groupB.text);
    const a = groupA.body.resourceId as number;
    const b = groupB.body.resourceId as number;

    const got = await t.get(`/groups/${a}?associations=clientMembers,activeClientMembers`);
    assert.equal(got.status, 200, got.text);
    assert.equal(got.body.name, 'Ikeja A');
    assert.equal(got.body.externalId, 'grp-a');
    assert.equal(got.body.accountNo, String(a).padStart(9, '0'));
    assert.deepEqual(got.body.status, { id: 300, code: 'groupingStatusType.active', value: 'Active' });
    assert.equal(got.body.active, true);
    assert.deepEqual(got.body.activationDate, [2025, 1, 3]);
    assert.equal(got.body.officeId, branch);
    assert.equal(got.body.staffId, officer);
    assert.equal(got.body.staffName, 'Officer, Loan');
    assert.equal(got.body.centerId, centerId);
    assert.equal(got.body.centerName, 'Ikeja Center');
    assert.equal(got.body.groupLevel, '2');
    assert.deepEqual((got.body.clientMembers as { id: number }[]).map((m) => m.id), first);
    assert.deepEqual((got.body.activeClientMembers as { id: number }[]).map((m) => m.id), first);
    assert.equal(got.body.clientMembers[0].displayName, 'Ada0 Member');
    // Without associations, Fineract leaves the members out.
    const bare = await t.get(`/groups/${a}`);
    assert.equal(bare.body.clientMembers, undefined);

    const centerView = await t.get(`/centers/${centerId}?associations=groupMembers`);
    assert.equal(centerView.status, 200, centerView.text);
    assert.equal(centerView.body.groupLevel, '1');
    assert.equal(centerView.body.staffName, 'Officer, Loan');
    assert.deepEqual((centerView.body.groupMembers as { id: number; name: string }[]).map((g) => [g.id, g.name]), [[a, 'Ikeja A'], [b, 'Ikeja B']]);

    // A client may be in several groups: Ada0 also joins B; her client view lists both.
    const joined = await t.post(`/groups/${b}?command=associateClients`, { clientMembers: [first[0]] });
    assert.equal(joined.status, 200, joined.text);
    const ada = await t.get(`/clients/${first[0]}`);
    assert.equal(ada.status, 200, ada.text);
    assert.deepEqual(ada.body.groups, [
      { id: a, accountNo: String(a).padStart(9, '0'), name: 'Ikeja A', externalId: 'grp-a' },
      { id: b, accountNo: String(b).padStart(9, '0'), name: 'Ikeja B' },
    ]);
    assert.deepEqual((await t.get(`/clients/${second[1]}`)).body.groups.map((g: { id: number }) => g.id), [b]);
    // Joining twice is refused.
    assertError(await t.post(`/groups/${b}?command=associateClients`, { clientMembers: [first[0]] }), 403, 'error.msg.group.client.exist.in.group');

    // Lists: all of them, by name, by center, and Fineract's page.
    const list = await t.get(`/groups?officeId=${branch}`);
    assert.equal(list.status, 200, list.text);
    assert.deepEqual((list.body as { id: number }[]).map((g) => g.id), [a, b]);
    assert.deepEqual((await t.get('/groups?name=ja%20b')).body.map((g: { id: number }) => g.id), [b]);
    const paged = await t.get(`/groups?paged=true&offset=1&limit=1&officeId=${branch}`);
    assert.deepEqual(paged.body.totalFilteredRecords, 2);
    assert.deepEqual(paged.body.pageItems.map((g: { id: number }) => g.id), [b]);
    assert.deepEqual((await t.get('/centers')).body.map((c: { id: number }) => c.id), [centerId]);
  });

  test('members must be clients of the group\'s office; a refused group leaves nothing behind', async () => {
    const here = await client(branch, 'Here');
    const there = await client(otherBranch, 'There');
    const refused = await t.post('/groups', { officeId: branch, name: 'Mixed', clientMembers: [here, there], active: true, activationDate: '03 January 2025', ...DATES });
    assertError(refused, 403, 'error.msg.group.client.not.in.group.office');
    assert.deepEqual((await t.get('/groups?name=Mixed')).body, []);
    assert.deepEqual((await t.get(`/clients/${here}`)).body.groups, []);
    assertError(await t.post('/groups', { officeId: branch, name: 'Ghost', clientMembers: [999999] }), 404, 'error.msg.client.id.invalid');
  });

  test('bad input is a 400 with Fineract\'s codes', async () => {
    const res = await t.post('/groups', { officeId: branch, active: true, ...DATES });
    assert.equal(res.status, 400, res.text);
    assertError(res, 400, 'validation.msg.group.name.cannot.be.blank');
    assertError(res, 400, 'validation.msg.group.activationDate.cannot.be.blank');
    assertError(await t.post('/groups', { officeId: 999, name: 'Nowhere' }), 404, 'error.msg.office.id.invalid');
    const tooMany = await t.post('/groups', { officeId: branch, name: 'Crowd', clientMembers: Array.from({ length: 101 }, (_, i) => i + 1) });
    assert.equal(tooMany.status, 400, tooMany.text);
    assertError(await t.post('/groups', { officeId: branch, name: 'Later', active: true, activationDate: '01 January 2099', ...DATES }), 403, 'error.msg.group.activationDate.in.the.future');
  });

  test('a pending group: renamed, activated, its officer assigned and removed, members leave; deleted only while pending', async () => {
    const members = await clients(branch, 2, 'Pend');
    const created = await t.post('/groups', { officeId: branch, name: 'Pending one', clientMembers: members, submittedOnDate: '02 January 2025', ...DATES });
    assert.equal(created.status, 200, created.text);
    const id = created.body.resourceId as number;
    assert.deepEqual((await t.get(`/groups/${id}`)).body.status, { id: 100, code: 'groupingStatusType.pending', value: 'Pending' });

    const renamed = await t.put(`/groups/${id}`, { name: 'Renamed one', externalId: 'ren-1' });
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual(renamed.body.changes, { name: 'Renamed one', externalId: 'ren-1' });
    assertError(await t.post('/groups', { officeId: branch, name: 'Renamed one' }), 403, 'error.msg.group.duplicate.name');

    const activated = await t.post(`/groups/${id}?command=activate`, { activationDate: '05 January 2025', ...DATES });
    assert.equal(activated.status, 200, activated.text);
    const view = await t.get(`/groups/${id}`);
    assert.equal(view.body.active, true);
    assert.deepEqual(view.body.timeline.submittedOnDate, [2025, 1, 2]);
    assert.deepEqual(view.body.timeline.activatedOnDate, [2025, 1, 5]);
    assertError(await t.post(`/groups/${id}?command=activate`, { activationDate: '06 January 2025', ...DATES }), 403, 'error.msg.group.already.active');

    assert.equal((await t.post(`/groups/${id}?command=assignStaff`, { staffId: officer })).status, 200);
    assert.equal((await t.get(`/groups/${id}`)).body.staffId, officer);
    assert.equal((await t.post(`/groups/${id}?command=unassignStaff`, { staffId: officer })).status, 200);
    assert.equal((await t.get(`/groups/${id}`)).body.staffId, undefined);
    assertError(await t.post(`/groups/${id}?command=unassignStaff`, { staffId: officer }), 403, 'error.msg.group.has.no.staff');

    // Active members keep a group open.
    assertError(await t.post(`/groups/${id}?command=close`, { closureDate: '10 January 2025', closureReasonId: 1, ...DATES }), 403, 'error.msg.group.close.active.client.members.exist');
    const left = await t.post(`/groups/${id}?command=disassociateClients`, { clientMembers: [members[0]] });
    assert.equal(left.status, 200, left.text);
    assert.deepEqual((await t.get(`/groups/${id}?associations=clientMembers`)).body.clientMembers.map((m: { id: number }) => m.id), [members[1]]);
    assertError(await t.post(`/groups/${id}?command=disassociateClients`, { clientMembers: [members[0]] }), 403, 'error.msg.group.client.not.in.group');

    assertError(await t.delete(`/groups/${id}`), 403, 'error.msg.group.cannot.be.deleted');
    const pending = await t.post('/groups', { officeId: branch, name: 'Short lived', clientMembers: [members[0]] });
    const gone = await t.delete(`/groups/${pending.body.resourceId}`);
    assert.equal(gone.status, 200, gone.text);
    assertError(await t.get(`/groups/${pending.body.resourceId}`), 404, 'error.msg.group.id.invalid');
    assert.deepEqual((await t.get(`/clients/${members[0]}`)).body.groups, []);
  });

  test('centers take groups of their office that are in no center; they leave again', async () => {
    const center = (await t.post('/centers', { officeId: branch, name: 'Yaba Center', active: true, activationDate: '02 January 2025', ...DATES })).body.resourceId as number;
    const other = (await t.post('/centers', { officeId: otherBranch, name: 'Far Center', active: true, activationDate: '02 January 2025', ...DATES })).body.resourceId as number;
    const group = (await t.post('/groups', { officeId: branch, name: 'Yaba A', active: true, activationDate: '03 January 2025', ...DATES })).body.resourceId as number;
    assertError(await t.post(`/centers/${other}?command=associateGroups`, { groupMembers: [group] }), 403, 'error.msg.group.not.in.center.office');
    assert.equal((await t.post(`/centers/${center}?command=associateGroups`, { groupMembers: [group] })).status, 200);
    assert.equal((await t.get(`/groups/${group}`)).body.centerId, center);
    assertError(await t.post(`/centers/${center}?command=associateGroups`, { groupMembers: [group] }), 403, 'error.msg.group.already.associated.with.center');
    assert.equal((await t.post(`/centers/${center}?command=disassociateGroups`, { groupMembers: [group] })).status, 200);
    assert.equal((await t.get(`/groups/${group}`)).body.centerId, undefined);
    assertError(await t.get(`/centers/${group}`), 404, 'error.msg.center.id.invalid');
  });

  test('templates list the office\'s staff and active centers', async () => {
    const tpl = await t.get(`/groups/template?officeId=${branch}`);
    assert.equal(tpl.status, 200, tpl.text);
    assert.ok((tpl.body.staffOptions as { id: number }[]).some((s) => s.id === officer));
    assert.ok((tpl.body.officeOptions as { id: number }[]).some((o) => o.id === branch));
    assert.ok((tpl.body.centerOptions as { name: string }[]).some((c) => c.name === 'Ikeja Center'));
    assert.equal((await t.get('/centers/template')).status, 200);
  });

  test('another tenant\'s and another branch\'s groups are not found', async () => {
    const group = (await t.post('/groups', { officeId: branch, name: 'Private', active: true, activationDate: '03 January 2025', ...DATES })).body.resourceId as number;
    const center = (await t.post('/centers', { officeId: branch, name: 'Private Center' })).body.resourceId as number;
    const stranger = await service.tenant();
    assertError(await stranger.get(`/groups/${group}`), 404, 'error.msg.group.id.invalid');
    assertError(await stranger.get(`/centers/${center}`), 404, 'error.msg.center.id.invalid');
    assertError(await stranger.post(`/groups/${group}?command=associateClients`, { clientMembers: [1] }), 404, 'error.msg.group.id.invalid');
    assertError(await stranger.put(`/groups/${group}`, { name: 'Mine' }), 404, 'error.msg.group.id.invalid');
    assertError(await stranger.delete(`/centers/${center}`), 404, 'error.msg.center.id.invalid');
    assert.deepEqual((await stranger.get('/groups')).body, []);
    // A user of the other branch sees neither.
    const farUser = await t.userWithRoles([1], otherBranch);
    assertError(await farUser.get(`/groups/${group}`), 404, 'error.msg.group.id.invalid');
    assert.deepEqual((await farUser.get('/groups?name=Private')).body, []);
    assert.equal((await t.get(`/groups/${group}`)).body.name, 'Private');
  });
});
