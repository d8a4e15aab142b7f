import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { activeClient, application, DATE, setBusinessDate } from './support.js';

describe('loans: products, schedules and applications', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let client: number;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    branch = await t.branch();
    await setBusinessDate(t, '2025-01-01');
    client = await activeClient(t, branch);
  });
  after(async () => service.stop());

  test('every tenant starts with one product per method', async () => {
    const res = await t.get('/loanproducts');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.map((p: any) => [p.id, p.name, p.interestType.id, p.amortizationType.id]), [
      [1, 'Reducing Balance Loan', 0, 1], [2, 'Flat Rate Loan', 1, 1], [3, 'Declining Balance Loan', 0, 0],
    ]);
    const p = res.body[0];
    assert.deepEqual([p.principal, p.minPrincipal, p.maxPrincipal, p.numberOfRepayments, p.minNumberOfRepayments, p.maxNumberOfRepayments, p.interestRatePerPeriod], [100000, 1000, 10000000, 12, 1, 60, 2]);
    assert.equal(p.currency.code, 'NGN');
    assert.equal(p.transactionProcessingStrategyCode, 'mifos-standard-strategy');
    assert.deepEqual(p.accountingRule, { id: 2, code: 'accountingRuleType.cash', value: 'CASH BASED' });
    assert.deepEqual(p.accountingMappings, { fundSourceAccount: '11101', loanPortfolioAccount: '13101', interestOnLoanAccount: '41101' });
  });

  test('POST/PUT /loanproducts validates and answers resourceId', async () => {
    const body = {
      name: 'Weekly Flat', shortName: 'WKF', currencyCode: 'NGN', digitsAfterDecimal: 2, principal: 50000, minPrincipal: 10000, maxPrincipal: 200000,
      numberOfRepayments: 10, repaymentEvery: 1, repaymentFrequencyType: 1, interestRatePerPeriod: 24, interestRateFrequencyType: 3, amortizationType: 1,
      interestType: 1, interestCalculationPeriodType: 1, transactionProcessingStrategyCode: 'mifos-standard-strategy', daysInYearType: 1, daysInMonthType: 1,
      accountingRule: 2, locale: 'en',
    };
    const created = await t.post('/loanproducts', body);
    assert.equal(created.status, 200, created.text);
    assert.ok(created.body.resourceId > 3);
    assertError(await t.post('/loanproducts', body), 403, 'error.msg.product.loan.duplicate.name');
    assertError(await t.post('/loanproducts', { ...body, name: 'X', shortName: 'X', principal: 5 }), 400, 'validation.msg.loanproduct.principal.must.be.between.min.and.max');
    // A schedule's size is bounded whatever a product says: no product of a million repayments.
    assertError(await t.post('/loanproducts', { ...body, name: 'Huge', shortName: 'HUGE', maxNumberOfRepayments: 1000000 }), 400, 'validation.msg.loanproduct.maxNumberOfRepayments.is.not.within.expected.range');
    const updated = await t.put(`/loanproducts/${created.body.resourceId}`, { interestRatePerPeriod: 30, locale: 'en' });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(updated.body.changes, { interestRatePerPeriod: '30' });
    const loanOfficer = await t.userWithRoles([320003]);
    assertError(await loanOfficer.post('/loanproducts', { ...body, name: 'Other', shortName: 'OTH' }), 403, 'error.msg.not.authorized');
  });

  test('calculateLoanSchedule: reducing balance, 100,000 at 2% a month over 12 months: instalments of 9,455.96', async () => {
    const res = await t.post('/loans?command=calculateLoanSchedule', application(client, 1, 100000));
    assert.equal(res.status, 200, res.text);
    const [disbursal, ...periods] = res.body.periods;
    assert.deepEqual(disbursal.dueDate, [2025, 1, 1]);
    assert.equal(disbursal.principalDisbursed, 100000);
    assert.equal(periods.length, 12);
    for (const p of periods.slice(0, 11)) assert.equal(p.totalDueForPeriod, 9455.96);
    assert.deepEqual([periods[0].interestDue, periods[0].principalDue, periods[0].principalLoanBalanceOutstanding], [2000, 7455.96, 92544.04]);
    assert.deepEqual([periods[1].interestDue, periods[1].principalDue], [1850.88, 7605.08]);
    assert.deepEqual(periods[0].dueDate, [2025, 2, 1]);
    assert.deepEqual(periods[11].dueDate, [2026, 1, 1]);
    assert.equal(periods[11].principalLoanBalanceOutstanding, 0);
    assert.equal(res.body.totalPrincipalExpected, 100000);
    assert.equal(res.body.currency.code, 'NGN');
    const list = await t.get('/loans');
    assert.equal(list.body.totalFilteredRecords, 0, 'nothing is saved');
  });

  test('calculateLoanSchedule: flat, instalments of 10,333.33 and the last absorbs the cents', async () => {
    const res = await t.post('/loans?command=calculateLoanSchedule', application(client, 2, 100000));
    assert.equal(res.status, 200, res.text);
    const periods = res.body.periods.slice(1);
    for (const p of periods.slice(0, 11)) assert.deepEqual([p.principalDue, p.interestDue, p.totalDueForPeriod], [8333.33, 2000, 10333.33]);
    assert.deepEqual([periods[11].principalDue, periods[11].interestDue, periods[11].totalDueForPeriod], [8333.37, 2000, 10333.37]);
    assert.equal(res.body.totalInterestCharged, 24000);
    assert.equal(res.body.totalRepaymentExpected, 124000);
  });

  test('calculateLoanSchedule: declining balance, equal principal 8,333.33 plus interest on the outstanding balance', async () => {
    const res = await t.post('/loans?command=calculateLoanSchedule', application(client, 3, 100000));
    assert.equal(res.status, 200, res.text);
    const periods = res.body.periods.slice(1);
    assert.deepEqual([periods[0].principalDue, periods[0].interestDue, periods[0].totalDueForPeriod], [8333.33, 2000, 10333.33]);
    assert.deepEqual([periods[1].principalDue, periods[1].interestDue, periods[1].totalDueForPeriod], [8333.33, 1833.33, 10166.66]);
    assert.deepEqual([periods[11].principalDue, periods[11].interestDue, periods[11].totalDueForPeriod], [8333.37, 166.67, 8500.04]);
  });

  test('POST /loans answers Fineract\'s ids; GET shows status 100, the schedule and the terms', async () => {
    const res = await t.post('/loans', application(client, 1, 250000, { externalId: 'LN-1' }));
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ['clientId', 'loanId', 'officeId', 'resourceExternalId', 'resourceId']);
    assert.deepEqual([res.body.officeId, res.body.clientId, res.body.loanId === res.body.resourceId], [branch, client, true]);
    const got = await t.get(`/loans/${res.body.loanId}?associations=repaymentSchedule,transactions`);
    assert.equal(got.status, 200, got.text);
    assert.deepEqual(got.body.status.id, 100);
    assert.equal(got.body.status.code, 'loanStatusType.submitted.and.pending.approval');
    assert.equal(got.body.principal, 250000);
    assert.match(got.body.accountNo, /^\d{9}$/);
    assert.equal(got.body.externalId, 'LN-1');
    assert.equal(got.body.loanProductName, 'Reducing Balance Loan');
    assert.deepEqual(got.body.timeline.submittedOnDate, [2025, 1, 1]);
    assert.equal(got.body.repaymentSchedule.periods.length, 13);
    assert.deepEqual(got.body.transactions, []);
    assert.equal(got.body.approvals.tier, 1);
    assert.deepEqual(got.body.approvals.stillNeeded, [{ roleId: 320007, count: 1 }]);
    const bare = await t.get(`/loans/${res.body.loanId}`);
    assert.equal(bare.body.repaymentSchedule, undefined, 'the schedule only when asked for');
    assertError(await t.post('/loans', application(client, 1, 1000, { externalId: 'LN-1' })), 403, 'error.msg.loan.duplicate.externalId');
  });

  test('applications are validated against the product with Fineract codes; the web client\'s defaults pass', async () => {
    assertError(await t.post('/loans', application(client, 1, 999)), 400, 'validation.msg.loan.principal.is.not.within.expected.range');
    assertError(await t.post('/loans', application(client, 1, 10000000.01)), 400, 'validation.msg.loan.principal.is.not.within.expected.range');
    assertError(await t.post('/loans', application(client, 1, 5000, { numberOfRepayments: 61, loanTermFrequency: 61 })), 400, 'validation.msg.loan.numberOfRepayments.is.not.within.expected.range');
    assertError(await t.post('/loans', application(client, 1, 5000, { loanTermFrequency: 6 })), 400, 'validation.msg.loan.loanTermFrequency.is.less.than.repayment.structure.suggests');
    assertError(await t.post('/loans', application(client, 1, 5000, { loanType: 'group' })), 400, 'validation.msg.loan.loanType.is.not.one.of.expected.enumerations');
    assertError(await t.post('/loans', application(client, 1, 5000, { submittedOnDate: '2025-02-01', expectedDisbursementDate: '2025-02-01' })), 403, 'error.msg.loan.submittal.cannot.be.in.the.future');
    assertError(await t.post('/loans', application(client, 99, 5000)), 404, 'error.msg.loanproduct.id.invalid');
    assertError(await t.post('/loans', application(123456, 1, 5000)), 404, 'error.msg.client.id.invalid');
    assertError(await t.post('/loans', { ...application(client, 1, 5000), bogus: 1 }), 400, 'error.msg.parameter.unsupported');
    // Charges are taken (test/charges/loan-charges.test.ts); one that does not exist refuses the whole application.
    assertError(await t.post('/loans', application(client, 1, 5000, { charges: [{ chargeId: 999999, amount: 10 }] })), 404, 'error.msg.charge.id.invalid');
    const webClient = await t.post('/loans', application(client, 1, 5000, {
      charges: [], collateral: [], disbursementData: [], isEqualAmortization: false, allowPartialPeriodInterestCalcualtion: false,
      createStandingInstructionAtDisbursement: false, graceOnArrearsAgeing: 0, inArrearsTolerance: 0, daysInYearType: 1,
    }));
    assert.equal(webClient.status, 200, `the Fineract web client's defaults are accepted: ${webClient.text}`);
    const noClient: Record<string, unknown> = application(client, 1, 5000);
    delete noClient.clientId;
    assertError(await t.post('/loans', noClient), 400, 'validation.msg.loan.clientId.cannot.be.blank');
  });

  test('template, list filters, PUT while submitted, withdrawal and rejection', async () => {
    const template = await t.get(`/loans/template?clientId=${client}&productId=3`);
    assert.equal(template.status, 200, template.text);
    assert.equal(template.body.clientName, 'Ada Obi');
    assert.equal(template.body.principal, 100000);
    assert.deepEqual(template.body.amortizationType.id, 0);
    assert.equal(template.body.productOptions.length >= 3, true);

    const a = (await t.post('/loans', application(client, 1, 20000))).body.loanId;
    const b = (await t.post('/loans', application(client, 2, 30000))).body.loanId;
    const put = await t.put(`/loans/${a}`, { principal: 25000, locale: 'en' });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(put.body.changes, { principal: '25000' });
    assert.equal((await t.get(`/loans/${a}`)).body.principal, 25000);

    const withdrawn = await t.post(`/loans/${a}?command=withdrawnByApplicant`, { withdrawnOnDate: '2025-01-01', note: 'changed mind', ...DATE });
    assert.equal(withdrawn.status, 200, withdrawn.text);
    assert.equal((await t.get(`/loans/${a}`)).body.status.id, 400);
    assertError(await t.put(`/loans/${a}`, { principal: 26000, locale: 'en' }), 403, 'error.msg.loan.cannot.modify.loan.in.its.present.state');
    const rejected = await t.post(`/loans/${b}?command=reject`, { rejectedOnDate: '2025-01-01', ...DATE });
    assert.equal(rejected.status, 200, rejected.text);
    assert.equal((await t.get(`/loans/${b}`)).body.status.id, 500);

    const byStatus = await t.get(`/loans?clientId=${client}&status=500`);
    assert.deepEqual(byStatus.body.pageItems.map((l: any) => l.id), [b]);
    const paged = await t.get(`/loans?clientId=${client}&limit=1&offset=0`);
    assert.equal(paged.body.pageItems.length, 1);
    assert.ok(paged.body.totalFilteredRecords >= 3);
    assert.equal((await t.get('/loans?externalId=LN-1')).body.totalFilteredRecords, 1);
  });

  test('a Loan Officer originates; an Account Officer sees only the loans of their own book', async () => {
    const staffRes = await t.post('/staff', { officeId: branch, firstname: 'Ade', lastname: 'Book', isLoanOfficer: true, isActive: true, joiningDate: '2024-01-01', ...DATE });
    assert.equal(staffRes.status, 200, staffRes.text);
    const staffId = staffRes.body.resourceId as number;
    const originator = await t.userWithRoles([320003], branch);
    const mine = await originator.post('/loans', application(client, 1, 7000, { loanOfficerId: staffId }));
    assert.equal(mine.status, 200, mine.text);
    const theirs = (await originator.post('/loans', application(client, 1, 8000))).body.loanId;
    const officer = await t.userWithRoles([320013], branch, { staffId });
    assert.equal((await officer.get(`/loans/${mine.body.loanId}`)).status, 200);
    assertError(await officer.get(`/loans/${theirs}`), 404, 'error.msg.loan.id.invalid');
    assert.deepEqual((await officer.get('/loans')).body.pageItems.map((l: { id: number }) => l.id), [mine.body.loanId]);
  });

  test('Client.loans is contributed by the loan subgraph through the router', async () => {
    const res = await t.graphql(`query ($id: Int!) { client(id: $id) { id displayName loans { id status { id } principal } } }`, { id: client });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.errors, undefined, JSON.stringify(res.body.errors));
    assert.ok(res.body.data.client.loans.length >= 3);
  });

  test('another tenant\'s loan is 404, and so is a loan outside the caller\'s office', async () => {
    const loanId = (await t.post('/loans', application(client, 1, 5000))).body.loanId;
    const other = await service.tenant();
    assertError(await other.get(`/loans/${loanId}`), 404, 'error.msg.loan.id.invalid');
    assertError(await other.post(`/loans/${loanId}?command=approve`, { approvedOnDate: '2025-01-01', ...DATE }), 404, 'error.msg.loan.id.invalid');
    assert.equal((await other.get('/loans')).body.totalFilteredRecords, 0);
    const elsewhere = await t.branch();
    const outsider = await t.userWithRoles([320003], elsewhere);
    assertError(await outsider.get(`/loans/${loanId}`), 404, 'error.msg.loan.id.invalid');
  });

  test('a client with a loan not yet closed cannot be closed (the loan module registers the check with customer); once withdrawn it can', async () => {
    const borrower = await activeClient(t, branch);
    const loan = (await t.post('/loans', application(borrower, 1, 20000))).body.loanId as number;
    const code = ((await t.get('/codes')).body as { id: number; name: string }[]).find((c) => c.name === 'ClientClosureReason')!;
    const reason = (await t.get(`/codes/${code.id}/codevalues`)).body[0].id as number;
    const close = () => t.post(`/clients/${borrower}?command=close`, { closureDate: '2025-01-01', closureReasonId: reason, ...DATE });
    assertError(await close(), 403, 'error.msg.client.close.non.closed.savings.account');
    assert.equal((await t.get(`/clients/${borrower}`)).body.status.id, 300, 'still active');
    assert.equal((await t.post(`/loans/${loan}?command=withdrawnByApplicant`, { withdrawnOnDate: '2025-01-01', ...DATE })).status, 200);
    const closed = await close();
    assert.equal(closed.status, 200, closed.text);
    assert.equal((await t.get(`/clients/${borrower}`)).body.status.id, 600);
  });
});
