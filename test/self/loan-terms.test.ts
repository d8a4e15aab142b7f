import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import { TestService, type TenantSession } from '../support/service.js';
import { customer, type Customer } from './support.js';

const TODAY = '2026-01-15';
const iso = { dateFormat: 'yyyy-MM-dd', locale: 'en' };

/**
 * Issue 33 point 4: under an offer that pinned only product and principal, a customer applied at 0%
 * (the product says 2% a month), submitted in 2020, for a 1,000-year term with one repayment, and staff
 * approved and disbursed it unchanged. The product (seeded product 1: 2% a month, 12 monthly repayments,
 * 1 to 60, equal instalments, declining balance) now prices and shapes every self-service application.
 */
describe('self-service loans take the product\'s price and shape', () => {
  let service: TestService;
  let t: TenantSession;
  let ada: Customer;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    assert.equal((await t.post('/businessdate', { type: 'BUSINESS_DATE', date: TODAY, ...iso })).status, 200);
    ada = await customer(t);
    assert.equal((await t.post(`/clients/${ada.clientId}/loanoffers`, { productId: 1, maxPrincipal: 100000, expiresOn: '2026-03-31', ...iso })).status, 200);
  });
  after(async () => service.stop());

  const loansOf = async (clientId: number) => ((await t.get(`/loans?clientId=${clientId}`)).body.pageItems as { id: number }[]).map((l) => l.id);
  const apply = (c: Customer, extra: Record<string, unknown>) =>
    c.session.post('/self/loans', { clientId: c.clientId, productId: 1, principal: 50000, expectedDisbursementDate: TODAY, loanType: 'individual', ...iso, ...extra });
  const codes = (res: { body: { errors?: { userMessageGlobalisationCode: string }[] } }) => (res.body.errors ?? []).map((e) => e.userMessageGlobalisationCode).sort();

  test('the attack: 0%, submitted in 2020, a 1,000-year term of one repayment, is 400 with each field\'s code and creates nothing', async () => {
    const res = await apply(ada, {
      interestRatePerPeriod: 0, submittedOnDate: '2020-01-01', loanTermFrequency: 1000, loanTermFrequencyType: 3, numberOfRepayments: 1, repaymentEvery: 1000, repaymentFrequencyType: 3,
    });
    assert.equal(res.status, 400, res.text);
    assert.deepEqual(codes(res), [
      'validation.msg.loan.interestRatePerPeriod.not.equal.to.product.value',
      'validation.msg.loan.loanTermFrequency.not.equal.to.repayments.times.frequency',
      'validation.msg.loan.loanTermFrequencyType.not.equal.to.repaymentFrequencyType',
      'validation.msg.loan.repaymentEvery.not.equal.to.product.value',
      'validation.msg.loan.repaymentFrequencyType.not.equal.to.product.value',
      'validation.msg.loan.submittedOnDate.not.equal.to.business.date',
    ]);
    assert.deepEqual(await loansOf(ada.clientId), []);
  });

  test('each contradiction alone is 400 with its code', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ interestRatePerPeriod: '1.99' }, 'validation.msg.loan.interestRatePerPeriod.not.equal.to.product.value'],
      [{ amortizationType: 0 }, 'validation.msg.loan.amortizationType.not.equal.to.product.value'],
      [{ interestType: 1 }, 'validation.msg.loan.interestType.not.equal.to.product.value'],
      [{ numberOfRepayments: 61, loanTermFrequency: 61, loanTermFrequencyType: 2 }, 'validation.msg.loan.numberOfRepayments.not.within.product.range'],
      [{ numberOfRepayments: 6, loanTermFrequency: 12, loanTermFrequencyType: 2 }, 'validation.msg.loan.loanTermFrequency.not.equal.to.repayments.times.frequency'],
      [{ submittedOnDate: '2026-01-16' }, 'validation.msg.loan.submittedOnDate.not.equal.to.business.date'],
      [{ expectedDisbursementDate: '2026-01-14' }, 'validation.msg.loan.expectedDisbursementDate.cannot.be.before.business.date'],
      [{ repaymentsStartingFromDate: '2099-01-01' }, 'validation.msg.loan.repaymentsStartingFromDate.not.supported.for.self.service'],
    ];
    for (const [extra, code] of cases) {
      const res = await apply(ada, extra);
      assertError(res, 400, code);
      assert.deepEqual(codes(res), [code], JSON.stringify(extra));
    }
    assert.deepEqual(await loansOf(ada.clientId), []);
  });

  test('an application of the product\'s terms (or none given) gets exactly them; a second while it is pending is 403 until it is decided', async () => {
    // Six monthly repayments (within 1 to 60): the term is 6 x 1 month, at the product's 2% a month.
    const applied = await apply(ada, { numberOfRepayments: 6, loanTermFrequency: 6, loanTermFrequencyType: 2, interestRatePerPeriod: '2.000', submittedOnDate: TODAY });
    assert.equal(applied.status, 200, applied.text);
    const loan = (await t.get(`/loans/${applied.body.loanId}`)).body;
    assert.deepEqual(
      [loan.interestRatePerPeriod, loan.numberOfRepayments, loan.termFrequency, loan.termPeriodFrequencyType.id, loan.repaymentEvery, loan.repaymentFrequencyType.id, loan.amortizationType.id, loan.interestType.id, loan.timeline.submittedOnDate],
      [2, 6, 6, 2, 1, 2, 1, 0, [2026, 1, 15]],
    );
    assertError(await apply(ada, {}), 403, 'error.msg.self.loan.offer.in.use');
    // Rejected: the offer takes an application again, with every term taken from the product.
    const rejected = await t.post(`/loans/${applied.body.loanId}?command=reject`, { rejectedOnDate: TODAY, ...iso });
    assert.equal(rejected.status, 200, rejected.text);
    const again = await apply(ada, {});
    assert.equal(again.status, 200, again.text);
    const second = (await t.get(`/loans/${again.body.loanId}`)).body;
    assert.deepEqual([second.interestRatePerPeriod, second.numberOfRepayments, second.termFrequency], [2, 12, 12]);
    assert.deepEqual((await loansOf(ada.clientId)).sort(), [applied.body.loanId, again.body.loanId].sort());
  });

  test('two concurrent applications under one offer: exactly one is accepted', async () => {
    const bea = await customer(t);
    assert.equal((await t.post(`/clients/${bea.clientId}/loanoffers`, { productId: 1, maxPrincipal: 100000, expiresOn: '2026-03-31', ...iso })).status, 200);
    const answers = await Promise.all([apply(bea, {}), apply(bea, {}), apply(bea, {})]);
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 403, 403], answers.map((a) => a.text).join('\n'));
    assert.equal((await loansOf(bea.clientId)).length, 1);
  });
});
