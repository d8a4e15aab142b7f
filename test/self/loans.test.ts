import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { customer, type Customer } from './support.js';

const TODAY = '2026-01-15';
const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };

/** Interface 2.7 without the administrative fields, as the mobile app sends it. */
const application = (clientId: number, productId: number, principal: number | string, extra: Record<string, unknown> = {}) => ({
  clientId, productId, principal, loanTermFrequency: 12, loanTermFrequencyType: 2, numberOfRepayments: 12, repaymentEvery: 1, repaymentFrequencyType: 2,
  interestRatePerPeriod: 2, amortizationType: 1, interestType: 0, interestCalculationPeriodType: 1, transactionProcessingStrategyCode: 'mifos-standard-strategy',
  expectedDisbursementDate: TODAY, submittedOnDate: TODAY, loanType: 'individual', ...iso, ...extra,
});

describe('self-service loans for pre-qualified customers', () => {
  let service: TestService;
  let t: TenantSession;
  let alice: Customer;
  let bob: Customer;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: TODAY, ...iso })).status, 200);
    alice = await customer(t);
    bob = await customer(t);
  });
  after(async () => service.stop());

  const loansOf = async (clientId: number) => (await t.get(`/loans?clientId=${clientId}`)).body.pageItems as any[];

  test('staff record, list and withdraw offers; customers cannot reach them', async () => {
    const created = await t.post(`/clients/${alice.clientId}/loanoffers`, { productId: 2, maxPrincipal: 50000, expiresOn: '15 February 2026', dateFormat: 'dd MMMM yyyy', locale: 'en' });
    assert.equal(created.status, 200, created.text);
    const offers = (await t.get(`/clients/${alice.clientId}/loanoffers`)).body;
    assert.deepEqual(offers.map((o: any) => [o.id, o.productId, o.maxPrincipal, o.expiresOn]), [[created.body.resourceId, 2, 50000, [2026, 2, 15]]]);
    assertError(await alice.session.get(`/clients/${alice.clientId}/loanoffers`), 403, 'error.msg.not.authorized');
    assertError(await t.post(`/clients/${alice.clientId}/loanoffers`, { productId: 99, maxPrincipal: 1, expiresOn: TODAY, ...iso }), 404, 'error.msg.loanproduct.id.invalid');
    assert.equal((await t.post('/clients/999999/loanoffers', { productId: 1, maxPrincipal: 1, expiresOn: TODAY, ...iso })).status, 404);
    assert.equal((await t.delete(`/clients/${alice.clientId}/loanoffers/${created.body.resourceId}`)).status, 200);
    assert.deepEqual((await t.get(`/clients/${alice.clientId}/loanoffers`)).body, []);
    assertError(await alice.session.post('/self/loans', application(alice.clientId, 2, 1000)), 403, 'error.msg.self.loan.not.prequalified');
  });

  test('an application is accepted only under an unexpired offer of the product covering the principal, and enters the approval flow', async () => {
    assert.equal((await t.post(`/clients/${alice.clientId}/loanoffers`, { productId: 1, maxPrincipal: 200000, expiresOn: TODAY, ...iso })).status, 200);
    assert.equal((await t.post(`/clients/${alice.clientId}/loanoffers`, { productId: 3, maxPrincipal: 200000, expiresOn: '2026-01-14', ...iso })).status, 200);

    assertError(await alice.session.post('/self/loans', application(alice.clientId, 1, '200000.01')), 403, 'error.msg.self.loan.not.prequalified');
    assertError(await alice.session.post('/self/loans', application(alice.clientId, 3, 1000)), 403, 'error.msg.self.loan.not.prequalified');
    assertError(await alice.session.post('/self/loans', application(alice.clientId, 2, 1000)), 403, 'error.msg.self.loan.not.prequalified');
    assertError(await bob.session.post('/self/loans', application(bob.clientId, 1, 1000)), 403, 'error.msg.self.loan.not.prequalified');
    assert.equal((await bob.session.post('/self/loans', application(alice.clientId, 1, 1000))).status, 404);
    assert.deepEqual(await loansOf(alice.clientId), []);

    const applied = await alice.session.post('/self/loans', application(alice.clientId, 1, 200000));
    assert.equal(applied.status, 200, applied.text);
    assert.equal(applied.body.resourceId, applied.body.loanId);
    const loan = (await t.get(`/loans/${applied.body.loanId}`)).body;
    assert.equal(loan.status.id, 100);
    assert.equal(loan.principal, 200000);
    assert.equal(loan.clientId, alice.clientId);
    assert.deepEqual((await loansOf(alice.clientId)).map((l) => l.id), [applied.body.loanId]);
    assert.deepEqual(await loansOf(bob.clientId), []);
    assert.equal((await alice.session.get(`/self/loans/${applied.body.loanId}`)).body.status.id, 100);

    // The normal approval flow: a branch manager approves (the customer submitted, so four eyes hold).
    const approved = await t.post(`/loans/${applied.body.loanId}?command=approve`, { approvedOnDate: TODAY, ...iso });
    assert.equal(approved.status, 200, approved.text);
    assert.equal((await t.get(`/loans/${applied.body.loanId}`)).body.status.id, 200);
  });

  test('a GraphQL client applies with the loan terms as enums; an enum beside an id that names another choice is refused, and nothing is applied for', async () => {
    // Product 3 (equal principal, declining balance): since issue 33 point 4 the terms must be the product's.
    assert.equal((await t.post(`/clients/${bob.clientId}/loanoffers`, { productId: 3, maxPrincipal: 100000, expiresOn: TODAY, ...iso })).status, 200);
    const apply = (input: Record<string, unknown>) =>
      bob.session.graphql<{ selfApplyForLoan: { loanId: number; clientId: number } }>('mutation Apply($input: SelfLoanApplicationInput!) { selfApplyForLoan(input: $input) { loanId clientId } }', { input });
    const input = {
      clientId: bob.clientId, productId: 3, principal: '5000', loanTermFrequency: 12, loanTermFrequencyType: 2, numberOfRepayments: 12, repaymentEvery: 1,
      interestRatePerPeriod: '2', interestCalculationPeriodType: 1, transactionProcessingStrategyCode: 'mifos-standard-strategy',
      expectedDisbursementDate: TODAY, submittedOnDate: TODAY, loanType: 'individual',
      amortizationTypeEnum: 'EQUAL_PRINCIPAL', interestTypeEnum: 'DECLINING_BALANCE', repaymentFrequencyTypeEnum: 'MONTHS',
    };

    const contradicting = await apply({ ...input, amortizationType: 1 });
    assert.equal(contradicting.body.data, null, contradicting.text);
    assert.deepEqual((contradicting.body.errors?.[0]?.extensions?.errors as { code: string }[]).map((e) => e.code), ['validation.msg.loan.amortizationTypeEnum.does.not.match.amortizationType']);
    assert.deepEqual(await loansOf(bob.clientId), []);

    const applied = await apply(input);
    assert.equal(applied.body.errors, undefined, applied.text);
    const loan = (await t.get(`/loans/${applied.body.data!.selfApplyForLoan.loanId}`)).body;
    assert.deepEqual([loan.amortizationType.id, loan.interestType.id, loan.repaymentFrequencyType.id], [0, 0, 2], 'the ids the enums named');
  });

  test("the loan template gives the product's terms", async () => {
    const template = await alice.session.get('/self/loans/template?productId=1');
    assert.equal(template.status, 200, template.text);
    assert.equal(template.body.loanProductId, 1);
    assert.equal(template.body.loanProductName, 'Reducing Balance Loan');
    assert.equal(typeof template.body.principal, 'number');
    assert.equal((await alice.session.get('/self/loans/template?productId=99')).status, 404);
    assertError(await t.get('/self/loans/template?productId=1'), 403, 'error.msg.not.authorized');
  });
});
