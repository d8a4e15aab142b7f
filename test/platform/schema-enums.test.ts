import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { activeClient, application, approvedLoan, DATE, savingsAccount } from '../loan/support.js';
import { TestService, type TenantSession } from '../support/service.js';

/** Closed sets as GraphQL enums beside Fineract's `{id, code, value}` objects, which stay as they were. */
describe('closed sets are GraphQL enums beside the Fineract objects', () => {
  let service: TestService;
  let t: TenantSession;
  let branch: number;
  let clientId: number;

  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    await t.post('/businessdate', { type: 'BUSINESS_DATE', date: '2025-01-01', ...DATE });
    branch = await t.branch();
    clientId = await activeClient(t, branch);
  });
  after(async () => service.stop());

  test('the schema declares each enum with its values', async () => {
    const res = await t.graphql(`{ __schema { types { name kind enumValues { name } } } }`);
    assert.equal(res.body.errors, undefined, res.text);
    const values = (name: string) =>
      (res.body.data.__schema.types as { name: string; kind: string; enumValues: { name: string }[] | null }[])
        .find((type) => type.name === name && type.kind === 'ENUM')?.enumValues?.map((v) => v.name);
    assert.deepEqual(values('AccountTypeEnum'), ['SAVINGS', 'CURRENT']);
    assert.deepEqual(values('SavingsTransactionTypeEnum'), ['DEPOSIT', 'WITHDRAWAL', 'INTEREST_POSTING', 'WITHHOLD_TAX']);
    assert.deepEqual(values('LoanStatusEnum'), ['SUBMITTED_AND_PENDING_APPROVAL', 'APPROVED', 'ACTIVE', 'WITHDRAWN_BY_CLIENT', 'REJECTED', 'CLOSED_OBLIGATIONS_MET', 'CLOSED_WRITTEN_OFF']);
    assert.deepEqual(values('AmortizationTypeEnum'), ['EQUAL_PRINCIPAL', 'EQUAL_INSTALLMENTS']);
    assert.deepEqual(values('InterestTypeEnum'), ['DECLINING_BALANCE', 'FLAT']);
    assert.deepEqual(values('RepaymentFrequencyTypeEnum'), ['DAYS', 'WEEKS', 'MONTHS']);
    assert.deepEqual(values('JournalEntryTypeEnum'), ['CREDIT', 'DEBIT']);
  });

  test('savings products, accounts and transactions answer their enums beside the old fields', async () => {
    const products = await t.graphql(`{ savingsProducts { name accountType accountTypeEnum } }`);
    assert.equal(products.body.errors, undefined, products.text);
    const byName = Object.fromEntries((products.body.data.savingsProducts as { name: string; accountType: string; accountTypeEnum: string }[]).map((p) => [p.name, p]));
    assert.deepEqual(byName['Primary Savings'], { name: 'Primary Savings', accountType: 'SAVINGS', accountTypeEnum: 'SAVINGS' });
    assert.deepEqual(byName['Current Account'], { name: 'Current Account', accountType: 'CURRENT', accountTypeEnum: 'CURRENT' });

    const accountId = await savingsAccount(t, clientId);
    assert.equal((await t.post(`/savingsaccounts/${accountId}/transactions?command=deposit`, { transactionDate: '2025-01-01', transactionAmount: '100', paymentTypeId: 2, ...DATE })).status, 200);
    assert.equal((await t.post(`/savingsaccounts/${accountId}/transactions?command=withdrawal`, { transactionDate: '2025-01-01', transactionAmount: '40', paymentTypeId: 2, ...DATE })).status, 200);
    const account = await t.graphql(`query ($id: Int!) { savingsAccount(id: $id) {
      accountType accountTypeEnum transactions { amount transactionType { id code } transactionTypeEnum }
    } }`, { id: accountId });
    assert.equal(account.body.errors, undefined, account.text);
    const a = account.body.data.savingsAccount;
    assert.equal(a.accountType, 'SAVINGS');
    assert.equal(a.accountTypeEnum, 'SAVINGS');
    const byAmount = Object.fromEntries((a.transactions as { amount: string }[]).map((tx) => [tx.amount, tx]));
    assert.deepEqual(byAmount['100'], { amount: '100', transactionType: { id: 1, code: 'savingsAccountTransactionType.deposit' }, transactionTypeEnum: 'DEPOSIT' });
    assert.deepEqual(byAmount['40'], { amount: '40', transactionType: { id: 2, code: 'savingsAccountTransactionType.withdrawal' }, transactionTypeEnum: 'WITHDRAWAL' });

    const journal = await t.graphql(`query ($officeId: Int) { journalEntries(officeId: $officeId) { pageItems { amount entryType { id value } entryTypeEnum } } }`, { officeId: branch });
    assert.equal(journal.body.errors, undefined, journal.text);
    const lines = journal.body.data.journalEntries.pageItems as { entryType: { id: number; value: string }; entryTypeEnum: string }[];
    assert.ok(lines.length >= 4, journal.text);
    for (const line of lines) assert.equal(line.entryTypeEnum, line.entryType.value, JSON.stringify(line));
    assert.deepEqual(new Set(lines.map((l) => l.entryTypeEnum)), new Set(['CREDIT', 'DEBIT']));
  });

  test('loan products and loans answer status, amortization, interest type and repayment frequency as enums', async () => {
    const product = await t.graphql(`{ loanProduct(id: 2) { name interestType { id } interestTypeEnum amortizationType { id } amortizationTypeEnum repaymentFrequencyType { id } repaymentFrequencyTypeEnum } }`);
    assert.equal(product.body.errors, undefined, product.text);
    assert.deepEqual(product.body.data.loanProduct, {
      name: 'Flat Rate Loan', interestType: { id: 1 }, interestTypeEnum: 'FLAT', amortizationType: { id: 1 }, amortizationTypeEnum: 'EQUAL_INSTALLMENTS',
      repaymentFrequencyType: { id: 2 }, repaymentFrequencyTypeEnum: 'MONTHS',
    });

    const borrower = await activeClient(t, branch);
    await savingsAccount(t, borrower);
    const loanId = await approvedLoan(t, borrower, 50000, 3, await t.userWithRoles([320007], branch));
    const fields = `status { id code } statusEnum interestType { id } interestTypeEnum amortizationType { id } amortizationTypeEnum repaymentFrequencyTypeEnum`;
    const approved = await t.graphql(`query ($id: Int!) { loan(id: $id) { ${fields} } }`, { id: loanId });
    assert.equal(approved.body.errors, undefined, approved.text);
    assert.deepEqual(approved.body.data.loan, {
      status: { id: 200, code: 'loanStatusType.approved' }, statusEnum: 'APPROVED', interestType: { id: 0 }, interestTypeEnum: 'DECLINING_BALANCE',
      amortizationType: { id: 0 }, amortizationTypeEnum: 'EQUAL_PRINCIPAL', repaymentFrequencyTypeEnum: 'MONTHS',
    });
    const disbursed = await t.post(`/loans/${loanId}?command=disburse`, { actualDisbursementDate: '2025-01-01', ...DATE });
    assert.equal(disbursed.status, 200, disbursed.text);
    const active = await t.graphql(`query ($id: Int!) { loan(id: $id) { status { id } statusEnum } }`, { id: loanId });
    assert.deepEqual(active.body.data.loan, { status: { id: 300 }, statusEnum: 'ACTIVE' });
  });

  test('loan applications and products take the enums in place of the ids, and refuse an enum that contradicts its id', async () => {
    const borrower = await activeClient(t, branch);
    // The REST body without the ids the enums replace (and without REST's date format).
    const dropped = new Set(['amortizationType', 'interestType', 'repaymentFrequencyType', 'dateFormat', 'locale']);
    const rest = Object.fromEntries(Object.entries(application(borrower, 1, '20000')).filter(([key]) => !dropped.has(key)));
    const input = { ...rest, loanTermFrequency: 6, numberOfRepayments: 6, amortizationTypeEnum: 'EQUAL_INSTALLMENTS', interestTypeEnum: 'FLAT', repaymentFrequencyTypeEnum: 'MONTHS' };
    const created = await t.graphql(`mutation ($input: LoanApplicationInput!) { createLoan(input: $input) { loanId } }`, { input });
    assert.equal(created.body.errors, undefined, created.text);
    const loan = await t.graphql(`query ($id: Int!) { loan(id: $id) { amortizationType { id } amortizationTypeEnum interestType { id } repaymentFrequencyType { id } } }`, { id: created.body.data.createLoan.loanId });
    assert.deepEqual(loan.body.data.loan, { amortizationType: { id: 1 }, amortizationTypeEnum: 'EQUAL_INSTALLMENTS', interestType: { id: 1 }, repaymentFrequencyType: { id: 2 } });
    const rest2 = await t.get(`/loans/${created.body.data.createLoan.loanId}`);
    assert.deepEqual([rest2.body.amortizationType.id, rest2.body.interestType.id], [1, 1], 'REST reads the ids the enums named');

    const agreeing = await t.graphql(`mutation ($input: LoanApplicationInput!) { createLoan(input: $input) { loanId } }`, { input: { ...input, amortizationType: 1, interestType: 1 } });
    assert.equal(agreeing.body.errors, undefined, 'an id beside the enum naming the same choice is accepted');
    const contradicting = await t.graphql(`mutation ($input: LoanApplicationInput!) { createLoan(input: $input) { loanId } }`, { input: { ...input, amortizationType: 0, interestType: 0 } });
    assert.equal(contradicting.body.data, null, contradicting.text);
    assert.equal(contradicting.body.errors?.[0]?.extensions?.code, 'validation.msg.validation.errors.exist', contradicting.text);
    assert.deepEqual(
      (contradicting.body.errors?.[0]?.extensions?.errors as { code: string }[]).map((e) => e.code),
      ['validation.msg.loan.amortizationTypeEnum.does.not.match.amortizationType', 'validation.msg.loan.interestTypeEnum.does.not.match.interestType'],
    );

    const product = await t.graphql(`mutation ($input: CreateLoanProductInput!) { createLoanProduct(input: $input) { id amortizationType { id } interestType { id } repaymentFrequencyType { id } } }`, {
      input: {
        name: 'Weekly Flat', shortName: 'WKF', currencyCode: 'NGN', principal: '10000', numberOfRepayments: 8, repaymentEvery: 1, repaymentFrequencyTypeEnum: 'WEEKS',
        interestRatePerPeriod: '1', interestRateFrequencyType: 2, amortizationTypeEnum: 'EQUAL_PRINCIPAL', interestTypeEnum: 'DECLINING_BALANCE', interestCalculationPeriodType: 1,
        transactionProcessingStrategyCode: 'mifos-standard-strategy',
      },
    });
    assert.equal(product.body.errors, undefined, product.text);
    assert.deepEqual(
      { ...product.body.data.createLoanProduct, id: undefined },
      { id: undefined, amortizationType: { id: 0 }, interestType: { id: 0 }, repaymentFrequencyType: { id: 1 } },
    );
  });

  test('a savings product takes its kind as the enum, and refuses one that contradicts accountType', async () => {
    const mutation = `mutation ($input: CreateSavingsProductInput!) { createSavingsProduct(input: $input) { accountType accountTypeEnum } }`;
    const input = { name: 'Business Current', shortName: 'BCUR', currencyCode: 'NGN', digitsAfterDecimal: 2, accountTypeEnum: 'CURRENT' };
    const created = await t.graphql(mutation, { input });
    assert.equal(created.body.errors, undefined, created.text);
    assert.deepEqual(created.body.data.createSavingsProduct, { accountType: 'CURRENT', accountTypeEnum: 'CURRENT' });
    const contradicting = await t.graphql(mutation, { input: { ...input, name: 'Other', shortName: 'OTH', accountType: 'SAVINGS' } });
    assert.equal(contradicting.body.errors?.[0]?.extensions?.errors?.[0]?.code, 'validation.msg.savingsproduct.accountTypeEnum.does.not.match.accountType', contradicting.text);
  });

  test('list queries filter by the enums', async () => {
    const borrower = await activeClient(t, branch);
    await savingsAccount(t, borrower);
    const submitted = await t.post('/loans', application(borrower, 1, 30000));
    assert.equal(submitted.status, 200, submitted.text);
    const approved = await approvedLoan(t, borrower, 40000, 1, await t.userWithRoles([320007], branch));
    const loans = async (statusEnum: string) => {
      const res = await t.graphql(`query ($clientId: Int, $statusEnum: LoanStatusEnum) { loans(clientId: $clientId, statusEnum: $statusEnum) { pageItems { id statusEnum } } }`, { clientId: borrower, statusEnum });
      assert.equal(res.body.errors, undefined, res.text);
      return res.body.data.loans.pageItems as { id: number; statusEnum: string }[];
    };
    assert.deepEqual(await loans('APPROVED'), [{ id: approved, statusEnum: 'APPROVED' }]);
    assert.deepEqual(await loans('SUBMITTED_AND_PENDING_APPROVAL'), [{ id: submitted.body.loanId, statusEnum: 'SUBMITTED_AND_PENDING_APPROVAL' }]);
    assert.deepEqual(await loans('ACTIVE'), []);
    const both = await t.graphql(`{ loans(status: "200", statusEnum: APPROVED) { totalFilteredRecords } }`);
    assert.equal(both.body.errors?.[0]?.extensions?.errors?.[0]?.code, 'validation.msg.loan.statusEnum.cannot.be.given.with.status', both.text);

    const accountId = await savingsAccount(t, await activeClient(t, branch));
    for (const [command, amount] of [['deposit', '500'], ['withdrawal', '120'], ['deposit', '70']]) {
      const res = await t.post(`/savingsaccounts/${accountId}/transactions?command=${command}`, { transactionDate: '2025-01-01', transactionAmount: amount, paymentTypeId: 2, ...DATE });
      assert.equal(res.status, 200, res.text);
    }
    const transactions = async (transactionType: string) => {
      const res = await t.graphql(`query ($id: Int!, $type: SavingsTransactionTypeEnum) { savingsTransactions(savingsAccountId: $id, transactionType: $type) { totalFilteredRecords pageItems { amount transactionTypeEnum } } }`, { id: accountId, type: transactionType });
      assert.equal(res.body.errors, undefined, res.text);
      return res.body.data.savingsTransactions;
    };
    assert.deepEqual(await transactions('DEPOSIT'), { totalFilteredRecords: 2, pageItems: [{ amount: '70', transactionTypeEnum: 'DEPOSIT' }, { amount: '500', transactionTypeEnum: 'DEPOSIT' }] });
    assert.deepEqual(await transactions('WITHDRAWAL'), { totalFilteredRecords: 1, pageItems: [{ amount: '120', transactionTypeEnum: 'WITHDRAWAL' }] });

    const journal = async (entryType: string) => {
      const res = await t.graphql(`query ($officeId: Int, $entryType: JournalEntryTypeEnum) { journalEntries(officeId: $officeId, entryType: $entryType) { totalFilteredRecords pageItems { entryTypeEnum } } }`, { officeId: branch, entryType });
      assert.equal(res.body.errors, undefined, res.text);
      return res.body.data.journalEntries as { totalFilteredRecords: number; pageItems: { entryTypeEnum: string }[] };
    };
    const all = await t.graphql(`query ($officeId: Int) { journalEntries(officeId: $officeId, limit: 200) { totalFilteredRecords } }`, { officeId: branch });
    const credits = await journal('CREDIT');
    const debits = await journal('DEBIT');
    assert.ok(credits.totalFilteredRecords > 0 && debits.totalFilteredRecords > 0);
    assert.equal(credits.totalFilteredRecords + debits.totalFilteredRecords, all.body.data.journalEntries.totalFilteredRecords);
    assert.ok(credits.pageItems.every((l) => l.entryTypeEnum === 'CREDIT') && debits.pageItems.every((l) => l.entryTypeEnum === 'DEBIT'));

    const currentProduct = (await t.get('/savingsproducts')).body.find((p: { name: string }) => p.name === 'Current Account').id as number;
    const current = await t.post('/savingsaccounts', { clientId: borrower, productId: currentProduct, submittedOnDate: '2025-01-01', ...DATE });
    assert.equal(current.status, 200, current.text);
    const accounts = await t.graphql(`query ($clientId: Int) { current: savingsAccounts(clientId: $clientId, accountType: CURRENT) { pageItems { id accountTypeEnum } }
      savings: savingsAccounts(clientId: $clientId, accountType: SAVINGS) { pageItems { accountTypeEnum } }
      products: savingsProducts(accountType: CURRENT) { name accountTypeEnum } }`, { clientId: borrower });
    assert.equal(accounts.body.errors, undefined, accounts.text);
    assert.deepEqual(accounts.body.data.current.pageItems, [{ id: current.body.savingsId, accountTypeEnum: 'CURRENT' }]);
    assert.deepEqual(accounts.body.data.savings.pageItems, [{ accountTypeEnum: 'SAVINGS' }]);
    const currentProducts = accounts.body.data.products as { name: string; accountTypeEnum: string }[];
    assert.ok(currentProducts.some((p) => p.name === 'Current Account'), accounts.text);
    assert.ok(currentProducts.every((p) => p.accountTypeEnum === 'CURRENT'), accounts.text);
  });
});
