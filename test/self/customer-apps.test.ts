import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { customer, PASSWORD, type Customer } from './support.js';

const TODAY = '2026-01-15';
const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };
/** The mobile app's date format (its payloads' default). */
const mobileDates = { dateFormat: 'dd MMMM yyyy', locale: 'en' };

/**
 * Issue 42: Fineract's own customer apps (openMF/mifos-mobile, openMF/web-self-service-app) replayed in the
 * order of their login flow, asserting the fields their models read.
 */
describe("Fineract's customer apps against self-service", () => {
  let service: TestService;
  let t: TenantSession;
  let ada: Customer;
  let ben: Customer;
  let branch: string;
  let loanId: number;

  before(async () => {
    service = await TestService.start({ captureLogs: true });
    t = await service.tenant();
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: TODAY, ...iso })).status, 200);
    ada = await customer(t);
    ben = await customer(t);
    branch = (await t.get(`/clients/${ada.clientId}`)).body.officeName;
    // Staff put money on Ada's account: 1000.50 + 250 - 100.25 = 1150.25 (before her loan is paid into it).
    for (const [command, amount] of [['deposit', '1000.50'], ['deposit', 250], ['withdrawal', '100.25']] as const) {
      const res = await t.post(`/savingsaccounts/${ada.savingsId}/transactions?command=${command}`, { transactionDate: TODAY, transactionAmount: amount, paymentTypeId: 2, ...iso });
      assert.equal(res.status, 200, res.text);
    }
    // A loan of product 1 (12 monthly instalments) Ada applies for under an offer; staff approve and disburse it
    // into her account: 1150.25 + 100000 = 101150.25.
    assert.equal((await t.post(`/clients/${ada.clientId}/loanoffers`, { productId: 1, maxPrincipal: 100000, expiresOn: TODAY, ...iso })).status, 200);
    const loan = await ada.session.post('/self/loans', {
      clientId: ada.clientId, productId: 1, principal: 100000, loanTermFrequency: 12, loanTermFrequencyType: 2, numberOfRepayments: 12,
      expectedDisbursementDate: TODAY, submittedOnDate: TODAY, loanType: 'individual', ...iso,
    });
    assert.equal(loan.status, 200, loan.text);
    loanId = loan.body.loanId;
    assert.equal((await t.post(`/loans/${loanId}?command=approve`, { approvedOnDate: TODAY, ...iso })).status, 200);
    const disbursed = await t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: TODAY, ...iso });
    assert.equal(disbursed.status, 200, disbursed.text);
  });
  after(async () => service.stop());

  test('login: a JSON body, or (the older web app) query parameters with an empty body; the password is never logged', async () => {
    const secret = 'Q' + PASSWORD;
    const login = (query: string) => service.request('POST', `/api/v1/self/authentication?${query}`, { tenant: t.tenant, auth: null });
    const ok = await login(`username=${encodeURIComponent(ada.username)}&password=${encodeURIComponent(PASSWORD)}`);
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual([ok.body.authenticated, ok.body.isSelfServiceUser, ok.body.clients], [true, true, [ada.clientId]]);
    assert.equal(typeof ok.body.base64EncodedAuthenticationKey, 'string');
    assertError(await login(`username=${encodeURIComponent(ada.username)}&password=${secret}`), 401, 'error.msg.not.authenticated');
    // A body wins over the query string: the apps send one or the other.
    const body = await service.request('POST', `/api/v1/self/authentication?password=${secret}`, { tenant: t.tenant, auth: null, body: { username: ada.username, password: PASSWORD } });
    assert.equal(body.status, 200, body.text);
    const logged = JSON.stringify(service.logs);
    assert.ok(logged.includes('self/authentication'), 'the logins were logged');
    assert.ok(!logged.includes(secret), 'no log line holds the password');
  });

  test('the client page and the client, as both apps read them after login', async () => {
    const page = await ada.session.get('/self/clients/');
    assert.equal(page.status, 200, page.text);
    assert.equal(page.body.totalFilteredRecords, 1);
    const first = page.body.pageItems[0];
    assert.deepEqual([first.id, first.displayName], [ada.clientId, `${ada.body.firstname} ${ada.body.lastname}`]);

    const c = (await ada.session.get(`/self/clients/${ada.clientId}`)).body;
    assert.deepEqual(
      [c.id, c.displayName, c.firstname, c.lastname, c.officeName, c.activationDate, c.mobileNo, c.emailAddress, c.groups, c.imagePresent],
      [ada.clientId, `${ada.body.firstname} ${ada.body.lastname}`, ada.body.firstname, ada.body.lastname, branch, [2026, 1, 15], `+234${(ada.body.mobileNo as string).slice(1)}`, ada.body.email, [], false],
    );
    assert.equal(typeof c.accountNo, 'string');
    assert.deepEqual(c.status, { id: 300, code: 'clientStatusType.active', value: 'Active' });
    assertError(await ada.session.get(`/self/clients/${ben.clientId}`), 404, 'error.msg.client.id.invalid');
  });

  test("the client's photo: Fineract's 404 from a route that exists; another's client is the client's 404", async () => {
    assertError(await ada.session.get(`/self/clients/${ada.clientId}/images`), 404, 'error.msg.entity.image.invalid');
    assertError(await ada.session.get(`/self/clients/${ben.clientId}/images`), 404, 'error.msg.client.id.invalid');
  });

  test('accounts: status flags, product names, the currency object, deposit type, sub-status, last transaction; loans with terms, timeline and summary', async () => {
    const res = await ada.session.get(`/self/clients/${ada.clientId}/accounts?fields=savingsAccounts,loanAccounts`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.shareAccounts, []);
    const [s] = res.body.savingsAccounts;
    assert.deepEqual([s.id, s.accountNo, s.productName, s.shortProductName, s.accountBalance, s.depositType.id, s.depositType.value], [ada.savingsId, ada.accountNo, 'Primary Savings', 'PSAV', 101150.25, 100, 'Savings']);
    assert.deepEqual(
      [s.status.id, s.status.value, s.status.active, s.status.closed, s.status.submittedAndPendingApproval, s.status.approved, s.status.rejected, s.status.withdrawnByApplicant],
      [300, 'Active', true, false, false, false, false, false],
    );
    assert.deepEqual([s.currency.code, s.currency.decimalPlaces, s.currency.displaySymbol], ['NGN', 2, '₦']);
    assert.equal(s.currency.displayLabel, `${s.currency.name} (₦)`);
    assert.deepEqual([s.subStatus.id, s.subStatus.none, s.subStatus.block], [0, true, false]);
    assert.deepEqual([s.lastActiveTransactionDate, s.timeline.activatedOnDate], [[2026, 1, 15], [2026, 1, 15]]);

    const [l] = res.body.loanAccounts;
    assert.deepEqual([l.id, l.productId, l.loanProductName, l.principal, l.numberOfRepayments, l.termFrequency], [loanId, 1, 'Reducing Balance Loan', 100000, 12, 12]);
    assert.deepEqual([l.status.id, l.status.active, l.status.pendingApproval, l.status.waitingForDisbursal, l.status.closed, l.status.closedObligationsMet], [300, true, false, false, false, false]);
    assert.deepEqual(l.loanType, { id: 1, code: 'accountType.individual', value: 'Individual' });
    assert.deepEqual([l.termPeriodFrequencyType.id, l.repaymentFrequencyType.id, l.interestRateFrequencyType.id], [2, 2, 2]);
    assert.deepEqual([l.currency.code, l.currency.displayLabel], ['NGN', `${l.currency.name} [NGN]`]);
    assert.deepEqual([l.timeline.submittedOnDate, l.timeline.approvedOnDate, l.timeline.actualDisbursementDate], [[2026, 1, 15], [2026, 1, 15], [2026, 1, 15]]);
    assert.deepEqual([l.summary.principalDisbursed, l.summary.principalOutstanding, l.summary.totalRepayment, l.summary.currency.code], [100000, 100000, 0, 'NGN']);
    assert.equal(l.summary.totalOutstanding, l.summary.totalExpectedRepayment);
    // The account list's balance and amount paid, at the top level as Fineract lists them.
    assert.deepEqual([l.loanBalance, l.amountPaid], [l.summary.totalOutstanding, 0]);

    // The interface's own /self/accounts answers the same shapes.
    const mine = (await ada.session.get('/self/accounts')).body;
    assert.deepEqual([mine.savingsAccounts[0].status.active, mine.loanAccounts[0].status.active, mine.shareAccounts], [true, true, []]);
    assert.equal((await ada.session.get(`/self/clients/${ben.clientId}/accounts`)).status, 404);
  });

  test('a loan: its schedule with its totals and currency; guarantors are empty', async () => {
    const l = (await ada.session.get(`/self/loans/${loanId}/`)).body;
    const periods = l.repaymentSchedule.periods;
    assert.equal(periods.length, 12);
    // The schedule's totals are its instalments' sums (in kobo, to compare exactly).
    const kobo = (n: number) => Math.round(n * 100);
    const expected = periods.reduce((sum: number, p: any) => sum + kobo(p.totalDueForPeriod), 0);
    assert.equal(kobo(l.repaymentSchedule.totalRepaymentExpected), expected);
    assert.equal(kobo(l.summary.totalExpectedRepayment), expected);
    assert.deepEqual([l.repaymentSchedule.totalRepayment, l.repaymentSchedule.currency.code], [0, 'NGN']);
    assert.deepEqual((await ada.session.get(`/self/loans/${loanId}/guarantors`)).body, []);
    assertError(await ben.session.get(`/self/loans/${loanId}/guarantors`), 404, 'error.msg.loan.id.invalid');
  });

  test('a savings account with its transactions and charges asked for: client and product names, summary, rate, typed transactions', async () => {
    const res = await ada.session.get(`/self/savingsaccounts/${ada.savingsId}?associations=transactions,charges`);
    assert.equal(res.status, 200, res.text);
    const a = res.body;
    assert.deepEqual([a.clientName, a.savingsProductName, a.nominalAnnualInterestRate, a.accountBalance], [`${ada.body.firstname} ${ada.body.lastname}`, 'Primary Savings', 0, 101150.25]);
    assert.deepEqual(
      [a.summary.accountBalance, a.summary.totalDeposits, a.summary.totalWithdrawals, a.summary.totalInterestPosted, a.summary.currency.code],
      [101150.25, 101250.5, 100.25, 0, 'NGN'],
    );
    assert.deepEqual(a.transactions.map((x: any) => [x.amount, x.runningBalance, x.transactionType.deposit, x.transactionType.withdrawal, x.currency.code, x.accountId]), [
      [100000, 101150.25, true, false, 'NGN', ada.savingsId],
      [100.25, 1150.25, false, true, 'NGN', ada.savingsId],
      [250, 1250.5, true, false, 'NGN', ada.savingsId],
      [1000.5, 1000.5, true, false, 'NGN', ada.savingsId],
    ]);
  });

  test('recent transactions: every savings transaction of the client, newest first, paged', async () => {
    const first = await ada.session.get(`/self/clients/${ada.clientId}/transactions?offset=0&limit=2`);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.totalFilteredRecords, 4);
    assert.deepEqual(first.body.pageItems.map((x: any) => [x.type.value, x.amount, x.date, x.submittedOnDate, x.currency.code, x.officeName, x.reversed]), [
      ['Deposit', 100000, [2026, 1, 15], [2026, 1, 15], 'NGN', branch, false],
      ['Withdrawal', 100.25, [2026, 1, 15], [2026, 1, 15], 'NGN', branch, false],
    ]);
    assert.equal(typeof first.body.pageItems[0].id, 'number');
    const rest = (await ada.session.get(`/self/clients/${ada.clientId}/transactions?offset=2&limit=2`)).body;
    assert.deepEqual(rest.pageItems.map((x: any) => x.amount), [250, 1000.5]);
    assert.deepEqual((await ben.session.get(`/self/clients/${ben.clientId}/transactions`)).body, { totalFilteredRecords: 0, pageItems: [] });
    assertError(await ben.session.get(`/self/clients/${ada.clientId}/transactions`), 404, 'error.msg.client.id.invalid');
    assertError(await ada.session.get(`/self/clients/${ada.clientId}/transactions?limit=0`), 400, 'validation.msg.validation.errors.exist');
  });

  test('loan application: the template without a product lists the offered products; with one, its terms; the mobile app applies, changes and withdraws', async () => {
    const none = (await ben.session.get(`/self/loans/template?templateType=individual&clientId=${ben.clientId}`)).body;
    assert.deepEqual([none.clientId, none.productOptions, none.loanPurposeOptions], [ben.clientId, [], []]);

    assert.equal((await t.post(`/clients/${ben.clientId}/loanoffers`, { productId: 1, maxPrincipal: 50000, expiresOn: TODAY, ...iso })).status, 200);
    assert.equal((await t.post(`/clients/${ben.clientId}/loanoffers`, { productId: 3, maxPrincipal: 50000, expiresOn: '2026-01-14', ...iso })).status, 200);
    const offered = (await ben.session.get(`/self/loans/template?templateType=individual&clientId=${ben.clientId}`)).body;
    assert.deepEqual(offered.productOptions, [{ id: 1, name: 'Reducing Balance Loan' }], 'the expired offer of product 3 is not listed');
    assert.equal(offered.clientName, `${ben.body.firstname} ${ben.body.lastname}`);

    const p = (await ben.session.get(`/self/loans/template?templateType=individual&clientId=${ben.clientId}&productId=1`)).body;
    assert.deepEqual([p.loanProductId, p.loanProductName, p.numberOfRepayments, p.repaymentEvery, p.termFrequency, p.interestRatePerPeriod], [1, 'Reducing Balance Loan', 12, 1, 12, 2]);
    assert.deepEqual([p.amortizationType.id, p.interestType.id, p.repaymentFrequencyType.id, p.termPeriodFrequencyType.id, p.interestRateFrequencyType.id, p.interestCalculationPeriodType.id], [1, 0, 2, 2, 2, 1]);
    assert.deepEqual([p.currency.code, p.currency.displayLabel], ['NGN', `${p.currency.name} [NGN]`]);
    assert.deepEqual(p.productOptions, [{ id: 1, name: 'Reducing Balance Loan' }]);

    // LoansPayload as the mobile app builds it from the template.
    const applied = await ben.session.post('/self/loans', {
      clientId: ben.clientId, productId: 1, productName: 'Reducing Balance Loan', principal: 50000, loanTermFrequency: 12, loanTermFrequencyType: 2, loanType: 'individual',
      numberOfRepayments: 12, repaymentEvery: 1, repaymentFrequencyType: 2, interestRatePerPeriod: 2, amortizationType: 1, interestType: 0, interestCalculationPeriodType: 1,
      transactionProcessingStrategyId: 1, expectedDisbursementDate: '15 January 2026', submittedOnDate: '15 January 2026', loanPurpose: 'School fees', currency: 'NGN', ...mobileDates,
    });
    assert.equal(applied.status, 200, applied.text);
    const l = (await ben.session.get(`/self/loans/${applied.body.loanId}`)).body;
    assert.deepEqual([l.principal, l.status.id, l.status.pendingApproval, l.status.active, l.summary], [50000, 100, true, false, undefined]);

    // The mobile app changes the pending application with the body it applied with: within the offer only.
    const body = {
      clientId: ben.clientId, productId: 1, productName: 'Reducing Balance Loan', principal: 40000, loanTermFrequency: 12, loanTermFrequencyType: 2, loanType: 'individual',
      numberOfRepayments: 12, repaymentEvery: 1, repaymentFrequencyType: 2, interestRatePerPeriod: 2, amortizationType: 1, interestType: 0, interestCalculationPeriodType: 1,
      transactionProcessingStrategyId: 1, expectedDisbursementDate: '15 January 2026', submittedOnDate: '15 January 2026', currency: 'NGN', ...mobileDates,
    };
    const edited = await ben.session.put(`/self/loans/${applied.body.loanId}/`, body);
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.resourceId, applied.body.loanId);
    assert.equal((await ben.session.get(`/self/loans/${applied.body.loanId}`)).body.principal, 40000);
    assertError(await ben.session.put(`/self/loans/${applied.body.loanId}`, { ...body, principal: '50000.01' }), 403, 'error.msg.self.loan.not.prequalified');
    assertError(await ben.session.put(`/self/loans/${applied.body.loanId}`, { ...body, interestRatePerPeriod: 1 }), 400, 'validation.msg.validation.errors.exist');
    assert.equal((await ada.session.put(`/self/loans/${applied.body.loanId}`, { ...body, clientId: ada.clientId })).status, 404);
    assertError(await ada.session.put(`/self/loans/${loanId}`, { ...body, clientId: ada.clientId }), 403, 'error.msg.loan.cannot.modify.loan.in.its.present.state');
    assert.equal((await ben.session.get(`/self/loans/${applied.body.loanId}`)).body.principal, 40000, 'refused changes left it as it was');

    // The apps withdraw a pending application with Fineract's body; another's, or a disbursed loan, cannot be.
    const withdraw = (c: Customer, id: number) => c.session.post(`/self/loans/${id}?command=withdrawnByApplicant`, { note: 'changed my mind', withdrawnOnDate: '15 January 2026', ...mobileDates });
    assert.equal((await withdraw(ada, applied.body.loanId)).status, 404);
    assertError(await withdraw(ada, loanId), 403, 'error.msg.loan.withdrawn.by.applicant.not.allowed');
    const withdrawn = await withdraw(ben, applied.body.loanId);
    assert.equal(withdrawn.status, 200, withdrawn.text);
    assert.equal(withdrawn.body.resourceId, applied.body.loanId);
    const after = (await ben.session.get(`/self/loans/${applied.body.loanId}`)).body;
    assert.deepEqual([after.status.id, after.status.pendingApproval, after.status.closed, after.timeline.withdrawnOnDate], [400, false, false, [2026, 1, 15]]);
    assert.equal((await t.get(`/loans/${applied.body.loanId}`)).body.status.id, 400, 'staff see it withdrawn');
    assertError(await withdraw(ben, applied.body.loanId), 403, 'error.msg.loan.withdrawn.by.applicant.not.allowed');
  });
  test('transfers and beneficiaries as the apps make them, device registration, then the password change', async () => {
    // The beneficiary template, a beneficiary (Ben), the transfer template and a third-party transfer (?type=tpt).
    assert.deepEqual((await ada.session.get('/self/beneficiaries/tpt/template')).body.accountTypeOptions.map((o: any) => o.id), [2]);
    const saved = await ada.session.post('/self/beneficiaries/tpt', { name: 'Ben', officeName: branch, accountNumber: ben.accountNo, accountType: 2, transferLimit: 5000, locale: 'en' });
    assert.equal(saved.status, 200, saved.text);
    const template = (await ada.session.get('/self/accounttransfers/template?type=tpt')).body;
    assert.deepEqual(template.toAccountOptions.map((o: any) => o.accountNo).sort(), [ada.accountNo, ben.accountNo].sort());
    const sent = await ada.session.post('/self/accounttransfers?type=tpt', {
      fromOfficeId: template.fromAccountOptions[0].officeId, fromClientId: ada.clientId, fromAccountType: 2, fromAccountId: ada.savingsId,
      toOfficeId: template.toAccountOptions.find((o: any) => o.accountNo === ben.accountNo).officeId, toClientId: ben.clientId, toAccountType: 2, toAccountId: ben.savingsId,
      transferAmount: '150.25', transferDate: '15 January 2026', transferDescription: 'lunch', ...mobileDates,
    });
    assert.equal(sent.status, 200, sent.text);
    // 101150.25 - 150.25 = 101000; Ben had nothing.
    assert.equal((await ada.session.get(`/self/savingsaccounts/${ada.savingsId}`)).body.accountBalance, 101000);
    assert.equal((await ben.session.get(`/self/savingsaccounts/${ben.savingsId}`)).body.accountBalance, 150.25);

    // Device registration: none yet (404), registered, read, replaced, and another customer's client refused.
    assertError(await ada.session.get(`/self/device/registration/client/${ada.clientId}`), 404, 'error.msg.device.registration.id.invalid');
    const registered = await ada.session.post('/self/device/registration', { clientId: ada.clientId, registrationId: 'fcm-token-1' });
    assert.equal(registered.status, 200, registered.text);
    const read = (await ada.session.get(`/self/device/registration/client/${ada.clientId}`)).body;
    assert.deepEqual([read.id, read.clientData.id, read.registrationId, read.updatedOnDate.length], [registered.body.resourceId, ada.clientId, 'fcm-token-1', 3]);
    const again = await ada.session.post('/self/device/registration', { clientId: ada.clientId, registrationId: 'fcm-token-2' });
    assert.equal(again.body.resourceId, registered.body.resourceId, 'one registration per client, replaced');
    const put = await ada.session.put(`/self/device/registration/${registered.body.resourceId}`, { clientId: ada.clientId, registrationId: 'fcm-token-3' });
    assert.equal(put.status, 200, put.text);
    assert.equal((await ada.session.get(`/self/device/registration/client/${ada.clientId}`)).body.registrationId, 'fcm-token-3');
    assertError(await ben.session.put(`/self/device/registration/${registered.body.resourceId}`, { clientId: ben.clientId, registrationId: 'x' }), 404, 'error.msg.device.registration.id.invalid');
    assertError(await ben.session.post('/self/device/registration', { clientId: ada.clientId, registrationId: 'x' }), 404, 'error.msg.client.id.invalid');
    assertError(await ada.session.post('/self/device/registration', { clientId: ada.clientId }), 400, 'validation.msg.validation.errors.exist');

    // The password change (the current one is required), after which the old key is revoked.
    const changed = await ada.session.put('/self/user', { currentPassword: PASSWORD, password: 'Newpass123', repeatPassword: 'Newpass123' });
    assert.equal(changed.status, 200, changed.text);
    assertError(await ada.session.get('/self/clients'), 401, 'error.msg.not.authenticated');
  });
});
