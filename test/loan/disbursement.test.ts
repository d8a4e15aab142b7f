import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { activeClient, application, approvedLoan, DATE, journal, savingsAccount, setBusinessDate } from './support.js';

describe('loans: disbursement to savings and repayments', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let manager: TenantSession;
  const disburse = (loanId: number, extra: Record<string, unknown> = {}) => t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE, ...extra });
  const repay = (loanId: number, amount: number | string, extra: Record<string, unknown> = {}) =>
    t.post(`/loans/${loanId}/transactions?command=repayment`, { transactionDate: '2025-02-01', transactionAmount: amount, paymentTypeId: 2, ...DATE, ...extra });
  const savingsBalance = async (id: number) => (await t.get(`/savingsaccounts/${id}`)).body.summary.accountBalance;
  const outbox = async (eventType: string, loanId: number) =>
    service.platform.db.system((em) => em.execute<{ payload: { data: Record<string, unknown> } }[]>(`select payload from kernel.outbox where tenant_id = ? and event_type = ? and (payload->'data'->>'loanId')::int = ? order by id`, [t.tenant, eventType, loanId]));

  /** Where a journal transaction's event is: rows of its own, and the event types of the rows it rides in. */
  const postingRows = async (transactionId: string) => {
    const [row] = await service.platform.db.system((em) => em.execute<{ own: number; riding: string[] | null }[]>(
      `select (select count(*)::int from kernel.outbox where tenant_id = ? and event_type = 'journal.entry.posted' and payload->'data'->>'transactionId' = ?) as own,
              (select array_agg(o.event_type order by o.id) from kernel.outbox o, jsonb_array_elements(o.companions) c
                where o.tenant_id = ? and c.value->'payload'->'data'->>'transactionId' = ?) as riding`,
      [t.tenant, transactionId, t.tenant, transactionId],
    ));
    return { ownRows: row!.own, riding: row!.riding ?? [] };
  };

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    branch = await t.branch();
    await setBusinessDate(t, '2025-01-01');
    manager = await t.userWithRoles([320007], branch);
  });
  after(async () => service.stop());

  test('disbursement credits the operating account, posts DR 13101 CR 21101 and emits loan.disbursed, once', async () => {
    const client = await activeClient(t, branch);
    const account = await savingsAccount(t, client);
    const loanId = await approvedLoan(t, client, 100000, 1, manager);
    const res = await disburse(loanId, { note: 'first loan' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual([res.body.loanId, res.body.clientId, res.body.officeId], [loanId, client, branch]);
    assert.equal(res.body.changes.savingsAccountId, account);

    const loan = (await t.get(`/loans/${loanId}?associations=all`)).body;
    assert.equal(loan.status.id, 300);
    assert.deepEqual(loan.timeline.actualDisbursementDate, [2025, 1, 1]);
    assert.equal(loan.disbursedToSavingsId, account);
    assert.deepEqual([loan.summary.principalDisbursed, loan.summary.principalOutstanding, loan.summary.interestCharged, loan.summary.totalOverdue], [100000, 100000, 13471.53, 0]);
    assert.equal(loan.transactions.length, 1);
    const disbursal = loan.transactions[0];
    assert.deepEqual([disbursal.type.value, disbursal.amount], ['Disbursement', 100000]);
    assert.equal(await savingsBalance(account), 100000);
    assert.deepEqual(await journal(t, `L${disbursal.id}`), [['13101', 'DEBIT', 100000], ['21101', 'CREDIT', 100000]]);

    const events = await outbox('loan.disbursed', loanId);
    assert.equal(events.length, 1);
    const data = events[0]!.payload.data;
    assert.deepEqual({ ...data, cif: typeof data.cif }, { loanId, accountNo: loan.accountNo, clientId: client, cif: 'string', principal: 100000, currency: 'NGN', disbursedOn: '2025-01-01', savingsAccountId: account });
    // The posting's journal.entry.posted rides in the loan.disbursed row: no row of its own.
    assert.deepEqual(await postingRows(`L${disbursal.id}`), { ownRows: 0, riding: ['loan.disbursed'] });
    assertError(await disburse(loanId), 403, 'error.msg.loan.already.disbursed');
  });

  test('refusals: before approval, before the approval date, no single operating account', async () => {
    const client = await activeClient(t, branch);
    const submitted = (await t.post('/loans', application(client, 1, 5000))).body.loanId;
    assertError(await disburse(submitted), 403, 'error.msg.loan.disbursal.not.approved');
    const approved = await approvedLoan(t, client, 5000, 1, manager);
    assertError(await disburse(approved, { actualDisbursementDate: '2024-12-31' }), 400, 'validation.msg.loan.actualDisbursementDate.cannot.be.before.approval.date');
    assertError(await disburse(approved), 403, 'error.msg.savingsaccount.operating.account.not.unique');
    assert.equal((await t.get(`/loans/${approved}`)).body.status.id, 200, 'nothing written');
  });

  test('repayments are allocated interest first, oldest instalment first; journal DR 11201 CR 13101 / CR 41101', async () => {
    const client = await activeClient(t, branch);
    await savingsAccount(t, client);
    const loanId = await approvedLoan(t, client, 100000, 1, manager);
    assert.equal((await disburse(loanId)).status, 200);
    await setBusinessDate(t, '2025-02-01');
    const res = await repay(loanId, 10000);
    assert.equal(res.status, 200, res.text);
    // Instalment 1: interest 2,000 + principal 7,455.96; the remaining 544.04 goes to instalment 2's interest.
    assert.deepEqual([res.body.changes.principalPortion, res.body.changes.interestPortion], ['7455.96', '2544.04']);
    const txnId = res.body.resourceId;
    const txn = (await t.get(`/loans/${loanId}/transactions/${txnId}`)).body;
    assert.deepEqual([txn.type.value, txn.amount, txn.principalPortion, txn.interestPortion, txn.outstandingLoanBalance], ['Repayment', 10000, 7455.96, 2544.04, 92544.04]);
    assert.deepEqual(await journal(t, `L${txnId}`), [['11201', 'DEBIT', 10000], ['13101', 'CREDIT', 7455.96], ['41101', 'CREDIT', 2544.04]]);
    assert.deepEqual(await postingRows(`L${txnId}`), { ownRows: 0, riding: ['loan.repayment'] }, "the repayment's posting rides in its loan.repayment row");
    const schedule = (await t.get(`/loans/${loanId}?associations=repaymentSchedule`)).body.repaymentSchedule.periods;
    assert.equal(schedule[1].complete, true);
    assert.deepEqual([schedule[2].interestPaid, schedule[2].principalPaid], [544.04, 0]);
    assert.equal((await outbox('loan.repayment', loanId)).length, 1);

    assertError(await repay(loanId, 200000), 403, 'error.msg.loan.transaction.amount.greater.than.outstanding');
    assertError(await repay(loanId, 100, { paymentTypeId: 1 }), 403, 'error.msg.cashier.no.open.till');

    const undone = await t.post(`/loans/${loanId}/transactions/${txnId}?command=undo`, {});
    assert.equal(undone.status, 200, undone.text);
    const after = (await t.get(`/loans/${loanId}?associations=transactions`)).body;
    assert.equal(after.summary.principalOutstanding, 100000);
    assert.equal(after.transactions.find((x: any) => x.id === txnId).manuallyReversed, true);
    await setBusinessDate(t, '2025-01-01');
  });

  test('repayment from the borrower\'s savings debits it (DR 21101); the payoff on the disbursement day closes the loan without interest', async () => {
    const client = await activeClient(t, branch);
    const account = await savingsAccount(t, client);
    const loanId = await approvedLoan(t, client, 1200, 2, manager);
    assert.equal((await disburse(loanId)).status, 200);
    const owed = (await t.get(`/loans/${loanId}`)).body.summary.totalOutstanding;
    assert.equal(owed, 1488, '1,200 flat at 2% for 12 months: 288 interest');
    // Paid back the day it was disbursed: no interest has been earned, so 1,200 closes it and 1,488 is refused.
    assertError(await t.post(`/loans/${loanId}/transactions?command=repayment`, { transactionDate: '2025-01-01', transactionAmount: owed, fromSavingsAccountId: account, ...DATE }), 403, 'error.msg.loan.transaction.amount.greater.than.outstanding');
    const res = await t.post(`/loans/${loanId}/transactions?command=repayment`, { transactionDate: '2025-01-01', transactionAmount: 1200, fromSavingsAccountId: account, ...DATE });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.changes.status, {
      id: 600, code: 'loanStatusType.closed.obligations.met', value: 'Closed (obligations met)', pendingApproval: false, waitingForDisbursal: false, active: false, closedObligationsMet: true, closedWrittenOff: false, closedRescheduled: false, closed: true, overpaid: false,
    });
    assert.deepEqual(await journal(t, `L${res.body.resourceId}`), [['13101', 'CREDIT', 1200], ['21101', 'DEBIT', 1200]]);
    assert.equal(await savingsBalance(account), 0);
    const loan = (await t.get(`/loans/${loanId}`)).body;
    assert.equal(loan.status.id, 600);
    assert.deepEqual([loan.summary.totalOutstanding, loan.summary.interestCharged], [0, 0]);
  });

  test('undoDisbursal while nothing is repaid reverses the credit and the journal', async () => {
    const client = await activeClient(t, branch);
    const account = await savingsAccount(t, client);
    const loanId = await approvedLoan(t, client, 3000, 1, manager);
    assert.equal((await disburse(loanId)).status, 200);
    assert.equal(await savingsBalance(account), 3000);
    const undone = await t.post(`/loans/${loanId}?command=undoDisbursal`, { note: 'wrong account' });
    assert.equal(undone.status, 200, undone.text);
    assert.equal(await savingsBalance(account), 0);
    const loan = (await t.get(`/loans/${loanId}`)).body;
    assert.equal(loan.status.id, 200);
    const entries = (await t.get(`/journalentries?loanId=${loanId}`)).body.pageItems;
    const net = (code: string) => entries.filter((e: any) => e.glAccountCode === code).reduce((s: number, e: any) => s + (e.entryType.value === 'DEBIT' ? e.amount : -e.amount), 0);
    assert.deepEqual([net('13101'), net('21101')], [0, 0]);
  });
});
