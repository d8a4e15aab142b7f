import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from '../support/assertions.js';
import type { TestService, TenantSession } from '../support/service.js';
import { accountFixture, activeClient, BANK_TRANSFER, balance, iso, pinBusinessDate } from './support.js';
import { assertSchemas, outbox } from '../payments/support.js';

/**
 * Savings interest over HTTPS on PostgreSQL, with the worked examples computed by hand: 10% a year,
 * 365 days, deposits on days 1, 10 and 20 of November 2026 (30 days), posted monthly; the same with
 * average daily balance posted quarterly; a deposit backdated into a posted month; the close of business.
 */
describe('savings interest', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;

  before(async () => {
    ({ service, t, branch } = await accountFixture());
  });
  after(async () => service.stop());

  const product = async (name: string, settings: Record<string, unknown>): Promise<number> => {
    const res = await t.post('/savingsproducts', {
      name, shortName: name.slice(0, 4), currencyCode: 'NGN', digitsAfterDecimal: 2, nominalAnnualInterestRate: 10, interestCalculationDaysInYearType: 365, accountingRule: 2, locale: 'en', ...settings,
    });
    assert.equal(res.status, 200, res.text);
    return res.body.resourceId as number;
  };
  const open = async (productId: number, date: string): Promise<number> => {
    const clientId = await activeClient(t, branch);
    const created = await t.post('/savingsaccounts', { clientId, productId, submittedOnDate: date, ...iso });
    assert.equal(created.status, 200, created.text);
    const activated = await t.post(`/savingsaccounts/${created.body.savingsId}?command=activate`, { activatedOnDate: date, ...iso });
    assert.equal(activated.status, 200, activated.text);
    return created.body.savingsId as number;
  };
  const deposit = async (accountId: number, amount: number, date: string): Promise<number> => {
    const res = await t.post(`/savingsaccounts/${accountId}/transactions?command=deposit`, { transactionDate: date, transactionAmount: amount, paymentTypeId: BANK_TRANSFER, ...iso });
    assert.equal(res.status, 200, res.text);
    return res.body.resourceId as number;
  };
  const transactions = async (accountId: number) =>
    ((await t.get(`/savingsaccounts/${accountId}/transactions?limit=200`)).body.pageItems as { id: number; transactionType: { id: number; value: string }; amount: number; runningBalance: number; date: number[]; reversed: boolean }[])
      .map((x) => ({ id: x.id, type: x.transactionType.id, value: x.transactionType.value, amount: x.amount, date: x.date.join('-'), reversed: x.reversed }));
  const journal = async (transactionId: number) =>
    ((await t.get(`/journalentries?transactionId=S${transactionId}`)).body.pageItems as { glAccountCode: string; entryType: { value: string }; amount: number; reversed?: boolean }[])
      .map((l) => [l.glAccountCode, l.entryType.value, l.amount]).sort();
  const interestEvents = async (accountId: number) =>
    (await outbox(service, t.tenant, ['account.credit', 'account.debit'])).filter((e) => e.payload.data.accountId === accountId && ['INTEREST', 'REVERSAL'].includes(String(e.payload.data.type)));

  test('daily balance, posted monthly: 100,000 x 9 + 150,000 x 10 + 180,000 x 11 = 4,380,000 balance-days x 10% / 365 = 1,200.00; a backdated deposit reposts the month', async () => {
    const productId = await product('Monthly Saver', { interestCalculationType: 1, interestCompoundingPeriodType: 4, interestPostingPeriodType: 4 });
    await pinBusinessDate(t, '2026-11-30');
    const accountId = await open(productId, '2026-11-01');
    // Two deposits of 50,000 (a tier-1 customer's single-deposit cap) make the 100,000 of day 1.
    await deposit(accountId, 50000, '2026-11-01');
    await deposit(accountId, 50000, '2026-11-01');
    await deposit(accountId, 50000, '2026-11-10');
    await deposit(accountId, 30000, '2026-11-20');

    // On the month's last day nothing has ended: posting posts nothing; calculating shows the month so far.
    const early = await t.post(`/savingsaccounts/${accountId}?command=calculateInterest`);
    assert.equal(early.status, 200, early.text);
    assert.deepEqual(early.body.changes, { interestToPost: '0.00', interestAccrued: '1200.00', calculatedThrough: '2026-11-30' });
    assert.deepEqual((await t.post(`/savingsaccounts/${accountId}?command=postInterest`)).body.changes, { postings: [], reversedTransactionIds: [] });

    await pinBusinessDate(t, '2026-12-01');
    const calculated = await t.post(`/savingsaccounts/${accountId}?command=calculateInterest`);
    // December so far is its first day, on the unposted balance: 180,000 x 1 x 10% / 365 = 49.315... -> 49.32.
    assert.deepEqual(calculated.body.changes, { interestToPost: '1200.00', interestAccrued: '49.32', calculatedThrough: '2026-12-01' });
    assert.equal((await balance(t, accountId)).accountBalance, 180000, 'calculating writes nothing');

    const posted = await t.post(`/savingsaccounts/${accountId}?command=postInterest`);
    assert.equal(posted.status, 200, posted.text);
    assert.deepEqual(posted.body.savingsId, accountId);
    const [first] = posted.body.changes.postings as { date: string; amount: string; transactionId: number }[];
    assert.deepEqual([first!.date, first!.amount], ['2026-11-30', '1200.00']);
    assert.equal((await balance(t, accountId)).accountBalance, 181200);
    const interest = (await transactions(accountId)).find((x) => x.id === first!.transactionId)!;
    assert.deepEqual([interest.type, interest.value, interest.amount, interest.date], [3, 'Interest Posting', 1200, '2026-11-30']);
    assert.deepEqual(await journal(first!.transactionId), [['21101', 'CREDIT', 1200], ['51101', 'DEBIT', 1200]]);
    // Posting again changes nothing.
    assert.deepEqual((await t.post(`/savingsaccounts/${accountId}?command=postInterest`)).body.changes, { postings: [], reversedTransactionIds: [] });

    // 36,500 backdated to November 25 earns 36,500 x 6 days x 10% / 365 = 60.00 more: the 1,200.00 is reversed and 1,260.00 posted.
    await deposit(accountId, 36500, '2026-11-25');
    const reposted = await t.post(`/savingsaccounts/${accountId}?command=postInterest`);
    assert.equal(reposted.status, 200, reposted.text);
    assert.deepEqual(reposted.body.changes.reversedTransactionIds, [first!.transactionId]);
    const [second] = reposted.body.changes.postings as { date: string; amount: string; transactionId: number }[];
    assert.deepEqual([second!.date, second!.amount], ['2026-11-30', '1260.00']);
    // 180,000 + 36,500 + 1,260.00
    assert.equal((await balance(t, accountId)).accountBalance, 217760);
    const after = await transactions(accountId);
    assert.equal(after.find((x) => x.id === first!.transactionId)!.reversed, true);
    // The first posting's journal is reversed (its reversal entry offsets DR 51101 / CR 21101 1,200.00).
    const reversedLines = (await t.get(`/journalentries?transactionId=S${first!.transactionId}`)).body.pageItems as { glAccountCode: string; reversed: boolean }[];
    assert.deepEqual(reversedLines.map((l) => [l.glAccountCode, l.reversed]).sort(), [['21101', true], ['51101', true]]);
    assert.deepEqual(await journal(second!.transactionId), [['21101', 'CREDIT', 1260], ['51101', 'DEBIT', 1260]]);

    const events = await interestEvents(accountId);
    assertSchemas(events);
    assert.deepEqual(events.map((e) => [e.event_type, e.payload.data.type, e.payload.data.reason ?? null, e.payload.data.amount, e.payload.data.runningBalance, e.payload.data.date]), [
      ['account.credit', 'INTEREST', 'interest', 1200, 181200, '2026-11-30'],
      ['account.debit', 'REVERSAL', null, 1200, 216500, '2026-12-01'],
      ['account.credit', 'INTEREST', 'interest', 1260, 217760, '2026-11-30'],
    ]);

    // The close of business of December 31 posts December: 217,760 (November's interest earns from December 1) x 31 x 10% / 365 = 1,849.468... -> 1,849.47.
    await pinBusinessDate(t, '2026-12-31');
    const run = await t.post('/cob?command=run');
    assert.equal(run.status, 200, run.text);
    const step = run.body[0].steps.find((s: { stepCode: string }) => s.stepCode === 'POST_INTEREST_FOR_SAVINGS');
    assert.equal(step.status, 'COMPLETED');
    assert.equal(step.processed, 1);
    assert.equal((await balance(t, accountId)).accountBalance, 219609.47);
    const december = (await transactions(accountId)).find((x) => x.type === 3 && x.date === '2026-12-31')!;
    assert.equal(december.amount, 1849.47);
    assert.deepEqual(await journal(december.id), [['21101', 'CREDIT', 1849.47], ['51101', 'DEBIT', 1849.47]]);

    // Interest is not undone by hand: the posting run corrects it.
    assertError(await t.post(`/savingsaccounts/${accountId}/transactions/${december.id}?command=undo`), 403, 'error.msg.savingsaccount.transaction.not.undoable');

    // A deposit backdated into posted December is found by the next close of business (January 1 ends no period):
    // 3,650 from December 22 earns 3,650 x 10 days x 10% / 365 = 10.00 more, so December's 1,849.47 becomes 1,859.47.
    await pinBusinessDate(t, '2027-01-01');
    await deposit(accountId, 3650, '2026-12-22');
    const next = await t.post('/cob?command=run');
    assert.equal(next.status, 200, next.text);
    assert.equal(next.body.at(-1).steps.find((s: { stepCode: string }) => s.stepCode === 'POST_INTEREST_FOR_SAVINGS').processed, 1);
    const decemberNow = (await transactions(accountId)).filter((x) => x.type === 3 && x.date === '2026-12-31');
    assert.deepEqual(decemberNow.map((x) => [x.amount, x.reversed]).sort(), [[1849.47, true], [1859.47, false]]);
    // 219,609.47 + 3,650 + 10.00
    assert.equal((await balance(t, accountId)).accountBalance, 223269.47);
  });

  test('10% withholding tax: November\'s 1,200.00 withholds 120.00 (type 18, CR 22201); a backdated deposit reverses both and reposts 1,260.00 less 126.00', async () => {
    await pinBusinessDate(t, '2026-11-30');
    const component = await t.post('/taxes/component', { name: 'WHT 10', percentage: 10, creditAccountType: 2, startDate: '2026-01-01', ...iso });
    assert.equal(component.status, 200, component.text);
    const group = await t.post('/taxes/group', { name: 'Withholding', taxComponents: [{ taxComponentId: component.body.resourceId }] });
    assert.equal(group.status, 200, group.text);
    const shown = (await t.get(`/taxes/group/${group.body.resourceId}`)).body;
    assert.deepEqual([shown.name, shown.taxAssociations.length, shown.taxAssociations[0].taxComponent.percentage, shown.taxAssociations[0].taxComponent.creditAccount.glCode], ['Withholding', 1, 10, '22201']);
    const componentTemplate = (await t.get('/taxes/component/template')).body;
    assert.ok(componentTemplate.glAccountOptions.liabilityAccountOptions.some((a: { glCode: string }) => a.glCode === '22201'), 'the chart has 22201 Withholding tax payable');
    assert.deepEqual(componentTemplate.glAccountTypeOptions.map((o: { id: number }) => o.id), [2]);
    assert.deepEqual((await t.get('/taxes/group/template')).body.taxComponents.map((c: { id: number }) => c.id), [component.body.resourceId]);
    const productId = await product('Taxed Saver', { interestCalculationType: 1, interestCompoundingPeriodType: 4, interestPostingPeriodType: 4, withHoldTax: true, taxGroupId: group.body.resourceId });
    const accountId = await open(productId, '2026-11-01');
    await deposit(accountId, 50000, '2026-11-01');
    await deposit(accountId, 50000, '2026-11-01');
    await deposit(accountId, 50000, '2026-11-10');
    await deposit(accountId, 30000, '2026-11-20');

    await pinBusinessDate(t, '2026-12-01');
    const posted = await t.post(`/savingsaccounts/${accountId}?command=postInterest`);
    assert.equal(posted.status, 200, posted.text);
    const [first] = posted.body.changes.postings as { date: string; amount: string; transactionId: number; tax: string; taxTransactionId: number }[];
    assert.deepEqual([first!.amount, first!.tax], ['1200.00', '120.00']);
    // 180,000 + 1,200.00 - 120.00
    assert.equal((await balance(t, accountId)).accountBalance, 181080);
    const tax = (await transactions(accountId)).find((x) => x.id === first!.taxTransactionId)!;
    assert.deepEqual([tax.type, tax.value, tax.amount, tax.date], [18, 'Withhold Tax', 120, '2026-11-30']);
    assert.deepEqual(await journal(first!.taxTransactionId), [['21101', 'DEBIT', 120], ['22201', 'CREDIT', 120]]);

    // 36,500 backdated to November 25: 1,260.00 interest, 126.00 tax; 180,000 + 36,500 + 1,260.00 - 126.00 = 217,634.00.
    await deposit(accountId, 36500, '2026-11-25');
    const reposted = await t.post(`/savingsaccounts/${accountId}?command=postInterest`);
    assert.deepEqual(reposted.body.changes.reversedTransactionIds, [first!.taxTransactionId, first!.transactionId]);
    const [second] = reposted.body.changes.postings as { amount: string; tax: string; taxTransactionId: number }[];
    assert.deepEqual([second!.amount, second!.tax], ['1260.00', '126.00']);
    assert.equal((await balance(t, accountId)).accountBalance, 217634);
    assert.deepEqual(await journal(second!.taxTransactionId), [['21101', 'DEBIT', 126], ['22201', 'CREDIT', 126]]);

    const events = (await outbox(service, t.tenant, ['account.credit', 'account.debit'])).filter((e) => e.payload.data.accountId === accountId && e.payload.data.type !== 'DEPOSIT');
    assertSchemas(events);
    assert.deepEqual(events.map((e) => [e.event_type, e.payload.data.type, e.payload.data.reason ?? null, e.payload.data.amount, e.payload.data.runningBalance]), [
      ['account.credit', 'INTEREST', 'interest', 1200, 181200],
      ['account.debit', 'TAX', 'tax', 120, 181080],
      ['account.credit', 'REVERSAL', null, 120, 217700],
      ['account.debit', 'REVERSAL', null, 1200, 216500],
      ['account.credit', 'INTEREST', 'interest', 1260, 217760],
      ['account.debit', 'TAX', 'tax', 126, 217634],
    ]);

    // updateWithHoldTax turns withholding off for this account: December posts 217,634 x 31 x 10% / 365 = 1,848.398... -> 1,848.40, no tax.
    const off = await t.post(`/savingsaccounts/${accountId}?command=updateWithHoldTax`, { withHoldTax: false });
    assert.equal(off.status, 200, off.text);
    assert.deepEqual([off.body.savingsId, off.body.changes], [accountId, { withHoldTax: false }]);
    await pinBusinessDate(t, '2027-01-01');
    const december = await t.post(`/savingsaccounts/${accountId}?command=postInterest`);
    assert.deepEqual((december.body.changes.postings as { date: string; amount: string; tax: string | null }[]).map((p) => [p.date, p.amount, p.tax]), [['2026-12-31', '1848.40', null]]);
    assert.equal((await balance(t, accountId)).accountBalance, 219482.4);
    // An account whose product names no tax group cannot withhold.
    const untaxed = await open(await product('Untaxed Saver', {}), '2026-12-01');
    assertError(await t.post(`/savingsaccounts/${untaxed}?command=updateWithHoldTax`, { withHoldTax: true }), 400, 'validation.msg.account.withHoldTax.not.supported');
  });

  test('average daily balance, posted quarterly: 12,160,000 balance-days over 92 days x 10% x 92 / 365 = 3,331.51', async () => {
    const productId = await product('Quarterly Saver', { interestCalculationType: 2, interestCompoundingPeriodType: 5, interestPostingPeriodType: 5 });
    await pinBusinessDate(t, '2027-01-01');
    // An account follows its product's schedule: the product's values pass, others are refused and nothing is written.
    const clientId = await activeClient(t, branch);
    const monthly = await t.post('/savingsaccounts', { clientId, productId, submittedOnDate: '2026-10-01', interestPostingPeriodType: 4, ...iso });
    assertError(monthly, 400, 'error.msg.savingsaccount.interestPostingPeriodType.not.supported');
    assert.equal((await t.get(`/savingsaccounts?clientId=${clientId}`)).body.totalFilteredRecords ?? 0, 0);
    const same = await t.post('/savingsaccounts', { clientId, productId, submittedOnDate: '2026-10-01', interestPostingPeriodType: 5, interestCompoundingPeriodType: 5, interestCalculationType: 2, interestCalculationDaysInYearType: 365, ...iso });
    assert.equal(same.status, 200, same.text);
    const accountId = await open(productId, '2026-10-01');
    // Oct 1 - Nov 9: 40 days x 100,000; Nov 10 - Dec 19: 40 x 150,000; Dec 20 - 31: 12 x 180,000. Average 132,173.913043478.
    await deposit(accountId, 50000, '2026-10-01');
    await deposit(accountId, 50000, '2026-10-01');
    await deposit(accountId, 50000, '2026-11-10');
    await deposit(accountId, 30000, '2026-12-20');
    const posted = await t.post(`/savingsaccounts/${accountId}?command=postInterest`);
    assert.equal(posted.status, 200, posted.text);
    const postings = posted.body.changes.postings as { date: string; amount: string; transactionId: number }[];
    assert.deepEqual(postings.map((p) => [p.date, p.amount]), [['2026-12-31', '3331.51']]);
    assert.equal((await balance(t, accountId)).accountBalance, 183331.51);
    assert.deepEqual(await journal(postings[0]!.transactionId), [['21101', 'CREDIT', 3331.51], ['51101', 'DEBIT', 3331.51]]);
    const events = await interestEvents(accountId);
    assert.deepEqual(events.map((e) => [e.event_type, e.payload.data.reason, e.payload.data.amount, e.payload.data.runningBalance]), [['account.credit', 'interest', 3331.51, 183331.51]]);
    // GraphQL names the posting's kind and filters on it.
    const gql = await t.graphql(`query($id: Int!) { savingsTransactions(savingsAccountId: $id, transactionType: INTEREST_POSTING) { totalFilteredRecords pageItems { amount transactionTypeEnum } } }`, { id: accountId });
    assert.deepEqual(gql.body.data?.savingsTransactions, { totalFilteredRecords: 1, pageItems: [{ amount: '3331.51', transactionTypeEnum: 'INTEREST_POSTING' }] });
  });

  test('a correction lowering interest the account has spent is refused by postInterest and left for later by the close of business', async () => {
    const productId = await product('Spent Saver', { interestCalculationType: 1, interestCompoundingPeriodType: 4, interestPostingPeriodType: 4 });
    await pinBusinessDate(t, '2027-01-02');
    const accountId = await open(productId, '2026-12-01');
    await deposit(accountId, 36500, '2026-12-01');
    // 36,500 x 31 x 10% / 365 = 310.00
    const posted = await t.post(`/savingsaccounts/${accountId}?command=postInterest`);
    assert.deepEqual((posted.body.changes.postings as { amount: string }[]).map((p) => p.amount), ['310.00']);
    // Everything is withdrawn, dated back to December 2: December now earns 36,500 x 1 x 10% / 365 = 10.00, but the 310.00 is gone.
    const out = await t.post(`/savingsaccounts/${accountId}/transactions?command=withdrawal`, { transactionDate: '2026-12-02', transactionAmount: 36810, paymentTypeId: BANK_TRANSFER, ...iso });
    assert.equal(out.status, 200, out.text);
    assertError(await t.post(`/savingsaccounts/${accountId}?command=postInterest`), 403, 'error.msg.savingsaccount.transaction.insufficient.account.balance');
    const run = await t.post('/cob?command=run');
    assert.equal(run.status, 200, run.text);
    assert.equal(run.body.at(-1).status, 'COMPLETED', 'one account cannot stop the run');
    assert.equal((await balance(t, accountId)).accountBalance, 0);
    assert.deepEqual((await transactions(accountId)).filter((x) => x.type === 3).map((x) => [x.amount, x.reversed]), [[310, false]]);
  });

  test('another tenant\'s account is not found; nothing is posted', async () => {
    const other = await service.tenant();
    const productId = await product('Hidden Saver', { interestPostingPeriodType: 4 });
    await pinBusinessDate(t, '2027-01-01');
    const accountId = await open(productId, '2026-12-01');
    await deposit(accountId, 1000, '2026-12-01');
    const res = await other.post(`/savingsaccounts/${accountId}?command=postInterest`);
    assertError(res, 404, 'error.msg.saving.account.id.invalid');
    assert.equal((await balance(t, accountId)).accountBalance, 1000);
  });
});
