import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { activeClient, application, DATE, setBusinessDate } from './support.js';

const approve = (s: TenantSession, loanId: number, extra: Record<string, unknown> = {}) =>
  s.post(`/loans/${loanId}?command=approve`, { approvedOnDate: '2025-01-01', expectedDisbursementDate: '2025-01-01', note: 'ok', ...DATE, ...extra });

describe('loans: tiered approval, four eyes, escalation', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let client: number;
  let manager: TenantSession;
  let risk: TenantSession;
  let committee1: TenantSession;
  let committee2: TenantSession;
  const submit = async (principal: number | string, productId = 1) => {
    const res = await t.post('/loans', application(client, productId, principal));
    assert.equal(res.status, 200, res.text);
    return res.body.loanId as number;
  };
  const loan = async (id: number) => (await t.get(`/loans/${id}`)).body;
  const approvedEvents = async (loanId: number) =>
    Number((await service.platform.db.system((em) => em.execute<{ n: string }[]>(`select count(*) as n from kernel.outbox where event_type = 'loan.approved' and tenant_id = ? and (payload->'data'->>'loanId')::int = ?`, [t.tenant, loanId])))[0]!.n);

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    branch = await t.branch();
    await setBusinessDate(t, '2025-01-01');
    client = await activeClient(t, branch);
    manager = await t.userWithRoles([320007], branch);
    risk = await t.userWithRoles([320019]);
    committee1 = await t.userWithRoles([320020]);
    committee2 = await t.userWithRoles([320020]);
  });
  after(async () => service.stop());

  test('the default policy is the interface\'s example', async () => {
    const res = await t.get('/approval-policies');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.length, 1);
    assert.equal(res.body[0].isDefault, true);
    assert.deepEqual(res.body[0].tiers, [
      { minAmount: 0, maxAmount: 1000000, approvals: [{ roleId: 320007, count: 1 }] },
      { minAmount: 1000000, maxAmount: 5000000, approvals: [{ roleId: 320007, count: 1 }, { roleId: 320019, count: 1 }] },
      { minAmount: 5000000, approvals: [{ roleId: 320020, count: 2 }] },
    ]);
  });

  test('tier 1: up to and including 1,000,000 one Branch Manager approves; loan.approved is emitted', async () => {
    const id = await submit(1000000);
    const res = await approve(manager, id);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.changes.status, {
      id: 200, code: 'loanStatusType.approved', value: 'Approved', pendingApproval: false, waitingForDisbursal: true, active: false, closedObligationsMet: false, closedWrittenOff: false, closedRescheduled: false, closed: false, overpaid: false,
    });
    const got = await loan(id);
    assert.equal(got.status.id, 200);
    assert.deepEqual(got.timeline.approvedOnDate, [2025, 1, 1]);
    assert.equal(got.approvedPrincipal, 1000000);
    assert.equal(await approvedEvents(id), 1);
  });

  test('tier 2: above 1,000,000 the Branch Manager\'s approval escalates to head office credit risk', async () => {
    const id = await submit('1000000.01');
    const first = await approve(manager, id);
    assert.equal(first.status, 200, first.text);
    let got = await loan(id);
    assert.equal(got.status.id, 100, 'one approval is not enough');
    assert.equal(got.approvals.tier, 2);
    assert.equal(got.approvals.escalated, true);
    assert.deepEqual(got.approvals.stillNeeded, [{ roleId: 320019, count: 1 }]);
    assert.deepEqual(got.approvals.approvedBy.map((a: any) => a.roleId), [320007]);

    const queue = await risk.get('/approval-policies/queue?roleId=320019');
    assert.equal(queue.status, 200, queue.text);
    const item = queue.body.find((q: any) => q.loanId === id);
    assert.ok(item, queue.text);
    assert.deepEqual(item.approvals.stillNeeded, [{ roleId: 320019, count: 1 }]);
    assert.equal(item.approvals.approvedBy.length, 1);
    assert.equal((await risk.get(`/approval-policies/queue?roleId=320020`)).body.some((q: any) => q.loanId === id), false);

    assertError(await approve(manager, id), 403, 'error.msg.loan.approval.already.given');
    const otherManager = await t.userWithRoles([320007], branch);
    assertError(await approve(otherManager, id), 403, 'error.msg.loan.approval.role.not.required');
    assert.equal(await approvedEvents(id), 0);

    const second = await approve(risk, id);
    assert.equal(second.status, 200, second.text);
    got = await loan(id);
    assert.equal(got.status.id, 200);
    assert.equal((await risk.get('/approval-policies/queue')).body.some((q: any) => q.loanId === id), false);
  });

  test('tier boundaries are exact: 5,000,000 is tier 2, 5,000,000.01 needs two Executive Credit Committee members', async () => {
    const top = await submit(5000000);
    assert.equal((await loan(top)).approvals.tier, 2);
    const id = await submit('5000000.01');
    const got = await loan(id);
    assert.equal(got.approvals.tier, 3);
    assertError(await approve(manager, id), 403, 'error.msg.loan.approval.role.not.required');
    const queue = await committee1.get('/approval-policies/queue?roleId=320020');
    assert.ok(queue.body.some((q: any) => q.loanId === id), 'no branch approval needed: straight to the head office queue');
    assert.equal((await approve(committee1, id)).status, 200);
    assert.equal((await loan(id)).status.id, 100);
    assert.equal((await approve(committee2, id)).status, 200);
    assert.equal((await loan(id)).status.id, 200);
  });

  test('four eyes: neither the submitter nor the loan officer of record approves', async () => {
    const maker = await t.userWithRoles([320003, 320007], branch);
    const created = await maker.post('/loans', application(client, 1, 5000));
    assert.equal(created.status, 200, created.text);
    assertError(await approve(maker, created.body.loanId), 403, 'error.msg.loan.approval.by.submitter.not.allowed');
    const adminsLoan = await submit(5000);
    assertError(await approve(t, adminsLoan), 403, 'error.msg.loan.approval.by.submitter.not.allowed');

    const staff = await t.post('/staff', { officeId: branch, firstname: 'Lola', lastname: 'Officer', isLoanOfficer: true, isActive: true, joiningDate: '2024-01-01', ...DATE });
    assert.equal(staff.status, 200, staff.text);
    const officerManager = await t.userWithRoles([320007], branch, { staffId: staff.body.resourceId });
    const booked = await t.post('/loans', application(client, 1, 5000, { loanOfficerId: staff.body.resourceId }));
    assert.equal(booked.status, 200, booked.text);
    assertError(await approve(officerManager, booked.body.loanId), 403, 'error.msg.loan.approval.by.submitter.not.allowed');
    assert.equal((await approve(manager, booked.body.loanId)).status, 200);
  });

  test('approvedLoanAmount may lower the amount (re-evaluating the tier), never raise it', async () => {
    const id = await submit(1500000);
    assertError(await approve(manager, id, { approvedLoanAmount: 1500000.01 }), 403, 'error.msg.loan.approval.amount.greater.than.principal');
    const res = await approve(manager, id, { approvedLoanAmount: 900000 });
    assert.equal(res.status, 200, res.text);
    const got = await t.get(`/loans/${id}?associations=repaymentSchedule`);
    assert.equal(got.body.status.id, 200, 'tier 1 after lowering: the branch manager alone approves');
    assert.equal(got.body.approvedPrincipal, 900000);
    assert.equal(got.body.proposedPrincipal, 1500000);
    assert.equal(got.body.repaymentSchedule.totalPrincipalExpected, 900000);
  });

  test('concurrent approvals never double-count or lose an approval', async () => {
    const id = await submit(6000000);
    const [a, b] = await Promise.all([approve(committee1, id), approve(committee2, id)]);
    assert.equal(a.status, 200, a.text);
    assert.equal(b.status, 200, b.text);
    const got = await loan(id);
    assert.equal(got.status.id, 200);
    assert.deepEqual(got.approvals.approvedBy.map((x: any) => x.roleId), [320020, 320020]);
    assert.equal(await approvedEvents(id), 1, 'exactly one approval completes the loan');

    const again = await submit(6000000);
    const twice = await Promise.all([approve(committee1, again), approve(committee1, again)]);
    assert.deepEqual(twice.map((r) => r.status).sort(), [200, 403]);
    assert.equal((await loan(again)).approvals.approvedBy.length, 1);
  });

  test('undoApproval returns the loan to submitted and clears its approvals', async () => {
    const id = await submit(2000);
    assert.equal((await approve(manager, id)).status, 200);
    const undone = await t.post(`/loans/${id}?command=undoApproval`, { note: 'wrong amount' });
    assert.equal(undone.status, 200, undone.text);
    const got = await loan(id);
    assert.equal(got.status.id, 100);
    assert.deepEqual(got.approvals.approvedBy, []);
  });

  test('only Head of Operations or a super user writes policies; a product policy overrides the default', async () => {
    const policy = { name: 'Flat loans', productId: 2, tiers: [{ minAmount: 0, approvals: [{ roleId: 320011, count: 1 }] }] };
    assertError(await manager.post('/approval-policies', policy), 403, 'error.msg.not.authorized');
    const head = await t.userWithRoles([320011]);
    const created = await head.post('/approval-policies', policy);
    assert.equal(created.status, 200, created.text);
    const fetched = await t.get(`/approval-policies/${created.body.resourceId}`);
    assert.equal(fetched.body.productId, 2);
    assert.equal(fetched.body.isDefault, false);

    const id = await submit(2000, 2);
    assertError(await approve(manager, id), 403, 'error.msg.loan.approval.role.not.required');
    assert.equal((await approve(head, id)).status, 200);
    assert.equal((await loan(id)).status.id, 200);

    assertError(await head.post('/approval-policies', { name: 'Gap', tiers: [{ minAmount: 0, maxAmount: 10, approvals: [{ roleId: 320007, count: 1 }] }, { minAmount: 11, approvals: [{ roleId: 320007, count: 1 }] }] }), 400, 'validation.msg.approvalpolicy.tiers.invalid');
    const updated = await head.put(`/approval-policies/${created.body.resourceId}`, { active: false });
    assert.equal(updated.status, 200, updated.text);
    const defaultId = (await t.get('/approval-policies')).body.find((p: any) => p.isDefault).id;
    assertError(await head.delete(`/approval-policies/${defaultId}`), 403, 'error.msg.approvalpolicy.default.cannot.be.deleted');
    assert.equal((await head.delete(`/approval-policies/${created.body.resourceId}`)).status, 200);
    assertError(await t.get(`/approval-policies/${created.body.resourceId}`), 404, 'error.msg.approvalpolicy.id.invalid');
  });
});
