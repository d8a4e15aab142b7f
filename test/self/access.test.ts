import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { customer, person, PASSWORD, register, selfLogin, type Customer } from './support.js';

const TODAY = '2026-01-15';
const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };

describe('self-service sessions and own data', () => {
  let service: TestService;
  let t: TenantSession;
  let alice: Customer;
  let bob: Customer;
  let bobLoan: number;
  let aliceLoan: number;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: TODAY, ...iso })).status, 200);
    alice = await customer(t, { mobileNo: '0802 000 1111' });
    bob = await customer(t);
    const loan = (clientId: number) => ({
      clientId, productId: 1, principal: 100000, loanTermFrequency: 12, loanTermFrequencyType: 2, numberOfRepayments: 12, repaymentEvery: 1, repaymentFrequencyType: 2,
      interestRatePerPeriod: 2, amortizationType: 1, interestType: 0, interestCalculationPeriodType: 1, transactionProcessingStrategyCode: 'mifos-standard-strategy',
      expectedDisbursementDate: TODAY, submittedOnDate: TODAY, loanType: 'individual', ...iso,
    });
    const a = await t.post('/loans', loan(alice.clientId));
    assert.equal(a.status, 200, a.text);
    aliceLoan = a.body.loanId;
    const b = await t.post('/loans', loan(bob.clientId));
    assert.equal(b.status, 200, b.text);
    bobLoan = b.body.loanId;
  });
  after(async () => service.stop());

  test('customers log in by email or by mobile number in any form; wrong passwords, unknown users and staff users get the same 401', async () => {
    for (const username of [alice.username, alice.username.toUpperCase(), '08020001111', '+234 802 000 1111', '2348020001111']) {
      const res = await selfLogin(service, t.tenant, username);
      assert.equal(res.status, 200, `${username}: ${res.text}`);
      assert.equal(res.body.isSelfServiceUser, true);
      assert.deepEqual(res.body.clients, [alice.clientId]);
      assert.equal(typeof res.body.base64EncodedAuthenticationKey, 'string');
    }
    assertError(await selfLogin(service, t.tenant, alice.username, 'Wrong1234'), 401, 'error.msg.not.authenticated');
    assertError(await selfLogin(service, t.tenant, 'nobody@example.com'), 401, 'error.msg.not.authenticated');
    assertError(await selfLogin(service, t.tenant, '08099999999'), 401, 'error.msg.not.authenticated');
    assertError(await selfLogin(service, t.tenant, 'admin', 'password'), 401, 'error.msg.not.authenticated');
  });

  test('customer keys reach only /self paths and me; staff keys are refused on /self; another tenant does not know the key', async () => {
    for (const path of ['/clients', `/clients/${alice.clientId}`, `/savingsaccounts/${alice.savingsId}`, '/offices', `/loans/${aliceLoan}`]) {
      assertError(await alice.session.get(path), 403, 'error.msg.not.authorized');
    }
    assertError(await alice.session.post('/accounttransfers', { fromAccountId: alice.savingsId, toAccountId: bob.savingsId, transferAmount: 1, transferDate: TODAY, ...iso }), 403, 'error.msg.not.authorized');
    for (const path of ['/self/clients', '/self/accounts', `/self/savingsaccounts/${alice.savingsId}`, '/self/beneficiaries/tpt']) {
      assertError(await t.get(path), 403, 'error.msg.not.authorized');
    }
    const other = await service.tenant();
    assertError(await service.request('GET', '/api/v1/self/clients', { tenant: other.tenant, auth: alice.session.key }), 401, 'error.msg.not.authenticated');

    const staffField = await alice.session.graphql('{ offices { id } }');
    assert.equal(staffField.status, 403, staffField.text);
    assert.equal(staffField.body.errors![0].extensions.code, 'error.msg.not.authorized');
    const mixed = await alice.session.graphql('query { me { client { id } } clients { totalFilteredRecords } }');
    assert.equal(mixed.status, 403, mixed.text);
    const viaFragment = await alice.session.graphql('query { ...Q } fragment Q on Query { offices { id } }');
    assert.equal(viaFragment.status, 403, viaFragment.text);
    const staffOnMe = await t.graphql('{ me { client { id } } }');
    assert.equal(staffOnMe.body.errors?.[0]?.extensions?.code, 'error.msg.not.authorized', staffOnMe.text);
  });

  test('logout revokes the customer key', async () => {
    const login = await selfLogin(service, t.tenant, bob.username, PASSWORD);
    const key = login.body.base64EncodedAuthenticationKey as string;
    assert.equal((await service.request('GET', '/api/v1/self/clients', { tenant: t.tenant, auth: key })).status, 200);
    assert.equal((await service.request('POST', '/api/v1/self/authentication/logout', { tenant: t.tenant, auth: key })).status, 200);
    assertError(await service.request('GET', '/api/v1/self/clients', { tenant: t.tenant, auth: key }), 401, 'error.msg.not.authenticated');
    // Staff logout ends a customer's own session too.
    const again = (await selfLogin(service, t.tenant, bob.username, PASSWORD)).body.base64EncodedAuthenticationKey as string;
    assert.equal((await service.request('POST', '/api/v1/authentication/logout', { tenant: t.tenant, auth: again })).status, 200);
    assertError(await service.request('GET', '/api/v1/self/clients', { tenant: t.tenant, auth: again }), 401, 'error.msg.not.authenticated');
  });

  test('a password change ends every session of the customer; the new password logs in', async () => {
    const carol = await customer(t);
    const other = (await selfLogin(service, t.tenant, carol.username)).body.base64EncodedAuthenticationKey as string;
    assertError(await carol.session.put('/self/user', { currentPassword: PASSWORD, password: 'short', repeatPassword: 'short' }), 400, 'validation.msg.user.password.does.not.match.regexp');
    assert.equal((await carol.session.put('/self/user', { currentPassword: PASSWORD, password: 'Newpass123', repeatPassword: 'Newpass123' })).status, 200);
    assertError(await carol.session.get('/self/clients'), 401, 'error.msg.not.authenticated');
    assertError(await service.request('GET', '/api/v1/self/clients', { tenant: t.tenant, auth: other }), 401, 'error.msg.not.authenticated');
    assertError(await selfLogin(service, t.tenant, carol.username), 401, 'error.msg.not.authenticated');
    assert.equal((await selfLogin(service, t.tenant, carol.username, 'Newpass123')).status, 200);
  });

  test('own client, accounts, savings account and loans read with interface 2.5 fields', async () => {
    // Fineract's page (issue 42): the apps read pageItems[0] after login.
    const clients = (await alice.session.get('/self/clients')).body;
    assert.equal(clients.totalFilteredRecords, 1);
    assert.deepEqual(clients.pageItems.map((c: any) => c.id), [alice.clientId]);
    assert.equal((await alice.session.get(`/self/clients/${alice.clientId}`)).body.displayName, `${alice.body.firstname} ${alice.body.lastname}`);

    const accounts = await alice.session.get('/self/accounts');
    assert.equal(accounts.status, 200, accounts.text);
    assert.equal(accounts.body.savingsAccounts.length, 1);
    const savings = accounts.body.savingsAccounts[0];
    assert.equal(savings.id, alice.savingsId);
    assert.equal(savings.accountNo, alice.accountNo);
    assert.equal(savings.productName, 'Primary Savings');
    assert.equal(savings.accountBalance, 0);
    assert.equal(savings.availableBalance, 0);
    assert.deepEqual([savings.currency.code, typeof savings.currency.name, typeof savings.currency.displaySymbol], ['NGN', 'string', 'string']);
    assert.equal(savings.status.value, 'Active');
    assert.deepEqual(accounts.body.loanAccounts.map((l: any) => [l.id, l.status.id]), [[aliceLoan, 100]]);
    assert.deepEqual((await alice.session.get(`/self/clients/${alice.clientId}/accounts`)).body.savingsAccounts.map((a: any) => a.id), [alice.savingsId]);

    const loan = await alice.session.get(`/self/loans/${aliceLoan}`);
    assert.equal(loan.status, 200, loan.text);
    assert.equal(loan.body.principal, 100000);
    assert.equal(loan.body.repaymentSchedule.periods.length, 12);
    assert.equal((await alice.session.get(`/self/loans/${aliceLoan}/transactions`)).status, 200);
  });

  test('transactions: newest first, 15 by default, paged, clamped to 200', async () => {
    for (let i = 1; i <= 17; i++) {
      const res = await t.post(`/savingsaccounts/${alice.savingsId}/transactions?command=deposit`, { transactionDate: TODAY, transactionAmount: i, paymentTypeId: 2, ...iso });
      assert.equal(res.status, 200, res.text);
    }
    const first = (await alice.session.get(`/self/savingsaccounts/${alice.savingsId}/transactions`)).body;
    assert.equal(first.totalFilteredRecords, 17);
    assert.equal(first.pageItems.length, 15);
    const top = first.pageItems[0];
    assert.deepEqual([top.amount, top.runningBalance, top.transactionType.value, top.date], [17, 153, 'Deposit', [2026, 1, 15]]);
    const second = (await alice.session.get(`/self/savingsaccounts/${alice.savingsId}/transactions?offset=15&limit=15`)).body;
    assert.deepEqual(second.pageItems.map((i: any) => i.amount), [2, 1]);
    assert.equal((await alice.session.get(`/self/savingsaccounts/${alice.savingsId}/transactions?limit=100000`)).body.pageItems.length, 17);
    const withTransactions = (await alice.session.get(`/self/savingsaccounts/${alice.savingsId}?associations=transactions`)).body;
    assert.equal(withTransactions.accountBalance, 153);
    assert.equal(withTransactions.transactions.length, 17);
  });

  test("another customer's records are 404 by every /self path, and another tenant's too", async () => {
    const notFound = [
      `/self/clients/${bob.clientId}`, `/self/clients/${bob.clientId}/accounts`, `/self/savingsaccounts/${bob.savingsId}`,
      `/self/savingsaccounts/${bob.savingsId}/transactions`, `/self/loans/${bobLoan}`, `/self/loans/${bobLoan}/transactions`, '/self/savingsaccounts/999999',
    ];
    for (const path of notFound) assert.equal((await alice.session.get(path)).status, 404, path);
    // The same ids in another tenant belong to someone else there.
    const other = await service.tenant();
    const stranger = await customer(other);
    assert.equal((await stranger.session.get(`/self/savingsaccounts/${alice.savingsId}`)).status, stranger.savingsId === alice.savingsId ? 200 : 404);
    assert.equal((await stranger.session.get(`/self/clients/${alice.clientId === stranger.clientId ? 999999 : alice.clientId}`)).status, 404);
  });

  test('GraphQL me: the own client, accounts with transactions, and loans', async () => {
    const res = await alice.session.graphql(`{ me {
      client { id cif displayName }
      savingsAccounts { id accountNo accountBalance availableBalance transactions(limit: 2, offset: 1) { id amount runningBalance } }
      loans { id status principal } } }`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.errors, undefined, res.text);
    const me = res.body.data!.me;
    assert.equal(me.client.id, alice.clientId);
    assert.equal(me.savingsAccounts[0].accountNo, alice.accountNo);
    assert.equal(me.savingsAccounts[0].accountBalance, '153');
    assert.deepEqual(me.savingsAccounts[0].transactions.map((x: any) => x.amount), ['16', '15']);
    assert.deepEqual(me.loans, [{ id: aliceLoan, status: 100, principal: '100000' }]);
    const theirs = await alice.session.graphql(`{ me { savingsAccount(id: ${bob.savingsId}) { id } } }`);
    assert.equal(theirs.body.errors?.[0]?.extensions?.status, 404, theirs.text);
  });

  test('registration takes no credentials and is refused to staff keys', async () => {
    assertError(await service.request('POST', '/api/v1/self/registration', { tenant: t.tenant, auth: t.key, body: person() }), 403, 'error.msg.not.authorized');
    assert.equal((await register(service, t.tenant, person())).status, 200);
  });
});
