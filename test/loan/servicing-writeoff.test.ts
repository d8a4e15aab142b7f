import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { assertSchemas } from '../payments/support.js';
import { activeClient, approvedLoan, DATE, journal, savingsAccount, setBusinessDate } from './support.js';

/**
 * Write-off, its undo, and recovery payments (issue 36). A reducing-balance loan of 100,000 at 2% a month (24% a
 * year, actual/365), disbursed 1 January 2025; instalment 1 (9,455.96: 2,000.00 interest, 7,455.96 principal) paid on
 * 1 February; instalment 2 (1,850.88 interest) due 1 March and unpaid; written off on 15 March 2025.
 */
describe('loans: write-off, undo and recovery', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let manager: TenantSession;
  let reasonId: number;

  /** The loan's events of a type, as stored, checked against their JSON Schema in docs/events first. */
  const outbox = async (eventType: string, loanId: number) => {
    const rows = await service.platform.db.system((em) => em.execute<{ event_type: string; raw: string }[]>(
      `select event_type, payload::text as raw from kernel.outbox where tenant_id = ? and event_type = ? and (payload->'data'->>'loanId')::int = ? order by id`, [t.tenant, eventType, loanId],
    ));
    assertSchemas(rows);
    return rows.map((r) => ({ payload: JSON.parse(r.raw) as { data: Record<string, unknown> } }));
  };
  const tx = (loanId: number, command: string, body: Record<string, unknown>) => t.post(`/loans/${loanId}/transactions?command=${command}`, { ...body, ...DATE });
  /** Net debit of a GL account over every journal line of the loan. */
  const net = async (loanId: number, glCode: string) => {
    const entries: { glAccountCode: string; entryType: { value: string }; amount: number }[] = (await t.get(`/journalentries?loanId=${loanId}&limit=200`)).body.pageItems;
    return Math.round(entries.filter((e) => e.glAccountCode === glCode).reduce((s, e) => s + (e.entryType.value === 'DEBIT' ? e.amount : -e.amount), 0) * 100) / 100;
  };
  const delinquentIds = async () => (await t.get(`/loans?delinquent=true&limit=200`)).body.pageItems.map((l: { id: number }) => l.id);

  async function overdueLoan(): Promise<number> {
    await setBusinessDate(t, '2025-01-01');
    const client = await activeClient(t, branch);
    await savingsAccount(t, client);
    const loanId = await approvedLoan(t, client, 100000, 1, manager);
    assert.equal((await t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE })).status, 200);
    await setBusinessDate(t, '2025-03-15');
    assert.equal((await tx(loanId, 'repayment', { transactionDate: '2025-02-01', transactionAmount: '9455.96', paymentTypeId: 2 })).status, 200);
    return loanId;
  }

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    branch = await t.branch();
    await setBusinessDate(t, '2025-01-01');
    manager = await t.userWithRoles([320007], branch);
    const codes: { id: number; name: string }[] = (await t.get('/codes')).body;
    const code = codes.find((c) => c.name === 'WriteOffReasons')!;
    reasonId = (await t.get(`/codes/${code.id}/codevalues`)).body.find((v: { name: string }) => v.name === 'Bad debt').id;
  });
  after(async () => service.stop());

  test('write-off on 15 March: 92,544.04 principal (DR 52101 / CR 13101) and 1,850.88 + 92,544.04 x 24% x 14/365 = 851.91 interest; 601; loan.writtenoff; no longer delinquent', async () => {
    const loanId = await overdueLoan();
    assert.equal((await t.post('/jobs/1?command=executeJob')).status, 200);
    assert.ok((await delinquentIds()).includes(loanId), 'overdue before the write-off');

    assertError(await tx(loanId, 'writeoff', { transactionDate: '2025-01-31', writeoffReasonId: reasonId }), 403, 'error.msg.loan.writeoff.must.occur.on.or.after.other.transaction.dates');
    assertError(await tx(loanId, 'writeoff', { transactionDate: '2025-03-16' }), 403, 'error.msg.loan.writeoff.cannot.be.a.future.date');
    assertError(await tx(loanId, 'writeoff', { transactionDate: '2025-03-15', writeoffReasonId: 999999 }), 400, 'error.msg.loan.writeoff.reason.invalid');
    const res = await tx(loanId, 'writeoff', { transactionDate: '2025-03-15', note: 'borrower absconded', writeoffReasonId: reasonId });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.changes.status.id, 601);
    assert.deepEqual(await journal(t, `L${res.body.resourceId}`), [['13101', 'CREDIT', 92544.04], ['52101', 'DEBIT', 92544.04]]);

    const loan = (await t.get(`/loans/${loanId}?associations=transactions`)).body;
    assert.deepEqual([loan.status.id, loan.status.code, loan.timeline.closedOnDate], [601, 'loanStatusType.closed.written.off', [2025, 3, 15]]);
    const s = loan.summary;
    assert.deepEqual(
      [s.principalWrittenOff, s.interestWrittenOff, s.feeChargesWrittenOff, s.totalWrittenOff, s.principalOutstanding, s.interestOutstanding, s.totalOutstanding, s.totalOverdue],
      [92544.04, 2702.79, 0, 95246.83, 0, 0, 0, 0],
    );
    // Interest charged is what was earned: 2,000.00 + 1,850.88 + 851.91; the later periods' interest was never earned.
    assert.equal(s.interestCharged, 4702.79);
    const writeOff = loan.transactions.find((x: { id: number }) => x.id === res.body.resourceId);
    assert.deepEqual([writeOff.type.id, writeOff.type.code, writeOff.type.writeOff, writeOff.amount, writeOff.principalPortion, writeOff.interestPortion], [6, 'loanTransactionType.writeOff', true, 95246.83, 92544.04, 2702.79]);

    const [event] = (await outbox('loan.writtenoff', loanId)).map((r) => r.payload.data);
    assert.deepEqual(event, {
      loanId, accountNo: loan.accountNo, clientId: loan.clientId, officeId: branch, transactionId: res.body.resourceId, date: '2025-03-15', currency: 'NGN',
      principal: 92544.04, interest: 2702.79, fees: 0, penalties: 0, total: 95246.83, writeoffReasonId: reasonId,
    });
    assert.ok(!(await delinquentIds()).includes(loanId), 'a written-off loan leaves the recovery queue');
    assert.equal((await t.post('/jobs/1?command=executeJob')).status, 200);
    assert.ok(!(await delinquentIds()).includes(loanId), 'and aging skips it');
    assertError(await tx(loanId, 'repayment', { transactionAmount: 100, paymentTypeId: 2 }), 403, 'error.msg.loan.repayment.loan.not.active');
    assertError(await tx(loanId, 'writeoff', {}), 403, 'error.msg.loan.writeoff.account.is.not.active');
  });

  test('undo write-off: active again, the schedule as before, the loan-loss posting reversed', async () => {
    const loanId = await overdueLoan();
    const wo = await tx(loanId, 'writeoff', { transactionDate: '2025-03-15' });
    assert.equal(wo.status, 200, wo.text);
    const undone = await tx(loanId, 'undowriteoff', { note: 'found the borrower' });
    assert.equal(undone.status, 200, undone.text);
    const loan = (await t.get(`/loans/${loanId}?associations=transactions`)).body;
    assert.deepEqual([loan.status.id, loan.summary.principalOutstanding, loan.summary.interestCharged, loan.summary.totalWrittenOff, loan.timeline.closedOnDate], [300, 92544.04, 13471.53, 0, undefined]);
    assert.equal(loan.transactions.find((x: { id: number }) => x.id === wo.body.resourceId).manuallyReversed, true);
    assert.deepEqual([await net(loanId, '52101'), await net(loanId, '13101')], [0, 92544.04]);
    assertError(await tx(loanId, 'undowriteoff', {}), 403, 'error.msg.loan.undowriteoff.not.written.off');
  });

  test('recovery payments: DR 11201 / CR 42301 up to what was written off; undo write-off waits for their undo', async () => {
    const loanId = await overdueLoan();
    assertError(await tx(loanId, 'recoverypayment', { transactionAmount: 100, paymentTypeId: 2 }), 403, 'error.msg.loan.recoverypayment.not.written.off');
    assert.equal((await tx(loanId, 'writeoff', { transactionDate: '2025-03-15' })).status, 200);
    const rec = await tx(loanId, 'recoverypayment', { transactionDate: '2025-03-15', transactionAmount: '5000.50', paymentTypeId: 2, receiptNumber: 'R-1' });
    assert.equal(rec.status, 200, rec.text);
    assert.deepEqual(await journal(t, `L${rec.body.resourceId}`), [['11201', 'DEBIT', 5000.5], ['42301', 'CREDIT', 5000.5]]);
    let loan = (await t.get(`/loans/${loanId}?associations=transactions`)).body;
    assert.deepEqual([loan.status.id, loan.summary.totalRecovered], [601, 5000.5]);
    assert.deepEqual(loan.transactions.find((x: { id: number }) => x.id === rec.body.resourceId).type, { id: 8, code: 'loanTransactionType.recoveryRepayment', value: 'Recovery Repayment', disbursement: false, repayment: false, waiveInterest: false, writeOff: false, recoveryRepayment: true });
    // 95,246.83 written off, 5,000.50 recovered: 90,246.33 left to recover.
    assertError(await tx(loanId, 'recoverypayment', { transactionAmount: '90246.34', paymentTypeId: 2 }), 403, 'error.msg.loan.recoverypayment.amount.greater.than.written.off');
    assertError(await tx(loanId, 'undowriteoff', {}), 403, 'error.msg.loan.undowriteoff.transactions.after.writeoff');

    const undoRecovery = await t.post(`/loans/${loanId}/transactions/${rec.body.resourceId}?command=undo`, {});
    assert.equal(undoRecovery.status, 200, undoRecovery.text);
    // The recovery and its reversal cancel; 11201 keeps only instalment 1's 9,455.96.
    assert.deepEqual([await net(loanId, '42301'), await net(loanId, '11201')], [0, 9455.96]);
    loan = (await t.get(`/loans/${loanId}`)).body;
    assert.equal(loan.summary.totalRecovered, 0);
    assert.equal((await tx(loanId, 'undowriteoff', {})).status, 200);
    assert.equal((await t.get(`/loans/${loanId}`)).body.status.id, 300);
  });

  test('templates on 15 March: waiveinterest 1,850.88 (instalment 2, due and unpaid); writeoff 92,544.04 + 2,702.79 = 95,246.83 with the reasons; recoverypayment what is left to recover', async () => {
    const loanId = await overdueLoan();
    const template = (command: string) => t.get(`/loans/${loanId}/transactions/template?command=${command}`);
    const waive = await template('waiveinterest');
    assert.equal(waive.status, 200, waive.text);
    assert.deepEqual([waive.body.type.waiveInterest, waive.body.date, waive.body.amount, waive.body.interestPortion], [true, [2025, 3, 15], 1850.88, 1850.88]);
    const writeOff = await template('writeoff');
    assert.equal(writeOff.status, 200, writeOff.text);
    assert.deepEqual([writeOff.body.type.writeOff, writeOff.body.amount, writeOff.body.principalPortion, writeOff.body.interestPortion], [true, 95246.83, 92544.04, 2702.79]);
    assert.ok(writeOff.body.writeOffReasonOptions.some((r: { id: number }) => r.id === reasonId));
    assertError(await template('recoverypayment'), 403, 'error.msg.loan.recoverypayment.not.written.off');

    assert.equal((await tx(loanId, 'writeoff', { transactionDate: '2025-03-15' })).status, 200);
    assert.equal((await tx(loanId, 'recoverypayment', { transactionDate: '2025-03-15', transactionAmount: '246.83', paymentTypeId: 2 })).status, 200);
    const recovery = await template('recoverypayment');
    assert.equal(recovery.status, 200, recovery.text);
    // 95,246.83 written off - 246.83 recovered.
    assert.deepEqual([recovery.body.type.recoveryRepayment, recovery.body.amount], [true, 95000]);
    assert.ok(recovery.body.paymentTypeOptions.length > 0);
    assertError(await template('writeoff'), 403, 'error.msg.loan.repayment.loan.not.active');
  });

  test('a product with its own loss account (writeOffAccountId): DR that account, CR 13101 for 92,544.04; the undo credits it back', async () => {
    const gl = await t.post('/glaccounts', { name: 'Microloan losses', glCode: '52199', type: 5, usage: 1, manualEntriesAllowed: true });
    assert.equal(gl.status, 200, gl.text);
    const productBody = (name: string, shortName: string, writeOffAccountId: number) => ({
      name, shortName, currencyCode: 'NGN', digitsAfterDecimal: 2, principal: 100000, minPrincipal: 1000, maxPrincipal: 1000000, numberOfRepayments: 12, repaymentEvery: 1,
      repaymentFrequencyType: 2, interestRatePerPeriod: 2, interestRateFrequencyType: 2, interestCalculationPeriodType: 1, transactionProcessingStrategyCode: 'mifos-standard-strategy',
      accountingRule: 2, amortizationType: 1, interestType: 0, daysInYearType: 1, daysInMonthType: 1, writeOffAccountId, locale: 'en',
    });
    assertError(await t.post('/loanproducts', productBody('Bad loss account', 'BLA', 999999)), 400, 'error.msg.loanproduct.writeOffAccountId.invalid');
    const product = await t.post('/loanproducts', productBody('Own loss account', 'OLA', gl.body.resourceId));
    assert.equal(product.status, 200, product.text);
    await setBusinessDate(t, '2025-01-01');
    const client = await activeClient(t, branch);
    await savingsAccount(t, client);
    const loanId = await approvedLoan(t, client, 100000, product.body.resourceId, manager);
    const disbursed = await t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE });
    assert.equal(disbursed.status, 200, disbursed.text);
    await setBusinessDate(t, '2025-03-15');
    const repaid = await tx(loanId, 'repayment', { transactionDate: '2025-02-01', transactionAmount: '9455.96', paymentTypeId: 2 });
    assert.equal(repaid.status, 200, repaid.text);
    const res = await tx(loanId, 'writeoff', { transactionDate: '2025-03-15' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(await journal(t, `L${res.body.resourceId}`), [['13101', 'CREDIT', 92544.04], ['52199', 'DEBIT', 92544.04]]);
    const undone = await tx(loanId, 'undowriteoff', {});
    assert.equal(undone.status, 200, undone.text);
    assert.equal(await net(loanId, '52199'), 0);
    assert.equal(await net(loanId, '52101'), 0);
  });

  test('another tenant\'s loan is 404 for every command; a teller (no WRITEOFF_LOAN) is 403', async () => {
    const loanId = await overdueLoan();
    const other = await service.tenant();
    const bodies: Record<string, Record<string, unknown>> = { writeoff: { ...DATE }, undowriteoff: {}, recoverypayment: { transactionAmount: 1, paymentTypeId: 2, ...DATE } };
    for (const [command, body] of Object.entries(bodies)) {
      assertError(await other.post(`/loans/${loanId}/transactions?command=${command}`, body), 404, 'error.msg.loan.id.invalid');
    }
    const teller = await t.userWithRoles([320018], branch);
    assertError(await teller.post(`/loans/${loanId}/transactions?command=writeoff`, { ...DATE }), 403, 'error.msg.not.authorized');
  });
});
