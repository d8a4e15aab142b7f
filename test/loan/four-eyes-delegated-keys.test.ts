import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { activeClient, application, DATE, setBusinessDate } from './support.js';

const LOAN_OFFICER = 320003;
const BRANCH_MANAGER = 320007;
const HEAD_OFFICE_CREDIT_RISK = 320019;

/**
 * Four eyes across API keys: whoever issues another user's key can act as that user, so the issuer and the
 * key's user are one pair of eyes. The admin here issues keys for users he created and tries to be both
 * maker and checker of a loan approval, once on each side of the key.
 */
describe('loans: four eyes hold across API keys an admin issued', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let client: number;

  /** A user with the given roles, created by the admin, and an API key the admin issues for it. */
  const delegate = async (roles: number[], officeId = 1): Promise<{ userId: number; key: string }> => {
    const username = `d${randomBytes(4).toString('hex')}`;
    const created = await t.post('/users', { username, firstname: 'Key', lastname: 'Holder', officeId, roles, password: 'Secret123', repeatPassword: 'Secret123' });
    assert.equal(created.status, 200, created.text);
    const issued = await t.post(`/users/${created.body.resourceId}/apikeys`, { name: 'delegated' });
    assert.equal(issued.status, 200, issued.text);
    return { userId: created.body.resourceId as number, key: issued.body.key as string };
  };
  const withKey = (key: string, path: string, body: Record<string, unknown>) =>
    service.request('POST', `/api/v1${path}`, { tenant: t.tenant, auth: null, headers: { authorization: `Bearer ${key}` }, body });
  const approveBody = { approvedOnDate: '2025-01-01', expectedDisbursementDate: '2025-01-01', note: 'ok', ...DATE };
  const loan = async (id: number) => (await t.get(`/loans/${id}`)).body;
  const approvedEvents = async (loanId: number) =>
    Number((await service.platform.db.system((em) => em.execute<{ n: string }[]>(`select count(*) as n from kernel.outbox where event_type = 'loan.approved' and tenant_id = ? and (payload->'data'->>'loanId')::int = ?`, [t.tenant, loanId])))[0]!.n);

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    branch = await t.branch();
    await setBusinessDate(t, '2025-01-01');
    client = await activeClient(t, branch);
  });
  after(async () => service.stop());

  test('the first approver cannot give the second approval through a key he issued for a credit risk officer; nothing is recorded', async () => {
    const officer = await t.userWithRoles([LOAN_OFFICER], branch);
    const submitted = await officer.post('/loans', application(client, 1, 2000000));
    assert.equal(submitted.status, 200, submitted.text);
    const id = submitted.body.loanId as number;
    const first = await t.post(`/loans/${id}?command=approve`, approveBody);
    assert.equal(first.status, 200, first.text);
    assert.equal((await loan(id)).approvals.approvedBy.length, 1);

    const risk = await delegate([HEAD_OFFICE_CREDIT_RISK]);
    assertError(await withKey(risk.key, `/loans/${id}?command=approve`, approveBody), 403, 'error.msg.loan.approval.already.given');
    const after = await loan(id);
    assert.equal(after.status.id, 100, 'still submitted');
    assert.deepEqual(after.approvals.stillNeeded, [{ roleId: HEAD_OFFICE_CREDIT_RISK, count: 1 }]);
    assert.equal(after.approvals.approvedBy.length, 1);
    assert.equal(await approvedEvents(id), 0);

    // Another credit risk officer, signed in with their own password, is a second pair of eyes.
    const other = await t.userWithRoles([HEAD_OFFICE_CREDIT_RISK]);
    const second = await other.post(`/loans/${id}?command=approve`, approveBody);
    assert.equal(second.status, 200, second.text);
    assert.equal((await loan(id)).status.id, 200);
  });

  test('the submitter cannot approve through a key he issued for a branch manager', async () => {
    const submitted = await t.post('/loans', application(client, 1, 50000));
    assert.equal(submitted.status, 200, submitted.text);
    const id = submitted.body.loanId as number;
    const manager = await delegate([BRANCH_MANAGER], branch);
    assertError(await withKey(manager.key, `/loans/${id}?command=approve`, approveBody), 403, 'error.msg.loan.approval.by.submitter.not.allowed');
    const after = await loan(id);
    assert.equal(after.status.id, 100);
    assert.equal(after.approvals.approvedBy.length, 0);
    assert.equal(await approvedEvents(id), 0);
  });

  test("a loan officer cannot approve his own loan through a key he issued for a branch manager; the manager, signed in himself, can", async () => {
    const staff = await t.post('/staff', { officeId: branch, firstname: 'Kemi', lastname: 'Officer', isLoanOfficer: true, isActive: true, joiningDate: '2024-01-01', ...DATE });
    assert.equal(staff.status, 200, staff.text);
    // The loan officer's user administers users too: he creates a branch manager and issues a key for him.
    const officerAdmin = await t.userWithRoles([1], branch, { staffId: staff.body.resourceId });
    const booked = await t.post('/loans', application(client, 1, 50000, { loanOfficerId: staff.body.resourceId }));
    assert.equal(booked.status, 200, booked.text);
    const id = booked.body.loanId as number;
    const username = `m${randomBytes(4).toString('hex')}`;
    const manager = await officerAdmin.post('/users', { username, firstname: 'Key', lastname: 'Manager', officeId: branch, roles: [BRANCH_MANAGER], password: 'Secret123', repeatPassword: 'Secret123' });
    assert.equal(manager.status, 200, manager.text);
    const issued = await officerAdmin.post(`/users/${manager.body.resourceId}/apikeys`, { name: 'delegated' });
    assert.equal(issued.status, 200, issued.text);

    assertError(await withKey(issued.body.key as string, `/loans/${id}?command=approve`, approveBody), 403, 'error.msg.loan.approval.by.submitter.not.allowed');
    assert.equal((await loan(id)).status.id, 100, 'still submitted');
    assert.equal(await approvedEvents(id), 0);

    const himself = await service.request('POST', `/api/v1/loans/${id}?command=approve`, { tenant: t.tenant, auth: `${username}:Secret123`, body: approveBody });
    assert.equal(himself.status, 200, himself.text);
    assert.equal((await loan(id)).status.id, 200);
  });

  test('an application submitted through a key the admin issued cannot be approved by the admin himself', async () => {
    const officer = await delegate([LOAN_OFFICER], branch);
    const submitted = await withKey(officer.key, '/loans', application(client, 1, 50000));
    assert.equal(submitted.status, 200, submitted.text);
    const id = submitted.body.loanId as number;
    assertError(await t.post(`/loans/${id}?command=approve`, approveBody), 403, 'error.msg.loan.approval.by.submitter.not.allowed');
    assert.equal((await loan(id)).status.id, 100);
    assert.equal(await approvedEvents(id), 0);

    // A branch manager acting for himself approves it.
    const manager = await t.userWithRoles([BRANCH_MANAGER], branch);
    const approved = await manager.post(`/loans/${id}?command=approve`, approveBody);
    assert.equal(approved.status, 200, approved.text);
  });
});
