import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { nubanCheckDigit } from '../../subgraphs/account/domain/nuban.js';
import { accountFixture, activeClient, addReferences, balance, deposit, iso, openAccount, TODAY } from './support.js';

describe('savings products and accounts', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let products: { savings: number; current: number };

  before(async () => {
    ({ service, t, branch, products } = await accountFixture());
  });
  after(async () => service.stop());

  test('every tenant starts with Primary Savings (21101) and Current Account (21102); products are created and updated', async () => {
    const list = (await t.get('/savingsproducts')).body;
    assert.deepEqual(list.map((p: any) => [p.name, p.accountType, p.currency.code]), [['Primary Savings', 'SAVINGS', 'NGN'], ['Current Account', 'CURRENT', 'NGN']]);
    const created = await t.post('/savingsproducts', {
      name: 'Kids Savings', shortName: 'KIDS', currencyCode: 'NGN', digitsAfterDecimal: 2, inMultiplesOf: 1, nominalAnnualInterestRate: 3.5,
      minRequiredBalance: 100, enforceMinRequiredBalance: true, allowOverdraft: false, accountingRule: 2, accountType: 'SAVINGS', locale: 'en',
      interestCompoundingPeriodType: 1, interestPostingPeriodType: 4, interestCalculationType: 1, interestCalculationDaysInYearType: 365,
    });
    assert.equal(created.status, 200, created.text);
    const product = (await t.get(`/savingsproducts/${created.body.resourceId}`)).body;
    assert.equal(product.nominalAnnualInterestRate, 3.5);
    assert.equal(product.minRequiredBalance, 100);
    const updated = await t.put(`/savingsproducts/${created.body.resourceId}`, { nominalAnnualInterestRate: 4, locale: 'en' });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(updated.body.changes, { nominalAnnualInterestRate: '4' });
    assertError(await t.post('/savingsproducts', { name: 'Kids Savings', shortName: 'KID2', currencyCode: 'NGN', digitsAfterDecimal: 2 }), 403, 'error.msg.product.savings.duplicate.name');
    assertError(await t.post('/savingsproducts', { shortName: 'X' }), 400, 'validation.msg.savingsproduct.name.cannot.be.blank');
    assertError(await t.post('/savingsproducts', { name: 'Euro', shortName: 'EUR', currencyCode: 'EUR', digitsAfterDecimal: 2 }), 403, 'error.msg.currency.not.enabled');
  });

  test('an account gets a 10-digit NUBAN over the tenant bank code; the lifecycle goes submitted, active, closed', async () => {
    const clientId = await activeClient(t, branch);
    const opened = await t.post('/savingsaccounts', { clientId, productId: products.savings, submittedOnDate: '2026-01-10', externalId: 'EXT-1', ...iso });
    assert.equal(opened.status, 200, opened.text);
    assert.equal(opened.body.officeId, branch);
    assert.equal(opened.body.clientId, clientId);
    assert.equal(opened.body.resourceId, opened.body.savingsId);
    const id = opened.body.savingsId;
    const account = (await t.get(`/savingsaccounts/${id}`)).body;
    assert.match(account.accountNo, /^\d{10}$/);
    assert.equal(Number(account.accountNo[9]), nubanCheckDigit('999', account.accountNo.slice(0, 9)));
    assert.equal(account.status.id, 100);
    assert.deepEqual(account.currency.code, 'NGN');

    // The bank code is a tenant setting: later accounts use the new code for their check digit.
    assert.equal((await t.put('/configurations/1', { stringValue: '058' })).status, 200);
    const second = await openAccount(t, clientId, products.savings);
    const secondNo = (await t.get(`/savingsaccounts/${second}`)).body.accountNo;
    assert.equal(Number(secondNo[9]), nubanCheckDigit('058', secondNo.slice(0, 9)));
    assert.equal(Number(secondNo.slice(0, 9)), Number(account.accountNo.slice(0, 9)) + 1);
    await t.put('/configurations/1', { stringValue: '999' });

    const activated = await t.post(`/savingsaccounts/${id}?command=activate`, {});
    assert.equal(activated.status, 200, activated.text);
    const active = (await t.get(`/savingsaccounts/${id}`)).body;
    assert.equal(active.status.value, 'Active');
    assert.deepEqual(active.timeline.activatedOnDate, [2026, 1, 15]);
    const created = await service.platform.db.system((em) =>
      em.execute<{ action_name: string; payload: { data: Record<string, unknown> } }[]>(`select action_name, payload from kernel.outbox where tenant_id = ? and event_type = 'account.created' and (payload->'data'->>'accountId')::int = ?`, [t.tenant, id]),
    );
    assert.equal(created.length, 1);
    assert.equal(created[0]!.payload.data.accountNo, account.accountNo);
    assertError(await t.post(`/savingsaccounts/${id}?command=approve`, { approvedOnDate: TODAY, ...iso }), 403, 'error.msg.savingsaccount.approve.not.in.submitted.and.pending.state');

    assert.equal((await deposit(t, id, 10)).status, 200);
    assertError(await t.post(`/savingsaccounts/${id}?command=close`, { closedOnDate: TODAY, ...iso }), 403, 'error.msg.savingsaccount.close.results.in.balance.not.zero');
    assert.equal((await t.post(`/savingsaccounts/${id}/transactions?command=withdrawal`, { transactionDate: TODAY, transactionAmount: 10, paymentTypeId: 2, ...iso })).status, 200);
    const closed = await t.post(`/savingsaccounts/${id}?command=close`, { closedOnDate: TODAY, ...iso });
    assert.equal(closed.status, 200, closed.text);
    assert.equal((await t.get(`/savingsaccounts/${id}`)).body.status.id, 600);

    const list = await t.get(`/savingsaccounts?clientId=${clientId}&limit=1`);
    assert.equal(list.body.totalFilteredRecords, 2);
    assert.equal(list.body.pageItems.length, 1);
    assert.equal((await t.get('/savingsaccounts?externalId=EXT-1')).body.pageItems[0].id, id);
    assert.equal((await t.get(`/savingsaccounts?clientId=${clientId}&status=active`)).body.totalFilteredRecords, 1);
  });

  test("Fineract web client bodies are accepted (interest, lock-in and charge fields included); a charge that does not exist is refused", async () => {
    const product = await t.post('/savingsproducts', {
      name: 'Web Savings', shortName: 'WEB', description: 'from the web app', currencyCode: 'NGN', digitsAfterDecimal: 2, inMultiplesOf: 1, nominalAnnualInterestRate: 5,
      interestCompoundingPeriodType: 1, interestPostingPeriodType: 4, interestCalculationType: 1, interestCalculationDaysInYearType: 365, minRequiredOpeningBalance: 0,
      lockinPeriodFrequency: null, withdrawalFeeForTransfers: false, allowOverdraft: false, enforceMinRequiredBalance: false, withHoldTax: false, isDormancyTrackingActive: false,
      accountingRule: 1, charges: [], locale: 'en',
    });
    assert.equal(product.status, 200, product.text);
    assert.equal((await t.put(`/savingsproducts/${product.body.resourceId}`, { withHoldTax: false, description: 'changed', locale: 'en' })).body.changes.description, 'changed');
    const clientId = await activeClient(t, branch);
    const created = await t.post('/savingsaccounts', {
      clientId, productId: product.body.resourceId, submittedOnDate: '10 January 2026', fieldOfficerId: null, nominalAnnualInterestRate: 5, interestCompoundingPeriodType: 1,
      interestPostingPeriodType: 4, interestCalculationType: 1, interestCalculationDaysInYearType: 365, minRequiredOpeningBalance: 0, withdrawalFeeForTransfers: false,
      allowOverdraft: false, enforceMinRequiredBalance: false, withHoldTax: false, charges: [], externalId: 'WEB-1', locale: 'en', dateFormat: 'dd MMMM yyyy', monthDayFormat: 'dd MMM',
    });
    assert.equal(created.status, 200, created.text);
    // Charges are taken (test/charges/client-charges.test.ts); one that does not exist refuses the whole application.
    assertError(await t.post('/savingsaccounts', { clientId, productId: products.savings, submittedOnDate: TODAY, charges: [{ chargeId: 999999 }], ...iso }), 404, 'error.msg.charge.id.invalid');
    assertError(await t.post('/savingsaccounts', { clientId, productId: products.savings, submittedOnDate: TODAY, bogus: 1, ...iso }), 400, 'error.msg.parameter.unsupported');
  });

  test('a client with an open savings account cannot be closed; once the account is closed it can', async () => {
    const clientId = await activeClient(t, branch);
    const id = await openAccount(t, clientId, products.savings);
    const codes = (await t.get('/codes')).body as { id: number; name: string }[];
    const code = codes.find((c) => c.name === 'ClientClosureReason')!;
    const reason = (await t.get(`/codes/${code.id}/codevalues`)).body[0].id;
    const close = () => t.post(`/clients/${clientId}?command=close`, { closureDate: TODAY, closureReasonId: reason, ...iso });
    assertError(await close(), 403, 'error.msg.client.close.non.closed.savings.account');
    assert.equal((await t.post(`/savingsaccounts/${id}?command=close`, { closedOnDate: TODAY, ...iso })).status, 200);
    const closed = await close();
    assert.equal(closed.status, 200, closed.text);
  });

  test('reject and withdrawnByApplicant end a submitted application; dates after the business date are refused', async () => {
    const clientId = await activeClient(t, branch);
    const a = (await t.post('/savingsaccounts', { clientId, productId: products.savings, submittedOnDate: TODAY, ...iso })).body.savingsId;
    const b = (await t.post('/savingsaccounts', { clientId, productId: products.savings, submittedOnDate: TODAY, ...iso })).body.savingsId;
    assert.equal((await t.post(`/savingsaccounts/${a}?command=reject`, { rejectedOnDate: TODAY, ...iso })).status, 200);
    assert.equal((await t.post(`/savingsaccounts/${b}?command=withdrawnByApplicant`, { withdrawnOnDate: TODAY, ...iso })).status, 200);
    assert.equal((await t.get(`/savingsaccounts/${a}`)).body.status.id, 500);
    assert.equal((await t.get(`/savingsaccounts/${b}`)).body.status.id, 400);
    assert.equal((await t.post('/savingsaccounts', { clientId, productId: products.savings, submittedOnDate: '2026-01-16', ...iso })).status, 400);
  });

  test('opening needs an active client in scope and an existing product', async () => {
    const pending = await t.post('/clients', { officeId: branch, legalFormId: 1, firstname: 'Pending', lastname: 'Client' });
    assertError(await t.post('/savingsaccounts', { clientId: pending.body.clientId, productId: products.savings, submittedOnDate: TODAY, ...iso }), 403, 'error.msg.savingsaccount.client.not.active');
    const clientId = await activeClient(t, branch);
    assertError(await t.post('/savingsaccounts', { clientId, productId: 9999, submittedOnDate: TODAY, ...iso }), 404, 'error.msg.savingproduct.id.invalid');
    assertError(await t.post('/savingsaccounts', { clientId: 99999, productId: products.savings, submittedOnDate: TODAY, ...iso }), 404, 'error.msg.client.id.invalid');
    assertError(await t.post('/savingsaccounts', { productId: products.savings }), 400, 'validation.msg.savingsaccount.clientId.cannot.be.blank');
  });

  test('references: a current account, or an overdraft account, activates only with 2 references on file', async () => {
    const clientId = await activeClient(t, branch);
    const current = (await t.post('/savingsaccounts', { clientId, productId: products.current, submittedOnDate: TODAY, ...iso })).body.savingsId;
    assertError(await t.post(`/savingsaccounts/${current}?command=activate`, {}), 403, 'error.msg.savingsaccount.current.references.required');
    await addReferences(t, current, 1);
    assertError(await t.post(`/savingsaccounts/${current}?command=activate`, {}), 403, 'error.msg.savingsaccount.current.references.required');
    assertError(await t.post(`/savingsaccounts/${current}/references`, { refereeName: 'No phone', relationship: 'Friend' }), 400, 'validation.msg.savingsaccount.reference.refereePhone.cannot.be.blank');
    await addReferences(t, current, 1);
    assert.equal((await t.post(`/savingsaccounts/${current}?command=activate`, { activatedOnDate: TODAY, ...iso })).status, 200);

    const overdraft = (await t.post('/savingsaccounts', { clientId, productId: products.savings, submittedOnDate: TODAY, allowOverdraft: true, overdraftLimit: 1000, ...iso })).body.savingsId;
    assertError(await t.post(`/savingsaccounts/${overdraft}?command=activate`, {}), 403, 'error.msg.savingsaccount.current.references.required');

    const refs = (await t.get(`/savingsaccounts/${current}/references`)).body;
    assert.equal(refs.length, 2);
    assert.deepEqual(Object.keys(refs[0]).sort(), ['id', 'refereeAccountNo', 'refereeBank', 'refereeName', 'refereePhone', 'relationship', 'savingsId'].sort());
    const put = await t.put(`/savingsaccounts/${current}/references/${refs[0].id}`, { refereeEmail: 'ref@example.com', relationship: 'Employer' });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(put.body.changes, { refereeEmail: 'ref@example.com', relationship: 'Employer' });
    assert.equal((await t.get(`/savingsaccounts/${current}/references/${refs[0].id}`)).body.relationship, 'Employer');
    assert.equal((await t.delete(`/savingsaccounts/${current}/references/${refs[1].id}`)).status, 200);
    assert.equal((await t.get(`/savingsaccounts/${current}/references`)).body.length, 1);
  });

  test('GET /clients/{id}/accounts answers savingsAccounts in Fineract shape, from the account subgraph', async () => {
    const clientId = await activeClient(t, branch);
    const id = await openAccount(t, clientId, products.savings);
    await deposit(t, id, 250.5);
    const res = await t.get(`/clients/${clientId}/accounts`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.savingsAccounts.length, 1);
    const item = res.body.savingsAccounts[0];
    assert.equal(item.id, id);
    assert.match(item.accountNo, /^\d{10}$/);
    assert.equal(item.productName, 'Primary Savings');
    assert.equal(item.status.value, 'Active');
    assert.equal(item.accountBalance, 250.5);
    assert.equal(item.availableBalance, 250.5);
    assert.deepEqual(Object.keys(item.currency).sort(), ['code', 'decimalPlaces', 'displayLabel', 'displaySymbol', 'name', 'nameCode']);
    const empty = await activeClient(t, branch);
    assert.deepEqual((await t.get(`/clients/${empty}/accounts`)).body, { savingsAccounts: [] });

    // GraphQL: Client.savingsAccounts through the router, SavingsAccount.client resolved by the customer subgraph.
    const gql = await t.graphql(`query($id: Int!) { client(id: $id) { displayName savingsAccounts { accountNo summary { accountBalance } client { id cif } } } }`, { id: clientId });
    assert.equal(gql.status, 200, gql.text);
    assert.equal(gql.body.errors, undefined, gql.text);
    assert.equal(gql.body.data.client.savingsAccounts[0].summary.accountBalance, '250.5');
    assert.match(gql.body.data.client.savingsAccounts[0].client.cif, /^CIF\d{8}$/);
  });

  test("another tenant's account is 404, and so is an account outside the caller's office or portfolio", async () => {
    const clientId = await activeClient(t, branch);
    const id = await openAccount(t, clientId, products.savings);
    const other = await service.tenant();
    assertError(await other.get(`/savingsaccounts/${id}`), 404, 'error.msg.saving.account.id.invalid');
    assertError(await deposit(other, id, 10), 404, 'error.msg.saving.account.id.invalid');
    assertError(await other.get(`/savingsaccounts/${id}/transactions`), 404, 'error.msg.saving.account.id.invalid');
    assert.equal((await other.get('/savingsaccounts')).body.totalFilteredRecords, 0);

    const otherBranch = await t.branch();
    const branchUser = await t.userWithRoles([320018], otherBranch);
    assertError(await branchUser.get(`/savingsaccounts/${id}`), 404, 'error.msg.saving.account.id.invalid');
    assertError(await deposit(branchUser, id, 10), 404, 'error.msg.saving.account.id.invalid');
    const officer = await t.userWithRoles([320013], branch);
    assertError(await officer.get(`/savingsaccounts/${id}`), 404, 'error.msg.saving.account.id.invalid');
    assert.equal((await officer.get('/savingsaccounts')).body.totalFilteredRecords, 0);
    const teller = await t.userWithRoles([320018], branch);
    assert.equal((await teller.get(`/savingsaccounts/${id}`)).status, 200);
    assertError(await teller.post(`/savingsaccounts/${id}?command=close`, {}), 403, 'error.msg.not.authorized');
    assert.equal((await balance(t, id)).accountBalance, 0);
  });
});
