import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { activeClient, approvedLoan, DATE, savingsAccount } from '../loan/support.js';
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
    assert.deepEqual(values('SavingsTransactionTypeEnum'), ['DEPOSIT', 'WITHDRAWAL']);
    assert.deepEqual(values('LoanStatusEnum'), ['SUBMITTED_AND_PENDING_APPROVAL', 'APPROVED', 'ACTIVE', 'WITHDRAWN_BY_CLIENT', 'REJECTED', 'CLOSED_OBLIGATIONS_MET']);
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
});
